// What chain/deploy.mjs, chain/drive.mjs and chain/aave.mjs share: the protocol's chains, a
// JSON-RPC client (node:http, no library), the contracts of chain/artifacts.json (or of another
// artifact file) with an ABI encoder for their arguments, and TRON's Base58Check addresses. Runs
// on Node.js 18 (Debian's) and later.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The chains the protocol is deployed on, in the spec's order: the values of the API's chain
// parameter in the OpenAPI document. The others of a state or a configuration only hold
// allocator positions.
export const PROTOCOL_CHAINS = JSON.parse(
  readFileSync(new URL('../openapi/openapi.json', import.meta.url))).components.parameters.chain.schema.enum;

export const RAY = 10n ** 27n;
const GAS_LIMIT = '0x17d7840';  // 25,000,000: below anvil's block gas limit (30,000,000)

export function die(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

// --name value pairs; every name must be one of `known`.
export function parseArgs(argv, known, usage) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--') || !known.includes(name) || i + 1 >= argv.length) die(`usage: ${usage}`);
    args[name] = argv[i + 1];
  }
  return args;
}

// ---- JSON-RPC ----

export class Rpc {
  constructor(url, timeoutMs = 10000) {
    this.url = new URL(url);
    if (!['http:', 'https:'].includes(this.url.protocol)) throw new Error(`${url}: not an http(s) URL`);
    this.client = this.url.protocol === 'https:' ? https : http;
    this.agent = new this.client.Agent({ keepAlive: true });
    this.timeoutMs = timeoutMs;
    this.id = 0;
  }

  call(method, params = []) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params });
    return new Promise((resolve, reject) => {
      const request = this.client.request(this.url, {
        method: 'POST',
        agent: this.agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: this.timeoutMs,
      }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => { text += chunk; });
        response.on('end', () => {
          let answer;
          try {
            answer = JSON.parse(text);
          } catch {
            return reject(new Error(`${method}: HTTP ${response.statusCode}, not JSON: ${text.slice(0, 200)}`));
          }
          if (answer.error) return reject(new Error(`${method}: ${answer.error.message || JSON.stringify(answer.error)}`));
          resolve(answer.result);
        });
      });
      request.on('timeout', () => request.destroy(new Error(`${method}: no answer from ${this.url} in ${this.timeoutMs} ms`)));
      request.on('error', (e) => reject(new Error(`${method} to ${this.url}: ${e.message}`)));
      request.end(body);
    });
  }

  close() { this.agent.destroy(); }
}

// ---- contracts ----

const artifacts = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'artifacts.json'), 'utf8'));

function canonicalType(input) {
  if (input.type.startsWith('tuple')) return `(${input.components.map(canonicalType).join(',')})${input.type.slice(5)}`;
  return input.type;
}

const signatureOf = (entry) => `${entry.name}(${entry.inputs.map(canonicalType).join(',')})`;

const word = (n) => BigInt(n).toString(16).padStart(64, '0');

function isDynamic(input) {
  return ['string', 'bytes'].includes(input.type) || input.type.endsWith('[]')
    || (input.type === 'tuple' && input.components.some(isDynamic));
}

// The ABI encoding of one value: uintN, intN, address, bytes32, bool, string, bytes, tuples (a value
// by position or by component name) and arrays T[] of these.
function encode(input, value) {
  if (input.type.endsWith('[]')) {
    const element = { ...input, type: input.type.slice(0, -2) };
    return word(value.length) + encodeList(value.map(() => element), value);
  }
  if (input.type === 'tuple') return encodeList(input.components, input.components.map((c, i) => (Array.isArray(value) ? value[i] : value[c.name])));
  if (input.type === 'string' || input.type === 'bytes') {
    if (input.type === 'bytes' && !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new Error(`${input.name}: not bytes: ${value}`);
    const bytes = input.type === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value.slice(2), 'hex');
    return word(bytes.length) + bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  }
  if (input.type === 'address') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${input.name}: not an address: ${value}`);
    return value.slice(2).toLowerCase().padStart(64, '0');
  }
  if (input.type === 'bytes32') {
    if (!/^0x[0-9a-fA-F]{64}$/.test(value)) throw new Error(`${input.name}: not 32 bytes: ${value}`);
    return value.slice(2).toLowerCase();
  }
  if (input.type === 'bool') return word(value ? 1 : 0);
  const m = /^(u?)int(\d+)$/.exec(input.type);
  if (!m) throw new Error(`type ${input.type} is not encoded here`);
  const n = BigInt(value);
  const bits = BigInt(m[2]);
  const [low, high] = m[1] ? [0n, 1n << bits] : [-(1n << (bits - 1n)), 1n << (bits - 1n)];
  if (n < low || n >= high) throw new Error(`${input.name}: ${value} does not fit ${input.type}`);
  return word(n < 0n ? (1n << 256n) + n : n);  // two's complement in 256 bits
}

// A list of values (arguments, a tuple's components, an array's elements): static values in
// the head, dynamic ones in the tail with their offsets in the head.
function encodeList(inputs, values) {
  if (values.length !== inputs.length) throw new Error(`${inputs.length} values expected, ${values.length} given`);
  const parts = inputs.map((input, i) => encode(input, values[i]));
  const headSize = inputs.reduce((size, input, i) => size + (isDynamic(input) ? 32 : parts[i].length / 2), 0);
  let head = '';
  let tail = '';
  inputs.forEach((input, i) => {
    if (!isDynamic(input)) {
      head += parts[i];
    } else {
      head += word(headSize + tail.length / 2);
      tail += parts[i];
    }
  });
  return head + tail;
}

// A contract to deploy and call: its name, ABI, creation bytecode and selectors (for
// chain/artifacts.json's, by name; for another compiler's artifact, Contract.load).
export class Contract {
  constructor(name, artifact = artifacts.contracts[name]) {
    this.name = name;
    this.artifact = artifact;
    if (!this.artifact) throw new Error(`no contract ${name} in chain/artifacts.json`);
  }

  // A Hardhat artifact (such as @aave/core-v3's): abi, bytecode, linkReferences, but no
  // selectors, so the node computes them (web3_sha3 is keccak-256).
  static async load(rpc, path) {
    const { contractName, abi, bytecode, linkReferences } = JSON.parse(readFileSync(path, 'utf8'));
    const methodIdentifiers = {};
    for (const entry of abi.filter((e) => e.type === 'function')) {
      const hash = await rpc.call('web3_sha3', [`0x${Buffer.from(signatureOf(entry)).toString('hex')}`]);
      methodIdentifiers[signatureOf(entry)] = hash.slice(2, 10);
    }
    return new Contract(contractName, { abi, bytecode, linkReferences, methodIdentifiers });
  }

  // The contract with its libraries' addresses (by library name) in place of their placeholders.
  link(addresses) {
    let code = this.artifact.bytecode.slice(2);
    for (const libraries of Object.values(this.artifact.linkReferences || {})) {
      for (const [library, places] of Object.entries(libraries)) {
        if (!addresses[library]) throw new Error(`${this.name}: no address for library ${library}`);
        for (const { start, length } of places)
          code = code.slice(0, start * 2) + addresses[library].slice(2).toLowerCase() + code.slice((start + length) * 2);
      }
    }
    return new Contract(this.name, { ...this.artifact, bytecode: `0x${code}`, linkReferences: {} });
  }

  // `method` is a name, or a whole signature such as 'mint(address,uint256)' when overloaded.
  function(method) {
    const entries = this.artifact.abi.filter((e) => e.type === 'function'
      && (method.includes('(') ? signatureOf(e) : e.name) === method);
    if (entries.length !== 1) throw new Error(`${this.name}.${method}: ${entries.length} functions of that name`);
    return { entry: entries[0], selector: this.artifact.methodIdentifiers[signatureOf(entries[0])] };
  }

  // Call data: the selector and the encoded arguments.
  data(method, ...args) {
    const { entry, selector } = this.function(method);
    try {
      return `0x${selector}${encodeList(entry.inputs, args)}`;
    } catch (e) {
      throw new Error(`${this.name}.${method}: ${e.message}`);
    }
  }

  deployData(...args) {
    if (/__\$/.test(this.artifact.bytecode)) throw new Error(`${this.name}: libraries not linked`);
    const ctor = this.artifact.abi.find((e) => e.type === 'constructor');
    try {
      return this.artifact.bytecode + encodeList(ctor ? ctor.inputs : [], args);
    } catch (e) {
      throw new Error(`${this.name}'s constructor: ${e.message}`);
    }
  }
}

export const contracts = Object.fromEntries(Object.keys(artifacts.contracts).map((name) => [name, new Contract(name)]));

// A contract of chain/artifacts.json by name, or a Contract itself.
const contractOf = (c) => (typeof c === 'string' ? new Contract(c) : c);

// An answer's 32-byte words as BigInts.
export function words(hex) {
  const body = hex.replace(/^0x/, '');
  if (body.length % 64) throw new Error(`an answer of ${body.length / 2} bytes, not whole words`);
  return Array.from({ length: body.length / 64 }, (_, i) => BigInt(`0x${body.slice(i * 64, i * 64 + 64)}`));
}

export function wordToAddress(word) { return `0x${word.toString(16).padStart(40, '0')}`; }

// A storage slot's word at `block`, as a BigInt (eth_getStorageAt).
export async function storageAt(rpc, address, slot, block = 'latest') {
  return BigInt(await rpc.call('eth_getStorageAt', [address, `0x${BigInt(slot).toString(16)}`, block]));
}

// An Osm's feeds (chain/contracts/Osm.sol) as the indexer reads them, from storage: cur at slot 3,
// nxt at slot 4, each val in the word's low 128 bits and has in its high 128.
export const OSM_CUR_SLOT = 3n;
export const OSM_NXT_SLOT = 4n;
export function feedOf(word) { return { val: word & ((1n << 128n) - 1n), has: word >> 128n }; }

// The topic0 of the Vat's LogNote (chain/contracts/Vat.sol): the function's selector,
// left-aligned in 32 bytes.
export const noteTopic = (selector) => `0x${selector}${'0'.repeat(56)}`;

// An ilk name as dss keeps it: ASCII, right-padded with zeros to 32 bytes.
export function ilkBytes(ilk) {
  const bytes = Buffer.from(ilk, 'ascii');
  if (bytes.length > 32) throw new Error(`ilk ${ilk}: longer than 32 bytes`);
  return `0x${bytes.toString('hex').padEnd(64, '0')}`;
}

// A chain of setter transactions from one unlocked account (anvil's first), each waited for:
// sent one at a time, so the node gives every run the same nonces and so the same addresses.
export class Sender {
  constructor(rpc, from) {
    this.rpc = rpc;
    this.from = from;
  }

  static async first(rpc) {
    const accounts = await rpc.call('eth_accounts');
    if (!accounts || !accounts.length) throw new Error('eth_accounts: the node has no unlocked account');
    return new Sender(rpc, accounts[0]);
  }

  async send(tx, what) {
    // A fixed, ample gas limit, not the node's estimate: the estimate is made at the pending
    // block's time, and a transaction mined a second later can need more (Aave's borrow accrues
    // interest when time has passed), so under load an estimated one ran out of gas.
    const hash = await this.rpc.call('eth_sendTransaction', [{ from: this.from, gas: GAS_LIMIT, ...tx }]);
    // anvil mines at once, but its receipt can lag the answer by a few milliseconds.
    const deadline = Date.now() + 10000;
    let receipt = null;
    while ((receipt = await this.rpc.call('eth_getTransactionReceipt', [hash])) === null) {
      if (Date.now() > deadline) throw new Error(`${what}: transaction ${hash} not mined after 10 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    if (receipt.status !== '0x1') {
      // Its reason: the same call replayed on the state it was mined on.
      const parent = `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`;
      const reason = await this.rpc.call('eth_call', [{ from: this.from, gas: GAS_LIMIT, ...tx }, parent])
        .then(() => 'it succeeds replayed', (e) => e.message);
      throw new Error(`${what}: transaction ${hash} reverted (gas used ${BigInt(receipt.gasUsed)}): ${reason}`);
    }
    return receipt;
  }

  // `contract`, here and below: a name in chain/artifacts.json, or a Contract.
  async deploy(contract, ...args) {
    return (await this.create(contract, ...args)).contractAddress.toLowerCase();
  }

  // The creation's receipt: contractAddress, blockNumber.
  async create(contract, ...args) {
    const c = contractOf(contract);
    return this.send({ data: c.deployData(...args) }, `deploying ${c.name}`);
  }

  // The receipt.
  async transact(address, contract, method, ...args) {
    const c = contractOf(contract);
    return this.send({ to: address, data: c.data(method, ...args) }, `${c.name}.${method} at ${address}`);
  }
}

// eth_call at `block` (a hex number or 'latest'): the answer's words.
export async function call(rpc, address, contract, method, args = [], block = 'latest') {
  const data = contractOf(contract).data(method, ...args);
  return words(await rpc.call('eth_call', [{ to: address, data }, block]));
}

// ---- TRON addresses: Base58Check of 0x41 and the 20 bytes ----

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

export function toTron(hex) {
  const payload = Buffer.from(`41${hex.replace(/^0x/, '')}`, 'hex');
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export function fromTron(base58) {
  let n = 0n;
  for (const ch of base58) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) throw new Error(`${base58}: not Base58`);
    n = n * 58n + BigInt(digit);
  }
  const bytes = Buffer.from(n.toString(16).padStart(50, '0'), 'hex');
  if (bytes.length !== 25 || bytes[0] !== 0x41) throw new Error(`${base58}: not a TRON address`);
  if (!sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4).equals(bytes.subarray(21)))
    throw new Error(`${base58}: wrong checksum`);
  return `0x${bytes.subarray(1, 21).toString('hex')}`;
}

// An address in the form of its chain, and back to hex.
export const addressOf = (chain, hex) => (chain === 'tron' ? toTron(hex) : hex);
export const hexOf = (chain, address) => (chain === 'tron' ? fromTron(address) : address.toLowerCase());
