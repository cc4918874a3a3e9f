#!/usr/bin/env node
// For the chain tests: one JSON-RPC call to a node, its result printed as JSON on one line
// (evm_snapshot, evm_revert, eth_getBlockByNumber ...).
//
//   node tests/chain/rpc_call.mjs --rpc URL --method NAME [--params JSON]
import { Rpc, die, parseArgs } from '../../chain/lib.mjs';

const usage = 'node tests/chain/rpc_call.mjs --rpc URL --method NAME [--params JSON]';
const args = parseArgs(process.argv.slice(2), ['rpc', 'method', 'params'], usage);
if (!args.rpc || !args.method) die(`usage: ${usage}`);
const rpc = new Rpc(args.rpc);
rpc.call(args.method, JSON.parse(args.params ?? '[]'))
  .then((result) => { process.stdout.write(`${JSON.stringify(result)}\n`); rpc.close(); },
    (e) => die(`rpc_call.mjs: ${e.message}`));
