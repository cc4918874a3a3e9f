#!/usr/bin/env node
// The live demo's motion: every few seconds, moves the deployment of chain/deploy.mjs a little
// with the test contracts' setters, so that the API visibly follows the chain.
//
//   node chain/drive.mjs --rpc http://127.0.0.1:8599 --config FILE.json [--every 3]
//                        [--state chain/demo-state.json [--fail-after SECONDS]]
//
// It reads the deployed state once (the values of tick 0); tick t then sets values that are a
// function of those and t alone: one tick stands for a day, so chi (sCOIN's, Pot's and the
// ERC-4626 positions') and each Vault type's rate accrue a day at their rates (dss's rpow), as
// do the Aave positions' balances at their yearly rates; supplies, Art, collateral balances,
// prices and Aave's rates swing on slow waves of a few per cent. Everything stays in range:
// nothing negative, COIN held by sCOIN at most COIN's supply, a Vault type's debt at most its
// ceiling, spot computed from price, par and mat as dss does. A tick's transactions go into one
// block (anvil's evm_setAutomine and evm_mine), so a reader never sees half a tick. Runs until
// SIGTERM or SIGINT, then finishes its tick, turns automine back on and exits 0. Prints
// nothing unless it fails.
//
// A regular Vault type's price also falls on a slow, deep wave: down by about 30% at tick 24 of
// every 48, then back. An Osm pip is poked every tick (its next price becomes current, the new
// price the next one) and spot follows its current price. Its urns move too, through the chain's
// CdpManager (cdp_manager) or directly on the Vat (the urns of the Vat's frob LogNotes that no
// CDP holds): every tick one is frobbed (collateral added or removed, COIN drawn or repaid,
// keeping it safe), every 5th tick a CDP is opened, every 7th one closed (frob -ink, -art),
// every 6th part of one urn is forked to another, every 9th a CDP given to another owner, and
// every 8th the least safe urn below 90% of its liquidation ratio grabbed whole (liquidated), so
// urns enter the Vaults at risk in the fall and leave them again in the rise. Art is the urns'
// art and the rest of the Vault type's, which swings as before.
//
// It moves the Vaults held by a join and the positions of the test contracts. A lite PSM is
// traded instead: gem sold and bought with its fees, and every fourth tick the fees chugged
// (its minted follows the gem, never the chug); the sender is given the gem it sells once, at
// the start. An AllocatorVault and a real Aave market stay as deployed (Aave's balances grow by
// themselves).
// After tick 2 it runs the liquidation scenario of chain/liquidate.mjs once on eth (three
// urns opened, the price lowered, the urns barked, two auctions taken, the third redone; then
// the feed back as it was), with automine on for its transactions, which it mines at the block
// times it needs (the chain's clock jumps about tail seconds ahead); if it fails, it says so on
// stderr and the drive goes on. From then on, a running auction of eth's Clipper that needs a
// redo (tail or cusp) is redone in the next tick's block, so one auction keeps running with a
// falling price.
// With --state, a position there with fails_after_seconds has its contract's code emptied that
// long after the start (or --fail-after's seconds), its code emptied (anvil_setCode), so that
// every read of it fails from then on.
import { readFileSync } from 'node:fs';
import {
  OSM_CUR_SLOT, OSM_NXT_SLOT, PROTOCOL_CHAINS, RAY, Rpc, Sender, call, contracts, die, feedOf, hexOf, ilkBytes, noteTopic,
  parseArgs, storageAt, words, wordToAddress,
} from './lib.mjs';
import { scenario, scenarioOf } from './liquidate.mjs';

const DAY = 86400n;
const YEAR = 31536000n;

// dss's rpow: x^n for a ray x, rounding half up.
function rpow(x, n) {
  let z = n % 2n ? x : RAY;
  for (n /= 2n; n > 0n; n /= 2n) {
    x = (x * x + RAY / 2n) / RAY;
    if (n % 2n) z = (z * x + RAY / 2n) / RAY;
  }
  return z;
}

// x moved by a wave of `amplitude` parts per million, `period` ticks long, shifted by `phase`.
function swing(x, t, amplitude, period, phase) {
  const ppm = BigInt(Math.round(amplitude * Math.sin((2 * Math.PI * t) / period + phase)));
  return x + (x * ppm) / 1000000n;
}
const min = (a, b) => (a < b ? a : b);
const max = (a, b) => (a > b ? a : b);

// A regular Vault type's price at tick t: x on the deep wave (a fall of 30% at tick 24 of every
// 48, then back) and on the swing of a few per cent.
const WAVE = 48;
function wavePrice(x, t, phase) {
  const deep = BigInt(Math.round(1000000 * (1 - 0.15 * (1 - Math.cos((2 * Math.PI * t) / WAVE)))));
  return swing((x * deep) / 1000000n, t, 30000, 20, phase);
}

// The gas of an urn's transaction, given rather than estimated: a frob on a CDP opened earlier in
// the same block cannot be estimated before that block.
const URN_GAS = '0x7a120';  // 500,000

// The values of tick 0: what the contracts hold now.
async function readBase(rpc, config) {
  const base = [];
  for (const name of PROTOCOL_CHAINS) {
    const c = config.chains[name];
    if (!c) continue;
    const h = (a) => hexOf(name, a);
    const b = { name, token: h(c.token), staked: h(c.staked_token), pot: h(c.pot), vat: h(c.vat), jug: h(c.jug), spot: h(c.spot) };
    [b.supply] = await call(rpc, b.token, 'Token', 'totalSupply');
    [b.held] = await call(rpc, b.token, 'Token', 'balanceOf', [b.staked]);
    [b.stakedSupply] = await call(rpc, b.staked, 'SavingsVault', 'totalSupply');
    [b.stakedChi] = await call(rpc, b.staked, 'SavingsVault', 'chi');
    [b.ssr] = await call(rpc, b.staked, 'SavingsVault', 'ssr');
    [b.potChi] = await call(rpc, b.pot, 'Pot', 'chi');
    [b.dsr] = await call(rpc, b.pot, 'Pot', 'dsr');
    [b.jugBase] = await call(rpc, b.jug, 'Jug', 'base');
    [b.par] = await call(rpc, b.spot, 'Spot', 'par');
    b.manager = c.cdp_manager === undefined ? null : h(c.cdp_manager);
    b.vaults = [];
    for (const v of c.vaults.filter((vault) => vault.join)) {
      const ilk = ilkBytes(v.ilk);
      const d = { ilk, kind: v.kind, join: h(v.join), collateral: h(v.collateral) };
      [d.Art, d.rate, d.spot, d.line, d.dust] = await call(rpc, b.vat, 'Vat', 'ilks', [ilk]);
      [d.duty] = await call(rpc, b.jug, 'Jug', 'ilks', [ilk]);
      const [pip, mat] = await call(rpc, b.spot, 'Spot', 'ilks', [ilk]);
      d.pip = wordToAddress(pip);
      d.mat = mat;
      // An Osm (it has hop()) or a Pip. An Osm's feeds are read where the indexer reads them.
      d.osm = await call(rpc, d.pip, 'Osm', 'hop').then(() => true, () => false);
      if (d.osm) {
        d.price = feedOf(await storageAt(rpc, d.pip, OSM_CUR_SLOT)).val;
        d.nxt = feedOf(await storageAt(rpc, d.pip, OSM_NXT_SLOT)).val;
      } else {
        [d.price] = await call(rpc, d.pip, 'Pip', 'val');
      }
      [d.joinBalance] = await call(rpc, d.collateral, 'Token', 'balanceOf', [d.join]);
      d.positions = [];
      for (const p of v.positions || []) {
        const ph = (a) => hexOf(p.chain, a);
        const e = { kind: p.read.kind, operator: ph(p.operator) };
        if (p.read.rate && p.read.rate !== 'ssr') continue;  // only SavingsVault's chi is moved here
        if (e.kind === 'aave-v3') {
          e.pool = ph(p.read.pool);
          e.reserve = ph(p.read.reserve);
          const data = await call(rpc, e.pool, 'AavePool', 'getReserveData', [e.reserve]);
          [e.index, e.apr] = [data[1], data[2]];
          e.aToken = wordToAddress(data[8]);
          [e.balance] = await call(rpc, e.aToken, 'Token', 'balanceOf', [e.operator]);
        } else {
          e.vault = ph(p.read.vault);
          [e.chi] = await call(rpc, e.vault, 'SavingsVault', 'chi');
          [e.ssr] = await call(rpc, e.vault, 'SavingsVault', 'ssr');
        }
        d.positions.push(e);
      }
      b.vaults.push(d);
    }
    if (b.manager) await readUrns(rpc, b, c.vat_block);
    b.litePsms = [];
    for (const v of c.vaults.filter((vault) => vault.lite_psm)) {
      const psm = h(v.lite_psm);
      const [gem] = await call(rpc, psm, 'LitePsm', 'gem');
      const [factor] = await call(rpc, psm, 'LitePsm', 'to18ConversionFactor');
      b.litePsms.push({ psm, gem: wordToAddress(gem), unit: 10n ** 18n / factor });  // one gem, in its units
    }
    base.push(b);
  }
  return base;
}

// The urns of the regular Vault types: the CdpManager's CDPs, then the urns of the Vat's frob
// LogNotes (from vat_block on) that no CDP holds, each with what the Vat holds for it. Sets
// b.cdpi and per Vault type d.urns ({cdp, urn, owner, ink, art}; cdp null for a direct urn),
// d.owners (the CDPs' owners, in order), d.sizes (the urns' ink) and d.otherArt (Art less the
// urns' art).
async function readUrns(rpc, b, vatBlock) {
  const regular = new Map(b.vaults.filter((d) => d.kind === 'regular').map((d) => [d.ilk, d]));
  for (const d of regular.values()) Object.assign(d, { urns: [], owners: [] });
  [b.cdpi] = await call(rpc, b.manager, 'CdpManager', 'cdpi');
  const held = new Set();
  for (let cdp = 1n; cdp <= b.cdpi; cdp++) {
    const urn = wordToAddress((await call(rpc, b.manager, 'CdpManager', 'urns', [cdp]))[0]);
    held.add(urn);
    const ilk = `0x${(await call(rpc, b.manager, 'CdpManager', 'ilks', [cdp]))[0].toString(16).padStart(64, '0')}`;
    const d = regular.get(ilk);
    if (!d) continue;
    const owner = wordToAddress((await call(rpc, b.manager, 'CdpManager', 'owns', [cdp]))[0]);
    const [ink, art] = await call(rpc, b.vat, 'Vat', 'urns', [ilk, urn]);
    d.urns.push({ cdp, urn, owner, ink, art });
    if (!d.owners.includes(owner)) d.owners.push(owner);
  }
  const logs = vatBlock === undefined ? [] : await rpc.call('eth_getLogs', [{ address: b.vat,
    fromBlock: `0x${vatBlock.toString(16)}`, toBlock: 'latest', topics: [noteTopic(contracts.Vat.function('frob').selector)] }]);
  for (const log of logs) {
    const d = regular.get(log.topics[1]);
    const urn = wordToAddress(BigInt(log.topics[2]));
    if (!d || held.has(urn)) continue;
    held.add(urn);
    const [ink, art] = await call(rpc, b.vat, 'Vat', 'urns', [d.ilk, urn]);
    d.urns.push({ cdp: null, urn, owner: null, ink, art });
  }
  for (const d of regular.values()) {
    d.sizes = d.urns.map((u) => u.ink).filter((ink) => ink > 0n);
    d.otherArt = max(d.Art - d.urns.reduce((sum, u) => sum + u.art, 0n), 0n);
  }
}

// Tick t's moves of a Vault type's urns (chain/README.md): calls pushed to `calls`, the model
// (d.urns, b.cdpi) moved with them. i: the Vault type's index; spot and rate: the tick's.
function moveUrns(b, d, i, t, spot, rate, calls) {
  const open = d.urns.filter((u) => u.ink > 0n || u.art > 0n);
  // Safety in per cent: collateral at spot over debt (100: at the liquidation ratio).
  const safety = (ink, art) => (art === 0n ? 1000000n : (ink * spot * 100n) / (art * rate));
  const dusty = (art) => art > 0n && art * rate < d.dust;
  const frob = (u, dink, dart) => {
    if (u.cdp !== null) calls.push([b.manager, 'CdpManager', 'frob', u.cdp, dink, dart]);
    else calls.push([b.vat, 'Vat', 'frob', d.ilk, u.urn, u.urn, u.urn, dink, dart]);
    u.ink += dink;
    u.art += dart;
  };

  // The least safe urn below 90% of the liquidation ratio, liquidated whole.
  if (t % 8 === 0) {
    const unsafe = open.filter((u) => u.urn && safety(u.ink, u.art) < 90n)
      .sort((x, y) => (safety(x.ink, x.art) < safety(y.ink, y.art) ? -1 : 1));
    if (unsafe.length) {
      const u = unsafe[0];
      calls.push([b.vat, 'Vat', 'grab', d.ilk, u.urn, u.urn, u.urn, -u.ink, -u.art]);
      u.ink = 0n;
      u.art = 0n;
    }
  }

  // One urn frobbed: collateral added or removed, COIN drawn or repaid. Drawing and removing
  // stop at 130% of the liquidation ratio (150% for the second draw), where the owner adds or
  // repays 2% instead: urns drift towards 130%, and the fall takes some below 100%.
  const live = d.urns.filter((u) => u.ink > 0n);
  if (live.length) {
    const u = live[(t * 5 + i) % live.length];
    const action = (t + i) % 4;
    const repay = u.art / 50n;
    const add = () => frob(u, u.ink / 50n, 0n);
    if (action === 0) frob(u, u.ink / 20n, 0n);
    else if (action === 1) (safety(u.ink, u.art + u.art / 8n) >= 130n ? frob(u, 0n, u.art / 8n) : add());
    else if (safety(u.ink - u.ink / 10n, u.art) >= (action === 2 ? 130n : 150n)) {
      if (action === 2) frob(u, -(u.ink / 10n), 0n);
      else frob(u, 0n, u.art / 10n);
    } else if (repay > 0n && !dusty(u.art - repay)) frob(u, 0n, -repay);
    else add();
  }

  // A CDP opened, for one of the owners or a new one, at 110% to 320% of the liquidation ratio.
  if (t % 5 === 0 && d.sizes.length) {
    const n = t / 5;
    const owner = n % 3 === 2 || !d.owners.length
      ? `0x0cd9${(0xe000 + t).toString(16).padStart(36, '0')}` : d.owners[n % d.owners.length];
    if (!d.owners.includes(owner)) d.owners.push(owner);
    const ink = d.sizes[n % d.sizes.length] + d.sizes[n % d.sizes.length] * BigInt(n % 4) / 10n;
    let art = (ink * spot * 100n) / (rate * BigInt([110, 135, 170, 240, 320][n % 5]));
    if (dusty(art)) art = d.dust / rate + 1n;
    const cdp = ++b.cdpi;
    calls.push([b.manager, 'CdpManager', 'open', d.ilk, owner]);
    const u = { cdp, urn: null, owner, ink: 0n, art: 0n };  // urn: read once mined
    d.urns.push(u);
    frob(u, ink, art);
  }

  // A CDP closed: all its collateral freed and its debt repaid, by an owner at 150% or more. At
  // least 4 stay open.
  const cdps = d.urns.filter((u) => u.cdp !== null && u.urn && (u.ink > 0n || u.art > 0n));
  const comfortable = cdps.filter((u) => safety(u.ink, u.art) >= 150n);
  if (t % 7 === 3 && cdps.length > 4 && comfortable.length) {
    const u = comfortable[t % comfortable.length];
    frob(u, -u.ink, -u.art);
  }

  // A quarter of one urn's collateral and debt forked to another.
  const known = d.urns.filter((u) => u.urn && u.ink > 0n);
  if (t % 6 === 1 && known.length >= 2) {
    const src = known[t % known.length];
    const dst = known[(t + 1) % known.length];
    const [ink, art] = [src.ink / 4n, src.art / 4n];
    if (!dusty(src.art - art) && !dusty(dst.art + art)) {
      calls.push([b.vat, 'Vat', 'fork', d.ilk, src.urn, dst.urn, ink, art]);
      src.ink -= ink;
      src.art -= art;
      dst.ink += ink;
      dst.art += art;
    }
  }

  // A CDP given to the next of the owners.
  if (t % 9 === 4 && cdps.length && d.owners.length > 1) {
    const u = cdps[(t / 9 | 0) % cdps.length];
    const next = d.owners[(d.owners.indexOf(u.owner) + 1) % d.owners.length];
    calls.push([b.manager, 'CdpManager', 'give', u.cdp, next]);
    u.owner = next;
  }
}

// The urns of CDPs opened in the last tick, once it is mined.
async function readNewUrns(rpc, base) {
  for (const b of base) {
    for (const u of b.vaults.flatMap((d) => d.urns || []).filter((x) => x.urn === null))
      u.urn = wordToAddress((await call(rpc, b.manager, 'CdpManager', 'urns', [u.cdp]))[0]);
  }
}

// The calls of tick t, sent by `from`: [address, contract, method, ...args].
function tick(base, t, from) {
  const calls = [];
  const s = BigInt(t) * DAY;
  base.forEach((b, k) => {
    const stakedChi = (b.stakedChi * rpow(b.ssr, s)) / RAY;
    const stakedSupply = swing(b.stakedSupply, t, 3000, 40, k);
    const supply = swing(b.supply, t, 2000, 60, k + 1);
    // sCOIN's holding follows its supply and chi.
    const held = min((b.held * stakedSupply * stakedChi) / (b.stakedSupply * b.stakedChi || 1n), supply);
    calls.push([b.token, 'Token', 'setTotalSupply', supply], [b.token, 'Token', 'setBalance', b.staked, held],
      [b.staked, 'SavingsVault', 'setTotalSupply', stakedSupply], [b.staked, 'SavingsVault', 'setChi', stakedChi],
      [b.pot, 'Pot', 'setChi', (b.potChi * rpow(b.dsr, s)) / RAY], [b.pot, 'Pot', 'setPie', stakedSupply]);
    b.vaults.forEach((d, i) => {
      const phase = k + i / 3;
      const rate = (d.rate * rpow(b.jugBase + d.duty, s)) / RAY;
      // The urns' art as the last tick left it; the rest of Art swings. Their frobs, after
      // setIlk in the block, move Art by their dart.
      const urnArt = (d.urns || []).reduce((sum, u) => sum + u.art, 0n);
      const otherArt = d.urns ? d.otherArt : d.Art;
      const Art = max(min(swing(otherArt, t, 5000, 30, phase), d.line / rate - urnArt), 0n) + urnArt;
      let { price, spot } = d;
      if (d.kind === 'regular' && d.osm) {
        // poke: the next price (set last tick, or deployed) becomes current; spot follows it.
        price = t === 1 ? d.nxt : wavePrice(d.nxt, t - 1, phase);
        calls.push([d.pip, 'Osm', 'poke', wavePrice(d.nxt, t, phase)]);
      } else if (d.kind === 'regular') {
        price = wavePrice(d.price, t, phase);
        calls.push([d.pip, 'Pip', 'setPrice', price]);
      }
      if (d.kind === 'regular') spot = ((price * 10n ** 9n * RAY) / b.par) * RAY / d.mat;
      const joinBalance = d.kind === 'psm' ? (d.joinBalance * Art) / (d.Art || 1n) : swing(d.joinBalance, t, 4000, 50, phase);
      calls.push([b.vat, 'Vat', 'setIlk', d.ilk, Art, rate, spot, d.line, d.dust],
        [d.collateral, 'Token', 'setBalance', d.join, joinBalance]);
      if (d.urns) moveUrns(b, d, i, t, spot, rate, calls);
      d.positions.forEach((e, j) => {
        if (e.kind === 'aave-v3') {
          const grow = (x) => x + (x * e.apr * s) / (RAY * YEAR);
          calls.push([e.pool, 'AavePool', 'setLiquidity', e.reserve, grow(e.index), swing(e.apr, t, 50000, 25, phase + j)],
            [e.aToken, 'Token', 'setBalance', e.operator, grow(e.balance)]);
        } else {
          calls.push([e.vault, 'SavingsVault', 'setChi', (e.chi * rpow(e.ssr, s)) / RAY]);
        }
      });
    });
    for (const l of b.litePsms) {
      const gems = 1000n * BigInt(1 + (t % 3)) * l.unit;
      if (t % 4 === 0) calls.push([l.psm, 'LitePsm', 'chug']);
      else if (t % 4 === 2) calls.push([l.psm, 'LitePsm', 'buyGem', from, gems / 2n]);
      else calls.push([l.psm, 'LitePsm', 'sellGem', from, gems]);
    }
  });
  return calls;
}

// The liquidation scenario's chain, and the tick after which it runs.
const SCENARIO_CHAIN = 'eth';
const SCENARIO_TICK = 2;

// The calls that redo the running auctions of the scenario's Clipper that need it.
async function redoCalls(rpc, liquidation, from) {
  if (!liquidation) return [];
  const calls = [];
  const ids = words(await rpc.call('eth_call', [{ to: liquidation.clipper, data: contracts.Clipper.data('list') }, 'latest'])).slice(2);
  for (const id of ids) {
    const [needsRedo] = await call(rpc, liquidation.clipper, 'Clipper', 'getStatus', [id]);
    if (needsRedo) calls.push([liquidation.clipper, 'Clipper', 'redo', id, from]);
  }
  return calls;
}

// The contracts of the state's positions with fails_after_seconds, and when they fail.
function failures(state, config, after) {
  const found = [];
  for (const [name, chain] of Object.entries(state ? state.chains : {})) {
    (chain.vaults || []).forEach((v, i) => (v.positions || []).forEach((p, j) => {
      if (p.fails_after_seconds === undefined) return;
      const read = config.chains[name].vaults[i].positions[j].read;
      found.push({ at: Date.now() + (after ?? p.fails_after_seconds) * 1000, address: hexOf(p.chain, read.vault ?? read.pool) });
    }));
  }
  return found;
}

async function main() {
  const usage = 'node chain/drive.mjs --rpc URL --config FILE.json [--every SECONDS] [--state FILE.json [--fail-after SECONDS]]';
  const args = parseArgs(process.argv.slice(2), ['rpc', 'config', 'every', 'state', 'fail-after'], usage);
  const every = Number(args.every ?? 3);
  if (!args.rpc || !args.config || !(every > 0)) die(`usage: ${usage}`);
  const config = JSON.parse(readFileSync(args.config, 'utf8'));

  let stopping = false;
  let wake = () => {};
  const stop = () => { stopping = true; wake(); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const rpc = new Rpc(args.rpc);
  const sender = await Sender.first(rpc);
  const base = await readBase(rpc, config);
  for (const l of base.flatMap((b) => b.litePsms)) await sender.transact(l.gem, 'Token', 'setBalance', sender.from, 10n ** 9n * l.unit);
  const failAfter = args['fail-after'] === undefined ? undefined : Number(args['fail-after']);
  if (failAfter !== undefined && !(failAfter >= 0)) die(`usage: ${usage}`);
  const failing = failures(args.state && JSON.parse(readFileSync(args.state, 'utf8')), config, failAfter);
  // One block per tick where the node lets us mine by hand; else one block per transaction.
  const batched = await rpc.call('evm_setAutomine', [false]).then(() => true, () => false);
  const liquidation = config.chains[SCENARIO_CHAIN] && config.chains[SCENARIO_CHAIN].dog
    ? await scenarioOf(rpc, config, SCENARIO_CHAIN) : null;
  try {
    for (let t = 1; !stopping; t++) {
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, every * 1000); });
      if (stopping) break;
      for (const f of failing.filter((x) => x.at <= Date.now())) {
        await rpc.call('anvil_setCode', [f.address, '0x']);
        failing.splice(failing.indexOf(f), 1);
      }
      const calls = tick(base, t, sender.from);
      if (t > SCENARIO_TICK) calls.push(...await redoCalls(rpc, liquidation, sender.from));
      if (!batched) {
        for (const [to, name, method, ...a] of calls) await sender.transact(to, name, method, ...a);
        await readNewUrns(rpc, base);
        continue;
      }
      const hashes = [];
      for (const [to, name, method, ...a] of calls) {
        const gas = name === 'CdpManager' || name === 'Clipper' || (name === 'Vat' && method !== 'setIlk') ? { gas: URN_GAS } : {};
        hashes.push(await rpc.call('eth_sendTransaction', [{ from: sender.from, to, data: contracts[name].data(method, ...a), ...gas }]));
      }
      await rpc.call('evm_mine');
      for (const [i, hash] of hashes.entries()) {
        const receipt = await rpc.call('eth_getTransactionReceipt', [hash]);
        if (!receipt || receipt.status !== '0x1')
          throw new Error(`tick ${t}: ${calls[i][1]}.${calls[i][2]} at ${calls[i][0]}: ${receipt ? 'reverted' : 'not mined'}`);
      }
      await readNewUrns(rpc, base);
      if (t === SCENARIO_TICK && liquidation) {
        if (batched) await rpc.call('evm_setAutomine', [true]);
        try {
          await scenario(rpc, sender, liquidation);
        } catch (e) {
          process.stderr.write(`drive.mjs: the liquidation scenario on ${SCENARIO_CHAIN} failed, the drive goes on: ${e.message}\n`);
        } finally {
          if (batched) await rpc.call('evm_setAutomine', [false]);
        }
      }
    }
  } finally {
    if (batched) await rpc.call('evm_setAutomine', [true]).catch(() => {});
    rpc.close();
  }
}

main().then(() => process.exit(0), (e) => die(`drive.mjs: ${e.message}`));
