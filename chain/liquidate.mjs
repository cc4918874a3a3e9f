#!/usr/bin/env node
// The demo chain's liquidation scenario (chain/README.md, "Liquidations"): on one chain's first
// regular Vault type (eth: ETH-A), three fresh urns opened just safe, a price fall that makes
// them unsafe, each barked by the Dog (auctions 1, 2 and 3 of its Clipper on a fresh
// deployment), auction 1 taken in part and then whole (its tab covered, collateral returned to
// the urn), auction 2 taken whole at a low price (its lot sold, tab left: bad debt), auction 3
// redone after its tail and left running.
//
//   node chain/liquidate.mjs --rpc URL --config FILE.json --chain eth --step STEP [--state chain/demo-state.json]
//
// STEP is one of, in this order (each a separate run, so that a test can put a reorganisation
// or a backfill boundary between two):
//   open     three urns (0x0bad…<chain digit>1 to 3) frobbed on the Vat, each 10 units of
//            collateral (times 10 until they carry twice dust) and debt just under the
//            liquidation ratio (99.8%, 99.6%, 99.4% of ink * spot / rate, in whole tens of Art)
//   fall     the feed's price to 99% of what it is (4 significant digits; an Osm's next price to
//            99.5%), spot with it (Vat.setIlk), then Dog.bark of the three urns
//   take     auction 1: 2/5 of the lot at tau/10 (price 0.9 top), then the rest at tau/5 (0.8 top: the
//            tab is covered, the lot left goes back to the urn); auction 2: all 10 units at tau/2
//            (0.5 top: the lot is sold, tab left)
//   redo     the price to the Osm's next one (a Pip's: 99.5% of what fall set), then, at tail + 1
//            seconds after auction 3 started, Clipper.redo(3): a new top and the keeper's coin
//   restore  the feed's prices and spot back to --state's (default chain/demo-state.json)
//   all      open, fall, take and redo
// Each take and the redo are mined at the block time the scenario gives them
// (evm_setNextBlockTimestamp: the chain's clock jumps forward, by about tail seconds in all), so
// their prices are exact. The sender (the node's first account) is the keeper (kpr), the taker
// (its COIN in the Vat set with Vat.setDai) and the collateral's receiver (who).
//
// Prints one JSON line per step on stdout: the step, the chain, the Vault type, the contracts,
// and per transaction its purpose, hash, block and block time, with the urns, the auctions and
// what the events said. Fails (exit 1, a message on stderr) if a transaction reverts or a result
// is not the scenario's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  OSM_CUR_SLOT, OSM_NXT_SLOT, PROTOCOL_CHAINS, RAY, Rpc, Sender, call, contracts, die, feedOf, hexOf, ilkBytes, parseArgs,
  storageAt, words, wordToAddress,
} from './lib.mjs';

const WAD = 10n ** 18n;
export const STEPS = ['open', 'fall', 'take', 'redo', 'restore'];
const LOT = 10n * WAD;  // each urn's collateral: 10 units, or 10^k times that where 10 units carry less than twice dust
const SAFETY = [998n, 996n, 994n];  // each urn's debt, per mille of what its collateral allows

// The scenario's urns on a chain: 0x0bad, zeros, the chain's digit (tron 1, eth 2, bsc 3) and 1 to 3.
export function scenarioUrns(chain) {
  const digit = PROTOCOL_CHAINS.indexOf(chain) + 1;
  return [1, 2, 3].map((k) => `0x0bad${'0'.repeat(34)}${digit}${k}`);
}

// x rounded down to 4 significant digits.
function significant4(x) {
  const digits = x.toString().length;
  const unit = digits > 4 ? 10n ** BigInt(digits - 4) : 1n;
  return (x / unit) * unit;
}


// The deployment of one chain's first regular Vault type, as the config names it.
export async function scenarioOf(rpc, config, chain) {
  const c = config.chains[chain];
  if (!c || !c.vat) throw new Error(`the config has no protocol chain ${chain}`);
  if (!c.dog) throw new Error(`the config's ${chain} has no dog`);
  const h = (a) => hexOf(chain, a);
  const vault = c.vaults.find((v) => v.kind === 'regular');
  if (!vault) throw new Error(`${chain} has no regular Vault type`);
  const s = { chain, ilkName: vault.ilk, ilk: ilkBytes(vault.ilk), vat: h(c.vat), spot: h(c.spot), dog: h(c.dog) };
  const [clip] = await call(rpc, s.dog, 'Dog', 'ilks', [s.ilk]);
  s.clipper = wordToAddress(clip);
  [s.vow] = (await call(rpc, s.dog, 'Dog', 'vow')).map(wordToAddress);
  [s.calc] = (await call(rpc, s.clipper, 'Clipper', 'calc')).map(wordToAddress);
  const [pip, mat] = await call(rpc, s.spot, 'Spot', 'ilks', [s.ilk]);
  s.pip = wordToAddress(pip);
  s.mat = mat;
  [s.par] = await call(rpc, s.spot, 'Spot', 'par');
  s.osm = await call(rpc, s.pip, 'Osm', 'hop').then(() => true, () => false);
  s.urns = scenarioUrns(chain);
  return s;
}

// The feed's prices: cur and nxt of an Osm (from storage, as the indexer reads them), a Pip's val.
async function feed(rpc, s) {
  if (!s.osm) {
    const [val] = await call(rpc, s.pip, 'Pip', 'val');
    return { price: val, nxt: null };
  }
  return { price: feedOf(await storageAt(rpc, s.pip, OSM_CUR_SLOT)).val, nxt: feedOf(await storageAt(rpc, s.pip, OSM_NXT_SLOT)).val };
}

const spotOf = (s, price) => ((price * 10n ** 9n * RAY) / s.par) * RAY / s.mat;

// The events of the liquidation contracts, by topic 0 (keccak-256 of the signature).
const EVENTS = {
  Bark: ['Bark(bytes32,address,uint256,uint256,uint256,address,uint256)', ['ilk', 'urn', 'id'], ['ink', 'art', 'due', 'clip']],
  Kick: ['Kick(uint256,uint256,uint256,uint256,address,address,uint256)', ['id', 'usr', 'kpr'], ['top', 'tab', 'lot', 'coin']],
  Take: ['Take(uint256,uint256,uint256,uint256,uint256,uint256,address)', ['id', 'usr'], ['max', 'price', 'owe', 'tab', 'lot']],
  Redo: ['Redo(uint256,uint256,uint256,uint256,address,address,uint256)', ['id', 'usr', 'kpr'], ['top', 'tab', 'lot', 'coin']],
};
const topics = {};
async function decode(rpc, log) {
  if (!Object.keys(topics).length) {
    for (const [name, [sig]] of Object.entries(EVENTS))
      topics[await rpc.call('web3_sha3', [`0x${Buffer.from(sig).toString('hex')}`])] = name;
  }
  const name = topics[log.topics[0]];
  if (!name) return null;
  const [, indexed, data] = EVENTS[name];
  const event = { event: name, address: log.address, logIndex: Number(BigInt(log.logIndex)) };
  const value = (field, word) => (['urn', 'usr', 'kpr', 'clip'].includes(field) ? wordToAddress(word)
    : field === 'ilk' ? `0x${word.toString(16).padStart(64, '0')}` : word.toString());
  indexed.forEach((field, i) => { event[field] = value(field, BigInt(log.topics[i + 1])); });
  words(log.data).forEach((word, i) => { event[data[i]] = value(data[i], word); });
  return event;
}

// Runs the scenario's transactions, recording each (with the events of the liquidation contracts).
class Run {
  constructor(rpc, sender, s) {
    Object.assign(this, { rpc, sender, s, txs: [] });
  }

  async send(what, address, contract, method, ...args) {
    const receipt = await this.sender.transact(address, contract, method, ...args);
    const block = await this.rpc.call('eth_getBlockByNumber', [receipt.blockNumber, false]);
    const events = [];
    for (const log of receipt.logs) {
      const e = await decode(this.rpc, log);
      if (e) events.push(e);
    }
    const tx = { what, tx: receipt.transactionHash, block: Number(BigInt(receipt.blockNumber)),
      time: Number(BigInt(block.timestamp)), ...(events.length ? { events } : {}) };
    this.txs.push(tx);
    return tx;
  }

  // The next transaction is mined at `time` (seconds), which must be after the newest block's.
  async at(time, what) {
    const latest = await this.rpc.call('eth_getBlockByNumber', ['latest', false]);
    if (BigInt(latest.timestamp) >= time)
      throw new Error(`${what}: due at block time ${time}, but the newest block is already at ${BigInt(latest.timestamp)}`);
    await this.rpc.call('evm_setNextBlockTimestamp', [Number(time)]);
  }
}

// The auction of each scenario urn: its id in the Clipper (the running auction whose usr it is),
// or null.
async function auctionsOf(rpc, s) {
  const [kicks] = await call(rpc, s.clipper, 'Clipper', 'kicks');
  const found = s.urns.map(() => null);
  for (let id = 1n; id <= kicks; id++) {
    const [, tab, lot, usr, tic, top] = await call(rpc, s.clipper, 'Clipper', 'sales', [id]);
    const k = s.urns.indexOf(wordToAddress(usr));
    if (k >= 0) found[k] = { id, tab, lot, tic, top };
  }
  return found;
}

async function open(run) {
  const { rpc, s } = run;
  const [, rate, spot, , dust] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
  let lot = LOT;
  while ((lot * spot * SAFETY[2]) / 1000n < 2n * dust) lot *= 10n;
  const urns = [];
  for (const [k, urn] of s.urns.entries()) {
    const [ink, art] = await call(rpc, s.vat, 'Vat', 'urns', [s.ilk, urn]);
    if (ink || art) throw new Error(`open: urn ${urn} is not empty (ink ${ink}, art ${art}): the scenario has run on this chain`);
    const debt = (lot * spot * SAFETY[k]) / 1000n / rate;  // Art for SAFETY[k] per mille of the collateral's worth
    const drawn = (debt / (10n * WAD)) * 10n * WAD;  // whole tens
    if (drawn * rate < dust) throw new Error(`open: urn ${urn}'s debt ${drawn * rate} is below dust ${dust}`);
    const tx = await run.send(`open urn ${k + 1}`, s.vat, 'Vat', 'frob', s.ilk, urn, urn, urn, lot, drawn);
    urns.push({ urn, ink: lot.toString(), art: drawn.toString(), tx: tx.tx, block: tx.block });
  }
  return { rate: rate.toString(), spot: spot.toString(), urns };
}

async function fall(run) {
  const { rpc, s } = run;
  const before = await feed(rpc, s);
  const price = significant4((before.price * 99n) / 100n);
  const nxt = significant4((before.price * 995n) / 1000n);
  const spot = spotOf(s, price);
  if (s.osm) await run.send('fall: Osm feeds', s.pip, 'Osm', 'setFeeds', price, nxt);
  else await run.send('fall: Pip price', s.pip, 'Pip', 'setPrice', price);
  const [Art, rate, , line, dust] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
  await run.send('fall: spot', s.vat, 'Vat', 'setIlk', s.ilk, Art, rate, spot, line, dust);
  const auctions = [];
  for (const [k, urn] of s.urns.entries()) {
    const [ink, art] = await call(rpc, s.vat, 'Vat', 'urns', [s.ilk, urn]);
    if (!(ink * spot < art * rate)) throw new Error(`fall: urn ${urn} is still safe (ink ${ink}, art ${art}, spot ${spot}, rate ${rate})`);
    const tx = await run.send(`bark urn ${k + 1}`, s.dog, 'Dog', 'bark', s.ilk, urn, run.sender.from);
    const bark = tx.events.find((e) => e.event === 'Bark');
    const kick = tx.events.find((e) => e.event === 'Kick');
    if (!bark || !kick || kick.logIndex > bark.logIndex) throw new Error(`bark urn ${k + 1}: no Kick then Bark in ${tx.tx}`);
    auctions.push({ id: bark.id, urn, ink: bark.ink, art: bark.art, due: bark.due, tab: kick.tab, top: kick.top,
      lot: kick.lot, coin: kick.coin, tic: tx.time, tx: tx.tx, block: tx.block });
  }
  return { price_before: before.price.toString(), price: price.toString(), ...(s.osm ? { nxt: nxt.toString() } : {}),
    spot: spot.toString(), auctions };
}

// price(top, dur) as the LinearDecrease computes it.
const linear = (top, dur, tau) => (dur >= tau ? 0n : (top * (((tau - dur) * RAY) / tau)) / RAY);

async function take(run) {
  const { rpc, s } = run;
  const [first, second] = await auctionsOf(rpc, s);
  if (!first || !second) throw new Error('take: auctions of urns 1 and 2 expected (run fall first)');
  const [tau] = await call(rpc, s.calc, 'LinearDecrease', 'tau');
  const [tail] = await call(rpc, s.clipper, 'Clipper', 'tail');
  const [cusp] = await call(rpc, s.clipper, 'Clipper', 'cusp');
  if (tau / 2n > tail || RAY / 2n < cusp) throw new Error(`take: tau/2 (${tau / 2n} s, price 0.5 top) must be within tail ${tail} and cusp ${cusp}`);
  // The taker's COIN in the Vat: enough for the takes (every tab).
  const [dai] = await call(rpc, s.vat, 'Vat', 'dai', [run.sender.from]);
  const need = first.tab + second.tab;
  if (dai < need) await run.send('taker: COIN in the Vat', s.vat, 'Vat', 'setDai', run.sender.from, need);

  const buy = async (what, a, dur, amt) => {
    const price = linear(a.top, dur, tau);
    await run.at(a.tic + dur, what);
    const tx = await run.send(what, s.clipper, 'Clipper', 'take', a.id, amt, price, run.sender.from, '0x');
    const t = tx.events.find((e) => e.event === 'Take');
    if (!t || BigInt(t.price) !== price) throw new Error(`${what}: Take at ${t && t.price}, not ${price}`);
    return { id: a.id.toString(), dur: dur.toString(), amt: amt.toString(), max: t.max, price: t.price, owe: t.owe,
      tab: t.tab, lot: t.lot, tx: tx.tx, block: tx.block, time: tx.time };
  };
  const takes = [];
  takes.push(await buy('take auction 1 in part', first, tau / 10n, (first.lot * 2n) / 5n));
  const rest = BigInt(takes[0].lot);
  const gemOf = async () => (await call(rpc, s.vat, 'Vat', 'gem', [s.ilk, s.urns[0]]))[0];
  const had = await gemOf();
  takes.push(await buy('take auction 1 whole', first, tau / 5n, rest));
  const gem = (await gemOf()) - had;
  if (takes[1].tab !== '0' || gem !== BigInt(takes[1].lot)) throw new Error(`take auction 1 whole: tab ${takes[1].tab} left, ${gem} returned`);
  takes.push(await buy('take auction 2 whole', second, tau / 2n, second.lot));
  if (takes[2].lot !== '0' || takes[2].tab === '0') throw new Error(`take auction 2 whole: lot ${takes[2].lot}, tab ${takes[2].tab} left; a short end expected`);
  return { returned: { urn: s.urns[0], gem: gem.toString() }, takes };
}

async function redo(run) {
  const { rpc, s } = run;
  const third = (await auctionsOf(rpc, s))[2];
  if (!third) throw new Error('redo: an auction of urn 3 expected (run fall first)');
  const [tail] = await call(rpc, s.clipper, 'Clipper', 'tail');
  const now = await feed(rpc, s);
  const price = s.osm ? now.nxt : significant4((now.price * 1005n) / 1000n);
  if (s.osm) await run.send('redo: Osm poke', s.pip, 'Osm', 'poke', price);
  else await run.send('redo: Pip price', s.pip, 'Pip', 'setPrice', price);
  const [Art, rate, , line, dust] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
  await run.send('redo: spot', s.vat, 'Vat', 'setIlk', s.ilk, Art, rate, spotOf(s, price), line, dust);
  await run.at(third.tic + tail + 1n, 'redo auction 3');
  const tx = await run.send('redo auction 3', s.clipper, 'Clipper', 'redo', third.id, run.sender.from);
  const r = tx.events.find((e) => e.event === 'Redo');
  return { price: price.toString(), redo: { id: r.id, top: r.top, tab: r.tab, lot: r.lot, coin: r.coin, kpr: r.kpr,
    tic: tx.time, tx: tx.tx, block: tx.block } };
}

// The feed and spot set to `to` ({price, nxt}); with --state, the state's.
export async function restore(run, to) {
  const { rpc, s } = run;
  if (s.osm) await run.send('restore: Osm feeds', s.pip, 'Osm', 'setFeeds', to.price, to.nxt);
  else await run.send('restore: Pip price', s.pip, 'Pip', 'setPrice', to.price);
  const [Art, rate, , line, dust] = await call(rpc, s.vat, 'Vat', 'ilks', [s.ilk]);
  const spot = spotOf(s, BigInt(to.price));
  await run.send('restore: spot', s.vat, 'Vat', 'setIlk', s.ilk, Art, rate, spot, line, dust);
  return { price: to.price.toString(), ...(s.osm ? { nxt: to.nxt.toString() } : {}), spot: spot.toString() };
}

// The whole scenario as the live demo runs it (chain/drive.mjs): open, fall, take and redo, then
// the feed back to what it was before (an Osm's cur and nxt, a Pip's price) and spot with it. The
// steps' summaries.
export async function scenario(rpc, sender, s) {
  const before = await feed(rpc, s);
  const done = [];
  for (const name of ['open', 'fall', 'take', 'redo']) done.push(await step(rpc, sender, s, name));
  const run = new Run(rpc, sender, s);
  done.push({ step: 'restore', ...(await restore(run, before)), txs: run.txs });
  return done;
}

// One step: its summary (an object that JSON.stringify can write).
export async function step(rpc, sender, s, name, stateFile) {
  const run = new Run(rpc, sender, s);
  let result;
  if (name === 'open') result = await open(run);
  else if (name === 'fall') result = await fall(run);
  else if (name === 'take') result = await take(run);
  else if (name === 'redo') result = await redo(run);
  else if (name === 'restore') {
    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    const v = state.chains[s.chain].vaults.find((x) => x.ilk === s.ilkName);
    result = await restore(run, { price: BigInt(v.price), nxt: v.nxt === undefined ? null : BigInt(v.nxt) });
  } else throw new Error(`no step ${name}`);
  return { step: name, chain: s.chain, ilk: s.ilkName, vat: s.vat, dog: s.dog, clipper: s.clipper, vow: s.vow, calc: s.calc,
    pip: s.pip, keeper: sender.from, ...result, txs: run.txs };
}

async function main() {
  const usage = 'node chain/liquidate.mjs --rpc URL --config FILE.json --chain eth --step open|fall|take|redo|restore|all [--state chain/demo-state.json]';
  const args = parseArgs(process.argv.slice(2), ['rpc', 'config', 'chain', 'step', 'state'], usage);
  if (!args.rpc || !args.config || !args.chain || !args.step) die(`usage: ${usage}`);
  const steps = args.step === 'all' ? ['open', 'fall', 'take', 'redo'] : [args.step];
  if (!steps.every((x) => STEPS.includes(x))) die(`usage: ${usage}`);
  const config = JSON.parse(readFileSync(args.config, 'utf8'));
  const stateFile = args.state ?? fileURLToPath(new URL('demo-state.json', import.meta.url));
  const rpc = new Rpc(args.rpc);
  try {
    const sender = await Sender.first(rpc);
    const s = await scenarioOf(rpc, config, args.chain);
    for (const name of steps) process.stdout.write(`${JSON.stringify(await step(rpc, sender, s, name, stateFile))}\n`);
  } finally {
    rpc.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main().catch((e) => die(`liquidate.mjs: ${e.message}`));
