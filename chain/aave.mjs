#!/usr/bin/env node
// Deploys a small but real Aave v3 market: the contracts of @aave/core-v3 (node_modules, pinned by
// package-lock.json) as its own artifacts hold them, compiled by Aave, not here. Two reserves,
// the operator's asset and a collateral, each a MintableERC20 of the package; its PriceOracle
// mock; Aave's DefaultReserveInterestRateStrategy with figures that can be worked out by hand:
//
//   node chain/aave.mjs --rpc URL --operator 0x... [--supply N] [--borrow N] [--decimals N] [--symbol S]
//
// prints deployAave's answer as JSON (big numbers as decimal strings). The node's first
// unlocked account sends everything; the first other one that is not the operator borrows.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Contract, RAY, Rpc, Sender, call, die, parseArgs, wordToAddress } from './lib.mjs';

const ARTIFACTS = join(dirname(createRequire(import.meta.url).resolve('@aave/core-v3/package.json')), 'artifacts');

// Aave's WadRayMath: rounds half up.
const rayMul = (a, b) => (a * b + RAY / 2n) / RAY;
const rayDiv = (a, b) => (a * RAY + b / 2n) / b;

// The variable borrow rate is the base rate alone (every slope 0), 5% a year.
const VARIABLE_BORROW_RATE = RAY / 20n;
const PRICE = 10n ** 8n;  // both assets: 1.00000000 in the oracle's base currency

// The liquidity rate DefaultReserveInterestRateStrategy.calculateInterestRates (v3.0) gives after
// the borrow, with no stable debt, nothing unbacked and reserve factor 0:
//   overall borrow rate = rayDiv(rayMul(wadToRay(B), variable rate), wadToRay(B)) = variable rate
//   usage ratio = rayDiv(B, available + B) = rayDiv(B, S)   (available: S - B left in the aToken)
//   liquidity rate = percentMul(rayMul(overall borrow rate, usage ratio), 100% - reserve factor)
// so rayMul(0.05 ray, rayDiv(B, S)): for B = S / 2, 0.025 ray exactly.
export const liquidityRate = (supply, borrow) => rayMul(VARIABLE_BORROW_RATE, rayDiv(borrow, supply));

// An artifact of the package by source path and contract name, as Hardhat lays them out.
const load = (rpc, source, name) => Contract.load(rpc, join(ARTIFACTS, source, `${name}.json`));

// The contract with its libraries (from its linkReferences, and theirs) deployed and linked in;
// `deployed` (name -> address) keeps each library to one deployment.
async function linked(sender, rpc, contract, deployed) {
  const addresses = {};
  for (const [source, libraries] of Object.entries(contract.artifact.linkReferences))
    for (const name of Object.keys(libraries))
      addresses[name] = deployed[name] ??= await sender.deploy(await linked(sender, rpc, await load(rpc, source, name), deployed));
  return contract.link(addresses);
}

// Deploys the market, then `sender` supplies `supply` of the asset on behalf of `operator` and
// another unlocked account borrows `borrow` of it (variable rate) against twice that in
// collateral, so that the liquidity rate is liquidityRate(supply, borrow). Amounts are the
// token's raw integers (BigInt, number or decimal string), 0 < borrow <= supply. Returns, read
// back at the block of the borrow (the last transaction): {pool (the Pool proxy), reserve (the
// asset), aToken, decimals, currentLiquidityRate (word 2 of getReserveData, a yearly ray),
// liquidityIndex (word 1, ray), aTokenBalance (the operator's), block}; the rate, index and
// balance as BigInts. Throws if they are not the hand-worked figures: the rate above, index 1 ray
// (no interest before the borrow) and balance `supply`.
export async function deployAave(sender, rpc, { operator, supply, borrow, decimals = 6, symbol = 'USDT' }) {
  [supply, borrow] = [BigInt(supply), BigInt(borrow)];
  if (!(borrow > 0n && borrow <= supply)) throw new Error(`borrow ${borrow} must be in (0, supply ${supply}]`);
  const accounts = await rpc.call('eth_accounts');
  const borrower = accounts.find((a) => ![sender.from, operator].map((x) => x.toLowerCase()).includes(a.toLowerCase()));
  if (!borrower) throw new Error('the node has no unlocked account to borrow from');

  const c = {};
  for (const [source, name] of [
    ['contracts/protocol/configuration/PoolAddressesProvider.sol', 'PoolAddressesProvider'],
    ['contracts/protocol/configuration/ACLManager.sol', 'ACLManager'],
    ['contracts/protocol/pool/Pool.sol', 'Pool'],
    ['contracts/protocol/pool/PoolConfigurator.sol', 'PoolConfigurator'],
    ['contracts/protocol/pool/DefaultReserveInterestRateStrategy.sol', 'DefaultReserveInterestRateStrategy'],
    ['contracts/protocol/tokenization/AToken.sol', 'AToken'],
    ['contracts/protocol/tokenization/StableDebtToken.sol', 'StableDebtToken'],
    ['contracts/protocol/tokenization/VariableDebtToken.sol', 'VariableDebtToken'],
    ['contracts/mocks/oracle/PriceOracle.sol', 'PriceOracle'],
    ['contracts/mocks/tokens/MintableERC20.sol', 'MintableERC20'],
  ]) c[name] = await load(rpc, source, name);
  const address = async (contract, at, method) => wordToAddress((await call(rpc, at, contract, method))[0]);

  const provider = await sender.deploy(c.PoolAddressesProvider, 'coin-api demo', sender.from);
  await sender.transact(provider, c.PoolAddressesProvider, 'setACLAdmin', sender.from);
  const acl = await sender.deploy(c.ACLManager, provider);
  await sender.transact(provider, c.PoolAddressesProvider, 'setACLManager', acl);
  await sender.transact(acl, c.ACLManager, 'addPoolAdmin', sender.from);
  const libraries = {};
  const poolImpl = await sender.deploy(await linked(sender, rpc, c.Pool, libraries), provider);
  await sender.transact(provider, c.PoolAddressesProvider, 'setPoolImpl', poolImpl);
  const configuratorImpl = await sender.deploy(await linked(sender, rpc, c.PoolConfigurator, libraries));
  await sender.transact(provider, c.PoolAddressesProvider, 'setPoolConfiguratorImpl', configuratorImpl);
  const pool = await address(c.PoolAddressesProvider, provider, 'getPool');
  const configurator = await address(c.PoolAddressesProvider, provider, 'getPoolConfigurator');
  const oracle = await sender.deploy(c.PriceOracle);
  await sender.transact(provider, c.PoolAddressesProvider, 'setPriceOracle', oracle);

  // provider, optimal usage 80%, base variable rate, then every slope and stable offset 0,
  // optimal stable-to-total debt 20%: the rates are flat.
  const strategy = await sender.deploy(c.DefaultReserveInterestRateStrategy, provider,
    RAY * 8n / 10n, VARIABLE_BORROW_RATE, 0, 0, 0, 0, 0, 0, RAY * 2n / 10n);
  const implementations = {
    aTokenImpl: await sender.deploy(c.AToken, pool),
    stableDebtTokenImpl: await sender.deploy(c.StableDebtToken, pool),
    variableDebtTokenImpl: await sender.deploy(c.VariableDebtToken, pool),
  };
  const asset = await sender.deploy(c.MintableERC20, symbol, symbol, decimals);
  const collateral = await sender.deploy(c.MintableERC20, 'COLL', 'COLL', decimals);
  const reserveInput = (underlyingAsset, name) => ({
    ...implementations, underlyingAssetDecimals: decimals, interestRateStrategyAddress: strategy,
    underlyingAsset, treasury: sender.from, incentivesController: `0x${'0'.repeat(40)}`,
    aTokenName: `Aave ${name}`, aTokenSymbol: `a${name}`,
    variableDebtTokenName: `Aave variable debt ${name}`, variableDebtTokenSymbol: `variableDebt${name}`,
    stableDebtTokenName: `Aave stable debt ${name}`, stableDebtTokenSymbol: `stableDebt${name}`,
    params: '0x',
  });
  await sender.transact(configurator, c.PoolConfigurator, 'initReserves', [reserveInput(asset, symbol), reserveInput(collateral, 'COLL')]);
  // Both are collateral (LTV 80%, liquidation at 85%, bonus 5%), set before anyone supplies.
  for (const reserve of [asset, collateral]) {
    await sender.transact(oracle, c.PriceOracle, 'setAssetPrice', reserve, PRICE);
    await sender.transact(configurator, c.PoolConfigurator, 'configureReserveAsCollateral', reserve, 8000, 8500, 10500);
  }
  await sender.transact(configurator, c.PoolConfigurator, 'setReserveBorrowing', asset, true);

  const MINT = 'mint(address,uint256)';
  await sender.transact(asset, c.MintableERC20, MINT, sender.from, supply);
  await sender.transact(asset, c.MintableERC20, 'approve', pool, supply);
  await sender.transact(pool, c.Pool, 'supply', asset, supply, operator, 0);
  const b = new Sender(rpc, borrower);
  await sender.transact(collateral, c.MintableERC20, MINT, borrower, 2n * borrow);
  await b.transact(collateral, c.MintableERC20, 'approve', pool, 2n * borrow);
  await b.transact(pool, c.Pool, 'supply', collateral, 2n * borrow, borrower, 0);
  const receipt = await b.transact(pool, c.Pool, 'borrow', asset, borrow, 2, 0, borrower);

  const block = receipt.blockNumber;
  const reserve = await call(rpc, pool, c.Pool, 'getReserveData', [asset], block);
  const aToken = wordToAddress(reserve[8]);
  const [aTokenBalance] = await call(rpc, aToken, c.AToken, 'balanceOf', [operator], block);
  const [aTokenDecimals] = await call(rpc, aToken, c.AToken, 'decimals', [], block);
  const answer = {
    pool, reserve: asset, aToken, decimals: Number(aTokenDecimals),
    currentLiquidityRate: reserve[2], liquidityIndex: reserve[1], aTokenBalance, block: Number(block),
  };
  const want = { currentLiquidityRate: liquidityRate(supply, borrow), liquidityIndex: RAY, aTokenBalance: supply, decimals };
  for (const [key, value] of Object.entries(want))
    if (answer[key] !== value) throw new Error(`Aave: ${key} is ${answer[key]}, not ${value}`);
  return answer;
}

async function main() {
  const usage = 'node chain/aave.mjs --rpc URL --operator 0x... [--supply N] [--borrow N] [--decimals N] [--symbol S]';
  const args = parseArgs(process.argv.slice(2), ['rpc', 'operator', 'supply', 'borrow', 'decimals', 'symbol'], usage);
  if (!args.rpc || !args.operator) die(`usage: ${usage}`);
  const decimals = Number(args.decimals ?? 6);
  const supply = BigInt(args.supply ?? 1000000n * 10n ** BigInt(decimals));
  const rpc = new Rpc(args.rpc);
  try {
    const answer = await deployAave(await Sender.first(rpc), rpc, {
      operator: args.operator, supply, borrow: args.borrow ?? supply / 2n, decimals, symbol: args.symbol ?? 'USDT',
    });
    process.stdout.write(`${JSON.stringify(answer, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
  } finally {
    rpc.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) main().catch((e) => die(e.message));
