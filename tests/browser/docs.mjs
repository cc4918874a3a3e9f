#!/usr/bin/env node
// The API reference at /docs in headless Chromium (issue 14): it loads with no console error,
// no failed request and no request to another origin; it lists every endpoint of the OpenAPI
// document (14); "Try it out" on 6.1 gets a 200 from this origin. Screenshots (desktop and
// phone) go to OUT_DIR.
//
//   node tests/browser/docs.mjs BASE_URL OUT_DIR
import { readFileSync } from 'node:fs';
import { openPage, report } from './browser.mjs';

const [base, out] = process.argv.slice(2);
if (!base || !out) {
  console.error('usage: docs.mjs BASE_URL OUT_DIR');
  process.exit(2);
}
const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url)));
const paths = Object.keys(document.paths).sort();

const session = await openPage(base);
const { page, failures } = session;
try {
  await page.goto(`${base}/docs`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.opblock', { timeout: 15000 });
  const shown = await page.$$eval('.opblock-summary-path', (nodes) =>
    nodes.map((node) => node.getAttribute('data-path') || node.textContent.trim()));
  const listed = [...new Set(shown)].sort();
  if (JSON.stringify(listed) !== JSON.stringify(paths)) {
    failures.push(`the reference lists ${JSON.stringify(listed)}, the document ${JSON.stringify(paths)}`);
  }
  await session.screenshots(out, 'docs');
  await page.waitForSelector('.opblock', { timeout: 15000 });

  // "Try it out" on 6.1: the operation opened, tried, executed; its live answer is a 200.
  const operation = await page.$('.opblock-summary-path[data-path="/totalSupply"]');
  if (!operation) throw new Error('no operation for /totalSupply');
  await operation.click();
  await page.waitForSelector('.try-out__btn', { timeout: 5000 });
  await page.click('.try-out__btn');
  await page.waitForSelector('.execute', { timeout: 5000 });
  await page.click('.execute');
  await page.waitForSelector('.live-responses-table tr.response .response-col_status', { timeout: 10000 });
  const status = await page.$eval('.live-responses-table tr.response .response-col_status', (node) => node.textContent.trim());
  if (status !== '200') failures.push(`"Try it out" on /totalSupply got ${status}, not 200`);
  console.log(`docs: ${listed.length} endpoints listed, "Try it out" on /totalSupply: ${status}`);
} catch (error) {
  failures.push(String(error));
} finally {
  await session.close();
}
report('docs', failures);
