// What the browser tests share: Debian's headless Chromium driven by puppeteer-core, a watch on
// a page that reports every console message, uncaught exception, failed request, error status
// and request to another origin, the bytes it transfers, the sizes its screenshots are taken
// at, and how a test reports its failures.
import puppeteer from 'puppeteer-core';

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// The browser. As root (CI), Chromium runs only without its sandbox.
export function launch() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
}

// Watches `page`: a request to another origin, an uncaught exception, and (unless
// allowFailures) a failed request or a status other than 2xx and 304 go to fail(`label: ...`).
// Returns what it saw: every URL requested, and the console's errors and warnings, for the
// caller to judge.
export function watch(page, { label, origin, fail, allowFailures = false }) {
  const seen = { requests: [], errors: [] };
  page.on('console', (message) => {
    if (['error', 'warn', 'warning', 'assert'].includes(message.type())) {
      seen.errors.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => fail(`${label}: uncaught exception: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:')) return;
    seen.requests.push(url);
    if (new URL(url).origin !== origin) fail(`${label}: a request to another origin: ${url}`);
  });
  page.on('requestfailed', (request) => {
    if (!allowFailures) fail(`${label}: request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (!allowFailures && !(status >= 200 && status < 300) && status !== 304) {
      fail(`${label}: HTTP ${status} for ${response.url()}`);
    }
  });
  return seen;
}

// Counts what `page` transfers from now on, with its cache off (CDP Network.loadingFinished's
// encodedDataLength: headers and body as sent). Returns a function giving { files: [[url,
// bytes]...], total } so far.
export async function weigh(page) {
  const cdp = await page.createCDPSession();
  const urls = new Map();
  const bytes = new Map();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return () => {
    const files = [...bytes].map(([id, n]) => [urls.get(id) || id, n]);
    return { files, total: files.reduce((sum, [, n]) => sum + n, 0) };
  };
}

// Runs a test's main(), then reports: each of `failures` (and an exception main threw) on
// stderr, and exit 1 if there is any, else exit 0.
export async function runTest(name, main, failures) {
  try {
    await main();
  } catch (error) {
    failures.push(`${error.stack || error}`);
  }
  if (failures.length) {
    console.error(`${name}: ${failures.length} failure(s):`);
    for (const f of failures) console.error(`  FAIL ${f}`);
    process.exit(1);
  }
  process.exit(0);
}
