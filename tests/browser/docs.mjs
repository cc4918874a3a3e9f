#!/usr/bin/env node
// The API reference at /docs in headless Chromium: it loads with no console message,
// no failed request and no request to another origin; it lists every path of the OpenAPI
// document (14); "Try it out" on 6.1 gets a 200 from this origin. Screenshots, desktop and
// phone, go to OUT_DIR/docs-desktop.png and docs-phone.png.
//
//   node tests/browser/docs.mjs BASE_URL OUT_DIR
import fs from 'node:fs';
import path from 'node:path';
import { desktop, launch, phone, runTest, watch } from './browser.mjs';

const [baseArg, outDir] = process.argv.slice(2);
if (!baseArg || !outDir) {
  console.error('usage: docs.mjs BASE_URL OUT_DIR');
  process.exit(2);
}
const base = baseArg.replace(/\/+$/, '');
const origin = new URL(base).origin;
const TIMEOUT = 30000;
const documentPaths = Object.keys(
  JSON.parse(fs.readFileSync(new URL('../../openapi/openapi.json', import.meta.url))).paths).sort();

const failures = [];
const fail = (message) => failures.push(message);

// Opens /docs at `size` and waits for Swagger UI's operations; returns the page.
async function open(browser, size, label) {
  const page = await browser.newPage();
  await page.setViewport(size);
  const seen = watch(page, { label, origin, fail });
  await page.goto(`${base}/docs`, { waitUntil: 'networkidle0', timeout: TIMEOUT });
  await page.waitForSelector('.opblock', { timeout: TIMEOUT });
  return { page, seen };
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launch();
  try {
    const { page, seen } = await open(browser, desktop, 'desktop');
    const listed = [...new Set(await page.$$eval('.opblock-summary-path', (nodes) =>
      nodes.map((node) => node.getAttribute('data-path'))))].sort();
    if (JSON.stringify(listed) !== JSON.stringify(documentPaths)) {
      fail(`the reference lists ${JSON.stringify(listed)}, the document ${JSON.stringify(documentPaths)}`);
    }
    await page.screenshot({ path: path.join(outDir, 'docs-desktop.png'), fullPage: true });

    // "Try it out" on 6.1: opened, tried, executed; its live answer's row says 200.
    await page.click('.opblock-summary-path[data-path="/totalSupply"]');
    await page.waitForSelector('.try-out__btn', { timeout: TIMEOUT });
    await page.click('.try-out__btn');
    await page.waitForSelector('.execute', { timeout: TIMEOUT });
    await page.click('.execute');
    const status = '.live-responses-table tr.response .response-col_status';
    await page.waitForSelector(status, { timeout: TIMEOUT });
    const code = await page.$eval(status, (node) => node.textContent.trim());
    if (code !== '200') fail(`"Try it out" on /totalSupply got ${code}, not 200`);
    for (const e of seen.errors) fail(`desktop: ${e}`);

    const phoneView = await open(browser, phone, 'phone');
    await phoneView.page.screenshot({ path: path.join(outDir, 'docs-phone.png'), fullPage: true });
    for (const e of phoneView.seen.errors) fail(`phone: ${e}`);
    console.log(`docs: ${listed.length} paths listed, "Try it out" on /totalSupply: ${code}; screenshots in ${outDir}`);
  } finally {
    await browser.close();
  }
}

runTest('docs', main, failures);
