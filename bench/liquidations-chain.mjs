#!/usr/bin/env node
// Starts many auctions on the local demo chain for the liquidations benchmark
// (scripts/bench/bench-liquidations.sh, part B): on one chain's first regular Vault type (as
// chain/liquidate.mjs's scenarioOf finds it), --auctions N urns opened by Vat.frob at 99 % of
// what their collateral allows (each as chain/liquidate.mjs's open sizes it: 10 units, times 10
// until twice dust), the Vault type's spot lowered to 98 % of what it is (Vat.setIlk, the line
// raised to hold them), then each urn barked by the deployed Dog, whose Clipper kicks an auction:
// the real Bark and Kick logs, N auctions running. The transactions go as JSON-RPC batches of
// eth_sendTransaction with automine off and an evm_mine every --block (500) of them, as
// chain/bench-urns.mjs sends its frobs. Prints "<auctions> <seconds> <running>" once every
// transaction was mined and succeeded (running: the Clipper's count of active auctions).
//
// --first K numbers the urns from K on (default 0), so that a second run barks others.
//
// node bench/liquidations-chain.mjs --rpc URL --config indexer.json --chain eth --auctions N [--first K] [--block 500]
import { readFileSync } from 'node:fs';
import { Rpc, call, contracts, die, parseArgs } from '../chain/lib.mjs';
import { scenarioOf } from '../chain/liquidate.mjs';

const usage = 'node bench/liquidations-chain.mjs --rpc URL --config FILE --chain CHAIN --auctions N [--first K] [--block N]';
const args = parseArgs(process.argv.slice(2), ['rpc', 'config', 'chain', 'auctions', 'first', 'block'], usage);
if (!args.rpc || !args.config || !args.chain || !args.auctions) die(`usage: ${usage}`);
const total = Number(args.auctions);
const first = Number(args.first || 0);
const perBlock = Number(args.block || 500);
if (!(total > 0 && first >= 0 && perBlock > 0)) die(`usage: ${usage}`);
const WAD = 10n ** 18n;

// One JSON-RPC batch: the answers' results, in order; any error stops the run.
async function batch(url, calls) {
  const body = JSON.stringify(calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: i, method, params })));
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answers = await response.json();
  if (!Array.isArray(answers)) throw new Error(`a batch: ${JSON.stringify(answers).slice(0, 300)}`);
  answers.sort((a, b) => a.id - b.id);
  for (const a of answers) if (a.error) throw new Error(`${calls[a.id][0]}: ${a.error.message}`);
  return answers.map((a) => a.result);
}

// Sends one transaction per item (to, data, gas), perBlock to a block; every receipt must succeed.
async function sendAll(rpc, from, items, what) {
  let nonce = BigInt(await rpc.call('eth_getTransactionCount', [from, 'pending']));
  for (let i = 0; i < items.length; i += perBlock) {
    const calls = items.slice(i, i + perBlock).map(([to, data, gas]) =>
      ['eth_sendTransaction', [{ from, to, gas, nonce: `0x${(nonce++).toString(16)}`, data }]]);
    const hashes = await batch(args.rpc, calls);
    await rpc.call('evm_mine');
    const receipts = await batch(args.rpc, hashes.map((h) => ['eth_getTransactionReceipt', [h]]));
    const bad = receipts.findIndex((r) => !r || r.status !== '0x1');
    if (bad >= 0) throw new Error(`${what} ${i + bad + 1}: ${receipts[bad] ? 'reverted' : 'not mined'}`);
  }
}

async function main() {
  const config = JSON.parse(readFileSync(args.config, 'utf8'));
  const rpc = new Rpc(args.rpc, 120000);
  const [from] = await rpc.call('eth_accounts');
  const s = await scenarioOf(rpc, config, args.chain);
  const urnOf = (j) => `0x${'ac'}${(j + 1).toString(16).padStart(38, '0')}`;  // 0xac000...: no demo or bench-urns urn's
  const [Art, rate, spot, line, dust] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
  let lot = 10n * WAD;
  while ((lot * spot * 99n) / 100n < 2n * dust) lot *= 10n;
  const art = (lot * spot * 99n) / 100n / rate;  // 99 % of what the collateral allows
  const urns = Array.from({ length: total }, (_, k) => urnOf(first + k));
  const started = Date.now();
  await rpc.call('evm_setAutomine', [false]);
  try {
    // The line raised for the new debt (the test Vat's frob checks nothing, the Dog reads none).
    const added = BigInt(total) * art * rate;
    await sendAll(rpc, from, [[s.vat, contracts.Vat.data('setIlk', s.ilk, Art, rate, spot, line + 2n * added, dust), '0x30d40']],
      'setIlk');
    await sendAll(rpc, from, urns.map((u) => [s.vat, contracts.Vat.data('frob', s.ilk, u, u, u, lot, art), '0x30d40']), 'frob');
    const [Art2, , , line2] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
    await sendAll(rpc, from, [[s.vat, contracts.Vat.data('setIlk', s.ilk, Art2, rate, (spot * 98n) / 100n, line2, dust), '0x30d40']],
      'setIlk');
    await sendAll(rpc, from, urns.map((u) => [s.dog, contracts.Dog.data('bark', s.ilk, u, from), '0xf4240']), 'bark');
    // spot back, so that nothing else of the chain's state changes for the rounds that follow
    const [Art3] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
    await sendAll(rpc, from, [[s.vat, contracts.Vat.data('setIlk', s.ilk, Art3, rate, spot, line2, dust), '0x30d40']], 'setIlk');
  } finally {
    await rpc.call('evm_setAutomine', [true]).catch(() => {});
  }
  const [count] = await call(rpc, s.clipper, 'Clipper', 'count');
  rpc.close();
  console.log(`${total} ${((Date.now() - started) / 1000).toFixed(1)} ${count}`);
}

main().then(() => process.exit(0), (e) => die(`liquidations-chain.mjs: ${e.message}`));
