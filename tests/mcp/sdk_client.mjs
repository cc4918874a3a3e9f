#!/usr/bin/env node
// POST /mcp through the official MCP SDK's client (npm @modelcontextprotocol/sdk: Client and
// StreamableHTTPClientTransport), each answer against the GET of the same answer, byte for byte.
//
//   node tests/mcp/sdk_client.mjs BASE_URL --routes FILE
//
// FILE is what `publisher --routes` prints: a tab-separated line per endpoint (spec, path, group,
// view, content type, parameters, pool, alias column, sendfile, published or handler), the
// parameters as `chain=tron,eth,bsc&vaultType=*&interval=...` (`*`: the data's values) or `-`.
//
// It connects to BASE_URL/mcp (stateless: no session id may come back), then:
//   - tools/list: exactly one tool per endpoint, named after its path; its inputSchema an object
//     without additional properties, requiring the endpoint's parameters, each with an enum (the
//     endpoint's values; for `*`, the data's, which an endpoint its handler alone answers may not
//     list: an urn); readOnlyHint; an outputSchema for JSON answers.
//   - tools/call of every tool with every combination of its enums' values (the optional ones,
//     `format`, `sort`, also left out): the result's only content is text equal to the GET body of
//     the endpoint's path with the arguments as its query (parameters in the endpoint's order), as
//     bytes; a JSON success (code 0) has structuredContent equal to that body (numbers compared as
//     written, every digit, in the reply's raw bytes) and is no error; an error envelope (code
//     != 0: e.g. a vaultType the chain lacks) or a 503 is isError: true; a CSV answer's
//     structuredContent is the JSON answer of the same arguments without format. The ranged
//     tools again with from, to, both, and from with format=csv.
//   - resources/list and resources/read of every resource: coin-api://<path>[?<query>], its text
//     the GET body, its mimeType the GET's Content-Type without parameters; the list is every
//     answer of a published endpoint a GET gave 200 with code 0 for above without an optional
//     argument (every published answer).
//   - the errors: an unknown tool, an argument a tool does not take (JSON-RPC -32602); a
//     resource that is not an answer (-32002); and ping.
//
// One line per check ("ok   tool(args) = GET path?query"), "FAIL ..." for each mismatch, a final
// count line; exit status 1 when anything failed, 2 on bad usage.

import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Num, parseExact } from '../support/exact_json.mjs';

function usage() {
  console.error('usage: sdk_client.mjs BASE_URL --routes FILE');
  process.exit(2);
}

const [baseArgument, routesFlag, routesFile] = process.argv.slice(2);
if (!baseArgument || baseArgument.startsWith('-') || routesFlag !== '--routes' || !routesFile) usage();
const base = baseArgument.replace(/\/+$/, '');

// Values for the ranged tools (the fixture's points are days from 2026-05-11 on): a day and an
// epoch millisecond that each keep part of a history.
const FROM_DAY = '2026-05-20';
const TO_MS = '1780243199999';  // 2026-05-31 23:59:59.999 UTC+8

// ---- the endpoint list ------------------------------------------------------------------------

// [{spec, path, contentType, parameters: [{name, values: [...] | null (the data's)}], published}]
function parseRoutes(text) {
  const routes = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const fields = line.split('\t');
    if (fields.length < 9 || !fields[1].startsWith('/')) throw new Error(`not a line of publisher --routes: ${line}`);
    const [spec, path, , , contentType, parameterText] = fields;
    const parameters =
      parameterText === '-'
        ? []
        : parameterText.split('&').map((pair) => {
            const [name, values] = pair.split('=');
            return { name, values: values === '*' ? null : values.split(',') };
          });
    routes.push({ spec, path, contentType, parameters, published: fields[8] === 'published' });
  }
  if (routes.length === 0) throw new Error('the endpoint list is empty');
  return routes;
}

// The contract's name of an endpoint's tool.
const toolName = (path) => path.replace(/^\//, '').replace(/^api\/v1\//, '').replace(/[/-]/g, '_');

const routes = parseRoutes(readFileSync(routesFile, 'utf8'));

// ---- reporting --------------------------------------------------------------------------------

const failures = [];
let checks = 0;
function ok(line) {
  checks += 1;
  console.log(`ok   ${line}`);
}
function fail(line) {
  checks += 1;
  failures.push(line);
  console.log(`FAIL ${line}`);
}
// ok(what) when `problems` is empty, else fail with them.
function report(what, problems) {
  if (problems.length === 0) ok(what);
  else fail(`${what}: ${problems.join('; ')}`);
}
const show = (value, limit = 300) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > limit ? `${text.slice(0, limit)}... (${text.length} chars)` : text;
};
// Where two byte strings first differ, for the message.
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return `differ at byte ${i} of ${a.length} vs ${b.length}: ${show(a.subarray(i, i + 60).toString('utf8'))} vs ${show(
    b.subarray(i, i + 60).toString('utf8'),
  )}`;
}

// ---- JSON with every digit (tests/support/exact_json.mjs) --------------------------------------

// Where two parseExact values first differ: "at <path>: <this> vs <that>".
function exactDifference(a, b, path = '') {
  const written = (v) => (v instanceof Num ? v.text : JSON.stringify(v));
  if (a instanceof Num || b instanceof Num || a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return isDeepStrictEqual(a, b) ? null : `at ${path || '(root)'}: ${written(a)} vs ${written(b)}`;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = exactDifference(a[key], b[key], `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

// ---- GET ------------------------------------------------------------------------------------

// A plain GET of `pathAndQuery`: {status, contentType (without parameters), bytes, text, json
// (JSON.parse of a JSON body), exact (parseExact of it)}. Cached: each answer is asked once.
const gets = new Map();
async function get(pathAndQuery) {
  if (!gets.has(pathAndQuery)) {
    const response = await fetch(base + pathAndQuery);
    const bytes = Buffer.from(await response.arrayBuffer());
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    const answer = { status: response.status, contentType, bytes, text: bytes.toString('utf8') };
    if (contentType === 'application/json') {
      answer.json = JSON.parse(answer.text);
      answer.exact = parseExact(answer.text);
    }
    gets.set(pathAndQuery, answer);
  }
  return gets.get(pathAndQuery);
}
// A JSON success: 200 with code 0 (an answer without a code, e.g. text/plain, by its status).
const isSuccess = (answer) => answer.status === 200 && (answer.json === undefined || answer.json.code === 0);
// An answer the contract makes an isError result: an error envelope (code != 0) or a 5xx.
const isErrorAnswer = (answer) => answer.status >= 500 || (answer.json !== undefined && answer.json.code !== 0);

// ---- the client -------------------------------------------------------------------------------

// Every reply body of a POST, as the server sent it (the SDK parses numbers into doubles; the
// contract keeps every digit, which only the raw reply shows).
let lastReply = null;
async function recordingFetch(url, init) {
  const response = await fetch(url, init);
  if ((init?.method ?? 'GET') === 'POST' && (response.headers.get('content-type') ?? '').startsWith('application/json')) {
    lastReply = await response.clone().text();
  }
  return response;
}

const client = new Client({ name: 'coin-api-sdk-client-test', version: '1.0.0' });
// What the SDK reports outside a request's promise (e.g. the GET stream it opens after
// initialize, which the server answers 405) is a failure of the contract too.
client.onerror = (error) => fail(`the SDK reported an error: ${error?.message ?? error}`);
const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch: recordingFetch });

// Every page of a paginated list method.
async function all(list, key) {
  const items = [];
  let cursor;
  do {
    const page = await list(cursor === undefined ? {} : { cursor });
    items.push(...page[key]);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

// The Cartesian product of [[name, [values...]]...]: [{name: value}...]; a value undefined
// leaves the name out.
function combinations(choices) {
  let result = [{}];
  for (const [name, values] of choices) {
    result = result.flatMap((partial) =>
      values.map((value) => (value === undefined ? { ...partial } : { ...partial, [name]: value })),
    );
  }
  return result;
}

// The query of a call's `args` to `route`'s `tool`: the endpoint's parameters in its order (as a
// published answer's query), then the tool's other properties (options, from, to, format).
function queryOf(route, tool, args) {
  const parameters = route.parameters.map((p) => p.name);
  const names = [...parameters, ...Object.keys(tool.inputSchema?.properties ?? {}).filter((name) => !parameters.includes(name))];
  const extra = Object.keys(args).filter((name) => !names.includes(name));
  if (extra.length > 0) throw new Error(`no query order for ${extra.join(', ')}`);
  const pairs = names.filter((name) => args[name] !== undefined).map((name) => `${name}=${encodeURIComponent(args[name])}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
const callText = (name, args) =>
  `${name}(${Object.entries(args)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')})`;

// Calls `tool` with `args` and checks the result against the GET of the same answer.
// Returns the GET's answer (undefined when the call itself failed).
async function checkCall(route, tool, args) {
  const pathAndQuery = route.path + queryOf(route, tool, args);
  const what = `${callText(tool.name, args)} = GET ${pathAndQuery}`;
  let result;
  lastReply = null;
  try {
    result = await client.callTool({ name: tool.name, arguments: args });
  } catch (error) {
    fail(`${what}: the call threw ${error?.constructor?.name}: ${error?.message}`);
    return undefined;
  }
  const answer = await get(pathAndQuery);
  const problems = [];
  const content = result.content ?? [];
  if (content.length !== 1) problems.push(`${content.length} content items, not 1`);
  if (content[0]?.type !== 'text') {
    problems.push(`content[0].type is ${show(content[0]?.type)}, not "text"`);
  } else {
    const text = Buffer.from(content[0].text, 'utf8');
    if (!text.equals(answer.bytes)) problems.push(`content[0].text is not the GET body (${firstDifference(text, answer.bytes)})`);
  }
  // The structured content in the reply as written: the result of the raw JSON-RPC reply.
  let rawStructured;
  try {
    rawStructured = parseExact(lastReply ?? 'null')?.result?.structuredContent;
  } catch (error) {
    problems.push(`the raw reply is not JSON (${error.message})`);
  }
  if (isErrorAnswer(answer)) {
    if (result.isError !== true) problems.push(`the GET is an error (${answer.status}, ${show(answer.text, 120)}) but isError is ${show(result.isError)}`);
  } else if (answer.status !== 200) {
    problems.push(`the GET answered ${answer.status}, neither a success nor an error envelope`);
  } else {
    if (result.isError) problems.push('isError is true for a success');
    // The JSON answer the structured content must be: this one, or for a CSV the JSON answer of
    // the same arguments without format.
    let json;
    if (answer.contentType === 'application/json') json = answer;
    else if (args.format === 'csv') {
      const { format, ...withoutFormat } = args;
      json = await get(route.path + queryOf(route, tool, withoutFormat));
      if (answer.contentType !== 'text/csv') problems.push(`format=csv answered ${answer.contentType}`);
    }
    if (json === undefined) {
      if (result.structuredContent !== undefined) problems.push(`structuredContent for a ${answer.contentType} answer`);
    } else {
      if (!isDeepStrictEqual(result.structuredContent, json.json)) {
        problems.push(`structuredContent is not JSON.parse(GET body): ${show(result.structuredContent)}`);
      } else if (!isDeepStrictEqual(rawStructured, json.exact)) {
        problems.push(`structuredContent's numbers are not written as the GET's: ${exactDifference(rawStructured, json.exact)}`);
      }
    }
  }
  report(what, problems);
  return problems.length === 0 ? answer : undefined;
}

// Expects `promise` to be rejected with an McpError of JSON-RPC `code`.
async function expectMcpError(what, code, promise) {
  try {
    const result = await promise;
    fail(`${what}: answered ${show(result)}, not JSON-RPC error ${code}`);
  } catch (error) {
    if (error instanceof McpError && error.code === code) ok(`${what}: McpError ${code} (${error.message})`);
    else fail(`${what}: threw ${error?.constructor?.name} ${error?.code ?? ''} ${error?.message}, not McpError ${code}`);
  }
}

// ---- the checks -------------------------------------------------------------------------------

const started = Date.now();
try {
  await client.connect(transport);
} catch (error) {
  console.log(`FAIL connect to ${base}/mcp: ${error?.constructor?.name}: ${error?.message}`);
  console.log('sdk_client: could not connect');
  process.exit(1);
}
{
  const problems = [];
  if (transport.sessionId !== undefined) problems.push(`a session id was issued: ${show(transport.sessionId)}`);
  const capabilities = client.getServerCapabilities() ?? {};
  if (!capabilities.tools) problems.push('no tools capability');
  if (!capabilities.resources) problems.push('no resources capability');
  report(`initialize: protocol ${transport.protocolVersion}, server ${show(client.getServerVersion())}, no session`, problems);
}

await client.ping().then(
  (result) => report('ping', isDeepStrictEqual(result, {}) ? [] : [`answered ${show(result)}`]),
  (error) => fail(`ping: ${error?.message}`),
);

// tools/list against the endpoint list.
const tools = await all((params) => client.listTools(params), 'tools');
const toolsByName = new Map();
for (const tool of tools) {
  if (toolsByName.has(tool.name)) fail(`tools/list: ${tool.name} twice`);
  toolsByName.set(tool.name, tool);
}
const expectedNames = new Set(routes.map((route) => toolName(route.path)));
for (const tool of tools) if (!expectedNames.has(tool.name)) fail(`tools/list: ${tool.name} is no endpoint's tool`);
report(`tools/list: ${tools.length} tools for ${routes.length} endpoints`, tools.length === routes.length ? [] : ['not one per endpoint']);

const successes = [];  // the GETs a call without format answered with success: every published answer
let calls = 0;
let rangedDiffering = 0;
for (const route of routes) {
  const name = toolName(route.path);
  const tool = toolsByName.get(name);
  if (!tool) {
    fail(`tools/list: no tool ${name} for ${route.spec} ${route.path}`);
    continue;
  }
  const schema = tool.inputSchema ?? {};
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const problems = [];
  if (schema.type !== 'object') problems.push(`inputSchema.type is ${show(schema.type)}`);
  if (schema.additionalProperties !== false) problems.push('inputSchema allows additional properties');
  const parameterNames = route.parameters.map((p) => p.name);
  if (!isDeepStrictEqual([...required].sort(), [...parameterNames].sort())) {
    problems.push(`required is ${show(required)}, the endpoint's parameters ${show(parameterNames)}`);
  }
  for (const parameter of route.parameters) {
    const values = properties[parameter.name]?.enum;
    if (values === undefined && parameter.values === null && !route.published) continue;  // an urn: thousands
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
      problems.push(`${parameter.name} has no enum of strings`);
    } else if (parameter.values !== null && !isDeepStrictEqual(values, parameter.values)) {
      problems.push(`${parameter.name}'s enum is ${show(values)}, the endpoint's values ${show(parameter.values)}`);
    }
  }
  if (tool.annotations?.readOnlyHint !== true) problems.push('annotations.readOnlyHint is not true');
  const json = route.contentType === 'application/json';
  if (json && !tool.outputSchema) problems.push('no outputSchema for a JSON endpoint');
  if (!json && tool.outputSchema) problems.push(`an outputSchema for a ${route.contentType} endpoint`);
  report(`tool ${name} for ${route.spec} ${route.path}: inputSchema ${show(Object.keys(properties))} required ${show(required)}`, problems);
  if (problems.length > 0) continue;

  // Every combination: the required enums in the endpoint's order, each optional enum left out
  // or given each of its values.
  if (route.parameters.some((p) => properties[p.name].enum === undefined)) continue;  // no values to call with
  const choices = route.parameters.map((p) => [p.name, properties[p.name].enum]);
  for (const [property, definition] of Object.entries(properties)) {
    if (!parameterNames.includes(property) && Array.isArray(definition.enum)) choices.push([property, [undefined, ...definition.enum]]);
  }
  for (const args of combinations(choices)) {
    calls += 1;
    await checkCall(route, tool, args);
    const pathAndQuery = route.path + queryOf(route, tool, args);
    const published = route.published && Object.keys(args).every((name) => parameterNames.includes(name));
    if (published && isSuccess(await get(pathAndQuery))) successes.push(pathAndQuery);
  }

  // The ranged tools: from, to, both, and with CSV, on every combination of the required enums
  // that has data.
  if (properties.from && properties.to) {
    const withData = combinations(route.parameters.map((p) => [p.name, properties[p.name].enum]));
    for (const args of withData) {
      const full = await get(route.path + queryOf(route, tool, args));
      if (!isSuccess(full)) continue;
      const ranged = [{ from: FROM_DAY }, { to: TO_MS }, { from: FROM_DAY, to: TO_MS }];
      if (properties.format) ranged.push({ from: FROM_DAY, format: 'csv' });
      for (const range of ranged) {
        calls += 1;
        const answer = await checkCall(route, tool, { ...args, ...range });
        if (answer && !answer.bytes.equals(full.bytes) && range.format === undefined) rangedDiffering += 1;
      }
    }
  }
}
report(
  `the ranges: ${rangedDiffering} ranged calls answered less than the whole history`,
  rangedDiffering > 0 ? [] : [`no range kept part of a history: ${FROM_DAY} and ${TO_MS} test nothing on this data`],
);

// Resources: every published answer, each read against its GET.
const resources = await all((params) => client.listResources(params), 'resources');
const listed = new Set();
for (const resource of resources) {
  const uri = resource.uri;
  const what = `resources/read ${uri}`;
  if (!uri.startsWith('coin-api:///')) {
    fail(`${what}: not a coin-api:/// URI`);
    continue;
  }
  const pathAndQuery = uri.slice('coin-api://'.length);
  if (listed.has(pathAndQuery)) fail(`resources/list: ${uri} twice`);
  listed.add(pathAndQuery);
  let result;
  try {
    result = await client.readResource({ uri });
  } catch (error) {
    fail(`${what}: threw ${error?.constructor?.name}: ${error?.message}`);
    continue;
  }
  const answer = await get(pathAndQuery);
  const problems = [];
  const contents = result.contents ?? [];
  if (contents.length !== 1) problems.push(`${contents.length} contents, not 1`);
  const [content] = contents;
  if (content?.uri !== uri) problems.push(`contents[0].uri is ${show(content?.uri)}`);
  if (typeof content?.text !== 'string') problems.push('contents[0] has no text');
  else {
    const text = Buffer.from(content.text, 'utf8');
    if (!text.equals(answer.bytes)) problems.push(`contents[0].text is not the GET body (${firstDifference(text, answer.bytes)})`);
  }
  if (content?.mimeType !== answer.contentType) problems.push(`contents[0].mimeType is ${show(content?.mimeType)}, the GET's ${answer.contentType}`);
  if (resource.mimeType !== undefined && resource.mimeType !== answer.contentType) {
    problems.push(`resources/list's mimeType is ${show(resource.mimeType)}, the GET's ${answer.contentType}`);
  }
  if (!isSuccess(answer)) problems.push(`the GET answered ${answer.status} ${show(answer.text, 120)}: no published answer`);
  report(`${what} = GET ${pathAndQuery} (${answer.contentType})`, problems);
}
{
  const missing = successes.filter((pathAndQuery) => !listed.has(pathAndQuery));
  const extra = [...listed].filter((pathAndQuery) => !successes.includes(pathAndQuery));
  const problems = [];
  if (missing.length > 0) problems.push(`answers not listed: ${missing.join(' ')}`);
  if (extra.length > 0) problems.push(`listed, but no call answered them: ${extra.join(' ')}`);
  report(`resources/list: ${resources.length} resources, every answer the calls got`, problems);
}
await client.listResourceTemplates().then(
  ({ resourceTemplates }) => {
    const withParameters = routes.filter((route) => route.parameters.length > 0).length;
    report(
      `resources/templates/list: ${resourceTemplates.length} templates`,
      resourceTemplates.length === withParameters ? [] : [`not one per endpoint with parameters (${withParameters})`],
    );
  },
  (error) => fail(`resources/templates/list: ${error?.message}`),
);

// The errors.
await expectMcpError('tools/call of a tool that does not exist', -32602, client.callTool({ name: 'no_such_tool', arguments: {} }));
await expectMcpError(
  'tools/call with an argument the tool does not take',
  -32602,
  client.callTool({ name: toolName(routes[0].path), arguments: { no_such_argument: 'x' } }),
);
await expectMcpError('resources/read of a URI that is no answer', -32002, client.readResource({ uri: 'coin-api:///no/such/answer' }));
await client.ping().then(
  () => ok('ping after the errors'),
  (error) => fail(`ping after the errors: ${error?.message}`),
);

await client.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.log(`sdk_client: ${failures.length} of ${checks} checks FAILED (${calls} tool calls, ${resources.length} resources, ${seconds} s); the first: ${failures[0]}`);
  process.exit(1);
}
console.log(
  `sdk_client: all ${checks} checks ok: ${calls} tool calls of ${tools.length} tools and ${resources.length} resources equal to their GETs byte for byte (${seconds} s)`,
);
