// What the browser tests share: headless Chromium (Debian's) driven by puppeteer-core, a page
// that records every console message, failed request, error status and request to another
// origin as a failure, and the screenshots at desktop and phone sizes.
import { mkdirSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// A new browser and page for BASE_URL. Returns { browser, page, failures, bytes(), screenshots(), close() }.
export async function openPage(base) {
  const origin = new URL(base).origin;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.setViewport(desktop);
  const failures = [];
  let transferred = 0;
  const client = await page.createCDPSession();
  await client.send('Network.enable');
  client.on('Network.loadingFinished', (event) => { transferred += event.encodedDataLength; });
  page.on('console', (message) => {
    if (['error', 'warn', 'warning', 'assert'].includes(message.type())) {
      failures.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => failures.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) failures.push(`request to another origin: ${url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    browser,
    page,
    failures,
    bytes: () => transferred,
    // OUT_DIR/<name>-desktop.png and -phone.png, each of the whole page; the page is reloaded
    // at phone size, then set back to desktop.
    async screenshots(out, name) {
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: `${out}/${name}-desktop.png`, fullPage: true });
      await page.setViewport(phone);
      await page.reload({ waitUntil: 'networkidle0' });
      await page.screenshot({ path: `${out}/${name}-phone.png`, fullPage: true });
      await page.setViewport(desktop);
      await page.reload({ waitUntil: 'networkidle0' });
    },
    close: () => browser.close(),
  };
}

// Prints the failures and exits 1 if there are any, else exits 0.
export function report(name, failures) {
  for (const failure of failures) console.error(`${name}: ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}
