#!/usr/bin/env node
// For the chain tests: the node's newest block, as "number|hash|time" (time in epoch seconds),
// read here, apart from the indexer.
//
//   node tests/chain/latest_block.mjs --rpc URL
import { Rpc, die, parseArgs } from '../../chain/lib.mjs';

const args = parseArgs(process.argv.slice(2), ['rpc'], 'node tests/chain/latest_block.mjs --rpc URL');
const rpc = new Rpc(args.rpc);
rpc.call('eth_getBlockByNumber', ['latest', false])
  .then((block) => {
    process.stdout.write(`${BigInt(block.number)}|${block.hash.toLowerCase()}|${BigInt(block.timestamp)}\n`);
    rpc.close();
  }, (e) => die(`latest_block.mjs: ${e.message}`));
