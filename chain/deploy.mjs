#!/usr/bin/env node
// Deploys the test contracts to an EVM node, sets them to a demo state and writes the indexer's
// configuration for that deployment:
//
//   node chain/deploy.mjs --rpc http://127.0.0.1:8599 --state chain/demo-state.json --out FILE.json
//                         [--follow head|finalized|off]   (each protocol chain's "follow", tron's
//                         head, and its "ws" on the node's port; none: off)
//
// The node must have an unlocked account (anvil's first one sends everything). Every chain of
// the state (tron, eth, bsc, and the chains of allocator positions, such as plasma) is deployed
// to this one node; the configuration gives each chain the same RPC URL, tron's addresses in
// Base58Check and pin_block false, as on TRON, the others read at "latest". On a fresh anvil the
// same state gives the same addresses and the same file every run. Then it reads back, with
// eth_call, every figure the indexer reads, and fails if one is not the state's. Prints nothing
// unless it fails.
//
// Each protocol chain also gets a CdpManager; a Vault type's urns (the state's `urns`) are opened
// through it or frobbed on the Vat directly, then forked and grabbed as the state says, so the Vat
// has logged every urn (LogNote). The config names the manager (`cdp_manager`) and the block of
// the Vat's creation (`vat_block`), where a scan of the Vat's logs starts. A Vault type with
// `"pip": "osm"` has an Osm for its pip, kissed for the Spot, holding price (cur) and nxt.
//
// Then, before Aave's markets (which come last: their balances grow from their borrow's block,
// and read within the same second they are exactly the state's), each protocol chain with a
// `dog` gets its liquidation contracts: a Vow, a LinearDecrease (calc), a Dog and a
// Clipper per regular Vault type with a `clipper`, wired as dss wires them (the Dog's vow, Hole
// and per Vault type clip, chop and hole; the Clipper's vow, calc, buf, tail, cusp, chip, tip and
// chost), the Clipper kissed by an Osm pip so that it can peek. The config names the Dog (`dog`).
import { readFileSync, writeFileSync } from 'node:fs';
import { deployAave } from './aave.mjs';
import {
  OSM_CUR_SLOT, OSM_NXT_SLOT, PROTOCOL_CHAINS, RAY, Rpc, Sender, addressOf, call, contracts, die, feedOf, ilkBytes, noteTopic,
  parseArgs, storageAt, words, wordToAddress,
} from './lib.mjs';

const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';  // its address on every chain

// The fields of Aave's ReserveData that the indexer does not read hold these decoys, so that a
// read of the wrong word gets a wrong number rather than a zero.
const reserveDecoys = (index) => ({
  configuration: { data: 0x100000000000000000000000000003e8n + BigInt(index) },
  variableBorrowIndex: 1100000000000000000000000000n,
  currentVariableBorrowRate: 61000000000000000000000000n,
  currentStableBorrowRate: 72000000000000000000000000n,
  lastUpdateTimestamp: 1767225600n,
  id: BigInt(index),
  stableDebtTokenAddress: '0x000000000000000000000000000000000000dead',
  variableDebtTokenAddress: '0x000000000000000000000000000000000000beef',
  interestRateStrategyAddress: '0x000000000000000000000000000000000000cafe',
  accruedToTreasury: 123456789n,
  unbacked: 0n,
  isolationModeTotalDebt: 0n,
});

async function main() {
  const args = parseArgs(process.argv.slice(2), ['rpc', 'state', 'out', 'follow'],
    'node chain/deploy.mjs --rpc URL --state chain/demo-state.json --out FILE.json');
  if (!args.rpc || !args.state || !args.out) die('usage: node chain/deploy.mjs --rpc URL --state chain/demo-state.json --out FILE.json');
  const state = JSON.parse(readFileSync(args.state, 'utf8'));
  const rpc = new Rpc(args.rpc);
  try {
    const sender = await Sender.first(rpc);
    await placeMulticall3(rpc);
    const deployment = await deploy(sender, rpc, state);
    await verify(rpc, state, deployment);
    writeFileSync(args.out, `${JSON.stringify(config(args.rpc, state, deployment, args.follow), null, 2)}\n`);
  } finally {
    rpc.close();
  }
}

// Multicall3 at its address, as on a real chain: its runtime code (what its creation code
// returns) set there with anvil_setCode, which sends no transaction, so that every other
// contract keeps its address.
async function placeMulticall3(rpc) {
  const code = await rpc.call('eth_call', [{ data: contracts.Multicall3.deployData() }, 'latest']);
  await rpc.call('anvil_setCode', [MULTICALL3, code]);
}

// Deploys and sets everything, in the state's order, Aave's markets last (their balances grow
// from the block of their borrow, so read at once they are exactly the state's). Returns the
// addresses (hex) by chain.
async function deploy(sender, rpc, state) {
  const markets = [];  // [position's deployment, position] of the aave-v3 reads with a market
  const chains = {};  // name -> {tokens: {symbol: {address, decimals}}, vaults4626: {symbol: address}, pool, ...}
  const chainOf = (name) => (chains[name] ??= { tokens: {}, vaults4626: {} });
  const token = async (chain, symbol, decimals, where) => {
    const tokens = chainOf(chain).tokens;
    if (tokens[symbol]) {
      if (tokens[symbol].decimals !== decimals) throw new Error(`${where}: ${symbol} on ${chain} has ${tokens[symbol].decimals} decimals elsewhere, not ${decimals}`);
    } else {
      tokens[symbol] = { address: await sender.deploy('Token', symbol, decimals), decimals };
    }
    return tokens[symbol].address;
  };

  let reserves = 0;
  for (const name of PROTOCOL_CHAINS) {
    const s = state.chains[name];
    if (!s) continue;
    const c = chainOf(name);
    const at = `chains.${name}`;
    c.token = await token(name, s.coin.symbol, s.coin.decimals, `${at}.coin`);
    c.staked = await sender.deploy('SavingsVault', c.token, s.staked.symbol, s.staked.decimals);
    const vat = await sender.create('Vat');
    c.vat = vat.contractAddress.toLowerCase();
    c.vatBlock = Number(BigInt(vat.blockNumber));
    for (const contract of ['Jug', 'Spot', 'Pot']) c[contract.toLowerCase()] = await sender.deploy(contract);

    await sender.transact(c.token, 'Token', 'setTotalSupply', s.coin.total_supply);
    await sender.transact(c.token, 'Token', 'setBalance', c.staked, s.coin.held_by_staked);
    for (const holder of s.coin.protocol_holders || []) await sender.transact(c.token, 'Token', 'setBalance', holder.address, holder.balance);
    await sender.transact(c.staked, 'SavingsVault', 'setTotalSupply', s.staked.total_supply);
    await sender.transact(c.staked, 'SavingsVault', 'setChi', s.staked.chi);
    await sender.transact(c.staked, 'SavingsVault', 'setSsr', s.staked.ssr);
    await sender.transact(c.pot, 'Pot', 'setDsr', s.pot.dsr);
    await sender.transact(c.pot, 'Pot', 'setChi', s.pot.chi);
    await sender.transact(c.pot, 'Pot', 'setPie', s.pot.Pie);
    await sender.transact(c.jug, 'Jug', 'setBase', s.jug.base);
    await sender.transact(c.spot, 'Spot', 'setPar', s.spot.par);

    c.vaults = [];
    for (const [i, v] of s.vaults.entries()) {
      const where = `${at}.vaults[${i}]`;
      const spot = BigInt(v.price) * 10n ** 9n * RAY / BigInt(s.spot.par) * RAY / BigInt(v.mat);
      if (spot !== BigInt(v.spot)) throw new Error(`${where}.spot: ${v.spot}, but price, par and mat give ${spot}`);
      const ilk = ilkBytes(v.ilk);
      const d = {};
      if (v.holding === 'lite_psm') {
        d.gem = await token(name, v.collateral, v.collateral_decimals, where);
        d.litePsm = await sender.deploy('LitePsm', ilk, d.gem, c.token, v.pocket, c.vat);
        await sender.transact(d.gem, 'Token', 'setBalance', v.pocket, v.pocket_balance);
        await sender.transact(c.token, 'Token', 'setBalance', d.litePsm, v.coin_balance);
        await sender.transact(c.vat, 'Vat', 'setUrn', ilk, d.litePsm, 0, v.Art);  // its own urn holds the ilk's Art
        await sender.transact(d.litePsm, 'LitePsm', 'setTin', v.tin);
        await sender.transact(d.litePsm, 'LitePsm', 'setTout', v.tout);
        await sender.transact(d.litePsm, 'LitePsm', 'setBuf', v.buf);
      } else if (v.holding === 'allocator_vault') {
        d.allocatorVault = await sender.deploy('AllocatorVault', ilk, c.vat, v.buffer, c.token);
        await sender.transact(c.token, 'Token', 'setBalance', v.buffer, v.buffer_balance);
        await sender.transact(c.vat, 'Vat', 'setUrn', ilk, d.allocatorVault, v.ink, v.urn_art);
      } else {
        d.collateral = await token(name, v.collateral, v.collateral_decimals, where);
        d.join = await sender.deploy('GemJoin', ilk, d.collateral);
        await sender.transact(d.collateral, 'Token', 'setBalance', d.join, v.join_balance);
      }
      if (v.pip === 'osm') {
        // An OSM: the Spot (kissed, as on a real chain) reads cur, which is the state's price.
        d.pip = await sender.deploy('Osm');
        await sender.transact(d.pip, 'Osm', 'setFeeds', v.price, v.nxt);
        await sender.transact(d.pip, 'Osm', 'kiss', c.spot);
      } else if (v.pip === undefined) {
        d.pip = await sender.deploy('Pip');
        await sender.transact(d.pip, 'Pip', 'setPrice', v.price);
      } else {
        throw new Error(`${where}.pip: ${v.pip}, not osm (or absent: a Pip)`);
      }
      // The urns' frobs add their art to Art: it starts without it.
      const urnArt = (v.urns || []).reduce((sum, u) => sum + BigInt(u.art), 0n);
      if (urnArt > BigInt(v.Art)) throw new Error(`${where}.urns: their art, ${urnArt}, is more than Art`);
      await sender.transact(c.vat, 'Vat', 'setIlk', ilk, BigInt(v.Art) - urnArt, v.rate, v.spot, v.line, v.dust);
      await sender.transact(c.jug, 'Jug', 'setIlk', ilk, v.duty, v.rho);
      await sender.transact(c.spot, 'Spot', 'setIlk', ilk, d.pip, v.mat);
      if (v.kind === 'psm' && d.join) {
        d.psm = await sender.deploy('Psm', d.join);
        await sender.transact(d.psm, 'Psm', 'setTin', v.tin);
        await sender.transact(d.psm, 'Psm', 'setTout', v.tout);
      }
      d.positions = [];
      for (const [j, p] of (v.positions || []).entries()) {
        const pw = `${where}.positions[${j}]`;
        const pc = chainOf(p.chain);
        const r = p.read;
        const e = {};
        if (r.kind === 'aave-v3' && r.market) {
          markets.push([e, p]);
        } else if (r.kind === 'aave-v3') {
          e.asset = await token(p.chain, p.asset, p.asset_decimals, pw);
          pc.pool ??= await sender.deploy('AavePool');
          e.pool = pc.pool;
          e.aToken = await token(p.chain, r.a_token, r.a_token_decimals, `${pw}.read`);
          await sender.transact(e.aToken, 'Token', 'setBalance', p.operator, r.a_token_balance);
          const data = { ...reserveDecoys(reserves++), liquidityIndex: r.liquidity_index,
            currentLiquidityRate: r.current_liquidity_rate, aTokenAddress: e.aToken };
          await sender.transact(e.pool, 'AavePool', 'setReserveData', e.asset, data);
        } else if (r.kind === 'balance') {
          e.token = await token(p.chain, p.asset, p.asset_decimals, pw);
          await sender.transact(e.token, 'Token', 'setBalance', p.operator, r.balance);
        } else if (r.kind === 'erc4626') {
          // Its rate getter: ssr (SavingsVault, like sUSDS) or vsr (SparkVault, Spark Vault V2).
          const [contract, getter] = r.vsr === undefined ? ['SavingsVault', 'Ssr'] : ['SparkVault', 'Vsr'];
          if (pc.vaults4626[r.vault]) throw new Error(`${pw}.read.vault: ${r.vault} on ${p.chain} twice`);
          e.asset = await token(p.chain, p.asset, p.asset_decimals, pw);
          e.vault = pc.vaults4626[r.vault] = await sender.deploy(contract, e.asset, r.vault, r.vault_decimals);
          await sender.transact(e.vault, contract, 'setTotalSupply', r.total_supply);
          await sender.transact(e.vault, contract, 'setBalance', p.operator, r.shares);
          await sender.transact(e.vault, contract, 'setChi', r.chi);
          await sender.transact(e.vault, contract, `set${getter}`, r[getter.toLowerCase()]);
        } else {
          throw new Error(`${pw}.read.kind: ${r.kind}, not aave-v3, erc4626 or balance`);
        }
        d.positions.push(e);
      }
      c.vaults.push(d);
    }
    await deployUrns(sender, rpc, s, c, at);
  }
  for (const name of PROTOCOL_CHAINS) {
    if (state.chains[name] && state.chains[name].dog) await deployLiquidations(sender, state.chains[name], chains[name], `chains.${name}`);
  }
  for (const [e, p] of markets) {
    const market = await deployAave(sender, rpc, { operator: p.operator, supply: p.read.supply, borrow: p.read.borrow,
      decimals: p.asset_decimals, symbol: p.asset });
    Object.assign(e, { pool: market.pool, asset: market.reserve, aToken: market.aToken });
  }
  return chains;
}

// A chain's Vow, LinearDecrease, Dog and its regular Vault types' Clippers (chain/contracts/),
// set to the state's dog, calc and clipper values. Sets c.vow, c.calc, c.dog and d.clipper.
async function deployLiquidations(sender, s, c, at) {
  const what = (text) => ilkBytes(text);  // a file() parameter's name, as bytes32
  c.vow = await sender.deploy('Vow');
  c.calc = await sender.deploy('LinearDecrease');
  await sender.transact(c.calc, 'LinearDecrease', 'file', what('tau'), s.calc.tau);
  c.dog = await sender.deploy('Dog', c.vat);
  await sender.transact(c.dog, 'Dog', 'file(bytes32,address)', what('vow'), c.vow);
  await sender.transact(c.dog, 'Dog', 'file(bytes32,uint256)', what('Hole'), s.dog.Hole);
  for (const [i, v] of s.vaults.entries()) {
    if (v.kind !== 'regular') continue;
    const where = `${at}.vaults[${i}]`;
    if (!v.clipper) throw new Error(`${where}: a regular Vault type without a clipper`);
    const d = c.vaults[i];
    const ilk = ilkBytes(v.ilk);
    const p = v.clipper;
    d.clipper = await sender.deploy('Clipper', c.vat, c.spot, c.dog, ilk);
    await sender.transact(c.dog, 'Dog', 'file(bytes32,bytes32,address)', ilk, what('clip'), d.clipper);
    await sender.transact(c.dog, 'Dog', 'file(bytes32,bytes32,uint256)', ilk, what('chop'), p.chop);
    await sender.transact(c.dog, 'Dog', 'file(bytes32,bytes32,uint256)', ilk, what('hole'), p.hole);
    await sender.transact(d.clipper, 'Clipper', 'file(bytes32,address)', what('vow'), c.vow);
    await sender.transact(d.clipper, 'Clipper', 'file(bytes32,address)', what('calc'), c.calc);
    for (const key of ['buf', 'tail', 'cusp', 'chip', 'tip'])
      await sender.transact(d.clipper, 'Clipper', 'file(bytes32,uint256)', what(key), p[key]);
    await sender.transact(d.clipper, 'Clipper', 'upchost');
    if (v.pip === 'osm') await sender.transact(d.pip, 'Osm', 'kiss', d.clipper);
  }
}

// The chain's CdpManager, and each Vault type's urns: a CDP opened through the manager and frobbed
// there (owner), or an urn frobbed on the Vat directly (urn), each to the ink and art that the
// forks and grabs then bring to the state's. Sets c.cdpManager, and per Vault type d.urns
// (addresses) and d.cdps (CDP ids, or null for a direct urn).
async function deployUrns(sender, rpc, s, c, at) {
  c.cdpManager = await sender.deploy('CdpManager', c.vat);
  c.notes = { frob: 0, fork: 0, grab: 0 };  // the LogNotes sent, for verify
  let cdpi = 0;
  for (const [i, v] of s.vaults.entries()) {
    const d = c.vaults[i];
    const where = `${at}.vaults[${i}]`;
    const ilk = ilkBytes(v.ilk);
    const urns = v.urns || [];
    // What each urn is frobbed to: the state's, with what the forks take away and the grabs take.
    const start = urns.map((u) => ({ ink: BigInt(u.ink), art: BigInt(u.art) }));
    const urnAt = (k, what) => {
      if (!Number.isInteger(k) || !start[k]) throw new Error(`${where}.${what}: no urn ${k}`);
      return start[k];
    };
    for (const [j, f] of (v.forks || []).entries()) {
      const [src, dst] = [urnAt(f.src, `forks[${j}].src`), urnAt(f.dst, `forks[${j}].dst`)];
      src.ink += BigInt(f.ink);
      src.art += BigInt(f.art);
      dst.ink -= BigInt(f.ink);
      dst.art -= BigInt(f.art);
    }
    for (const [j, g] of (v.grabs || []).entries()) {
      const u = urnAt(g.urn, `grabs[${j}].urn`);
      u.ink += BigInt(g.ink);
      u.art += BigInt(g.art);
    }
    d.urns = [];
    d.cdps = [];
    for (const [j, u] of urns.entries()) {
      if (start[j].ink < 0n || start[j].art < 0n) throw new Error(`${where}.urns[${j}]: the forks take more than it holds`);
      if ((u.owner === undefined) === (u.urn === undefined)) throw new Error(`${where}.urns[${j}]: one of owner and urn expected`);
      if (u.owner !== undefined) {
        await sender.transact(c.cdpManager, 'CdpManager', 'open', ilk, u.owner);
        const cdp = ++cdpi;
        d.cdps.push(cdp);
        d.urns.push(wordToAddress((await call(rpc, c.cdpManager, 'CdpManager', 'urns', [cdp]))[0]));
        await sender.transact(c.cdpManager, 'CdpManager', 'frob', cdp, start[j].ink, start[j].art);
      } else {
        d.cdps.push(null);
        d.urns.push(u.urn.toLowerCase());
        await sender.transact(c.vat, 'Vat', 'frob', ilk, u.urn, u.urn, u.urn, start[j].ink, start[j].art);
      }
      c.notes.frob++;
    }
    for (const f of v.forks || []) {
      await sender.transact(c.vat, 'Vat', 'fork', ilk, d.urns[f.src], d.urns[f.dst], f.ink, f.art);
      c.notes.fork++;
    }
    for (const g of v.grabs || []) {
      const u = d.urns[g.urn];
      await sender.transact(c.vat, 'Vat', 'grab', ilk, u, u, u, -BigInt(g.ink), -BigInt(g.art));
      c.notes.grab++;
    }
  }
}

// Reads back what the indexer reads and compares it with the state.
async function verify(rpc, state, deployment) {
  const problems = [];
  const expect = async (what, address, name, method, args, want) => {
    const got = await call(rpc, address, name, method, args);
    want.forEach((w, i) => {
      if (w === undefined) return;
      const g = typeof w === 'string' && w.startsWith('0x') ? wordToAddress(got[i]) : got[i].toString();
      if (g !== String(w)) problems.push(`${what}: ${name}.${method} word ${i} is ${g}, not ${w}`);
    });
  };
  for (const name of PROTOCOL_CHAINS) {
    const s = state.chains[name];
    if (!s) continue;
    const c = deployment[name];
    const at = `chains.${name}`;
    await expect(`${at}.coin`, c.token, 'Token', 'decimals', [], [s.coin.decimals]);
    await expect(`${at}.coin`, c.token, 'Token', 'totalSupply', [], [s.coin.total_supply]);
    await expect(`${at}.coin`, c.token, 'Token', 'balanceOf', [c.staked], [s.coin.held_by_staked]);
    for (const holder of s.coin.protocol_holders || [])
      await expect(`${at}.coin.protocol_holders`, c.token, 'Token', 'balanceOf', [holder.address], [holder.balance]);
    await expect(`${at}.staked`, c.staked, 'SavingsVault', 'decimals', [], [s.staked.decimals]);
    await expect(`${at}.staked`, c.staked, 'SavingsVault', 'totalSupply', [], [s.staked.total_supply]);
    await expect(`${at}.staked`, c.staked, 'SavingsVault', 'totalAssets', [], [s.staked.total_assets]);
    await expect(`${at}.staked`, c.staked, 'SavingsVault', 'convertToAssets', [10n ** BigInt(s.staked.decimals)], [s.staked.assets_per_share]);
    await expect(`${at}.pot`, c.pot, 'Pot', 'dsr', [], [s.pot.dsr]);
    await expect(`${at}.jug`, c.jug, 'Jug', 'base', [], [s.jug.base]);
    await expect(`${at}.spot`, c.spot, 'Spot', 'par', [], [s.spot.par]);
    for (const [i, v] of s.vaults.entries()) {
      const d = c.vaults[i];
      const where = `${at}.vaults[${i}]`;
      const ilk = ilkBytes(v.ilk);
      await expect(where, c.vat, 'Vat', 'ilks', [ilk], [v.Art, v.rate, v.spot, v.line, v.dust]);
      await expect(where, c.jug, 'Jug', 'ilks', [ilk], [v.duty, v.rho]);
      await expect(where, c.spot, 'Spot', 'ilks', [ilk], [d.pip, v.mat]);
      if (v.pip === 'osm') await verifyOsm(rpc, where, d.pip, c.spot, v, problems);
      else await expect(where, d.pip, 'Pip', 'val', [], [v.price]);
      for (const [j, u] of (v.urns || []).entries()) {
        const uw = `${where}.urns[${j}]`;
        await expect(uw, c.vat, 'Vat', 'urns', [ilk, d.urns[j]], [u.ink, u.art]);
        if (u.owner === undefined) continue;
        await expect(uw, c.cdpManager, 'CdpManager', 'urns', [d.cdps[j]], [d.urns[j]]);
        await expect(uw, c.cdpManager, 'CdpManager', 'owns', [d.cdps[j]], [u.owner.toLowerCase()]);
        await expect(uw, c.cdpManager, 'CdpManager', 'ilks', [d.cdps[j]], [BigInt(ilk).toString()]);
      }
      if (d.litePsm) {
        await expect(where, d.litePsm, 'LitePsm', 'tin', [], [v.tin]);
        await expect(where, d.gem, 'Token', 'balanceOf', [v.pocket], [v.pocket_balance]);
        await expect(where, c.token, 'Token', 'balanceOf', [d.litePsm], [v.coin_balance]);
        await expect(where, d.litePsm, 'LitePsm', 'cut', [], [v.fees]);
      } else if (d.allocatorVault) {
        await expect(where, c.vat, 'Vat', 'urns', [ilk, d.allocatorVault], [v.ink, v.urn_art]);
        await expect(where, c.token, 'Token', 'balanceOf', [v.buffer], [v.buffer_balance]);
      } else {
        await expect(where, d.collateral, 'Token', 'decimals', [], [v.collateral_decimals]);
        await expect(where, d.collateral, 'Token', 'balanceOf', [d.join], [v.join_balance]);
      }
      if (d.psm) {
        await expect(where, d.psm, 'Psm', 'tin', [], [v.tin]);
        await expect(where, d.psm, 'Psm', 'tout', [], [v.tout]);
      }
      for (const [j, p] of (v.positions || []).entries()) {
        const e = d.positions[j];
        const r = p.read;
        const pw = `${where}.positions[${j}]`;
        if (r.market) continue;  // deployAave read its market back
        if (r.kind === 'balance') {
          await expect(pw, e.token, 'Token', 'decimals', [], [p.asset_decimals]);
          await expect(pw, e.token, 'Token', 'balanceOf', [p.operator], [r.balance]);
          continue;
        }
        await expect(pw, e.asset, 'Token', 'decimals', [], [p.asset_decimals]);
        if (r.kind === 'aave-v3') {
          const want = Array(15).fill(undefined);
          want[1] = r.liquidity_index;
          want[2] = r.current_liquidity_rate;
          want[8] = e.aToken;
          await expect(pw, e.pool, 'AavePool', 'getReserveData', [e.asset], want);
          await expect(pw, e.aToken, 'Token', 'decimals', [], [r.a_token_decimals]);
          await expect(pw, e.aToken, 'Token', 'balanceOf', [p.operator], [r.a_token_balance]);
        } else {
          await expect(pw, e.vault, 'SavingsVault', 'asset', [], [e.asset]);
          await expect(pw, e.vault, 'SavingsVault', 'balanceOf', [p.operator], [r.shares]);
          await expect(pw, e.vault, 'SavingsVault', 'convertToAssets', [r.shares], [r.assets]);
          if (r.vsr === undefined) await expect(pw, e.vault, 'SavingsVault', 'ssr', [], [r.ssr]);
          else await expect(pw, e.vault, 'SparkVault', 'vsr', [], [r.vsr]);
        }
      }
    }
  }
  for (const name of PROTOCOL_CHAINS) {
    if (state.chains[name]) await verifyUrns(rpc, name, state.chains[name], deployment[name], problems);
    if (state.chains[name] && state.chains[name].dog) await verifyLiquidations(rpc, name, state.chains[name], deployment[name], problems);
  }
  if (problems.length) throw new Error(`the deployment does not answer what the state says:\n  ${problems.join('\n  ')}`);
}

// An Osm: its feeds in storage (where the indexer reads them), peek() for the Spot, and the toll.
async function verifyOsm(rpc, where, osm, spot, v, problems) {
  for (const [slot, name, want] of [[OSM_CUR_SLOT, 'cur', v.price], [OSM_NXT_SLOT, 'nxt', v.nxt]]) {
    const feed = feedOf(await storageAt(rpc, osm, slot));
    if (feed.val !== BigInt(want) || feed.has !== 1n)
      problems.push(`${where}: Osm ${name} (slot ${slot}) is ${feed.val} (has ${feed.has}), not ${want} (has 1)`);
  }
  const peek = { to: osm, data: contracts.Osm.data('peek') };
  const [val, has] = words(await rpc.call('eth_call', [{ ...peek, from: spot }, 'latest']));
  if (val !== BigInt(v.price) || has !== 1n) problems.push(`${where}: Osm.peek() for the Spot is ${val}, ${has}, not ${v.price}, 1`);
  const tolled = await rpc.call('eth_call', [{ ...peek, from: '0x000000000000000000000000000000000000dead' }, 'latest'])
    .then(() => false, () => true);
  if (!tolled) problems.push(`${where}: Osm.peek() answers a caller it has not kissed`);
}

// A chain's Dog (its vow, Hole, and per regular Vault type the Clipper, chop and hole, nothing
// owed), its LinearDecrease, and each Clipper's wiring and parameters (no auction yet), and that
// the Clipper can read its price (top = the pip's price * buf).
async function verifyLiquidations(rpc, name, s, c, problems) {
  const at = `chains.${name}`;
  const expect = async (what, address, contract, method, args, want) => {
    const got = await call(rpc, address, contract, method, args);
    want.forEach((w, k) => {
      if (w !== undefined && got[k] !== BigInt(w)) problems.push(`${what}: ${contract}.${method} word ${k} is ${got[k]}, not ${w}`);
    });
  };
  await expect(`${at}.calc`, c.calc, 'LinearDecrease', 'tau', [], [s.calc.tau]);
  await expect(`${at}.dog`, c.dog, 'Dog', 'vat', [], [c.vat]);
  await expect(`${at}.dog`, c.dog, 'Dog', 'vow', [], [c.vow]);
  await expect(`${at}.dog`, c.dog, 'Dog', 'Hole', [], [s.dog.Hole]);
  await expect(`${at}.dog`, c.dog, 'Dog', 'Dirt', [], [0]);
  for (const [i, v] of s.vaults.entries()) {
    if (v.kind !== 'regular') continue;
    const where = `${at}.vaults[${i}].clipper`;
    const d = c.vaults[i];
    const ilk = ilkBytes(v.ilk);
    const p = v.clipper;
    await expect(where, c.dog, 'Dog', 'ilks', [ilk], [d.clipper, p.chop, p.hole, 0]);
    await expect(where, d.clipper, 'Clipper', 'ilk', [], [ilk]);
    for (const [method, want] of [['vat', c.vat], ['spotter', c.spot], ['dog', c.dog], ['vow', c.vow], ['calc', c.calc],
      ['buf', p.buf], ['tail', p.tail], ['cusp', p.cusp], ['chip', p.chip], ['tip', p.tip],
      ['chost', BigInt(v.dust) * BigInt(p.chop) / 10n ** 18n], ['kicks', 0], ['count', 0]])
      await expect(where, d.clipper, 'Clipper', method, [], [want]);
    if (v.pip === 'osm') {
      const [val, has] = words(await rpc.call('eth_call', [{ to: d.pip, from: d.clipper, data: contracts.Osm.data('peek') }, 'latest']));
      if (val !== BigInt(v.price) || has !== 1n) problems.push(`${where}: Osm.peek() for the Clipper is ${val}, ${has}, not ${v.price}, 1`);
    }
  }
}

// A chain's CdpManager (its CDPs, and each owner's list of them), the block of the Vat's
// creation, and the Vat's LogNotes: one per frob, fork and grab sent, each with the selector,
// the ilk and the two addresses as its topics and the call data as its data.
async function verifyUrns(rpc, name, s, c, problems) {
  const at = `chains.${name}`;
  const owners = new Map();  // owner -> its CDP ids, in order
  s.vaults.forEach((v, i) => (v.urns || []).forEach((u, j) => {
    if (u.owner !== undefined) owners.set(u.owner.toLowerCase(), [...(owners.get(u.owner.toLowerCase()) || []), c.vaults[i].cdps[j]]);
  }));
  const cdps = [...owners.values()].flat().length;
  const expect = async (what, method, args, want) => {
    const got = await call(rpc, c.cdpManager, 'CdpManager', method, args);
    want.forEach((w, k) => {
      if (got[k] !== BigInt(w)) problems.push(`${at}.${what}: CdpManager.${method} word ${k} is ${got[k]}, not ${w}`);
    });
  };
  await expect('cdp_manager', 'vat', [], [c.vat]);
  await expect('cdp_manager', 'cdpi', [], [cdps]);
  for (const [owner, ids] of owners) {
    await expect(`owner ${owner}`, 'count', [owner], [ids.length]);
    await expect(`owner ${owner}`, 'first', [owner], [ids[0]]);
    await expect(`owner ${owner}`, 'last', [owner], [ids[ids.length - 1]]);
    for (const [k, id] of ids.entries()) await expect(`cdp ${id}`, 'list', [id], [ids[k - 1] || 0, ids[k + 1] || 0]);
  }

  const code = (block) => rpc.call('eth_getCode', [c.vat, `0x${block.toString(16)}`]);
  if ((await code(c.vatBlock - 1)) !== '0x' || (await code(c.vatBlock)) === '0x')
    problems.push(`${at}.vat_block: ${c.vatBlock} is not the block that created the Vat`);

  const topics = Object.fromEntries(['frob', 'fork', 'grab'].map((f) => [f, noteTopic(contracts.Vat.function(f).selector)]));
  const logs = await rpc.call('eth_getLogs', [{ address: c.vat, fromBlock: `0x${c.vatBlock.toString(16)}`, toBlock: 'latest',
    topics: [Object.values(topics)] }]);
  const urns = new Set(s.vaults.flatMap((v, i) => c.vaults[i].urns || []));
  for (const [f, topic] of Object.entries(topics)) {
    const found = logs.filter((log) => log.topics[0] === topic);
    if (found.length !== c.notes[f]) problems.push(`${at}.vat: ${found.length} LogNotes of ${f}, not ${c.notes[f]}`);
    for (const log of found) {
      const [ilk, u, v] = log.topics.slice(1);
      const ok = log.topics.length === 4 && s.vaults.some((vault) => ilkBytes(vault.ilk) === ilk)
        && urns.has(wordToAddress(BigInt(u))) && urns.has(wordToAddress(BigInt(v)))
        && log.data.length === 2 + 2 * 288 && log.data.slice(2, 130) === `${'0'.repeat(62)}20${'0'.repeat(62)}e0`
        && log.data.slice(130, 138) === topic.slice(2, 10) && log.data.slice(138, 202) === ilk.slice(2);
      if (!ok) problems.push(`${at}.vat: a LogNote of ${f} in block ${BigInt(log.blockNumber)} is not as the Vat's: ${JSON.stringify(log)}`);
    }
  }
}

// The indexer's configuration (the format of deploy/indexer.example.json).
// Where each chain is read: tron at latest, as on TRON; the others pinned at the newest block,
// since a local node's "finalized" block is 64 behind its head, before the state was set.
const readAt = (name) => (name === 'tron' ? { pin_block: false } : { read_at: 'latest' });

// A position's read in the config: where its contracts were deployed.
function positionRead(read, e, pa) {
  if (read.kind === 'aave-v3') return { kind: 'aave-v3', pool: pa(e.pool), reserve: pa(e.asset) };
  if (read.kind === 'balance') return { kind: 'balance', token: pa(e.token) };
  return { kind: 'erc4626', vault: pa(e.vault), rate: read.vsr === undefined ? 'ssr' : 'vsr' };
}

function config(url, state, deployment, follow) {
  const chains = {};
  for (const name of PROTOCOL_CHAINS) {
    const s = state.chains[name];
    if (!s) continue;
    const c = deployment[name];
    const a = (hex) => addressOf(name, hex);
    chains[name] = {
      rpc: [url],
      ...readAt(name),
      // anvil announces its new heads on its HTTP port, over a WebSocket. tron, read at latest
      // as on TRON, has no finalized block: it follows the head.
      ...(follow && follow !== 'off'
        ? { follow: name === 'tron' ? 'head' : follow, ws: url.replace(/^http/, 'ws') } : {}),
      token: a(c.token), staked_token: a(c.staked),
      ...(s.coin.protocol_holders ? { protocol_holders: s.coin.protocol_holders.map((holder) => a(holder.address)) } : {}),
      vat: a(c.vat), jug: a(c.jug), spot: a(c.spot), pot: a(c.pot),
      cdp_manager: a(c.cdpManager), vat_block: c.vatBlock,
      ...(c.dog ? { dog: a(c.dog) } : {}),
      vaults: s.vaults.map((v, i) => {
        const d = c.vaults[i];
        const vault = { ilk: v.ilk, kind: v.kind };
        if (d.litePsm) vault.lite_psm = a(d.litePsm);
        else if (d.allocatorVault) vault.allocator_vault = a(d.allocatorVault);
        else Object.assign(vault, { join: a(d.join), collateral: a(d.collateral) }, d.psm ? { psm: a(d.psm) } : {});
        if (v.kind === 'allocator') {
          vault.positions = (v.positions || []).map((p, j) => {
            const e = d.positions[j];
            const pa = (hex) => addressOf(p.chain, hex);
            return {
              platform: p.platform, chain: p.chain, asset: p.asset, operator: pa(p.operator),
              strategy: p.strategy, tag: p.tag, principal: p.principal,
              read: positionRead(p.read, e, pa),
            };
          });
        }
        return vault;
      }),
    };
  }
  for (const name of Object.keys(deployment).sort())
    if (!chains[name]) chains[name] = { rpc: [url], ...readAt(name) };
  return { chains };
}

main().catch((e) => die(`deploy.mjs: ${e.message}`));
