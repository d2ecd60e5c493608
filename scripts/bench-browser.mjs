// Grouping in Chromium, in a worker, as the Group widget runs it: the codec bundled for
// browsers (esbuild, `browser` platform) and run in a real Worker in headless Chromium,
// timed inside the worker so the page and the message copy are left out.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';

const codec = fileURLToPath(new URL('../src/codec/index.ts', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

/** The worker: groups the lines it is sent `rounds` times after a warm-up, and answers with each time. */
const WORKER = `
import { group } from ${JSON.stringify(codec)};
self.onmessage = ({ data: { lines, rounds } }) => {
  for (let k = 0; k < 3; k++) group(lines);
  const times = [];
  let groups = 0;
  for (let k = 0; k < rounds; k++) {
    const start = performance.now();
    groups = group(lines).length;
    times.push(performance.now() - start);
  }
  postMessage({ times, groups });
};`;

/**
 * Median milliseconds to group `lines` in a Chromium worker, or `null` (with the reason) when
 * no Chromium can be started here.
 */
export async function groupInChromium(lines, rounds = 9) {
  const bundle = await build({
    stdin: { contents: WORKER, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
  });
  let browser;
  try {
    browser = await chromium.launch({
      ...(existsSync(CHROMIUM) ? { executablePath: CHROMIUM } : {}),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    });
  } catch (error) {
    return { ms: null, reason: `no Chromium (${String(error).split('\n')[0]})` };
  }
  try {
    const page = await browser.newPage();
    const { times, groups } = await page.evaluate(
      ({ code, lines, rounds }) =>
        new Promise((resolve) => {
          const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
          worker.onmessage = (e) => resolve(e.data);
          worker.postMessage({ lines, rounds });
        }),
      { code: bundle.outputFiles[0].text, lines, rounds },
    );
    const sorted = [...times].sort((a, b) => a - b);
    return { ms: sorted[sorted.length >> 1], groups, version: browser.version() };
  } finally {
    await browser.close();
  }
}
