#!/usr/bin/env node
// For the chain tests: transactions from the node's first account, each mined and waited for,
// as a user or a keeper of the protocol sends them (a lite PSM's sellGem, chug ...); exits 1,
// naming the call and its reason, when one reverts.
//
//   node tests/chain/transact.mjs --rpc URL --calls '[["0x...", "LitePsm", "sellGem", "sender", "1000000"], ...]'
//
// Each call: the address, the contract's name in chain/artifacts.json, the method, its
// arguments; "sender" stands for the sending account.
import { Rpc, Sender, die, parseArgs } from '../../chain/lib.mjs';

const usage = `node tests/chain/transact.mjs --rpc URL --calls '[["0x...", "Contract", "method", ...args], ...]'`;
const args = parseArgs(process.argv.slice(2), ['rpc', 'calls'], usage);
if (!args.rpc || !args.calls) die(`usage: ${usage}`);
const rpc = new Rpc(args.rpc);
try {
  const sender = await Sender.first(rpc);
  for (const [to, contract, method, ...values] of JSON.parse(args.calls)) {
    await sender.transact(to, contract, method, ...values.map((v) => (v === 'sender' ? sender.from : v)));
  }
} catch (e) {
  die(`transact.mjs: ${e.message}`);
} finally {
  rpc.close();
}
