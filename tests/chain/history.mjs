#!/usr/bin/env node
// For backfill_test.cpp: a year of history on a node that deploy.mjs has deployed to. From
// 2100-01-01T00:00:00Z (4102444800, so that it is after any wall clock a test runs at), block k
// (k = 0 .. 243) is mined at 4102444800 + k x 129600 + 1234 (every day and a half, 1234 s past
// the grid) and sets eth's COIN totalSupply to 3456789012 + k COIN. Nothing else changes.
//
//   node tests/chain/history.mjs --rpc URL --config indexer.json
import { readFileSync } from 'node:fs';
import { Rpc, Sender, die, parseArgs } from '../../chain/lib.mjs';

const start = 4102444800;
const step = 129600;
const blocks = 244;
const coin = 10n ** 18n;

async function main() {
  const args = parseArgs(process.argv.slice(2), ['rpc', 'config'], 'node tests/chain/history.mjs --rpc URL --config FILE');
  const token = JSON.parse(readFileSync(args.config, 'utf8')).chains.eth.token;
  const rpc = new Rpc(args.rpc);
  try {
    const sender = await Sender.first(rpc);
    for (let k = 0; k < blocks; k++) {
      await rpc.call('evm_setNextBlockTimestamp', [start + k * step + 1234]);
      await sender.transact(token, 'Token', 'setTotalSupply', (3456789012n + BigInt(k)) * coin);
    }
  } finally {
    rpc.close();
  }
}

main().catch((e) => die(`history.mjs: ${e.message}`));
