#!/usr/bin/env node
// For the chain tests: sets one storage slot of a contract on an anvil node, as a deployment's
// governance would change a value (anvil_setStorageAt), and mines it into a block of its own.
//
//   node tests/chain/set_storage.mjs --rpc URL --address 0x... --slot N --value DECIMAL
import { Rpc, die, parseArgs } from '../../chain/lib.mjs';

const usage = 'node tests/chain/set_storage.mjs --rpc URL --address 0x... --slot N --value DECIMAL';
const args = parseArgs(process.argv.slice(2), ['rpc', 'address', 'slot', 'value'], usage);
if (!args.rpc || !args.address || args.slot === undefined || args.value === undefined) die(`usage: ${usage}`);
const word = (decimal) => `0x${BigInt(decimal).toString(16).padStart(64, '0')}`;
const rpc = new Rpc(args.rpc);
rpc.call('anvil_setStorageAt', [args.address, word(args.slot), word(args.value)])
  .then(() => rpc.call('evm_mine'))
  .then(() => rpc.close(), (e) => die(`set_storage.mjs: ${e.message}`));
