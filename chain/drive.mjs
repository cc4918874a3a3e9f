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
// It moves the Vaults held by a join and the positions of the test contracts. A lite PSM is
// traded instead: gem sold and bought with its fees, and every fourth tick the fees chugged
// (its minted follows the gem, never the chug); the sender is given the gem it sells once, at
// the start. An AllocatorVault and a real Aave market stay as deployed (Aave's balances grow by
// themselves).
// With --state, a position there with fails_after_seconds has its contract's code emptied that
// long after the start (or --fail-after's seconds), its code emptied (anvil_setCode), so that
// every read of it fails from then on.
import { readFileSync } from 'node:fs';
import { PROTOCOL_CHAINS, RAY, Rpc, Sender, call, contracts, die, hexOf, ilkBytes, parseArgs, wordToAddress } from './lib.mjs';

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
    b.vaults = [];
    for (const v of c.vaults.filter((vault) => vault.join)) {
      const ilk = ilkBytes(v.ilk);
      const d = { ilk, kind: v.kind, join: h(v.join), collateral: h(v.collateral) };
      [d.Art, d.rate, d.spot, d.line, d.dust] = await call(rpc, b.vat, 'Vat', 'ilks', [ilk]);
      [d.duty] = await call(rpc, b.jug, 'Jug', 'ilks', [ilk]);
      const [pip, mat] = await call(rpc, b.spot, 'Spot', 'ilks', [ilk]);
      d.pip = wordToAddress(pip);
      d.mat = mat;
      [d.price] = await call(rpc, d.pip, 'Pip', 'val');
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
      const Art = min(swing(d.Art, t, 5000, 30, phase), d.line / rate);
      let { price, spot } = d;
      if (d.kind === 'regular') {
        price = swing(d.price, t, 30000, 20, phase);
        spot = ((price * 10n ** 9n * RAY) / b.par) * RAY / d.mat;
        calls.push([d.pip, 'Pip', 'setPrice', price]);
      }
      const joinBalance = d.kind === 'psm' ? (d.joinBalance * Art) / (d.Art || 1n) : swing(d.joinBalance, t, 4000, 50, phase);
      calls.push([b.vat, 'Vat', 'setIlk', d.ilk, Art, rate, spot, d.line, d.dust],
        [d.collateral, 'Token', 'setBalance', d.join, joinBalance]);
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
  try {
    for (let t = 1; !stopping; t++) {
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, every * 1000); });
      if (stopping) break;
      for (const f of failing.filter((x) => x.at <= Date.now())) {
        await rpc.call('anvil_setCode', [f.address, '0x']);
        failing.splice(failing.indexOf(f), 1);
      }
      const calls = tick(base, t, sender.from);
      if (!batched) {
        for (const [to, name, method, ...a] of calls) await sender.transact(to, name, method, ...a);
        continue;
      }
      const hashes = [];
      for (const [to, name, method, ...a] of calls)
        hashes.push(await rpc.call('eth_sendTransaction', [{ from: sender.from, to, data: contracts[name].data(method, ...a) }]));
      await rpc.call('evm_mine');
      for (const [i, hash] of hashes.entries()) {
        const receipt = await rpc.call('eth_getTransactionReceipt', [hash]);
        if (!receipt || receipt.status !== '0x1')
          throw new Error(`tick ${t}: ${calls[i][1]}.${calls[i][2]} at ${calls[i][0]}: ${receipt ? 'reverted' : 'not mined'}`);
      }
    }
  } finally {
    if (batched) await rpc.call('evm_setAutomine', [true]).catch(() => {});
    rpc.close();
  }
}

main().then(() => process.exit(0), (e) => die(`drive.mjs: ${e.message}`));
