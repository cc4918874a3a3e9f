#!/usr/bin/env node
// Validates the live answers of a stack against openapi/openapi.json, so that the document and
// the API cannot drift apart.
//
//   node tests/openapi/validate_answers.mjs BASE_URL
//       every path of the document with every combination of its required parameters' values
//       (an enum's, or for a parameter whose values are the data's, its `x-fixture-values`: the
//       fixture's, per value of the parameter they depend on); each required parameter missing
//       and each given a value outside its values; the optional parameters (from, to, format):
//       ranges (each answer the full answer with the points outside the range taken out), every
//       format (a CSV, cell by cell, the JSON answer's rows, where its media type's `x-csv-rows`
//       says they are), their bad values and the order of the checks; on the paths that do not
//       take them, that they are ignored; 304 to conditional requests; unknown paths (404) and
//       other methods (405); and every example of the document against its own schema (of an
//       event stream, also each event's data against the schema its media type's `x-event-data`
//       names for the event). An operation whose 200 is an event stream (text/event-stream) is
//       asked for its stream (Accept: text/event-stream), which does not end: its status,
//       Content-Type and headers are validated, and the stream is closed unread; then its 405s
//       and 404s as any other path's.
//   node tests/openapi/validate_answers.mjs BASE_URL --expect STATUS PATH [--expect ...]
//       asks for PATH (up to 50 times, until it answers STATUS) and validates that answer: for
//       the statuses a healthy stack does not give (503 with the database down, 429 under the
//       rate limit), which the test that breaks the stack asks for. An event stream's path is
//       asked as a stream, each stream held open until PATH answers STATUS (429: one too many).
//
// An answer is checked against the document's response for its path, method and status: the
// status must be documented; the Content-Type must be one of the response's media types; each
// header the response documents must be there when required and match its schema; the body
// must match the media type's schema (Ajv, JSON Schema 2020-12, with ajv-formats). Schemas are
// not copied out: the whole document is added to Ajv under an $id and each body is validated
// against `${id}#/paths/.../schema`, so every $ref resolves inside the document itself.
// Business errors must also equal the document's example for the case (missing-chain,
// invalid-interval...), and a success must carry code 0. A header with `x-media-type` is sent
// with that media type, and with no other. Answers are compared with their numbers as written
// (parseExact), never as doubles.
//
// One line per check, a summary, and exit status 1 when any check failed (all are listed).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Num, parseExact } from '../support/exact_json.mjs';

const DOCUMENT_PATH = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));
const DOCUMENT_ID = 'https://coin-api.invalid/openapi.json';
const METHODS_NOT_ALLOWED = ['POST', 'DELETE'];

function usage() {
  console.error('usage: validate_answers.mjs BASE_URL [--expect STATUS PATH]...');
  process.exit(2);
}

const [baseArgument, ...rest] = process.argv.slice(2);
if (!baseArgument || baseArgument.startsWith('-')) usage();
const base = baseArgument.replace(/\/+$/, '');
const expectations = [];
for (let i = 0; i < rest.length; i += 3) {
  if (rest[i] !== '--expect' || !/^[1-5][0-9][0-9]$/.test(rest[i + 1] ?? '') || !rest[i + 2]?.startsWith('/')) usage();
  expectations.push({ status: Number(rest[i + 1]), path: rest[i + 2] });
}

const doc = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8'));
// The same, its numbers with every digit: the examples the fixture's answers are compared with.
const exactDoc = parseExact(readFileSync(DOCUMENT_PATH, 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
// The document's own fields are keywords that check nothing, so Ajv's strict mode accepts the
// document as a schema; inside the schemas it stays strict (an unknown keyword is an error).
ajv.addVocabulary(['openapi', 'jsonSchemaDialect', 'info', 'servers', 'security', 'tags', 'paths', 'webhooks', 'components', 'externalDocs']);
ajv.addSchema({ ...doc, $id: DOCUMENT_ID });

// ---- the document ----------------------------------------------------------------------------

const escapePointer = (segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (...segments) => '/' + segments.map(escapePointer).join('/');

// The value at `pointer` (a JSON pointer) in `root`, no $ref followed.
function valueAt(root, pointer) {
  let value = root;
  for (const segment of pointer.split('/').slice(1)) {
    value = value?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

// The object at `pointer`, following a $ref (a local one: #/...) as long as there is one, with
// the pointer it was found at.
function resolve(pointer) {
  const value = valueAt(doc, pointer);
  if (value && typeof value.$ref === 'string') {
    if (!value.$ref.startsWith('#/')) throw new Error(`${pointer}: only local $refs are followed (${value.$ref})`);
    return resolve(value.$ref.slice(1));
  }
  return { value, pointer };
}

const validators = new Map();
// Ajv's validator of the schema at `pointer` (a JSON pointer into the document).
function schemaAt(pointer) {
  if (!validators.has(pointer)) {
    const validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    validators.set(pointer, validate);
  }
  return validators.get(pointer);
}
function schemaErrors(pointer, data) {
  let validate;
  try {
    validate = schemaAt(pointer);
  } catch (error) {
    return [`the schema at ${pointer} does not compile: ${error.message}`];  // Ajv's strict mode
  }
  if (validate(data)) return [];
  return validate.errors.map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`);
}

// The rows and fields of an RFC 4180 text (one the Csv schema accepts).
function parseCsv(text) {
  const rows = [];
  let row = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      for (i += 1; ; ) {
        const quote = text.indexOf('"', i);
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] !== '"') break;
        field += '"';
        i += 1;
      }
    } else {
      const unquoted = /[^,\r]*/y;
      unquoted.lastIndex = i;
      field = unquoted.exec(text)[0];
      i = unquoted.lastIndex;
    }
    row.push(field);
    if (text[i] === ',') i += 1;
    else {
      rows.push(row);
      row = [];
      i += 2;  // CRLF
    }
  }
  return rows;
}

// The epoch ms a valid `from` (or `to`, `endOfDay`) stands for: digits as they are, a day
// YYYY-MM-DD of UTC+8 from its 00:00 (to its last millisecond).
function boundOf(text, endOfDay) {
  if (/^[0-9]+$/.test(text)) return BigInt(text);
  const [year, month, day] = text.split('-').map(Number);
  const midnight = BigInt(Date.UTC(year, month - 1, day)) - 8n * 3600000n;
  return endOfDay ? midnight + 86400000n - 1n : midnight;
}

// `value` without the points (objects with a numeric statisticTime) outside [from, to], at any
// depth; everything else as it is.
function keepPoints(value, from, to) {
  if (Array.isArray(value)) {
    const outside = (e) => e?.statisticTime instanceof Num && (BigInt(e.statisticTime.text) < from || BigInt(e.statisticTime.text) > to);
    return value.filter((e) => !outside(e)).map((e) => keepPoints(e, from, to));
  }
  if (value === null || typeof value !== 'object' || value instanceof Num) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keepPoints(v, from, to)]));
}

// The rows of a JSON answer that `path` names ("data.items[].items[]": each element of each
// element's items), each with the objects around it, the nearest first.
function rowsAt(body, path) {
  let rows = [{ node: body, around: [] }];
  for (const step of path.split('.')) {
    const name = step.replace(/\[\]$/, '');
    rows = rows.map(({ node, around }) => ({ node: node?.[name], around: [node, ...around] }));
    if (step.endsWith('[]')) {
      rows = rows.flatMap(({ node, around }) => (Array.isArray(node) ? node.map((e) => ({ node: e, around })) : []));
    }
  }
  return rows;
}

// ---- the document -------------------------------------------------------------------------------

// The operation of a documented path (its GET), or undefined.
function operationOf(path) {
  return doc.paths[path] ? resolve(pointerOf('paths', path, 'get')) : undefined;
}

// ---- checks -----------------------------------------------------------------------------------

let answers = 0;
let examples = 0;
const failures = [];
function report(label, problems) {
  if (label.startsWith('example ')) examples += 1;
  else answers += 1;
  if (problems.length === 0) {
    console.log(`ok    ${label}`);
  } else {
    failures.push(label);
    console.log(`FAIL  ${label}`);
    for (const problem of problems) console.log(`        ${problem}`);
  }
}

async function ask(method, path, headers = {}) {
  const response = await fetch(base + path, { method, headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

// Whether the 200 of the documented `docPath` is an event stream (a response that does not end).
function isStream(docPath) {
  const content = resolve(`${operationOf(docPath).pointer}/responses/200`).value?.content ?? {};
  return 'text/event-stream' in content;
}

// GET `path` as an event stream (Accept: text/event-stream): the answer's status and headers; a
// 200's body is left unread (it does not end), any other's read. `close()` ends the stream.
async function askStream(path) {
  const controller = new AbortController();
  const response = await fetch(base + path, { headers: { Accept: 'text/event-stream' }, redirect: 'manual', signal: controller.signal });
  const streaming = response.status === 200;
  const body = streaming ? undefined : await response.text();
  return { status: response.status, headers: response.headers, body, streaming, close: () => controller.abort() };
}

// The problems of `answer` against the response `responsePointer` documents; `parsed` gets the
// body as its media type reads it. A stream's body (`answer.streaming`) is not checked: it was
// not read.
function answerProblems(answer, responsePointer, parsed = {}) {
  const problems = [];
  const { value: response, pointer } = resolve(responsePointer);
  if (!response) return [`status ${answer.status} is not documented (${responsePointer})`];

  const contentType = answer.headers.get('content-type');
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  for (const name of Object.keys(response.headers ?? {})) {
    const { value: header, pointer: headerPointer } = resolve(`${pointer}/headers/${escapePointer(name)}`);
    const text = answer.headers.get(name);
    const withMediaType = header['x-media-type'];
    if (text === null) {
      if (header.required || withMediaType === mediaType) problems.push(`header ${name} missing`);
      continue;
    }
    if (withMediaType !== undefined && withMediaType !== mediaType) {
      problems.push(`header ${name} with ${JSON.stringify(contentType)}: it goes with ${withMediaType} only`);
    }
    const schema = header.schema ?? {};
    const value = (schema.type === 'integer' || schema.type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : text;
    for (const error of schemaErrors(`${headerPointer}/schema`, value)) problems.push(`header ${name}: ${JSON.stringify(text)} ${error}`);
  }

  if (!response.content) {
    if (answer.body !== '') problems.push(`a body, where the document has none: ${JSON.stringify(answer.body.slice(0, 80))}`);
    return problems;
  }
  if (!(mediaType in response.content)) {
    problems.push(`Content-Type ${JSON.stringify(contentType)}, not one of ${Object.keys(response.content).join(', ')}`);
    return problems;
  }
  if (answer.streaming) return problems;
  let body = answer.body;
  if (mediaType === 'application/json') {
    try {
      body = JSON.parse(answer.body);
    } catch (error) {
      problems.push(`the body is not JSON: ${error.message}`);
      return problems;
    }
  }
  parsed.body = body;
  parsed.text = answer.body;
  parsed.mediaType = mediaType;
  parsed.mediaPointer = `${pointer}/content/${escapePointer(mediaType)}`;
  for (const error of schemaErrors(`${parsed.mediaPointer}/schema`, body)) problems.push(`body: ${error}`);
  return problems;
}

const describe = (answer) => `${answer.status} ${answer.headers.get('content-type') ?? '(no Content-Type)'}`;

// GET `path` of the documented `docPath`: HTTP `status`, valid, and then `more(body, problems)`.
// Returns the answer.
async function check(method, path, docPath, status, more = () => {}, headers = {}) {
  const answer = await ask(method, path, headers);
  const op = operationOf(docPath) ?? operationOf(Object.keys(doc.paths)[0]);
  const problems = [];
  if (answer.status !== status) problems.push(`HTTP ${answer.status}, expected ${status}`);
  const parsed = {};
  problems.push(...answerProblems(answer, `${op.pointer}/responses/${answer.status}`, parsed));
  if (problems.length === 0) more(parsed, problems);
  const conditions = Object.entries(headers).map(([k, v]) => ` ${k}: ${v}`).join('');
  report(`${method} ${path}${conditions} -> ${describe(answer)}`, problems);
  return answer;
}

// The example `name` of the media type of an answer, parsed.
function exampleOf(mediaPointer, name) {
  return resolve(`${mediaPointer}/examples/${escapePointer(name)}`).value?.value;
}
const isSuccess = ({ body }, problems) => {
  if (typeof body === 'object' && body !== null && body.code !== 0) problems.push(`code ${body.code}, expected 0`);
};
const equalsExample = (name) => ({ body, mediaPointer }, problems) => {
  const example = exampleOf(mediaPointer, name);
  if (example === undefined) problems.push(`no example "${name}" in ${mediaPointer}`);
  else if (!isDeepStrictEqual(body, example)) problems.push(`body ${JSON.stringify(body)} is not the example "${name}" ${JSON.stringify(example)}`);
};

// Every example of the document against the schema beside it.
function checkExamples() {
  const walk = (value, pointer) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    if (value === null || typeof value !== 'object') return;
    if (value.schema && ('example' in value || 'examples' in value) && !pointer.includes('/schemas/')) {
      const schemaPointer = `${pointer}/schema`;
      const examples = 'example' in value ? [['example', value.example]] : [];
      for (const [name, example] of Object.entries(value.examples ?? {})) examples.push([`examples/${name}`, resolve(`${pointer}/examples/${escapePointer(name)}`).value.value]);
      for (const [name, example] of examples) {
        const body = typeof example === 'object' || !pointer.includes('application~1json') ? example : JSON.parse(example);
        report(`example ${pointer}/${name}`, schemaErrors(schemaPointer, body));
        if (value['x-event-data'] && typeof example === 'string') eventsOf(example).forEach((event, i) => report(`example ${pointer}/${name} event ${i + 1}`, eventProblems(event, `${pointer}/x-event-data`)));
      }
    }
    for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${escapePointer(key)}`);
  };
  walk(doc, '');
}

// Where `answer` (parsed exactly) differs from `example`: "" if nowhere. An array of the example
// shorter than the answer's is the answer's last elements (a history cut to its last points).
function differenceFromExample(answer, example, at = '') {
  if (Array.isArray(example) && Array.isArray(answer)) {
    if (example.length > answer.length) return `${at}: ${answer.length} elements, the example ${example.length}`;
    const kept = answer.slice(answer.length - example.length);
    for (let i = 0; i < example.length; i += 1) {
      const difference = differenceFromExample(kept[i], example[i], `${at}[${i - example.length}]`);
      if (difference) return difference;
    }
    return '';
  }
  if (example !== null && typeof example === 'object' && !(example instanceof Num)) {
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer) || answer instanceof Num) return `${at}: not an object`;
    const keys = Object.keys(answer);
    if (keys.join() !== Object.keys(example).join()) return `${at}: members ${keys.join()}, the example ${Object.keys(example).join()}`;
    for (const key of keys) {
      const difference = differenceFromExample(answer[key], example[key], `${at}.${key}`);
      if (difference) return difference;
    }
    return '';
  }
  return isDeepStrictEqual(answer, example) ? '' : `${at}: ${JSON.stringify(answer)}, the example ${JSON.stringify(example)}`;
}

// The examples of the fixture's answers: each named example with an `x-query` is the answer to
// its path with that query, and an endpoint's single example (6.1, 6.2) to the path alone. Run on
// the fixture stack; every figure of them is worked out by hand in tests/sql/fixture.sql's header.
async function checkFixtureExamples() {
  for (const docPath of Object.keys(doc.paths)) {
    const op = operationOf(docPath);
    if (!op.value['x-endpoint']) continue;
    for (const [mediaType, media] of Object.entries(op.value.responses['200'].content)) {
      const mediaPointer = `${op.pointer}/responses/200/content/${escapePointer(mediaType)}`;
      const examples = 'example' in media ? [['', valueAt(exactDoc, `${mediaPointer}/example`)]] : [];
      for (const [name, example] of Object.entries(media.examples ?? {})) {
        if ('x-query' in example) examples.push([example['x-query'], valueAt(exactDoc, `${mediaPointer}/examples/${escapePointer(name)}/value`)]);
      }
      for (const [query, example] of examples) {
        const path = docPath + (query ? `?${query}` : '');
        await check('GET', path, docPath, 200, ({ text }, problems) => {
          const difference = mediaType === 'application/json'
            ? differenceFromExample(parseExact(text), example)
            : (text === example ? '' : `${JSON.stringify(text.slice(0, 160))}, the example ${JSON.stringify(String(example).slice(0, 160))}`);
          if (difference) problems.push(`not its example in ${mediaPointer}: ${difference}`);
        });
      }
    }
  }
}

// The events of a text/event-stream text: for each, its fields (event, id, data; data's lines
// joined by LF), comments left out. An event with no data is none (EventSource dispatches none).
function eventsOf(text) {
  const events = [];
  for (const block of text.split('\n\n')) {
    const event = {};
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const [field, fieldValue] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
      event[field] = field === 'data' && 'data' in event ? `${event.data}\n${fieldValue}` : fieldValue;
    }
    if ('data' in event) events.push(event);
  }
  return events;
}
// The problems of an event against `eventDataPointer` (a media type's x-event-data): its name
// is one it names, and its data, JSON, matches that name's schema.
function eventProblems(event, eventDataPointer) {
  const name = event.event ?? 'message';
  if (!resolve(eventDataPointer).value?.[name]) return [`event ${JSON.stringify(name)} is not one of ${eventDataPointer}`];
  let data;
  try {
    data = JSON.parse(event.data);
  } catch (error) {
    return [`the data of event ${JSON.stringify(name)} is not JSON: ${error.message}`];
  }
  return schemaErrors(`${eventDataPointer}/${escapePointer(name)}`, data).map((error) => `data: ${error}`);
}

// The query parameters of an operation, in the document's order.
function queryParameters(op) {
  return (op.value.parameters ?? []).map((_, i) => resolve(`${op.pointer}/parameters/${i}`).value).filter((p) => p.in === 'query');
}
const queryOf = (pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&') : '');
// The values a required parameter is asked with, `set` holding the values chosen before it: its
// enum; or, for a parameter whose values are the data's, its `x-fixture-values` for the value of
// the parameter they depend on (`by`).
function valuesOf(p, set) {
  if (p.schema?.enum) return p.schema.enum;
  const fixture = p['x-fixture-values'];
  const by = set.find(([name]) => name === fixture?.by);
  if (!by) throw new Error(`parameter ${p.name} has no enum, nor x-fixture-values by a parameter before it`);
  return fixture.values[by[1]] ?? [];
}
function combinations(parameters) {
  return parameters.reduce((sets, p) => sets.flatMap((set) => valuesOf(p, set).map((v) => [...set, [p.name, v]])), [[]]);
}
// Values outside a parameter's values: its values in the other case, empty, an unknown word; of
// the data's values also another one's (another chain's Vault types) and injection attempts.
function invalidValues(parameter, set) {
  const values = valuesOf(parameter, set);
  const flip = (v) => (v === v.toLowerCase() ? v.toUpperCase() : v.toLowerCase());
  const candidates = [flip(values[0]), flip(values[values.length - 1]), '', 'nope'];
  const fixture = parameter['x-fixture-values'];
  if (fixture) candidates.push('NOPE', ...Object.values(fixture.values).flat(), `${values[0]}' OR '1'='1`, `${values[0]} `, '../' + values[0]);
  return [...new Set(candidates)].filter((v) => !values.includes(v));
}

// Bad values of a bound (from, to): words, empty, negative, days that do not exist (also in a
// year of old), a fraction, 16 digits, an exponent, a sign.
const BAD_BOUNDS = ['yesterday', '', '-1', '2026-02-30', '2026-13-01', '0100-02-29', '2026-5-1', '1778515200000.5', '1234567890123456', '1e12', '+1778515200000'];
// Bad values of an enum of the optional parameters (format): its values in capitals, padded,
// empty, an unknown word.
const badOptionValues = (p) => [...new Set([...p.schema.enum.map((v) => v.toUpperCase()), `${p.schema.enum.at(-1)} `, '', 'xml', 'nope'])].filter((v) => !p.schema.enum.includes(v));
// The last ms a bound can name (15 digits), and none.
const LAST_MS = 999999999999999n;
const FIRST_MS = -(2n ** 63n);

const exampleValue = (parameter, name) => parameter.examples?.[name]?.value;
// The media type of the 200 of `docPath` that `format` asks for: the one whose subtype it is.
function mediaTypeOf(docPath, format) {
  const content = resolve(`${operationOf(docPath).pointer}/responses/200`).value.content;
  return Object.keys(content).find((type) => type.split('/')[1] === format);
}

// The checks of an answer's body (the more of `check`).
const sameText = (expected, what) => ({ text }, problems) => {
  if (text !== expected) problems.push(`the body is not ${what}: ${JSON.stringify(text.slice(0, 160))}`);
};
// The answer is `full` (a JSON text) without its points outside [from, to].
const keepsPoints = (full, from, to) => ({ text }, problems) => {
  const expected = keepPoints(parseExact(full), from, to);
  const body = parseExact(text);
  if (body.code?.text !== '0') problems.push(`code ${body.code?.text}, expected 0`);
  else if (!isDeepStrictEqual(body, expected)) problems.push(`the body is not the full answer's points from ${from} to ${to}: ${text.slice(0, 300)}`);
};
// A CSV answer: the rows of `json` (the same request's JSON answer) that its media type's
// `x-csv-rows` names, a column each of the header's fields (<name>_<chain> an element of a
// 3-element array; a field the row lacks, of the nearest object around it), every cell the
// field's text as the JSON has it.
const CHAINS = resolve('/components/parameters/chain').value.schema.enum;
const isCsvOf = (json) => ({ text, mediaType, mediaPointer }, problems) => {
  if (mediaType !== 'text/csv') return problems.push(`${mediaType}, not text/csv`);
  const rowsPath = resolve(mediaPointer).value['x-csv-rows'];
  if (!rowsPath) return problems.push(`no x-csv-rows in ${mediaPointer}`);
  const [header, ...lines] = parseCsv(text);
  const rows = rowsAt(parseExact(json), rowsPath);
  if (lines.length !== rows.length) problems.push(`${lines.length} rows, where the JSON answer has ${rows.length} at ${rowsPath}`);
  const fieldOf = ({ node, around }, column) => {
    const element = /^(.+)_([a-z]+)$/.exec(column);
    for (const object of [node, ...around]) {
      if (object !== null && typeof object === 'object' && column in object) return object[column];
      if (element && Array.isArray(object?.[element[1]]) && CHAINS.includes(element[2])) return object[element[1]][CHAINS.indexOf(element[2])];
    }
    return undefined;
  };
  const textOf = (v) => (v === null ? '' : v instanceof Num ? v.text : typeof v === 'string' || typeof v === 'boolean' ? String(v) : undefined);
  const wrong = [];
  lines.slice(0, rows.length).forEach((fields, r) => {
    if (fields.length !== header.length) wrong.push(`row ${r + 1}: ${fields.length} fields, the header ${header.length}`);
    header.forEach((column, c) => {
      const expected = textOf(fieldOf(rows[r], column));
      if (expected === undefined) wrong.push(`row ${r + 1}: ${column} is no field of the JSON row`);
      else if (fields[c] !== expected) wrong.push(`row ${r + 1}: ${column} ${JSON.stringify(fields[c])}, the JSON has ${JSON.stringify(expected)}`);
    });
  });
  problems.push(...wrong.slice(0, 5), ...(wrong.length > 5 ? [`and ${wrong.length - 5} more`] : []));
};

async function conditional(path, docPath, answer) {
  const etag = answer.headers.get('etag');
  const lastModified = answer.headers.get('last-modified');
  if (etag) await check('GET', path, docPath, 304, () => {}, { 'If-None-Match': etag });
  if (lastModified) await check('GET', path, docPath, 304, () => {}, { 'If-Modified-Since': lastModified });
}

// The optional parameters of `docPath` (`optional`: by name) on the answer `plain` of the
// required values `pairs`: a range of the examples of from and to (on the first combination,
// `first`, every pair of examples, each bound alone, one point's time, before and after the
// data, everything), which keeps the points in it; every format (JSON: the plain answer; CSV:
// its rows), also with a range; and the 304s of the first combination's.
async function checkOptions(docPath, pairs, plain, optional, first) {
  const from = optional.get('from');
  const to = optional.get('to');
  const format = optional.get('format');
  const at = (extra) => docPath + queryOf([...pairs, ...extra]);
  const ranges = [];  // [query pairs, from ms, to ms]
  if (from && to) {
    const names = Object.keys(from.examples ?? {}).filter((name) => to.examples?.[name]);
    if (names.length === 0) throw new Error(`${docPath}: no example of from and to of the same name`);
    for (const name of first ? names : names.slice(0, 1)) {
      const [f, t] = [exampleValue(from, name), exampleValue(to, name)];
      ranges.push([[['from', f], ['to', t]], boundOf(f, false), boundOf(t, true)]);
    }
    if (first) {
      const [f, t] = [exampleValue(from, names[0]), exampleValue(to, names[0])];
      ranges.push([[['from', f]], boundOf(f, false), LAST_MS], [[['to', t]], FIRST_MS, boundOf(t, true)]);
      const point = plain.body.match(/"statisticTime":([0-9]+)/)?.[1];
      if (point) ranges.push([[['from', point], ['to', point]], BigInt(point), BigInt(point)]);
      ranges.push([[['from', '2000-01-01'], ['to', '2000-12-31']], boundOf('2000-01-01', false), boundOf('2000-12-31', true)]);
      ranges.push([[['from', '9999-12-31']], boundOf('9999-12-31', false), LAST_MS]);
      ranges.push([[['from', '0'], ['to', String(LAST_MS)]], 0n, LAST_MS]);
    }
    for (const [bounds, fromMs, toMs] of ranges) {
      const answer = await check('GET', at(bounds), docPath, 200, keepsPoints(plain.body, fromMs, toMs));
      if (first && bounds === ranges[0][0]) await conditional(at(bounds), docPath, answer);
    }
  }
  if (format) {
    for (const value of format.schema.enum) {
      const mediaType = mediaTypeOf(docPath, value);
      if (!mediaType) throw new Error(`${docPath}: no media type of format=${value}`);
      if (mediaType === 'application/json') {
        if (first) await check('GET', at([['format', value]]), docPath, 200, sameText(plain.body, 'the answer without format'));
        continue;
      }
      const answer = await check('GET', at([['format', value]]), docPath, 200, isCsvOf(plain.body));
      if (first) await conditional(at([['format', value]]), docPath, answer);
      for (const [bounds] of first ? ranges.slice(0, 1) : []) {
        const json = (await ask('GET', at(bounds))).body;
        await check('GET', at([...bounds, ['format', value]]), docPath, 200, isCsvOf(json));
      }
    }
  }
}

// The bad values of the optional parameters, and the order of the checks: presence, then the
// enums' values, then from, to (and from after to), format, then the data's values.
async function checkOptionErrors(docPath, valid, required, optional) {
  const from = optional.get('from');
  const to = optional.get('to');
  const format = optional.get('format');
  const at = (extra, pairs = valid) => docPath + queryOf([...pairs, ...extra]);
  const expect = async (path, name) => check('GET', path, docPath, 200, equalsExample(name));
  if (from) for (const bad of BAD_BOUNDS) await expect(at([['from', bad]]), 'invalid-from');
  if (to) for (const bad of BAD_BOUNDS) await expect(at([['to', bad]]), 'invalid-to');
  if (from && to) {
    const [f, t] = [exampleValue(from, 'day'), exampleValue(to, 'day')];
    await expect(at([['from', t], ['to', f]]), 'invalid-from');  // from after to
    await expect(at([['from', String(boundOf(f, false) + 1n)], ['to', String(boundOf(f, false))]]), 'invalid-from');
    await expect(at([['from', 'nope'], ['to', 'nope']]), 'invalid-from');
    await expect(at([['from', f], ['to', 'nope']]), 'invalid-to');
  }
  if (format) {
    for (const bad of badOptionValues(format)) await expect(at([['format', bad]]), 'invalid-format');
    if (from) await expect(at([['from', 'nope'], ['format', 'nope']]), 'invalid-from');
    if (from) await expect(at([['from', 'nope'], ['format', 'csv']]), 'invalid-from');  // errors stay JSON
  }
  // The options a function takes (shared/parameters.hpp): every value of an enum and of a whole
  // number's bounds and default answers; bad ones (out of the enum or the bounds, no whole
  // number, no word, or a word the data refuses: a cursor no list gave) are named.
  for (const [name, p] of optional) {
    if (['from', 'to', 'format'].includes(name)) continue;
    const { type, minimum, maximum } = p.schema;
    const good = p.schema.enum ?? (type === 'integer' ? [minimum, maximum, p.schema.default].map(String)
      : Object.values(p.examples ?? {}).map((example) => example.value));  // at: its times answer
    const bad = p.schema.enum ? badOptionValues(p)
      : type === 'integer' ? [String(minimum - 1), String(maximum + 1), 'ten', '', '1.5', '1e2', '+1', ' 1']
      : ['', 'NOPE!', "ab'cd", 'abcd'];
    for (const value of good) await check('GET', at([[name, value]]), docPath, 200, isSuccess);
    for (const value of bad) await expect(at([[name, value]]), `invalid-${name}`);
  }
  const [option] = optional.keys();
  if (option === undefined || required.length === 0) return;
  const badOption = [option, 'nope'];
  // A required parameter missing or with a bad value of its enum is named before a bad option;
  // a bad value of the data's (checked by the database) after one, and after every enum's.
  await expect(at([badOption], valid.slice(1)), `missing-${required[0].name}`);
  for (const p of required) {
    const others = valid.filter(([name]) => name !== p.name);
    if (p.schema?.enum) {
      await expect(at([[p.name, 'nope'], badOption], others), `invalid-${p.name}`);
      continue;
    }
    await expect(at([[p.name, 'NOPE'], badOption], others), `invalid-${option}`);
    for (const q of required.filter((q) => q.schema?.enum)) {
      await expect(at([[p.name, 'NOPE'], [q.name, 'nope']], others.filter(([name]) => name !== q.name)), `invalid-${q.name}`);
    }
    if (format) await expect(at([[p.name, 'NOPE'], ['format', 'csv']], others), `invalid-${p.name}`);  // errors stay JSON
  }
}

// An event stream's path: its stream, asked for and closed once its headers came; other methods
// (405), the path with a trailing slash or in capitals (404).
async function checkStream(docPath) {
  const answer = await askStream(docPath);
  answer.close();
  const op = operationOf(docPath);
  const problems = [];
  if (answer.status !== 200) problems.push(`HTTP ${answer.status}, expected 200`);
  problems.push(...answerProblems(answer, `${op.pointer}/responses/${answer.status}`));
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (answer.status === 200 && mediaType !== 'text/event-stream') problems.push(`Content-Type ${JSON.stringify(answer.headers.get('content-type'))} with Accept: text/event-stream`);
  report(`GET ${docPath} -> ${describe(answer)}`, problems);
  for (const method of METHODS_NOT_ALLOWED) await check(method, docPath, docPath, 405);
  await check('GET', docPath + '/', docPath, 404);
  await check('GET', docPath.toUpperCase(), docPath, 404);
}

async function walkEveryAnswer() {
  checkExamples();
  await checkFixtureExamples();
  // Every optional query parameter of the document: the paths that do not take one ignore it.
  const optionalNames = new Set();
  for (const docPath of Object.keys(doc.paths)) {
    for (const p of queryParameters(operationOf(docPath))) if (!p.required) optionalNames.add(p.name);
  }
  for (const docPath of Object.keys(doc.paths)) {
    if (isStream(docPath)) {
      await checkStream(docPath);
      continue;
    }
    const op = operationOf(docPath);
    const parameters = queryParameters(op);
    const required = parameters.filter((p) => p.required);
    const optional = new Map(parameters.filter((p) => !p.required).map((p) => [p.name, p]));
    for (const p of required) if (!p.schema?.enum && !p['x-fixture-values']) throw new Error(`${docPath}: parameter ${p.name} has no enum and no x-fixture-values`);
    for (const [name, p] of optional) if (name !== 'from' && name !== 'to' && !p.schema?.enum && p.schema?.type !== 'integer' && !p.schema?.pattern) throw new Error(`${docPath}: optional parameter ${name} has no enum, bounds or pattern`);

    // Every combination of the allowed values; its 304s; its ranges and formats.
    const all = combinations(required);
    for (const [n, pairs] of all.entries()) {
      const path = docPath + queryOf(pairs);
      const answer = await check('GET', path, docPath, 200, isSuccess);
      await conditional(path, docPath, answer);
      if (optional.size) await checkOptions(docPath, pairs, answer, optional, n === 0);
    }

    // Business errors: each required parameter missing (the others valid), all of them missing
    // (the first is named), each invalid, all invalid (the first is named); the optional ones'.
    const valid = all[0];
    for (const p of required) {
      const path = docPath + queryOf(valid.filter(([name]) => name !== p.name));
      await conditional(path, docPath, await check('GET', path, docPath, 200, equalsExample(`missing-${p.name}`)));
    }
    if (required.length > 1) await check('GET', docPath, docPath, 200, equalsExample(`missing-${required[0].name}`));
    for (const [i, p] of required.entries()) {
      for (const bad of invalidValues(p, valid.slice(0, i))) {
        const path = docPath + queryOf(valid.map(([name, v]) => [name, name === p.name ? bad : v]));
        await check('GET', path, docPath, 200, equalsExample(`invalid-${p.name}`));
      }
    }
    if (required.length > 1) {
      const path = docPath + queryOf(required.map((p) => [p.name, 'nope']));
      await check('GET', path, docPath, 200, equalsExample(`invalid-${required[0].name}`));
    }
    await checkOptionErrors(docPath, valid, required, optional);

    // The optional parameters of other paths, with bad values: ignored.
    const ignored = [...optionalNames].filter((name) => !optional.has(name));
    if (ignored.length) {
      const plain = await ask('GET', docPath + queryOf(valid));
      const path = docPath + queryOf([...valid, ...ignored.map((name) => [name, 'nope'])]);
      await check('GET', path, docPath, 200, sameText(plain.body, `the answer without ${ignored.join(', ')}`));
    }

    // Another method: 405. The path with a trailing slash or in capitals: 404.
    for (const method of METHODS_NOT_ALLOWED) await check(method, docPath, docPath, 405);
    await check('GET', docPath + '/', docPath, 404);
    await check('GET', docPath.toUpperCase(), docPath, 404);
  }
  await check('GET', '/nope', undefined, 404);
  await check('POST', '/nope', undefined, 404);
}

async function checkExpectations() {
  for (const { status, path } of expectations) {
    const docPath = path.split('?')[0];
    if (!operationOf(docPath)) throw new Error(`${docPath} is not a path of the document`);
    let answer;
    const streams = [];  // an event stream's, held open until the last
    for (let tries = 0; tries < 50 && answer?.status !== status; tries += 1) {
      if (!isStream(docPath)) answer = await ask('GET', path);
      else streams.push((answer = await askStream(path)));
    }
    const op = operationOf(docPath);
    const problems = answer.status === status ? answerProblems(answer, `${op.pointer}/responses/${status}`) : [`HTTP ${answer.status} after 50 tries, expected ${status}`];
    report(`GET ${path} -> ${describe(answer)}`, problems);
    for (const stream of streams) stream.close();
  }
}

try {
  if (expectations.length) await checkExpectations();
  else await walkEveryAnswer();
} catch (error) {
  console.log(`FAIL  ${error.stack ?? error}`);
  process.exit(1);
}
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const counted = plural(answers, 'answer') + (examples ? ` and ${plural(examples, 'example')} of the document` : '');
if (failures.length) {
  console.log(`\n${plural(failures.length, 'check')} failed, of ${counted}, against ${DOCUMENT_PATH}:`);
  for (const label of failures) console.log(`  ${label}`);
  process.exit(1);
}
console.log(`\n${counted} valid against ${DOCUMENT_PATH}`);
