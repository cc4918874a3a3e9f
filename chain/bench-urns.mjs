#!/usr/bin/env node
// Opens many urns on the local demo chain for the urns benchmark (scripts/bench/bench-urns.sh):
// --urns N urns spread evenly over every regular Vault type of every chain in the indexer's file
// (chain/deploy.mjs's --out), each by one Vat.frob(ilk, u, u, u, dink, dart) on the Vat directly
// (no CDP: the manager's open would be a second transaction per urn), so that the Vat logs a
// LogNote the indexer reads for each. The transactions go from the node's first unlocked account
// as JSON-RPC batches of eth_sendTransaction, with automine off and an evm_mine every --block
// (2000) of them, as chain/drive.mjs mines a tick; the node needs a gas limit for that many
// (anvil --gas-limit). Prints "<urns> <seconds> <blocks>" when every one was mined and succeeded;
// with --list FILE, writes each urn opened to FILE, a line "<chain> <ilk> <urn>" (the urn in
// the chain's form, as snapshot.urn holds it).
//
// --first K numbers the urns from K on (default 0), so that a second run opens others.
//
// node chain/bench-urns.mjs --rpc URL --config indexer.json --urns N [--first K] [--block 2000] [--batch 500] [--list FILE]
import { readFileSync, writeFileSync } from 'node:fs';
import { Rpc, addressOf, contracts, die, hexOf, ilkBytes, parseArgs } from './lib.mjs';

const usage = 'node chain/bench-urns.mjs --rpc URL --config FILE --urns N [--first K] [--block N] [--batch N] [--list FILE]';
const args = parseArgs(process.argv.slice(2), ['rpc', 'config', 'urns', 'first', 'block', 'batch', 'list'], usage);
if (!args.rpc || !args.config || !args.urns) die(`usage: ${usage}`);
const total = Number(args.urns);
const perBlock = Number(args.block || 2000);
const perBatch = Number(args.batch || 500);
const first = Number(args.first || 0);
if (!(total > 0 && perBlock > 0 && perBatch > 0 && first >= 0)) die(`usage: ${usage}`);

const URN_GAS = '0x30d40';  // 200,000: a new urn's two slots, Art's and the LogNote, with room
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

async function main() {
  const config = JSON.parse(readFileSync(args.config, 'utf8'));
  const rpc = new Rpc(args.rpc, 120000);
  const [from] = await rpc.call('eth_accounts');
  // Every regular Vault type: its Vat (0x hex) and ilk.
  const types = Object.entries(config.chains).flatMap(([chain, c]) => (c.vaults || [])
    .filter((v) => v.kind === 'regular')
    .map((v) => ({ chain, vat: hexOf(chain, c.vat), ilk: ilkBytes(v.ilk), name: v.ilk })));
  if (!types.length) die('bench-urns.mjs: no regular Vault type in the config');
  const frob = contracts.Vat;
  const urnOf = (j) => `0x${'be'}${(j + 1).toString(16).padStart(38, '0')}`;  // 0xbe000...: no demo urn's
  const list = [];
  await rpc.call('evm_setAutomine', [false]);
  // The nonces given: the node answers a batch's calls at once, and would give two the same.
  let nonce = BigInt(await rpc.call('eth_getTransactionCount', [from, 'pending']));
  const started = Date.now();
  let blocks = 0;
  try {
    for (let from0 = 0; from0 < total; from0 += perBlock) {
      const hashes = [];
      const upTo = Math.min(total, from0 + perBlock);
      for (let i = from0; i < upTo; i += perBatch) {
        const calls = [];
        for (let j = i; j < Math.min(upTo, i + perBatch); j++) {
          const t = types[j % types.length];
          const urn = urnOf(first + j);
          list.push(`${t.chain} ${t.name} ${addressOf(t.chain, urn)}`);
          const dink = (10n + BigInt(j % 997)) * WAD;
          const dart = (BigInt(j % 13) * WAD) / 4n;  // some without debt
          calls.push(['eth_sendTransaction', [{ from, to: t.vat, gas: URN_GAS, nonce: `0x${(nonce++).toString(16)}`,
                                                data: frob.data('frob', t.ilk, urn, urn, urn, dink, dart) }]]);
        }
        hashes.push(...await batch(args.rpc, calls));
      }
      await rpc.call('evm_mine');
      blocks++;
      // Every receipt, in batches: each must have succeeded.
      for (let i = 0; i < hashes.length; i += perBatch) {
        const receipts = await batch(args.rpc, hashes.slice(i, i + perBatch).map((h) => ['eth_getTransactionReceipt', [h]]));
        const bad = receipts.findIndex((r) => !r || r.status !== '0x1');
        if (bad >= 0) throw new Error(`urn ${from0 + i + bad + 1}: ${receipts[bad] ? 'reverted' : 'not mined'}`);
      }
    }
  } finally {
    await rpc.call('evm_setAutomine', [true]).catch(() => {});
    rpc.close();
  }
  if (args.list) writeFileSync(args.list, `${list.join('\n')}\n`);
  console.log(`${total} ${((Date.now() - started) / 1000).toFixed(1)} ${blocks}`);
}

main().then(() => process.exit(0), (e) => die(`bench-urns.mjs: ${e.message}`));
