#!/usr/bin/env node
// Verifies an event of a stack's /api/v1/events with a JOSE implementation of others (the npm
// package jose) against the keys the API publishes at /.well-known/jwks.json: the oldest event
// the stream keeps (Last-Event-ID: 0:0), whose data ends with its detached JWS (RFC 7515
// appendix F, RFC 7797's unencoded payload) of the data without it (docs/verifying.md). The same
// event must fail with a byte of its payload changed, and with a key the set does not list.
//
//   node tests/signatures/verify_event.mjs BASE_URL
//
// Prints "verified an event of N answers", or what failed (exit status 1).

import http from 'node:http';
import { flattenedVerify, importJWK } from 'jose';

const base = process.argv[2];

// The data of the first event the stream sends from `lastEventId` on.
function firstEvent(lastEventId) {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL('/api/v1/events', base),
      { headers: { accept: 'text/event-stream', 'last-event-id': lastEventId } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
          const data = text.match(/^event: snapshot\n(?:[a-z]+: [^\n]*\n)*?data: ([^\n]*)\n/m);
          if (data) { request.destroy(); resolve(data[1]); }
        });
      });
    request.on('error', (error) => { if (!request.destroyed) reject(error); });
    request.setTimeout(30000, () => { request.destroy(); reject(new Error('no event in 30 s')); });
  });
}

async function verifies(protectedHeader, payload, signature, key) {
  try {
    await flattenedVerify({ protected: protectedHeader, payload, signature }, key);
    return true;
  } catch {
    return false;
  }
}

const jwks = await new Promise((resolve, reject) => http.get(new URL('/.well-known/jwks.json', base), (response) => {
  let text = '';
  response.on('data', (chunk) => { text += chunk; });
  response.on('end', () => resolve(JSON.parse(text)));
}).on('error', reject));

const data = await firstEvent('0:0');
const event = JSON.parse(data);
const [protectedHeader, detached, signature] = event.signature.split('.');
const { kid, alg, b64 } = JSON.parse(Buffer.from(protectedHeader, 'base64url'));
const jwk = jwks.keys.find((key) => key.kid === kid);
const failures = [];
if (detached !== '' || alg !== 'EdDSA' || b64 !== false) failures.push(`not a detached EdDSA JWS of an unencoded payload: ${event.signature}`);
if (!jwk) failures.push(`its key ${kid} is not in /.well-known/jwks.json`);
const at = data.lastIndexOf(',"signature":"');
const payload = data.slice(0, at) + '}';
if (jwk) {
  const key = await importJWK(jwk, 'EdDSA');
  if (!await verifies(protectedHeader, payload, signature, key)) failures.push(`its signature does not verify: ${data}`);
  const changed = payload.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10));
  if (await verifies(protectedHeader, changed, signature, key)) failures.push('it verifies with a byte of its data changed');
  const other = await importJWK({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }, 'EdDSA');
  if (await verifies(protectedHeader, payload, signature, other)) failures.push('it verifies with another key');
}
for (const failure of failures) console.log(`FAIL ${failure}`);
if (!failures.length) console.log(`verified an event of ${event.changed.length} answers`);
process.exit(failures.length ? 1 : 0);
