#!/usr/bin/env node
// For share_price_test.cpp: an OpenZeppelin ERC-4626 vault (ShareVault, no rate getter) on a
// node that deploy.mjs has deployed to, whose share price grows by exactly 0.1% in exactly 7 days
// of block time, then no block after. Every block's time is set (evm_setNextBlockTimestamp):
//   at T      the vault holds 1000000000000 USDC (6 decimals) for 1000000000000 shares, of which
//             the operator holds 400000000000: one share (10^6) is worth
//             10^6 x (10^12 + 1) / (10^12 + 1) = 1000000 (OZ's +1 virtual share and asset)
//   at T + 7d the vault holds 1001000000001: one share is worth
//             floor(10^6 x 1001000000002 / 1000000000001) = 1001000
// T is a minute after the node's newest block, so no older block is T or later. Prints the
// vault's and the operator's addresses as JSON.
//
//   node tests/chain/share_price.mjs --rpc URL
import { Rpc, Sender, die, parseArgs } from '../../chain/lib.mjs';

const operator = '0xa110c00000000000000000000000000000000007';
const week = 7 * 86400;

async function main() {
  const args = parseArgs(process.argv.slice(2), ['rpc'], 'node tests/chain/share_price.mjs --rpc URL');
  const rpc = new Rpc(args.rpc);
  try {
    const sender = await Sender.first(rpc);
    const newest = await rpc.call('eth_getBlockByNumber', ['latest', false]);
    const start = Number(BigInt(newest.timestamp)) + 60;
    let next = start - 4;  // four blocks before T, one a second
    const at = async (time, send) => {
      await rpc.call('evm_setNextBlockTimestamp', [time]);
      return send();
    };
    const usdc = await at(next++, () => sender.deploy('Token', 'USDC', 6));
    const vault = await at(next++, () => sender.deploy('ShareVault', usdc, 'OpenZeppelin USDC vault', 'ozUSDC'));
    await at(next++, () => sender.transact(vault, 'ShareVault', 'setBalance', operator, 400000000000n));
    await at(next++, () => sender.transact(vault, 'ShareVault', 'setBalance', '0xa110c00000000000000000000000000000000008', 600000000000n));
    await at(start, () => sender.transact(usdc, 'Token', 'setBalance', vault, 1000000000000n));
    await at(start + week, () => sender.transact(usdc, 'Token', 'setBalance', vault, 1001000000001n));
    process.stdout.write(`${JSON.stringify({ vault, operator })}\n`);
  } finally {
    rpc.close();
  }
}

main().catch((e) => die(`share_price.mjs: ${e.message}`));
