#!/usr/bin/env node
// make bench, following the head: how long a new block takes to reach the API. SAMPLES times,
// a second or two apart, mines a block on the node (evm_mine) and measures, per chain, from the
// moment the node answered (the block is there: the node announces it then) until
//   - the event stream (/api/v1/events) pushes a set whose blocks name it or a later block, and
//   - /api/v1/external/total-supply/coin, asked every 10 ms, is served with an X-Snapshot-Blocks
//     that names it or a later one.
// Prints one line of JSON: {"eth": {"event": [ms...], "answer": [ms...]}, "bsc": {...}}.
//
//   node bench/follow-latency.mjs --rpc http://127.0.0.1:8550 --api http://127.0.0.1:18125 \
//     --chains eth,bsc --samples 30
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Rpc, die, parseArgs } from '../chain/lib.mjs';

const usage = 'node bench/follow-latency.mjs --rpc URL --api URL --chains eth,bsc --samples N';
const args = parseArgs(process.argv.slice(2), ['rpc', 'api', 'chains', 'samples'], usage);
if (!args.rpc || !args.api || !args.chains || !args.samples) die(`usage: ${usage}`);
const chains = args.chains.split(',');
const samples = Number(args.samples);
const limit = 10000;  // ms a block may take before the run is given up
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// Each chain's blocks the event stream named, in order, and when.
const pushed = Object.fromEntries(chains.map((chain) => [chain, []]));
const firstPushed = (chain, block) => pushed[chain].find((event) => event.block >= block);
function subscribe() {
  return new Promise((resolve, reject) => {
    http.get(`${args.api}/api/v1/events`, { headers: { Accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`the event stream answered ${response.statusCode}`));
      let rest = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const at = performance.now();
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) {
          if (!line.startsWith('data:')) continue;
          const { blocks } = JSON.parse(line.slice(5));
          for (const chain of chains) pushed[chain].push({ block: blocks[chain], at });
        }
      });
      resolve(response);
    }).on('error', reject);
  });
}

// The block each chain's answer names now (X-Snapshot-Blocks: "tron=latest; eth=346; bsc=346").
function served() {
  return new Promise((resolve, reject) => {
    http.get(`${args.api}/api/v1/external/total-supply/coin`, (response) => {
      response.resume();
      const header = response.headers['x-snapshot-blocks'] ?? '';
      resolve(Object.fromEntries(header.split('; ').map((pair) => pair.split('=')).map(([c, b]) => [c, Number(b)])));
    }).on('error', reject);
  });
}

async function sample(rpc, results) {
  await rpc.call('evm_mine');
  const mined = performance.now();
  const block = Number(await rpc.call('eth_blockNumber'));
  const answered = {};
  while (chains.some((chain) => answered[chain] === undefined || !firstPushed(chain, block))) {
    if (performance.now() - mined > limit) die(`block ${block} not in the API within ${limit} ms`);
    const blocks = await served();
    const now = performance.now();
    for (const chain of chains) {
      if (answered[chain] === undefined && blocks[chain] >= block) answered[chain] = now - mined;
    }
    await sleep(10);
  }
  for (const chain of chains) {
    results[chain].event.push(Math.round(firstPushed(chain, block).at - mined));
    results[chain].answer.push(Math.round(answered[chain]));
  }
}

const rpc = new Rpc(args.rpc);
const stream = await subscribe();
const results = Object.fromEntries(chains.map((chain) => [chain, { event: [], answer: [] }]));
try {
  for (let i = 0; i < samples; ++i) {
    await sleep(1000 + Math.random() * 1000);
    await sample(rpc, results);
  }
} finally {
  stream.destroy();
  rpc.close();
}
console.log(JSON.stringify(results));
