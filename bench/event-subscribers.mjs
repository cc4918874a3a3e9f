#!/usr/bin/env node
// The event stream at scale (scripts/bench-events.sh): N idle Server-Sent Events subscribers of
// GET /api/v1/events (nginx/events.conf) on loopback, then COMMITS snapshots one after the other;
// for each, how long after the commit every subscriber had its event, and what nginx's workers
// hold per subscriber.
//
//   node bench/event-subscribers.mjs --url http://127.0.0.1:PORT/api/v1/events --var VAR
//        --commit 'SHELL COMMAND' [--subscribers 10000] [--per-address 8] [--commits 3] [--cap 180]
//
// --var is the stack's VAR (its nginx master's pid in VAR/nginx/nginx.pid). --commit is a shell
// command that commits one snapshot (psql); the time it exits is the commit's time. nginx
// allows --per-address streams per client address (EVENT_STREAMS, 8 by default: a 429 above
// it), so the subscribers connect from as many addresses of 127.0.0.0/8 as they need, from
// 127.1.0.1 on (Linux routes the whole /8 to lo: no setup), --per-address each; the stack runs
// with its production setting. The process needs a descriptor per subscriber (ulimit -n).
//
// Steps: nginx's workers' memory (RSS and PSS, /proc/<pid>/smaps_rollup, summed) with no
// subscriber; N subscribers connect (500 connecting at a time), each until its answer's headers
// (200); the streams fall quiet (the first subscribers of each nginx worker get the current
// event: below); the workers' memory again, its growth per subscriber; then each commit in
// turn: the time from the commit's end to the arrival of the event that follows it, per
// subscriber, until every subscriber has it. Measure on fresh workers (a stack just started):
// memory freed by streams that ended stays with them.
//
// Prints what it measured as one JSON object on stdout (progress on stderr); exits 1 when a
// subscriber was refused, closed or missed an event, or the whole run passed --cap seconds (a
// hard cap: whatever it measured so far is printed first). The latencies include this process's
// own reading of 10,000 sockets on the same machine: an upper bound of nginx's.
import net from 'node:net';
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const usage = 'node bench/event-subscribers.mjs --url URL --var VAR --commit COMMAND [--subscribers N] ' +
  '[--per-address P] [--commits K] [--cap SECONDS]';

function die(message) {
  process.stderr.write(`event-subscribers: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = { subscribers: '10000', 'per-address': '8', commits: '3', cap: '180' };
  const known = ['url', 'var', 'commit', 'subscribers', 'per-address', 'commits', 'cap'];
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--') || !known.includes(name) || i + 1 >= argv.length) die(`usage: ${usage}`);
    args[name] = argv[i + 1];
  }
  for (const name of ['url', 'var', 'commit']) if (!args[name]) die(`usage: ${usage}`);
  return args;
}

const args = parseArgs(process.argv.slice(2));
const url = new URL(args.url);
const count = Number(args.subscribers);
const perAddress = Number(args['per-address']);
const commits = Number(args.commits);
const capSeconds = Number(args.cap);
const started = performance.now();
const say = (text) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const result = { subscribers: count, perAddress, addresses: Math.ceil(count / perAddress), rounds: [] };
const failures = {}; // reason -> count
const fail = (reason) => { failures[reason] = (failures[reason] || 0) + 1; };

// The hard cap: print what there is and stop.
setTimeout(() => {
  result.failures = failures;
  result.cappedAfterSeconds = capSeconds;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  die(`stopped at the cap of ${capSeconds} s`);
}, capSeconds * 1000).unref();

// ---- nginx's workers ----

function nginxWorkers() {
  const master = readFileSync(`${args.var}/nginx/nginx.pid`, 'utf8').trim();
  const workers = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ..."
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (fields[1] === master) workers.push(entry);
    } catch { /* ended meanwhile */ }
  }
  return workers;
}

// Summed over the workers: { rssKb, pssKb, workers, descriptors: [open descriptors of each] }.
function nginxMemory() {
  let rssKb = 0, pssKb = 0;
  const workers = nginxWorkers();
  const descriptors = [];
  for (const pid of workers) {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)[1]);
    pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)[1]);
    descriptors.push(readdirSync(`/proc/${pid}/fd`).length);
  }
  return { rssKb, pssKb, workers: workers.length, descriptors };
}

// ---- subscribers ----

// 127.1.0.1, 127.1.0.2, ... 127.1.0.254, 127.1.1.1, ...: `index` / perAddress's address.
function addressOf(index) {
  const n = Math.floor(index / perAddress);
  return `127.${1 + Math.floor(n / 64516)}.${Math.floor(n / 254) % 254}.${1 + (n % 254)}`;
}

class Subscriber {
  constructor(index) {
    this.index = index;
    this.head = '';
    this.status = 0;
    this.pending = ''; // the stream since the last whole event
    this.events = 0; // whole events with an id
    this.lastId = '';
    this.lastEventAt = 0;
    this.closed = false;
  }

  connect() {
    return new Promise((resolve) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: addressOf(this.index) });
      this.socket = socket;
      socket.setNoDelay(true);
      socket.on('connect', () => {
        socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`);
      });
      socket.on('data', (chunk) => {
        if (!this.status) {
          this.head += chunk.toString('latin1');
          const end = this.head.indexOf('\r\n\r\n');
          if (end < 0) return;
          this.status = Number(this.head.slice(9, 12));
          this.receive(this.head.slice(end + 4));
          this.head = '';
          if (this.status !== 200) fail(`status ${this.status}`);
          resolve();
          return;
        }
        this.receive(chunk.toString('latin1'));
      });
      socket.on('error', (error) => {
        if (!this.status) { fail(`connect: ${error.code || error.message}`); resolve(); }
      });
      socket.on('close', () => {
        this.closed = true;
        if (!this.status) { fail('closed before an answer'); resolve(); }
      });
    });
  }

  // The time an event ends is the time it came (an event is a few KB: one segment or a few).
  receive(text) {
    if (!text) return;
    const now = performance.now();
    this.pending += text;
    let end;
    while ((end = this.pending.indexOf('\n\n')) >= 0) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block);
      if (!id) continue; // a heartbeat comment
      this.events += 1;
      this.lastId = id[1];
      this.lastEventAt = now;
    }
  }
}

function runCommit() {
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', ['-c', args.commit], (error, stdout, stderr) => {
      if (error) reject(new Error(`the commit failed: ${stderr || error.message}`));
      else resolve(performance.now());
    });
  });
}

function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (value) => Math.round(value * 10) / 10;

async function main() {
  const before = nginxMemory();
  say(`nginx: ${before.workers} workers, ${before.rssKb} kB RSS, ${before.pssKb} kB PSS with no subscriber`);

  const subscribers = [];
  for (let i = 0; i < count; i++) subscribers.push(new Subscriber(i));
  const connectStart = performance.now();
  let next = 0;
  const connectOne = async () => {
    while (next < count) await subscribers[next++].connect();
  };
  await Promise.all(Array.from({ length: Math.min(500, count) }, connectOne));
  const answered = subscribers.filter((s) => s.status === 200).length;
  result.connectSeconds = ms((performance.now() - connectStart) / 1000);
  say(`${answered} of ${count} subscribed (200) in ${result.connectSeconds} s from ${result.addresses} addresses`);
  if (answered !== count) {
    result.failures = failures;
    process.stdout.write(`${JSON.stringify(result)}\n`);
    die(`not every subscriber was answered 200: ${JSON.stringify(failures)}`);
  }

  // Quiet: nothing came for a second. Some subscribers may have had the current event: the first
  // to reach each nginx worker wait until it has seen the channel hold an event, then get the
  // events kept (nginx.conf's events_subscription()); the rounds count each one's own events.
  for (;;) {
    const newest = Math.max(...subscribers.map((s) => s.lastEventAt));
    if (performance.now() - newest > 1000) break;
    await sleep(100);
  }
  const after = nginxMemory();
  result.nginx = {
    workers: after.workers,
    // How nginx spread the subscribers: each worker's open descriptors, before and after.
    descriptors: { before: before.descriptors, after: after.descriptors },
    before: { rssKb: before.rssKb, pssKb: before.pssKb },
    after: { rssKb: after.rssKb, pssKb: after.pssKb },
    rssKbPerSubscriber: Math.round(((after.rssKb - before.rssKb) / count) * 100) / 100,
    pssKbPerSubscriber: Math.round(((after.pssKb - before.pssKb) / count) * 100) / 100,
  };
  say(`nginx with ${count} subscribers: ${after.rssKb} kB RSS, ${after.pssKb} kB PSS: ` +
      `${result.nginx.rssKbPerSubscriber} kB RSS, ${result.nginx.pssKbPerSubscriber} kB PSS per subscriber`);

  const pooled = []; // every round's latencies
  for (let round = 1; round <= commits; round++) {
    const eventsBefore = subscribers.map((s) => s.events);
    const commitStart = performance.now();
    const committed = await runCommit();
    const latencies = [];
    for (;;) {
      const waiting = subscribers.filter((s, i) => s.events === eventsBefore[i] && !s.closed).length;
      if (waiting === 0) break;
      await sleep(5);
    }
    const ids = new Set();
    let missed = 0, extra = 0;
    subscribers.forEach((s, i) => {
      if (s.events === eventsBefore[i]) { missed += 1; return; }
      if (s.events > eventsBefore[i] + 1) extra += 1;
      ids.add(s.lastId);
      latencies.push(s.lastEventAt - committed);
    });
    latencies.sort((a, b) => a - b);
    pooled.push(...latencies);
    const figures = {
      round,
      commitMs: ms(committed - commitStart),
      received: latencies.length,
      missed,
      moreThanOne: extra,
      distinctIds: ids.size,
      firstMs: ms(latencies[0]),
      p50Ms: ms(percentile(latencies, 50)),
      p99Ms: ms(percentile(latencies, 99)),
      maxMs: ms(latencies[latencies.length - 1]),
    };
    result.rounds.push(figures);
    say(`commit ${round}: ${figures.received} events, first ${figures.firstMs} ms, p50 ${figures.p50Ms} ms, ` +
        `p99 ${figures.p99Ms} ms, last ${figures.maxMs} ms after the commit; ${missed} missed`);
    if (missed) fail('subscriber closed before its event');
    if (ids.size > 1 || extra) fail('subscribers got different events');
    await sleep(1000); // the streams fall quiet again
  }
  pooled.sort((a, b) => a - b);
  if (pooled.length) {
    result.all = { events: pooled.length, p50Ms: ms(percentile(pooled, 50)), p99Ms: ms(percentile(pooled, 99)),
                   maxMs: ms(pooled[pooled.length - 1]) };
  }
  const closed = subscribers.filter((s) => s.closed).length;
  if (closed) fail(`${closed} streams closed by nginx`);
  result.failures = failures;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  for (const s of subscribers) s.socket.destroy();
  process.exit(Object.keys(failures).length ? 1 : 0);
}

main().catch((error) => die(error.message));
