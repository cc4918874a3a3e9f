// The dashboard's numbers, exactly: the API sends figures with every digit PostgreSQL holds
// (up to 29 decimals, more than a double keeps), so nothing here goes through a JS number.
// parseExact keeps every JSON number as its text; the formatters round that text for display
// only (half away from zero), with BigInt. Charts alone draw doubles (Number(text)).

// JSON.parse, but every number stays the text the API sent: {"a":0.10} gives {a: "0.10"}.
// Strings are matched first and left alone, so only bare numbers are quoted.
export function parseExact(text) {
  return JSON.parse(text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (token) => (token[0] === '"' ? token : `"${token}"`)));
}

// A decimal text as sign, digits and scale: "-12.50" is {negative, digits: 1250n, scale: 2}.
export function decimal(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(String(text).trim());
  if (!m) throw new Error(`not a decimal number: ${JSON.stringify(text)}`);
  const fraction = m[3] || '';
  let digits = m[2] + fraction;
  let scale = fraction.length - Number(m[4] || 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { negative: m[1] === '-', digits: BigInt(digits), scale };
}

// The value x 10^power (a percent is a decimal x 10^2), exactly.
function scaled(d, power) {
  let { digits, scale } = d;
  scale -= power;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: d.negative, digits, scale };
}

// The digits of d written with `scale` decimals (scale >= d.scale).
function digitsAt(d, scale) {
  return d.digits * 10n ** BigInt(scale - d.scale);
}

// Rounded to `places` decimals, half away from zero.
function rounded(d, places) {
  if (d.scale <= places) {
    return { negative: d.negative, digits: digitsAt(d, places), scale: places };
  }
  const unit = 10n ** BigInt(d.scale - places);
  let digits = d.digits / unit;
  if ((d.digits % unit) * 2n >= unit) digits += 1n;
  return { negative: d.negative, digits, scale: places };
}

// "1234567.5" as "1,234,567.50": thousands grouped, `max` decimals, trailing zeros dropped down
// to `min`. A minus sign (U+2212) when below zero after rounding; `sign` adds "+" above zero.
function grouped(d, min, max, sign) {
  const r = rounded(d, max);
  let text = r.digits.toString().padStart(r.scale + 1, '0');
  let whole = text.slice(0, text.length - r.scale);
  let fraction = text.slice(text.length - r.scale);
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = r.digits === 0n;
  const prefix = zero ? '' : r.negative ? '\u2212' : sign ? '+' : '';
  return prefix + whole + (fraction ? `.${fraction}` : '');
}

// An amount of COIN or sCOIN: 2 decimals, grouped.
export function amount(text, { sign = false } = {}) {
  return grouped(decimal(text), 2, 2, sign);
}

// US dollars: "$1,234.50", "−$12.00", with sign "+$3.10".
export function usd(text, { sign = false } = {}) {
  const body = grouped(decimal(text), 2, 2, sign);
  return body.replace(/^([\u2212+]?)/, '$1$');
}

// A price in US dollars, or an amount of a collateral token: 2 to 6 decimals ("$0.1875",
// "1,500.00"), a collateral's price or amount being often far from 1.
export function price(text) {
  return `$${grouped(decimal(text), 2, 6, false)}`;
}

export function tokens(text) {
  return grouped(decimal(text), 2, 6, false);
}

// A decimal rate (0.045 = 4.5%) as a percent with 2 to 4 decimals: "4.50%", "4.5679%".
export function percent(text) {
  return `${grouped(scaled(decimal(text), 2), 2, 4, false)}%`;
}

// A figure already in percent (6.14's apy: 3.4268 = 3.4268%), 2 to 4 decimals.
export function percentAlready(text) {
  return `${grouped(decimal(text), 2, 4, false)}%`;
}

// A ratio (1.5 = 150%) as a percent with 0 to 2 decimals: "150%", "202.45%".
export function ratio(text) {
  return `${grouped(scaled(decimal(text), 2), 0, 2, false)}%`;
}

// a / b as a percent with 1 decimal (the share of a ceiling used), exactly; "" when b is 0.
export function share(a, b) {
  const x = decimal(a);
  const y = decimal(b);
  if (y.digits === 0n) return '';
  // a/b x 100 in tenths, rounded half away from zero: both on one scale first.
  const scale = Math.max(x.scale, y.scale);
  const num = digitsAt(x, scale) * 1000n;
  const den = digitsAt(y, scale);
  let tenths = num / den;
  if ((num % den) * 2n >= den) tenths += 1n;
  return `${grouped({ negative: x.negative !== y.negative, digits: tenths, scale: 1 }, 1, 1, false)}%`;
}

// Compares a x p with b x q exactly (p, q small integers): -1, 0 or 1.
export function compareTimes(a, p, b, q) {
  const x = decimal(a);
  const y = decimal(b);
  const scale = Math.max(x.scale, y.scale);
  const xv = digitsAt(x, scale) * BigInt(p) * (x.negative ? -1n : 1n);
  const yv = digitsAt(y, scale) * BigInt(q) * (y.negative ? -1n : 1n);
  return xv < yv ? -1 : xv > yv ? 1 : 0;
}

// An epoch-ms time as "2026-05-13 08:00" in UTC+8, the API's clock for days.
export function timeUtc8(ms) {
  const date = new Date(Number(ms) + 8 * 3600 * 1000);
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

// A chart's axis label: "2.5M", "120k"; in US dollars "$2.5M".
export function compactAmount(value) {
  const abs = Math.abs(value);
  const [unit, div] = abs >= 1e9 ? ['B', 1e9] : abs >= 1e6 ? ['M', 1e6] : abs >= 1e3 ? ['k', 1e3] : ['', 1];
  return `${value < 0 ? '\u2212' : ''}${+(abs / div).toFixed(2)}${unit}`;
}

export function compactUsd(value) {
  return compactAmount(value).replace(/^(\u2212?)/, '$1$$');
}
