#!/usr/bin/env node
// Validates the live answers of a stack against openapi/openapi.json, so that the document and
// the API cannot drift apart.
//
//   node tests/openapi/validate_answers.mjs BASE_URL
//       every path of the document with every combination of its enum parameters' values; each
//       required parameter missing and each given a value outside its enum; 304 to conditional
//       requests; unknown paths (404) and other methods (405); and every example of the
//       document against its own schema.
//   node tests/openapi/validate_answers.mjs BASE_URL --expect STATUS PATH [--expect ...]
//       asks for PATH (up to 50 times, until it answers STATUS) and validates that answer: for
//       the statuses a healthy stack does not give (503 with the database down, 429 under the
//       rate limit), which the test that breaks the stack asks for.
//
// An answer is checked against the document's response for its path, method and status: the
// status must be documented; the Content-Type must be one of the response's media types; each
// header the response documents must be there when required and match its schema; the body
// must match the media type's schema (Ajv, JSON Schema 2020-12, with ajv-formats). Schemas are
// not copied out: the whole document is added to Ajv under an $id and each body is validated
// against `${id}#/paths/.../schema`, so every $ref resolves inside the document itself.
// Business errors must also equal the document's example for the case (missing-chain,
// invalid-interval...), and a success must carry code 0.
//
// One line per check, a summary, and exit status 1 when any check failed (all are listed).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

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
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
// The document's own fields are keywords that check nothing, so Ajv's strict mode accepts the
// document as a schema; inside the schemas it stays strict (an unknown keyword is an error).
ajv.addVocabulary(['openapi', 'jsonSchemaDialect', 'info', 'servers', 'security', 'tags', 'paths', 'webhooks', 'components', 'externalDocs']);
ajv.addSchema({ ...doc, $id: DOCUMENT_ID });

// ---- the document ----------------------------------------------------------------------------

const escapePointer = (segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (...segments) => '/' + segments.map(escapePointer).join('/');

// The object at `pointer`, following a $ref (a local one: #/...) as long as there is one, with
// the pointer it was found at.
function resolve(pointer) {
  let value = doc;
  for (const segment of pointer.split('/').slice(1)) {
    value = value?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
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

// The problems of `answer` against the response `responsePointer` documents; `parsed` gets the
// body as its media type reads it.
function answerProblems(answer, responsePointer, parsed = {}) {
  const problems = [];
  const { value: response, pointer } = resolve(responsePointer);
  if (!response) return [`status ${answer.status} is not documented (${responsePointer})`];

  for (const name of Object.keys(response.headers ?? {})) {
    const { value: header, pointer: headerPointer } = resolve(`${pointer}/headers/${escapePointer(name)}`);
    const text = answer.headers.get(name);
    if (text === null) {
      if (header.required) problems.push(`header ${name} missing`);
      continue;
    }
    const schema = header.schema ?? {};
    const value = (schema.type === 'integer' || schema.type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : text;
    for (const error of schemaErrors(`${headerPointer}/schema`, value)) problems.push(`header ${name}: ${JSON.stringify(text)} ${error}`);
  }

  const contentType = answer.headers.get('content-type');
  if (!response.content) {
    if (answer.body !== '') problems.push(`a body, where the document has none: ${JSON.stringify(answer.body.slice(0, 80))}`);
    return problems;
  }
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!(mediaType in response.content)) {
    problems.push(`Content-Type ${JSON.stringify(contentType)}, not one of ${Object.keys(response.content).join(', ')}`);
    return problems;
  }
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
      }
    }
    for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${escapePointer(key)}`);
  };
  walk(doc, '');
}

// The enum query parameters of an operation, in the document's order.
function queryParameters(op) {
  return (op.value.parameters ?? []).map((_, i) => resolve(`${op.pointer}/parameters/${i}`).value).filter((p) => p.in === 'query');
}
const queryOf = (pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&') : '');
function combinations(parameters) {
  return parameters.reduce((sets, p) => sets.flatMap((set) => p.schema.enum.map((v) => [...set, [p.name, v]])), [[]]);
}
// Values outside a parameter's enum: its values in the other case, empty, an unknown word.
function invalidValues(parameter) {
  const values = parameter.schema.enum;
  const flip = (v) => (v === v.toLowerCase() ? v.toUpperCase() : v.toLowerCase());
  return [...new Set([flip(values[0]), flip(values[values.length - 1]), '', 'nope'])].filter((v) => !values.includes(v));
}

async function conditional(path, docPath, answer) {
  const etag = answer.headers.get('etag');
  const lastModified = answer.headers.get('last-modified');
  if (etag) await check('GET', path, docPath, 304, () => {}, { 'If-None-Match': etag });
  if (lastModified) await check('GET', path, docPath, 304, () => {}, { 'If-Modified-Since': lastModified });
}

async function walkEveryAnswer() {
  checkExamples();
  for (const docPath of Object.keys(doc.paths)) {
    const op = operationOf(docPath);
    const parameters = queryParameters(op);
    for (const p of parameters) if (!p.schema?.enum) throw new Error(`${docPath}: parameter ${p.name} has no enum`);

    // Every combination of the allowed values; and its 304s.
    for (const pairs of combinations(parameters)) {
      const path = docPath + queryOf(pairs);
      await conditional(path, docPath, await check('GET', path, docPath, 200, isSuccess));
    }

    // Business errors: each required parameter missing (the others valid), all of them missing
    // (the first is named), each invalid, all invalid (the first is named).
    const valid = parameters.map((p) => [p.name, p.schema.enum[0]]);
    const required = parameters.filter((p) => p.required);
    for (const p of required) {
      const path = docPath + queryOf(valid.filter(([name]) => name !== p.name));
      await conditional(path, docPath, await check('GET', path, docPath, 200, equalsExample(`missing-${p.name}`)));
    }
    if (required.length > 1) await check('GET', docPath, docPath, 200, equalsExample(`missing-${required[0].name}`));
    for (const p of parameters) {
      for (const bad of invalidValues(p)) {
        const path = docPath + queryOf(valid.map(([name, v]) => [name, name === p.name ? bad : v]));
        await check('GET', path, docPath, 200, equalsExample(`invalid-${p.name}`));
      }
    }
    if (parameters.length > 1) {
      const path = docPath + queryOf(parameters.map((p) => [p.name, 'nope']));
      await check('GET', path, docPath, 200, equalsExample(`invalid-${parameters[0].name}`));
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
    for (let tries = 0; tries < 50 && answer?.status !== status; tries += 1) answer = await ask('GET', path);
    const op = operationOf(docPath);
    const problems = answer.status === status ? answerProblems(answer, `${op.pointer}/responses/${status}`) : [`HTTP ${answer.status} after 50 tries, expected ${status}`];
    report(`GET ${path} -> ${describe(answer)}`, problems);
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
