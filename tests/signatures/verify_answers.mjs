#!/usr/bin/env node
// Verifies the answers of a stack the way a reader who trusts neither the network nor this
// project's code would: with an implementation of RFC 9421 of others (the npm package
// http-message-signatures) and Node.js's own SHA-256 and Ed25519, against the keys the API
// publishes at /.well-known/jwks.json.
//
//   node tests/signatures/verify_answers.mjs BASE_URL PATHS_FILE
//
// Each line of PATHS_FILE is a path with its query. Each is asked as is, with
// Accept-Encoding: gzip and with Accept-Encoding: br, its bytes read as sent (never decoded),
// and each answer must be a 200 whose Content-Digest is the SHA-256 of those bytes (RFC 9530)
// and whose signature (label coin) covers its content type, Content-Digest and X-Snapshot-Blocks
// with created and keyid, and verifies. The same answer must then fail each way a forger or a
// stale cache would give it: a body changed by one byte (its digest differs), a header it
// covers changed (X-Snapshot-Blocks, Last-Modified), a key the JWKS does not list, a signature
// created after the time it is checked at (as one too old for a reader's maxAge is).
//
// One line per answer that fails, and a last line "verified N answers"; exit status 1 when any
// check failed.

import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { httpbis, createVerifier } from 'http-message-signatures';

const [base, pathsFile] = process.argv.slice(2);
if (!base || !pathsFile) {
  console.error('usage: verify_answers.mjs BASE_URL PATHS_FILE');
  process.exit(2);
}

// The answer to GET `path`, its body as the bytes sent.
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(new URL(path, base), { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const jwks = JSON.parse((await get('/.well-known/jwks.json')).body.toString());
const keys = new Map(jwks.keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]));

// Whether the answer's signature verifies with `known` keys at time `at` (seconds).
async function signatureVerifies(answer, known, at) {
  try {
    const verified = await httpbis.verifyMessage({
      keyLookup: async ({ keyid }) => known.has(keyid) ? { id: keyid, algs: ['ed25519'], verify: createVerifier(known.get(keyid), 'ed25519') } : null,
      all: true,  // a key not found is a failure, not an indeterminate answer
      notAfter: at,
      requiredParams: ['created', 'keyid'],
      requiredFields: ['content-type', 'content-digest', 'x-snapshot-blocks', 'x-snapshot-final'],
    }, { status: answer.status, headers: answer.headers });
    return verified === true;
  } catch {
    return false;
  }
}

function digestMatches(answer) {
  return answer.headers['content-digest'] === `sha-256=:${createHash('sha256').update(answer.body).digest('base64')}:`;
}

function created(answer) {
  return Number((answer.headers['signature-input'] ?? '').match(/;created=(\d+)/)?.[1]);
}

const failures = [];
let verified = 0;
for (const path of readFileSync(pathsFile, 'utf8').split('\n').filter(Boolean)) {
  for (const encoding of [null, 'gzip', 'br']) {
    const answer = await get(path, encoding ? { 'accept-encoding': encoding } : {});
    const now = Math.floor(Date.now() / 1000);  // after a handler signed it, as it rendered it
    const name = `${path}${encoding ? ` (${encoding})` : ''}`;
    const fail = (what) => failures.push(`${name}: ${what}`);
    if (answer.status !== 200) { fail(`status ${answer.status}`); continue; }
    if (!digestMatches(answer)) { fail(`Content-Digest ${answer.headers['content-digest']} is not its bytes'`); continue; }
    if (!await signatureVerifies(answer, keys, now)) { fail(`the signature does not verify: ${answer.headers['signature-input']}`); continue; }
    const changedByte = Buffer.from(answer.body);
    changedByte[changedByte.length - 1] ^= 1;
    if (digestMatches({ ...answer, body: changedByte })) fail('a body changed by one byte keeps its digest');
    // Another block at its end: a number one digit longer, or "latest" no longer (the demo reads
    // every chain at latest), so never the value signed.
    const otherBlocks = `${answer.headers['x-snapshot-blocks']}0`;
    // Finality claimed of a block that is not final: every "no" a "yes".
    const allFinal = (answer.headers['x-snapshot-final'] ?? '').replaceAll('=no', '=yes');
    const changedHeaders = [['x-snapshot-blocks', otherBlocks], ['x-snapshot-final', `${allFinal}; other=yes`],
      ['last-modified', 'Thu, 01 Jan 2026 00:00:00 GMT']];
    for (const [header, value] of changedHeaders) {
      if (await signatureVerifies({ ...answer, headers: { ...answer.headers, [header]: value } }, keys, now)) {
        fail(`verifies with ${header} changed to ${value}`);
      }
    }
    if (await signatureVerifies(answer, new Map(), now)) fail('verifies with no key listed');
    if (await signatureVerifies(answer, keys, created(answer) - 1)) fail('verifies before it was created');
    ++verified;
  }
}
for (const failure of failures) console.log(`FAIL ${failure}`);
console.log(`verified ${verified} answers`);
process.exit(failures.length ? 1 : 0);
