#!/usr/bin/env node
// Compiles chain/contracts/*.sol with solc-js (node_modules, pinned by package-lock.json) and
// fixed settings into chain/artifacts.json: per contract its ABI, creation bytecode and method
// selectors, with the compiler's version and settings. An import of a package's file
// ("@openzeppelin/contracts/...") is read from node_modules; only the contracts of
// chain/contracts/*.sol go into artifacts.json.
//
//   node chain/compile.mjs           writes chain/artifacts.json         (make contracts)
//   node chain/compile.mjs --check   exits 1, naming each contract whose committed artifact
//                                    differs from a fresh compile       (make contracts-check)
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const chainDir = dirname(fileURLToPath(import.meta.url));
const contractsDir = join(chainDir, 'contracts');
const artifactsPath = join(chainDir, 'artifacts.json');
const require = createRequire(import.meta.url);
const solc = require('solc');

// bytecodeHash none: the bytecode changes with the code, not with a comment (the metadata hash
// would). paris: no PUSH0, so every EVM node of the last years runs it.
const settings = {
  evmVersion: 'paris',
  metadata: { bytecodeHash: 'none' },
  optimizer: { enabled: true, runs: 200 },
};

function fail(message) {
  process.stderr.write(`compile.mjs: ${message}\n`);
  process.exit(1);
}

// solc-js asks for every import that is not one of the sources: a package's file, from node_modules.
function findImports(path) {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch (e) {
    return { error: e.message };
  }
}

function compile() {
  const sources = {};
  for (const file of readdirSync(contractsDir).filter((f) => f.endsWith('.sol')).sort())
    sources[file] = { content: readFileSync(join(contractsDir, file), 'utf8') };
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      ...settings,
      outputSelection: Object.fromEntries(Object.keys(sources).map((file) =>
        [file, { '*': ['abi', 'evm.bytecode.object', 'evm.methodIdentifiers'] }])),
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const diagnostics = output.errors || [];
  for (const d of diagnostics) process.stderr.write(d.formattedMessage);
  if (diagnostics.length) fail(`${diagnostics.length} diagnostics from solc (above): the contracts compile clean or not at all`);

  const contracts = {};
  for (const file of Object.keys(sources)) {
    for (const [name, c] of Object.entries(output.contracts[file] || {})) {
      if (!c.evm.bytecode.object) continue;  // an interface
      if (contracts[name]) fail(`two contracts named ${name}`);
      contracts[name] = {
        source: `chain/contracts/${file}`,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        methodIdentifiers: c.evm.methodIdentifiers,
      };
    }
  }
  return {
    comment: 'Written by chain/compile.mjs (make contracts) from chain/contracts/*.sol: do not edit.',
    solc: solc.version(),
    settings,
    contracts: Object.fromEntries(Object.entries(contracts).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

// JSON with two-space indents, but an ABI entry on one line: short and diffable.
function render(artifacts) {
  const j = (v) => JSON.stringify(v);
  const lines = ['{',
    `  "comment": ${j(artifacts.comment)},`,
    `  "solc": ${j(artifacts.solc)},`,
    `  "settings": ${j(artifacts.settings)},`,
    '  "contracts": {'];
  const names = Object.keys(artifacts.contracts);
  names.forEach((name, i) => {
    const c = artifacts.contracts[name];
    const ids = Object.entries(c.methodIdentifiers).map(([sig, id]) => `        ${j(sig)}: ${j(id)}`);
    lines.push(`    ${j(name)}: {`,
      `      "source": ${j(c.source)},`,
      '      "abi": [',
      c.abi.map((entry) => `        ${j(entry)}`).join(',\n'),
      '      ],',
      `      "bytecode": ${j(c.bytecode)},`,
      '      "methodIdentifiers": {',
      ids.join(',\n'),
      '      }',
      `    }${i + 1 < names.length ? ',' : ''}`);
  });
  lines.push('  }', '}', '');
  return lines.join('\n');
}

const args = process.argv.slice(2);
if (args.length > 1 || (args.length === 1 && args[0] !== '--check'))
  fail('usage: node chain/compile.mjs [--check]');
const fresh = compile();

if (args[0] !== '--check') {
  writeFileSync(artifactsPath, render(fresh));
  process.exit(0);
}

let committed;
try {
  committed = JSON.parse(readFileSync(artifactsPath, 'utf8'));
} catch (e) {
  fail(`chain/artifacts.json: ${e.message}`);
}
const problems = [];
if (committed.solc !== fresh.solc) problems.push(`compiled by solc ${committed.solc}, not ${fresh.solc}`);
if (JSON.stringify(committed.settings) !== JSON.stringify(fresh.settings)) problems.push('compiled with other settings');
for (const name of new Set([...Object.keys(committed.contracts || {}), ...Object.keys(fresh.contracts)])) {
  const a = (committed.contracts || {})[name];
  const b = fresh.contracts[name];
  if (!b) { problems.push(`${name}: no such contract in chain/contracts`); continue; }
  if (!a) { problems.push(`${name}: missing`); continue; }
  for (const key of ['bytecode', 'abi', 'methodIdentifiers', 'source'])
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) problems.push(`${name}: its ${key} differs from a fresh compile`);
}
if (problems.length)
  fail(`chain/artifacts.json is not what chain/contracts compiles to (make contracts writes it):\n${
    problems.map((p) => `  ${p}`).join('\n')}`);
