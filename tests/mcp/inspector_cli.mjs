#!/usr/bin/env node
// POST /mcp through the MCP Inspector's CLI mode (npm @modelcontextprotocol/inspector, pinned in
// package-lock.json), run from node_modules, never fetched: each result against the GET of the
// same answer.
//
//   node tests/mcp/inspector_cli.mjs BASE_URL --routes FILE
//
// FILE is what `publisher --routes` prints (see sdk_client.mjs). It runs
// `mcp-inspector --cli BASE_URL/mcp --transport http --format json --method ...`:
//   - tools/list --strict: every endpoint's tool and no other; no schema portability problem of
//     error severity (--strict exits 6 on one; warnings are printed, and pass)
//   - tools/call of a few tools with --tool-arg: the text the GET body, structuredContent its
//     JSON; an error envelope isError: true (the Inspector exits 5 on it)
//   - resources/list: the resources the server lists to a plain JSON-RPC resources/list
//   - resources/read: the text the GET body, the mimeType the GET's
// The Inspector keeps files under $HOME/.mcp-inspector: it runs with a HOME of its own, removed
// afterwards.
//
// One line per check, "FAIL ..." for each mismatch, a final count line; exit status 1 when
// anything failed, 2 on bad usage.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const INSPECTOR = fileURLToPath(new URL('../../node_modules/.bin/mcp-inspector', import.meta.url));

function usage() {
  console.error('usage: inspector_cli.mjs BASE_URL --routes FILE');
  process.exit(2);
}
const [baseArgument, routesFlag, routesFile] = process.argv.slice(2);
if (!baseArgument || baseArgument.startsWith('-') || routesFlag !== '--routes' || !routesFile) usage();
const base = baseArgument.replace(/\/+$/, '');

// The paths of `publisher --routes`, one a line (its second field).
const paths = readFileSync(routesFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => line.split('\t')[1]);
if (paths.length === 0 || !paths.every((path) => path?.startsWith('/'))) {
  console.error(`${routesFile}: not what publisher --routes prints`);
  process.exit(2);
}
const toolName = (path) => path.replace(/^\//, '').replace(/^api\/v1\//, '').replace(/[/-]/g, '_');

const failures = [];
let checks = 0;
function report(what, problems) {
  checks += 1;
  if (problems.length === 0) console.log(`ok   ${what}`);
  else {
    failures.push(`${what}: ${problems.join('; ')}`);
    console.log(`FAIL ${what}: ${problems.join('; ')}`);
  }
}
const show = (value, limit = 300) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > limit ? `${text.slice(0, limit)}... (${text.length} chars)` : text;
};

const home = mkdtempSync(join(tmpdir(), 'coin-mcp-inspector-'));
process.on('exit', () => rmSync(home, { recursive: true, force: true }));

// Runs the Inspector's CLI with `args` after the server's URL: {status, stdout, stderr, json
// (stdout parsed, when it is JSON)}.
function inspector(args) {
  const argv = [INSPECTOR, '--cli', `${base}/mcp`, '--transport', 'http', '--format', 'json', ...args];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      argv,
      {
        env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json'), MCP_CLIENT_CONFIG_PATH: join(home, 'client.json') },
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        let json;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ status, stdout, stderr, json, command: `mcp-inspector ${argv.slice(2).join(' ')}` });
      },
    );
  });
}

// A plain GET: {status, contentType (without parameters), text}.
async function get(pathAndQuery) {
  const response = await fetch(base + pathAndQuery);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, contentType: (response.headers.get('content-type') ?? '').split(';')[0].trim(), bytes };
}

// A result's text against a GET body, as bytes.
function textProblems(text, answer, where) {
  if (typeof text !== 'string') return [`${where} is no text`];
  return Buffer.from(text, 'utf8').equals(answer.bytes) ? [] : [`${where} ${show(text, 160)} is not the GET body ${show(answer.bytes.toString('utf8'), 160)}`];
}

const started = Date.now();

// tools/list: every endpoint's tool, and no schema portability error.
{
  const run = await inspector(['--method', 'tools/list', '--strict']);
  const problems = [];
  if (run.status !== 0) problems.push(`exit status ${run.status}: ${run.stderr.trim().slice(-2000)}`);
  const names = run.json?.result?.tools?.map((tool) => tool.name);
  if (!Array.isArray(names)) problems.push(`no tools in ${show(run.stdout)}`);
  else {
    const expected = paths.map(toolName);
    const missing = expected.filter((name) => !names.includes(name));
    const extra = names.filter((name) => !expected.includes(name));
    if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
    if (extra.length > 0) problems.push(`no endpoint's: ${extra.join(', ')}`);
    if (names.length !== expected.length) problems.push(`${names.length} tools for ${expected.length} endpoints`);
  }
  const portability = run.stderr.match(/Schema portability: .*|\d+ errors?, \d+ warnings?[^\n]*/)?.[0];
  report(`${run.command}: ${names?.length} tools, one per endpoint${portability ? ` (${portability.trim()})` : ''}`, problems);
}

// tools/call: `args` as --tool-arg key=value (the Inspector's JSON-parses each value: a value
// that reads as a number is sent as one, unless written as a JSON string, "..."), against the GET
// of `pathAndQuery`.
async function call(tool, args, pathAndQuery) {
  const run = await inspector(['--method', 'tools/call', '--tool-name', tool, ...args.flatMap((arg) => ['--tool-arg', arg])]);
  const answer = await get(pathAndQuery);
  const problems = [];
  const result = run.json?.result;
  let envelope;
  if (answer.contentType === 'application/json') envelope = JSON.parse(answer.bytes.toString('utf8'));
  const error = answer.status >= 500 || (envelope !== undefined && envelope.code !== 0);
  // The Inspector exits 5 on a result with isError: true.
  if (run.status !== (error ? 5 : 0)) problems.push(`exit status ${run.status}: ${run.stderr.trim().slice(-1000)}`);
  if (!result) problems.push(`no result in ${show(run.stdout)}`);
  else {
    if (result.content?.length !== 1 || result.content[0].type !== 'text') problems.push(`content is ${show(result.content)}`);
    problems.push(...textProblems(result.content?.[0]?.text, answer, 'content[0].text'));
    if (error) {
      if (result.isError !== true) problems.push(`isError is ${show(result.isError)} for ${answer.status} ${show(answer.bytes.toString('utf8'))}`);
    } else {
      if (result.isError) problems.push('isError for a success');
      if (envelope !== undefined && !isDeepStrictEqual(result.structuredContent, envelope)) {
        problems.push(`structuredContent ${show(result.structuredContent)} is not the GET's JSON`);
      }
    }
  }
  report(`${run.command} = GET ${pathAndQuery}${error ? ' (an error: isError)' : ''}`, problems);
}

await call('data_platform_latest_collateral', ['chain=eth'], '/api/v1/data-platform/latest-collateral?chain=eth');
await call('totalSupply', [], '/totalSupply');
await call(
  'data_platform_vault_history',
  ['chain=eth', 'vaultType=WBTC-A', 'interval=MONTHLY'],
  '/api/v1/data-platform/vault-history?chain=eth&vaultType=WBTC-A&interval=MONTHLY',
);
await call(
  'data_platform_collateral_history',
  ['chain=eth', 'interval=MONTHLY', 'from=2026-05-20', 'to="1780243199999"', 'format=csv'],
  '/api/v1/data-platform/collateral-history?chain=eth&interval=MONTHLY&from=2026-05-20&to=1780243199999&format=csv',
);
await call(
  'data_platform_vault_history',
  ['chain=eth', 'vaultType=TRX-A', 'interval=WEEKLY'],
  '/api/v1/data-platform/vault-history?chain=eth&vaultType=TRX-A&interval=WEEKLY',
);

// resources/list: what a plain JSON-RPC resources/list lists.
let firstUri;
{
  const run = await inspector(['--method', 'resources/list']);
  const problems = [];
  if (run.status !== 0) problems.push(`exit status ${run.status}: ${run.stderr.trim().slice(-1000)}`);
  const uris = run.json?.result?.resources?.map((resource) => resource.uri) ?? [];
  const reply = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list' }),
  }).then((response) => response.json());
  const expected = reply.result?.resources?.map((resource) => resource.uri) ?? [];
  if (expected.length === 0) problems.push(`a plain resources/list answered ${show(reply)}`);
  if (!isDeepStrictEqual(uris, expected)) problems.push(`listed ${show(uris)}, a plain resources/list ${show(expected)}`);
  if (!uris.includes('coin-api:///api/v1/data-platform/latest-collateral?chain=eth')) problems.push('no coin-api:///api/v1/data-platform/latest-collateral?chain=eth');
  firstUri = uris[0];
  report(`${run.command}: ${uris.length} resources`, problems);
}

// resources/read of the first resource and of 6.12's eth answer.
for (const uri of [firstUri ?? 'coin-api:///totalSupply', 'coin-api:///api/v1/data-platform/latest-collateral?chain=eth']) {
  const run = await inspector(['--method', 'resources/read', '--uri', uri]);
  const pathAndQuery = uri.slice('coin-api://'.length);
  const answer = await get(pathAndQuery);
  const problems = [];
  if (run.status !== 0) problems.push(`exit status ${run.status}: ${run.stderr.trim().slice(-1000)}`);
  const contents = run.json?.result?.contents ?? [];
  if (contents.length !== 1) problems.push(`${contents.length} contents in ${show(run.stdout)}`);
  problems.push(...textProblems(contents[0]?.text, answer, 'contents[0].text'));
  if (contents[0]?.mimeType !== answer.contentType) problems.push(`mimeType ${show(contents[0]?.mimeType)}, the GET's ${answer.contentType}`);
  report(`${run.command} = GET ${pathAndQuery}`, problems);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.log(`inspector_cli: ${failures.length} of ${checks} checks FAILED (${seconds} s); the first: ${failures[0]}`);
  process.exit(1);
}
console.log(`inspector_cli: all ${checks} checks ok: the MCP Inspector's CLI got the GETs' answers (${seconds} s)`);
