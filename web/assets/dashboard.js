// The dashboard at /: every figure is read from the public API on this origin, by the browser.
// Each section loads on its own; an answer that fails (network, HTTP status, or a non-zero
// `code`) leaves a message in its section and the rest of the page as it is.
//
// Every figure shown carries what it shows, exactly as the API sent it: data-value (the API's
// text: numbers are parsed keeping their digits, format.js), data-src (the API path) and
// data-path (a JSON Pointer into the answer; "" for the bare numbers of /totalSupply). The text
// is that value rounded for a person; a figure computed from others (a Vault's share of its
// ceiling) is marked data-derived instead. tests/browser/dashboard.mjs compares all of them with
// the API. Charts expose the points they draw (data-points-<chain>) and their period
// (data-interval, data-state="ready" once drawn); a liquidation curve its answer (data-src) and
// its points (data-points), a chain's liquidations over the month those and the values drawn
// (data-bad-debt, data-debt-covered).
//
// Live: the page follows the event stream (GET /api/v1/events). Each snapshot published is an
// event naming the answers whose bytes changed; the sections showing one of them are drawn again
// from the new answers, without a reload. body[data-state] is "ready" once the page is drawn
// (again), body[data-live] says whether the stream is "open" or "reconnecting".
import * as fmt from './format.js';

// One look per chain, told apart without colour too: line dash and legend marker differ, and
// the legend names the chain. Okabe-Ito colours (safe for the common colour blindnesses). The
// chains are 6.8's; one without a look of its own here gets the next spare one (lookOf).
const LOOK = {
  tron: { stroke: '#0072B2', dash: [], marker: 'solid', name: 'TRON' },
  eth: { stroke: '#D55E00', dash: [10, 5], marker: 'dashed', name: 'Ethereum' },
  bsc: { stroke: '#009E73', dash: [2, 4], marker: 'dotted', name: 'BNB Chain' },
};
const SPARE_LOOKS = [
  { stroke: '#CC79A7', dash: [6, 3, 2, 3], marker: 'dashed' },
  { stroke: '#E69F00', dash: [1, 3], marker: 'dotted' },
  { stroke: '#56B4E9', dash: [12, 3], marker: 'dashed' },
];

function lookOf(chain, chains) {
  if (LOOK[chain]) return LOOK[chain];
  const spare = chains.filter((c) => !LOOK[c]).indexOf(chain);
  return { ...SPARE_LOOKS[spare % SPARE_LOOKS.length], name: chain };
}
const KIND = { 1: 'Regular', 2: 'PSM', 3: 'Allocator' };

const API = {
  totalSupply: '/totalSupply',
  coin: '/api/v1/external/total-supply/coin',
  scoin: '/api/v1/external/total-supply/scoin',
  info: '/api/v1/data-platform/overview/info',
  apy: '/api/v1/market-site/overview/apy',
  latest: (chain) => `/api/v1/data-platform/latest-collateral?chain=${chain}`,
  history: (chain, interval) => `/api/v1/data-platform/collateral-history?chain=${chain}&interval=${interval}`,
  allocator: '/api/v1/smart-allocator/detail-overview',
  atRisk: (chain) => `/api/v1/risk/vaults-at-risk?chain=${chain}`,
  curve: (chain, vaultType) => `/api/v1/risk/liquidation-curve?chain=${chain}&vaultType=${vaultType}`,
  auctions: (chain) => `/api/v1/risk/auctions?chain=${chain}`,
  liquidations: (chain) => `/api/v1/risk/liquidation-totals?chain=${chain}&interval=MONTHLY`,
  baseline: '/api/v1/data-platform/daily-baseline',
};

// ---------------------------------------------------------------------------------------------
// The API

class ApiError extends Error {}

const answers = new Map(); // path -> Promise of the parsed answer: each path is asked once
let newestModified = null; // the newest Last-Modified header of the answers read

// One request per path until an event says its answer changed (refresh forgets it); a failed one
// is asked again next time (a period clicked again).
function get(path) {
  if (!answers.has(path)) {
    const answer = fetchAnswer(path);
    answers.set(path, answer);
    answer.catch(() => answers.delete(path));
  }
  return answers.get(path);
}

async function fetchAnswer(path) {
  let response;
  try {
    // no-cache: the answers may be kept 30 s by caches (Cache-Control), but this page shows the
    // newest; the browser asks with its copy's ETag, and a 304 keeps the copy.
    response = await fetch(path, { cache: 'no-cache', headers: { Accept: 'application/json, text/plain' } });
  } catch (error) {
    throw new ApiError(`${path}: no answer (${error.message})`);
  }
  if (!response.ok) throw new ApiError(`${path}: HTTP ${response.status} ${response.statusText}`.trim());
  const text = await response.text();
  const modified = response.headers.get('Last-Modified');
  if (modified && (!newestModified || Date.parse(modified) > Date.parse(newestModified))) newestModified = modified;
  let doc;
  try {
    doc = fmt.parseExact(text);
  } catch {
    throw new ApiError(`${path}: the answer is not JSON`);
  }
  if (typeof doc === 'string') return doc; // 6.1 and 6.2: a bare number
  if (doc === null || typeof doc !== 'object' || !('code' in doc)) {
    throw new ApiError(`${path}: an answer without a code`);
  }
  if (doc.code !== '0') throw new ApiError(`${path}: code ${doc.code}, ${doc.message}`);
  return doc;
}

// The value at a JSON Pointer ("/data/items/0/apy"); "" is the whole answer.
function at(doc, pointer) {
  let value = doc;
  for (const key of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object' || !(key in value)) {
      throw new ApiError(`no ${pointer} in the answer`);
    }
    value = value[key];
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// The page

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// A figure of an answer: src (its path), pointer (JSON Pointer), format (its display); a null
// shows as an em dash. kind: 'num' (right-aligned, tabular) or 'text'.
function figure(src, doc, pointer, format = String, kind = 'num') {
  const value = at(doc, pointer);
  const exact = value === null ? 'null' : String(value);
  const shown = value === null || value === '' ? '\u2014' : format(value);
  return el('span', {
    class: `fig fig-${kind}`,
    'data-value': exact,
    'data-src': src,
    'data-path': pointer,
    title: kind === 'num' ? exact : undefined,
  }, shown);
}

const usd = (v) => fmt.usd(v);
const change = (v) => fmt.usd(v, { sign: true });
const coin = (unit) => (v) => `${fmt.amount(v)} ${unit}`;

function cell(content, attributes = {}) {
  return el('td', attributes, content);
}

function numCell(...content) {
  return el('td', { class: 'num' }, ...content);
}

// Where a daily change is measured from later than today's 00:00 UTC+8 (6.23): the time of day
// from which, a figure of 6.23, as HH:MM (UTC+8); null where it is 00:00 or 6.23 does not answer.
// It is later where what the change covers began today: a deployment younger than its first
// 00:00, a chain added today. `chain` null: 6.7's totals, later only if no chain was observed
// before 00:00.
async function laterBaseline(chain = null) {
  let doc;
  try {
    doc = await get(API.baseline);
  } catch {
    return null;
  }
  const midnight = at(doc, '/data/midnight');
  const measured = at(doc, '/data/items')
    .map((item, i) => ({ since: item.since, pointer: `/data/items/${i}/since`, chain: item.chain }))
    .filter((item) => item.since !== null && (chain === null || item.chain === chain));
  if (!measured.length || measured.some((item) => item.since === midnight)) return null;
  const first = measured.reduce((a, b) => (Number(b.since) < Number(a.since) ? b : a));
  return figure(API.baseline, doc, first.pointer, (ms) => fmt.timeUtc8(ms).slice(11));
}

// The words after a card's daily change: ' today', or ' since HH:MM'.
const sinceWhen = async () => {
  const later = await laterBaseline();
  return later ? [' since ', later] : [' today'];
};

// The messages of a section: what could not be read, in words.
function report(section, error) {
  const box = section.querySelector('.messages');
  const text = error instanceof ApiError ? error.message : `${error.name}: ${error.message}`;
  box.append(el('p', { class: 'error', role: 'alert' }, `Could not load ${text.replace(/\.$/, '')}. The rest of the page is unaffected; reload to try again.`));
  if (!(error instanceof ApiError)) console.warn(error); // a bug of this page, not of the API
}

// Runs each part of a section, reporting each failure there and going on with the next.
async function load(sectionId, ...parts) {
  const section = document.getElementById(sectionId);
  section.querySelector('.messages').replaceChildren(); // those of the drawing before
  section.setAttribute('aria-busy', 'true');
  const results = await Promise.allSettled(parts.map((part) => part()));
  for (const result of results) if (result.status === 'rejected') report(section, result.reason);
  section.removeAttribute('aria-busy');
  section.dataset.state = results.some((r) => r.status === 'rejected') ? 'partial' : 'ready';
}

function card(list, label, main, ...notes) {
  list.append(el('div', { class: 'card' }, el('dt', {}, label),
    el('dd', {}, main, ...notes.map((note) => el('span', { class: 'sub' }, ...note)))));
}

function chainName(chain) {
  return LOOK[chain] ? LOOK[chain].name : chain;
}

// The chains, in the spec's order: those 6.8 answers an item for, one per chain (not a list of
// this page's: the API's chains are the database's). Read with the first section that needs
// them, once.
let chains = null;
async function readChains() {
  if (!chains) chains = at(await get(API.apy), '/data/items').map((item) => item.chain);
  return chains;
}

// A section with a part per chain: `parts(chains)` are run once the chains are known; when they
// cannot be read, that is the section's message.
async function loadPerChain(sectionId, parts) {
  let list;
  try {
    list = await readChains();
  } catch (error) {
    return load(sectionId, () => Promise.reject(error));
  }
  return load(sectionId, ...parts(list));
}

// ---------------------------------------------------------------------------------------------
// At a glance: 6.1 (with 6.4 and 6.5's totals), 6.7, 6.8, 6.14

function loadGlance() {
  const cards = document.getElementById('glance-cards');
  cards.replaceChildren();
  // Cards in a fixed order whatever answers first: each part fills its own slot.
  const slot = () => cards.appendChild(el('div', { class: 'slot' }));
  const slots = { supply: slot(), collateral: slot(), apy: slot(), value: slot(), earn: slot(), allocator: slot() };
  const fill = (name, ...args) => {
    const list = document.createDocumentFragment();
    card(list, ...args);
    slots[name].replaceWith(list);
  };
  return load('glance',
    async () => {
      const doc = await get(API.totalSupply);
      // Its split, when 6.4 and 6.5 answer (the supply table reports them when they do not).
      const [coinDoc, scoinDoc] = await Promise.allSettled([get(API.coin), get(API.scoin)]);
      const split = coinDoc.status === 'fulfilled' && scoinDoc.status === 'fulfilled'
        ? ['COIN ', figure(API.coin, coinDoc.value, '/data/totalSupply', fmt.amount),
          ' + sCOIN ', figure(API.scoin, scoinDoc.value, '/data/totalSupply', fmt.amount)]
        : ['COIN in circulation + sCOIN'];
      fill('supply', 'True total supply, all chains', figure(API.totalSupply, doc, '', coin('COIN')), split);
    },
    async () => {
      const doc = await get(API.info);
      fill('collateral', 'Total collateral value', figure(API.info, doc, '/data/totalCollateralValue', usd),
        [figure(API.info, doc, '/data/totalCollateralValueDailyChange', change), ...(await sinceWhen())]);
      fill('value', 'COIN + sCOIN value', figure(API.info, doc, '/data/totalSupplyValue', usd),
        [figure(API.info, doc, '/data/totalSupplyValueDailyChange', change), ...(await sinceWhen())]);
      fill('earn', 'Earn TVL (savings)', figure(API.info, doc, '/data/earnTvl', usd),
        [figure(API.info, doc, '/data/earnTvlDailyChange', change), ...(await sinceWhen())]);
    },
    async () => {
      const doc = await get(API.apy);
      fill('apy', 'Savings APY, all chains', figure(API.apy, doc, '/data/currentApy', fmt.percent),
        ['average ', figure(API.apy, doc, '/data/averageApy', fmt.percent)]);
    },
    async () => {
      const doc = await get(API.allocator);
      fill('allocator', 'Smart Allocator APY', figure(API.allocator, doc, '/data/apy', fmt.percentAlready),
        ['blended over its positions']);
    },
  ).finally(() => cards.querySelectorAll('.slot').forEach((s) => s.remove()));
}

// ---------------------------------------------------------------------------------------------
// Supply by chain: 6.4 and 6.5

function loadSupply() {
  const body = document.querySelector('#supply-table tbody');
  body.replaceChildren();
  return load('supply', async () => {
    const list = await readChains();
    const [coinDoc, scoinDoc] = await Promise.allSettled([get(API.coin), get(API.scoin)]);
    const column = (result, src, key) => (result.status === 'fulfilled'
      ? numCell(figure(src, result.value, `/data/${key}`, fmt.amount))
      : numCell('unavailable'));
    for (const [key, label] of [...list.map((c) => [c, chainName(c)]), ['totalSupply', 'All chains']]) {
      body.append(el('tr', { class: key === 'totalSupply' ? 'total' : undefined },
        el('th', { scope: 'row' }, label),
        column(coinDoc, API.coin, key), column(scoinDoc, API.scoin, key)));
    }
    for (const result of [coinDoc, scoinDoc]) if (result.status === 'rejected') throw result.reason;
  });
}

// ---------------------------------------------------------------------------------------------
// Charts (uPlot): one series per chain over time

// series: {chain: [[epochMs, valueText], ...]}; returns uPlot's aligned data (seconds on x), a
// column per chain (the chains are known before a chart is drawn).
function aligned(series) {
  const times = [...new Set(chains.flatMap((c) => (series[c] || []).map(([t]) => Number(t))))]
    .sort((a, b) => a - b);
  const columns = chains.map((c) => {
    const byTime = new Map((series[c] || []).map(([t, v]) => [Number(t), Number(v)]));
    return times.map((t) => (byTime.has(t) ? byTime.get(t) : null));
  });
  return [times.map((t) => t / 1000), ...columns];
}

// The time axis in UTC+8, as the API's days are: "08:00" under hours (the day below when it
// changes), "05-13" under days (the year below when it changes), "2026-05" under months.
function timeLabels(u, splits, axis, space, increment) {
  return splits.map((ts, i) => {
    const text = fmt.timeUtc8(ts * 1000); // "2026-05-13 08:00"
    const before = i > 0 ? fmt.timeUtc8(splits[i - 1] * 1000) : '';
    if (increment < 86400) return text.slice(11) + (before.slice(0, 10) === text.slice(0, 10) ? '' : `\n${text.slice(5, 10)}`);
    if (increment < 28 * 86400) return text.slice(5, 10) + (before.slice(0, 4) === text.slice(0, 4) ? '' : `\n${text.slice(0, 4)}`);
    return text.slice(0, 7);
  });
}

function chart(container, { valueText, axisText }) {
  if (typeof uPlot === 'undefined') throw new ApiError('the chart library (/assets/vendor/uPlot.iife.min.js)');
  let plot = null;
  const height = () => (container.clientWidth < 560 ? 220 : 300);
  const options = () => {
    const looks = chains.map((c) => lookOf(c, chains));
    return {
      width: container.clientWidth,
      height: height(),
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/GMT-8'), // the API's days: UTC+8
      scales: { x: { time: true } },
      legend: { markers: { width: 3, dash: (u, i) => (i === 0 ? 'solid' : looks[i - 1].marker) } },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 'Time (UTC+8)', value: (u, ts) => (ts == null ? '\u2014' : fmt.timeUtc8(ts * 1000)) },
        ...looks.map((look) => ({
          label: look.name,
          stroke: look.stroke,
          dash: look.dash,
          width: 2,
          spanGaps: true,
          points: { size: 6, fill: look.stroke },
          value: (u, v) => (v == null ? '\u2014' : valueText(v)),
        })),
      ],
      axes: [
        { stroke: '#333', grid: { stroke: '#e4e4e4' }, ticks: { stroke: '#ccc' }, values: timeLabels },
        { stroke: '#333', grid: { stroke: '#e4e4e4' }, ticks: { stroke: '#ccc' }, size: 64,
          values: (u, splits) => splits.map(axisText) },
      ],
    };
  };
  new ResizeObserver(() => {
    if (plot && plot.width !== container.clientWidth) plot.setSize({ width: container.clientWidth, height: height() });
  }).observe(container);
  return {
    draw(series) {
      const data = aligned(series);
      if (plot) plot.setData(data);
      else plot = new uPlot(options(), data, container);
      // What was drawn, for a reader and the browser test: points per chain, from uPlot's data.
      chains.forEach((c, i) => {
        container.dataset[`points${c[0].toUpperCase()}${c.slice(1)}`] = String(plot.data[i + 1].filter((v) => v !== null).length);
      });
      container.dataset.points = String(plot.data.slice(1).reduce((n, s) => n + s.filter((v) => v !== null).length, 0));
      container.dataset.state = 'ready';
      return plot;
    },
    get plot() { return plot; },
  };
}

const usdFromNumber = (v) => fmt.usd(String(v));
const percentFromNumber = (v) => fmt.percent(String(v));

// ---------------------------------------------------------------------------------------------
// Collateral value per chain over time (6.13) and now (6.12)

const collateralChart = { current: null, shown: null, request: 0 };

async function showInterval(interval) {
  const container = document.getElementById('collateral-chart');
  const section = document.getElementById('collateral');
  const request = ++collateralChart.request;
  document.querySelectorAll('#interval-switch button').forEach((button) => {
    button.setAttribute('aria-pressed', String(button.dataset.interval === interval));
  });
  container.dataset.state = 'loading';
  const list = await readChains();
  const results = await Promise.allSettled(list.map((c) => get(API.history(c, interval))));
  if (request !== collateralChart.request) return; // another period was asked for meanwhile
  section.querySelectorAll('.messages .history').forEach((m) => m.remove());
  const series = {};
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      series[list[i]] = at(result.value, '/data/items').map((p) => [p.statisticTime, p.collateralValue]);
    } else {
      report(section, result.reason);
      section.querySelector('.messages .error:last-child').classList.add('history');
    }
  });
  if (!collateralChart.current) {
    collateralChart.current = chart(container, { valueText: usdFromNumber, axisText: fmt.compactUsd });
  }
  collateralChart.current.draw(series);
  container.dataset.interval = interval;
  container.setAttribute('aria-label', `Collateral value per chain over ${document.querySelector(`#interval-switch [data-interval="${interval}"]`).textContent}`);
}

const shownInterval = () => document.querySelector('#interval-switch [aria-pressed="true"]').dataset.interval;

function listenToPeriods() {
  document.querySelectorAll('#interval-switch button').forEach((button) => {
    button.addEventListener('click', () => {
      showInterval(button.dataset.interval).catch((error) => report(document.getElementById('collateral'), error));
    });
  });
}

function loadCollateral() {
  const body = document.querySelector('#chain-table tbody');
  body.replaceChildren();
  return loadPerChain('collateral', (list) => [
    () => showInterval(shownInterval()),
    ...list.map((c) => {
      const row = body.appendChild(el('tr'));
      return async () => {
        row.append(el('th', { scope: 'row' }, chainName(c)));
        let doc;
        try {
          doc = await get(API.latest(c));
        } catch (error) {
          row.append(el('td', { colspan: 5 }, 'unavailable'));
          throw error;
        }
        const src = API.latest(c);
        const later = await laterBaseline(c);
        row.append(
          numCell(figure(src, doc, '/data/totalCollateralValue', usd)),
          numCell(figure(src, doc, '/data/totalCollateralValueDailyChange', change), ...(later ? [' since ', later] : [])),
          numCell(figure(src, doc, '/data/totalSupplyValue', usd)),
          numCell(figure(src, doc, '/data/earnTvl', usd)),
          numCell(figure(src, doc, '/data/apy', fmt.percent)));
      };
    })]);
}

// ---------------------------------------------------------------------------------------------
// Savings APY per chain (6.8)

let apyChart = null;

function loadApy() {
  const body = document.querySelector('#apy-table tbody');
  body.replaceChildren();
  return load('apy', async () => {
    const doc = await get(API.apy);
    await readChains(); // the chart's columns: this answer's chains
    const items = at(doc, '/data/items');
    const series = {};
    items.forEach((item, i) => {
      series[item.chain] = item.items.map((p) => [p.statisticTime, p.apy]);
      body.append(el('tr', {},
        el('th', { scope: 'row' }, figure(API.apy, doc, `/data/items/${i}/chain`, chainName, 'text')),
        numCell(figure(API.apy, doc, `/data/items/${i}/currentApy`, fmt.percent)),
        numCell(figure(API.apy, doc, `/data/items/${i}/averageApy`, fmt.percent))));
    });
    if (!apyChart) {
      apyChart = chart(document.getElementById('apy-chart'), {
        valueText: percentFromNumber,
        axisText: (v) => `${+(v * 100).toFixed(2)}%`,
      });
    }
    apyChart.draw(series);
  });
}

// ---------------------------------------------------------------------------------------------
// Vaults (6.12 of each chain)

// Close to a limit: a regular Vault with debt whose collateral ratio is under 1.1 x its
// minimum, or any Vault whose debt is over 90% of its ceiling. Exact decimal comparisons.
function limits(item) {
  const flags = [];
  const hasDebt = fmt.compareTimes(item.debt, 1, '0', 1) > 0;
  if (item.collateralType === '1' && hasDebt && fmt.compareTimes(item.collateralRatio, 10, item.minCollateralRatio, 11) < 0) {
    flags.push('Near minimum ratio');
  }
  if (fmt.compareTimes(item.line, 1, '0', 1) > 0 && fmt.compareTimes(item.debt, 10, item.line, 9) > 0) {
    flags.push('Near debt ceiling');
  }
  return flags;
}

function loadVaults() {
  const body = document.querySelector('#vault-table tbody');
  body.replaceChildren();
  return loadPerChain('vaults', (list) => list.map((c) => {
    // A placeholder row per chain keeps the chains in order whichever answers first.
    const group = body.appendChild(el('tr', { hidden: true }));
    return async () => {
      const src = API.latest(c);
      const doc = await get(src);
      const rows = at(doc, '/data/items').map((item, i) => {
        const p = `/data/items/${i}`;
        const flags = limits(item);
        const hasDebt = fmt.compareTimes(item.debt, 1, '0', 1) !== 0;
        const used = fmt.share(item.debt, item.line);
        return el('tr', { class: flags.length ? 'warn' : undefined, 'data-flags': flags.join('; ') },
          el('th', { scope: 'row' },
            flags.length ? el('span', { class: 'flag', 'aria-hidden': 'true' }, '\u26A0 ') : null,
            figure(src, doc, `${p}/vaultType`, String, 'text')),
          cell(figure(src, doc, `${p}/chain`, chainName, 'text')),
          cell(figure(src, doc, `${p}/collateralType`, (v) => KIND[v] || `type ${v}`, 'text')),
          numCell(figure(src, doc, `${p}/lockedValue`, usd)),
          numCell(figure(src, doc, `${p}/collateralRatio`, (v) => (hasDebt ? fmt.ratio(v) : 'no debt')),
            el('span', { class: 'sub' }, 'min ', figure(src, doc, `${p}/minCollateralRatio`, fmt.ratio))),
          numCell(figure(src, doc, `${p}/debt`, fmt.amount),
            el('span', { class: 'sub' }, 'of ', figure(src, doc, `${p}/line`, fmt.amount))),
          numCell(used === '' ? '\u2014' : el('span', { class: 'derived', 'data-derived': 'debt/line' }, used,
            el('meter', { min: 0, max: 1, value: Math.min(1, Number(item.debt) / Number(item.line)), 'aria-hidden': 'true' }))),
          numCell(figure(src, doc, `${p}/stabilityFee`, fmt.percent)),
          el('td', { class: 'status' }, flags.length ? `\u26A0 ${flags.join(', ')}` : 'OK'));
      });
      group.replaceWith(...rows);
    };
  })).finally(() => body.querySelectorAll('tr[hidden]').forEach((r) => r.remove()));
}

// ---------------------------------------------------------------------------------------------
// Risk: per chain, the liquidation curve of each regular Vault type (6.18), the urns near
// liquidation (6.17), the running auctions (6.22) and the liquidations over the month (6.21)

// A liquidation curve: the COIN debt liquidatable (y) at each whole % fall of the judged price
// (x, 0 to 90), in the chain's look; the legend names the price at the fall under the cursor.
function curveChart(container, look, src, doc) {
  const items = at(doc, '/data/items');
  const height = 220;
  const plot = new uPlot({
    width: container.clientWidth,
    height,
    scales: { x: { time: false, range: [0, 90] }, y: { range: (u, min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    legend: { markers: { width: 3, dash: (u, i) => (i === 0 ? 'solid' : look.marker) } },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: 'Price fall', value: (u, v, s, i) => (i == null ? '\u2014' : `${v}%, price ${fmt.price(items[i].price)}`) },
      {
        label: 'Debt liquidatable',
        stroke: look.stroke,
        dash: look.dash,
        width: 2,
        paths: uPlot.paths.stepped({ align: 1 }),
        points: { show: false },
        value: (u, v) => (v == null ? '\u2014' : `${fmt.amount(String(v))} COIN`),
      },
    ],
    axes: [
      { stroke: '#333', grid: { stroke: '#e4e4e4' }, ticks: { stroke: '#ccc' }, values: (u, splits) => splits.map((v) => `${v}%`) },
      { stroke: '#333', grid: { stroke: '#e4e4e4' }, ticks: { stroke: '#ccc' }, size: 64, values: (u, splits) => splits.map(fmt.compactAmount) },
    ],
  }, [items.map((p) => Number(p.drop)), items.map((p) => Number(p.debt))], container);
  const resized = new ResizeObserver(() => {
    if (plot.width !== container.clientWidth) plot.setSize({ width: container.clientWidth, height });
  });
  resized.observe(container);
  container.dataset.src = src;
  container.dataset.points = String(items.length);
  container.dataset.state = 'ready';
  return { destroy() { resized.disconnect(); plot.destroy(); } };
}

// An address shortened for a table, "TcQpAM…kHYQ"; the whole of it in the title.
function address(src, doc, pointer) {
  const node = figure(src, doc, pointer, (v) => `${v.slice(0, 6)}\u2026${v.slice(-4)}`, 'text');
  if (at(doc, pointer) !== null) node.title = at(doc, pointer);
  return node;
}

let riskCharts = []; // the curves drawn: destroyed when the section is drawn again
const riskVaultTypes = {}; // chain -> the Vault types whose curves are shown

// A chain's Vault types: their curves, their totals at risk, and the urns at risk.
async function drawRisk(group, c) {
  const src = API.atRisk(c);
  const doc = await get(src);
  const vaults = at(doc, '/data/vaults');
  riskVaultTypes[c] = vaults.map((v) => v.vaultType);
  if (!vaults.length) {
    group.append(el('p', { class: 'note' }, `No regular Vault type with a price on ${chainName(c)}: no urn to judge.`));
    return;
  }
  const within = () => figure(src, doc, '/data/within', String, 'text');
  const curves = el('div', { class: 'curves' });
  const totals = el('tbody');
  const urns = el('tbody');
  const items = at(doc, '/data/items');
  group.append(curves,
    el('h4', {}, 'Within ', within(), ' % of liquidation'),
    el('div', { class: 'table-wrap' }, el('table', { class: 'risk-totals' },
      el('caption', { class: 'visually-hidden' }, `${chainName(c)}: urns liquidatable and at risk, per Vault type`),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col' }, 'Vault type'),
        el('th', { scope: 'col', class: 'num' }, 'Judged price', el('span', { class: 'sub' }, 'price, next price')),
        el('th', { scope: 'col', class: 'num' }, 'Liquidatable urns'),
        el('th', { scope: 'col', class: 'num' }, 'Liquidatable debt (COIN)'),
        el('th', { scope: 'col', class: 'num' }, 'At-risk urns', el('span', { class: 'sub' }, 'the liquidatable included')),
        el('th', { scope: 'col', class: 'num' }, 'At-risk debt (COIN)'),
        el('th', { scope: 'col', class: 'num' }, 'At-risk collateral value'))),
      totals)),
    items.length
      ? el('div', { class: 'table-wrap' }, el('table', { class: 'risk-urns' },
        el('caption', { class: 'visually-hidden' }, `${chainName(c)}: the urns at risk, nearest to liquidation first`),
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, 'Urn'),
          el('th', { scope: 'col' }, 'Vault type'),
          el('th', { scope: 'col' }, 'CDP id', el('span', { class: 'sub' }, 'owner')),
          el('th', { scope: 'col', class: 'num' }, 'Collateral'),
          el('th', { scope: 'col', class: 'num' }, 'Debt (COIN)'),
          el('th', { scope: 'col', class: 'num' }, 'Collateral\u00ADization'),
          el('th', { scope: 'col', class: 'num' }, 'Liquidation price'),
          el('th', { scope: 'col', class: 'num' }, 'Distance', el('span', { class: 'sub' }, 'fall of the judged price')))),
        urns))
      : el('p', { class: 'empty' }, 'No urn within ', within(), ' % of liquidation.'));

  vaults.forEach((v, i) => {
    const p = `/data/vaults/${i}`;
    totals.append(el('tr', {},
      el('th', { scope: 'row' }, figure(src, doc, `${p}/vaultType`, String, 'text')),
      numCell(figure(src, doc, `${p}/prices/judgedPrice`, fmt.price),
        el('span', { class: 'sub' }, figure(src, doc, `${p}/prices/price`, fmt.price), ', ',
          figure(src, doc, `${p}/prices/nextPrice`, fmt.price))),
      numCell(figure(src, doc, `${p}/liquidatableUrns`)),
      numCell(figure(src, doc, `${p}/liquidatableDebt`, fmt.amount)),
      numCell(figure(src, doc, `${p}/atRiskUrns`)),
      numCell(figure(src, doc, `${p}/atRiskDebt`, fmt.amount)),
      numCell(figure(src, doc, `${p}/atRiskCollateralValue`, usd))));
  });
  items.forEach((urn, i) => {
    const p = `/data/items/${i}`;
    const now = urn.liquidationDrop === '0';
    urns.append(el('tr', { class: now ? 'warn' : undefined },
      el('th', { scope: 'row' },
        now ? el('span', { class: 'flag', 'aria-hidden': 'true' }, '\u26A0 ') : null,
        address(src, doc, `${p}/urn`)),
      cell(figure(src, doc, `${p}/vaultType`, String, 'text')),
      el('td', {}, figure(src, doc, `${p}/cdpId`, String, 'text'),
        urn.owner === null ? null : el('span', { class: 'sub' }, address(src, doc, `${p}/owner`))),
      numCell(figure(src, doc, `${p}/collateral`, fmt.tokens)),
      numCell(figure(src, doc, `${p}/debt`, fmt.amount)),
      numCell(figure(src, doc, `${p}/collateralization`, fmt.ratio)),
      numCell(figure(src, doc, `${p}/liquidationPrice`, fmt.price)),
      numCell(figure(src, doc, `${p}/liquidationDistance`, fmt.percentAlready),
        now ? el('span', { class: 'sub flag' }, '\u26A0 liquidatable now') : null)));
  });

  const look = lookOf(c, chains);
  const drawn = await Promise.allSettled(vaults.map(async (v) => {
    const container = el('div', { class: 'chart', role: 'img', 'data-nocheck': true,
      'aria-label': `${chainName(c)} ${v.vaultType}: COIN debt liquidatable at each fall of the judged price, 0 to 90 %` });
    const caption = el('figcaption', {}, el('strong', {}, v.vaultType), ': debt liquidatable (COIN) as the price falls');
    curves.append(el('figure', { class: 'curve', 'data-chain': c, 'data-vault-type': v.vaultType }, caption, container));
    const curveSrc = API.curve(c, v.vaultType);
    let curveDoc;
    try {
      curveDoc = await get(curveSrc);
    } catch (error) {
      container.replaceChildren(el('p', {}, 'unavailable'));
      throw error;
    }
    caption.append(' from the judged price, ', figure(curveSrc, curveDoc, '/data/prices/judgedPrice', fmt.price));
    if (typeof uPlot === 'undefined') throw new ApiError('the chart library (/assets/vendor/uPlot.iife.min.js)');
    riskCharts.push(curveChart(container, look, curveSrc, curveDoc));
  }));
  const failed = drawn.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

// A chain's running auctions (6.22), each at its price now.
async function drawAuctions(group, c) {
  const src = API.auctions(c);
  const doc = await get(src);
  const items = at(doc, '/data/items');
  group.append(el('h4', {}, 'Running auctions'));
  if (!items.length) {
    group.append(el('p', { class: 'empty' }, 'No running auctions.'));
    return;
  }
  const rows = el('tbody');
  group.append(el('div', { class: 'table-wrap' }, el('table', { class: 'auctions' },
    el('caption', { class: 'visually-hidden' }, `${chainName(c)}: the auctions still running, newest first`),
    el('thead', {}, el('tr', {},
      el('th', { scope: 'col' }, 'Urn'),
      el('th', { scope: 'col' }, 'Vault type'),
      el('th', { scope: 'col' }, 'Status'),
      el('th', { scope: 'col', class: 'num' }, 'Price now (COIN)'),
      el('th', { scope: 'col', class: 'num' }, 'Collateral left'),
      el('th', { scope: 'col', class: 'num' }, 'Tab left (COIN)'),
      el('th', { scope: 'col' }, 'Needs a Redo'),
      el('th', { scope: 'col' }, 'Started', el('span', { class: 'sub', 'data-nocheck': true }, 'UTC+8')))),
    rows)));
  items.forEach((auction, i) => {
    const p = `/data/items/${i}`;
    // Its Clipper's getStatus at the newest snapshot; null (a dash) until it is read.
    const now = (key, format, kind) => (auction.current === null
      ? figure(src, doc, `${p}/current`, String, kind) : figure(src, doc, `${p}/current/${key}`, format, kind));
    const redo = auction.current !== null && auction.current.needsRedo === true;
    rows.append(el('tr', { class: redo ? 'warn' : undefined },
      el('th', { scope: 'row' }, address(src, doc, `${p}/urn`)),
      cell(figure(src, doc, `${p}/vaultType`, String, 'text')),
      cell(figure(src, doc, `${p}/status`, String, 'text')),
      numCell(now('price', fmt.tokens)),
      numCell(now('collateral', fmt.tokens)),
      numCell(now('tab', fmt.amount)),
      el('td', {}, redo ? el('span', { class: 'flag', 'aria-hidden': 'true' }, '\u26A0 ') : null,
        now('needsRedo', (v) => (v ? 'yes: no Take until then' : 'no'), 'text')),
      cell(figure(src, doc, `${p}/statisticTime`, fmt.timeUtc8, 'text'))));
  });
}

// The bad debt and the debt covered of a chain's liquidations per day over the month (6.21),
// summed over its Vault types, in two looks told apart without colour too.
const LIQUIDATION_LOOKS = [
  { label: 'Bad debt', stroke: '#D55E00', dash: [], marker: 'solid' },
  { label: 'Debt covered', stroke: '#0072B2', dash: [10, 5], marker: 'dashed' },
];

function liquidationChart(container, src, doc) {
  const sums = new Map(); // statisticTime -> [bad debt, debt covered]
  at(doc, '/data/vaults').forEach((v) => v.items.forEach((p) => {
    const sum = sums.get(p.statisticTime) || [0, 0];
    sums.set(p.statisticTime, [sum[0] + Number(p.badDebt), sum[1] + Number(p.debtCovered)]);
  }));
  const times = [...sums.keys()].sort((a, b) => Number(a) - Number(b));
  const data = [times.map((t) => Number(t) / 1000), ...[0, 1].map((k) => times.map((t) => sums.get(t)[k]))];
  const height = 220;
  const plot = new uPlot({
    width: container.clientWidth,
    height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/GMT-8'),
    scales: { x: { time: true }, y: { range: (u, min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    legend: { markers: { width: 3, dash: (u, i) => (i === 0 ? 'solid' : LIQUIDATION_LOOKS[i - 1].marker) } },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: 'Day (UTC+8)', value: (u, ts) => (ts == null ? '\u2014' : fmt.timeUtc8(ts * 1000)) },
      ...LIQUIDATION_LOOKS.map((look) => ({
        label: look.label,
        stroke: look.stroke,
        dash: look.dash,
        width: 2,
        points: { size: 6, fill: look.stroke },
        value: (u, v) => (v == null ? '\u2014' : `${fmt.amount(String(v))} COIN`),
      })),
    ],
    axes: [
      { stroke: '#333', grid: { stroke: '#e4e4e4' }, ticks: { stroke: '#ccc' }, values: timeLabels },
      { stroke: '#333', grid: { stroke: '#e4e4e4' }, ticks: { stroke: '#ccc' }, size: 64, values: (u, splits) => splits.map(fmt.compactAmount) },
    ],
  }, data, container);
  const resized = new ResizeObserver(() => {
    if (plot.width !== container.clientWidth) plot.setSize({ width: container.clientWidth, height });
  });
  resized.observe(container);
  // What was drawn, for a reader and the browser test: the points and each series' values.
  container.dataset.src = src;
  container.dataset.points = String(times.length);
  container.dataset.badDebt = data[1].join(' ');
  container.dataset.debtCovered = data[2].join(' ');
  container.dataset.state = 'ready';
  return { destroy() { resized.disconnect(); plot.destroy(); } };
}

// A chain's liquidations over the month: the chart, and each Vault type's totals in words.
async function drawLiquidations(group, c) {
  const src = API.liquidations(c);
  const doc = await get(src);
  const vaults = at(doc, '/data/vaults');
  group.append(el('h4', {}, 'Liquidations over the month'));
  if (!vaults.length) {
    group.append(el('p', { class: 'empty' }, `No regular Vault type on ${chainName(c)}: no liquidation to count.`));
    return;
  }
  const container = el('div', { class: 'chart', role: 'img', 'data-nocheck': true,
    'aria-label': `${chainName(c)}: bad debt and debt covered (COIN) per day over the month, all Vault types together` });
  group.append(el('figure', { class: 'bad-debt' },
    el('figcaption', {}, 'Bad debt and debt covered (COIN) per day, all Vault types together; the last point up to the newest snapshot'),
    container));
  group.append(el('ul', { class: 'liquidation-totals' }, ...vaults.map((v, i) => {
    const p = `/data/vaults/${i}`;
    return el('li', { 'data-vault-type': v.vaultType },
      el('strong', {}, figure(src, doc, `${p}/vaultType`, String, 'text')), ': auctions started ',
      figure(src, doc, `${p}/auctions`), ', collateral put up ', figure(src, doc, `${p}/collateral`, fmt.tokens),
      ', debt covered ', figure(src, doc, `${p}/debtCovered`, fmt.amount),
      ' COIN, bad debt ', figure(src, doc, `${p}/badDebt`, fmt.amount), ' COIN.');
  })));
  if (typeof uPlot === 'undefined') throw new ApiError('the chart library (/assets/vendor/uPlot.iife.min.js)');
  riskCharts.push(liquidationChart(container, src, doc));
}

function loadRisk() {
  const box = document.getElementById('risk-chains');
  riskCharts.forEach((chart) => chart.destroy());
  riskCharts = [];
  box.replaceChildren();
  return loadPerChain('risk', (list) => list.flatMap((c) => {
    // Its parts in a fixed order whichever answers first.
    const parts = ['at-risk', 'running-auctions', 'liquidations'].map((name) => el('div', { class: name }));
    box.append(el('div', { class: 'risk-chain', 'data-chain': c }, el('h3', {}, chainName(c)), ...parts));
    return [() => drawRisk(parts[0], c), () => drawAuctions(parts[1], c), () => drawLiquidations(parts[2], c)];
  }));
}

// ---------------------------------------------------------------------------------------------
// Smart Allocator (6.14, and its profit from 6.7)

function loadAllocator() {
  const cards = document.getElementById('allocator-cards');
  cards.replaceChildren();
  document.querySelector('#position-table tbody').replaceChildren();
  document.querySelector('#allocator-vault-table tbody').replaceChildren();
  const first = cards.appendChild(el('div', { class: 'slot' }));
  return load('allocator',
    async () => {
      const doc = await get(API.allocator);
      const src = API.allocator;
      const list = document.createDocumentFragment();
      card(list, 'Blended APY', figure(src, doc, '/data/apy', fmt.percentAlready), ['over all positions, by holding']);
      card(list, 'Debt', figure(src, doc, '/data/debt', coin('COIN')), ['owed by the allocator Vaults']);
      first.replaceWith(list);
      const positions = document.querySelector('#position-table tbody');
      at(doc, '/data/platformSummaryInfos').forEach((position, i) => {
        const p = `/data/platformSummaryInfos/${i}`;
        positions.append(el('tr', {},
          el('th', { scope: 'row' }, figure(src, doc, `${p}/platform`, String, 'text')),
          cell(figure(src, doc, `${p}/chain`, chainName, 'text')),
          cell(figure(src, doc, `${p}/gemSymbol`, String, 'text')),
          numCell(figure(src, doc, `${p}/holdingAmount`, usd)),
          numCell(figure(src, doc, `${p}/apy`, fmt.percent)),
          numCell(figure(src, doc, `${p}/actualEarnings`, usd)),
          cell(figure(src, doc, `${p}/strategy`, String, 'text')),
          cell(figure(src, doc, `${p}/tag`, String, 'text'))));
      });
      const vaults = document.querySelector('#allocator-vault-table tbody');
      at(doc, '/data/vaultInfos').forEach((vault, i) => {
        const p = `/data/vaultInfos/${i}`;
        vaults.append(el('tr', {},
          el('th', { scope: 'row' }, figure(src, doc, `${p}/vaultType`, String, 'text')),
          cell(figure(src, doc, `${p}/chain`, chainName, 'text')),
          numCell(figure(src, doc, `${p}/debt`, fmt.amount))));
      });
    },
    async () => {
      const doc = await get(API.info);
      card(cards, 'Cumulative profit', figure(API.info, doc, '/data/earnSa', usd),
        [figure(API.info, doc, '/data/earnSaDailyChange', change), ...(await sinceWhen())]);
    },
  ).finally(() => cards.querySelectorAll('.slot').forEach((s) => s.remove()));
}

// ---------------------------------------------------------------------------------------------
// Data as of: the newest Last-Modified of the API's answers (the time of the snapshot they were
// rendered from); without one, the newest of 6.13's last points (each its chain's live point,
// at that chain's newest snapshot).

async function showAsOf() {
  const line = document.getElementById('as-of');
  line.replaceChildren();
  const newest = newestModified;
  if (newest) {
    line.append('Data as of ', el('time', {
      class: 'fig fig-text', datetime: new Date(Date.parse(newest)).toISOString(),
      'data-value': newest, 'data-header': 'Last-Modified', title: `Last-Modified: ${newest}`,
    }, fmt.timeUtc8(Date.parse(newest))), ' ', el('span', { 'data-nocheck': '' }, 'UTC+8'),
    ' (the newest Last-Modified of the API\u2019s answers)');
    return;
  }
  const list = chains || []; // none when 6.8 never answered
  const histories = await Promise.allSettled(list.map((c) => get(API.history(c, 'WEEKLY'))));
  let best = null;
  histories.forEach((result, i) => {
    if (result.status !== 'fulfilled') return;
    const items = at(result.value, '/data/items');
    if (!items.length) return;
    const time = Number(items[items.length - 1].statisticTime);
    if (!best || time > best.time) best = { time, src: API.history(list[i], 'WEEKLY'), doc: result.value, index: items.length - 1 };
  });
  if (!best) {
    line.textContent = 'Data as of: unknown (no answer gave a time)';
    return;
  }
  line.append('Data as of ', figure(best.src, best.doc, `/data/items/${best.index}/statisticTime`, fmt.timeUtc8, 'text'),
    ' ', el('span', { 'data-nocheck': '' }, 'UTC+8'), ' (the latest point of collateral-history)');
}

// ---------------------------------------------------------------------------------------------
// Live: the event stream

// The answers of a section with a part per chain: `paths(chains)`, or 6.8, where the chains
// are read, while they are not known.
const perChain = (paths) => () => (chains ? paths(chains) : [API.apy]);

// Each section, what draws it, and the answers (path and query, as the events name them) it
// shows.
const SECTIONS = [
  { draw: loadGlance, sources: () => [API.totalSupply, API.coin, API.scoin, API.info, API.apy, API.allocator, API.baseline] },
  { draw: loadSupply, sources: perChain(() => [API.coin, API.scoin]) },
  { draw: loadCollateral, sources: perChain((list) => [API.baseline, ...list.flatMap((c) => [API.latest(c), API.history(c, shownInterval())])]) },
  { draw: loadApy, sources: () => [API.apy] },
  { draw: loadVaults, sources: perChain((list) => list.map(API.latest)) },
  { draw: loadRisk, sources: perChain((list) => list.flatMap((c) => [API.atRisk(c), ...(riskVaultTypes[c] || []).map((v) => API.curve(c, v)),
    API.auctions(c), API.liquidations(c)])) },
  { draw: loadAllocator, sources: () => [API.allocator, API.info, API.baseline] },
];

// Draws again the sections that show an answer of `changed` (a Set of paths; 'all': every
// answer, asked again).
async function refresh(changed) {
  const stale = (path) => changed === 'all' || changed.has(path);
  for (const path of [...answers.keys()]) if (stale(path)) answers.delete(path); // a period not shown too
  const sections = SECTIONS.filter((section) => section.sources().some(stale));
  if (!sections.length) return;
  // The new answers first: each section is then drawn from them at once, never left empty while
  // they come.
  await Promise.allSettled(sections.flatMap((section) => section.sources()).map(get));
  document.body.dataset.state = 'loading';
  await Promise.allSettled(sections.map((section) => section.draw()));
  await showAsOf();
  document.body.dataset.state = 'ready';
}

// The first drawing, then each refresh, one after another (a section is never drawn by two at
// once). A task that throws is a bug of this page; the next ones still run.
let drawing = Promise.resolve();
function queue(task) {
  drawing = drawing.then(task).catch((error) => console.warn(error));
}

// What changed since the last refresh began (a Set of paths, or 'all'); null when no refresh
// waits. Events that come while a refresh runs (the missed ones replayed after a reconnection)
// make one refresh after it, each answer asked once.
let waiting = null;
function changedNow(paths) {
  if (waiting === null) {
    waiting = paths;
    queue(() => {
      const changed = waiting;
      waiting = null;
      return refresh(changed);
    });
  } else if (waiting !== 'all') {
    waiting = paths === 'all' ? 'all' : new Set([...waiting, ...paths]);
  }
}

// The stream's state, in the header and on body[data-live].
function showLive(state) {
  document.body.dataset.live = state;
  document.getElementById('live').textContent = state === 'open' ? 'Live' : 'Reconnecting\u2026 the figures may be behind';
}

// `catchUp`: ask every answer again once connected (a stream opened again after a wait).
function subscribe(catchUp = false) {
  const stream = new EventSource('/api/v1/events');
  let dropped = catchUp;
  stream.addEventListener('snapshot', (event) => {
    const changed = new Set(JSON.parse(event.data).changed.map((answer) => answer.path));
    changedNow(changed);
  });
  stream.addEventListener('open', () => {
    showLive('open');
    // After a drop, EventSource reconnects with Last-Event-ID and nchan sends the events missed
    // first, but only those it still holds (the last 100, for an hour): the page cannot tell
    // whether it got all of them, so every answer is asked again, once (a 304 for each that did
    // not change).
    if (dropped) changedNow('all');
    dropped = false;
  });
  stream.addEventListener('error', () => {
    showLive('reconnecting');
    dropped = true;
    // After a network error EventSource reconnects by itself; after an answer it cannot take
    // (nginx's 429 when this address holds too many streams) it gives up: a new one, later.
    if (stream.readyState === EventSource.CLOSED) setTimeout(() => subscribe(true), 30000);
  });
}

function main() {
  // Subscribed first: a snapshot published while the page loads is then an event, not missed.
  subscribe();
  listenToPeriods();
  queue(async () => {
    await Promise.allSettled([loadGlance(), loadSupply(), loadCollateral(), loadApy(), loadVaults(), loadRisk(), loadAllocator()]);
    await showAsOf();
    document.body.dataset.state = 'ready';
  });
}

main();
