import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { builtPages, fileForPath, gzipSize } from '../support/dist';

// What a reader really downloads, measured in the browser: open a page at 1280 x 720, read
// the first screen, and count the JavaScript fetched (gzip, as in tests/build/budgets.test.ts).
// Widgets near the first screen load their live code on their own (src/widgets/lib/on-use.ts),
// so this is more than the scripts loaded with the page, and it is held to the same 12 KB.
// The header search loads its code and index only when opened (tests/e2e/search.spec.ts):
// none of it may arrive with the first screen.
const BUDGET = 12 * 1024;
const SEARCH = /^\/(?:pagefind\/|_astro\/search\.)/;

for (const { path } of builtPages().filter((p) => p.path.startsWith('/en/') || p.path === '/')) {
  test(`a reader of the first screen of ${path} downloads at most 12 KB of JavaScript`, async ({ page }) => {
    const scripts = new Set<string>();
    const search = new Set<string>();
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.resourceType() === 'script' || path.endsWith('.js')) scripts.add(path);
      if (SEARCH.test(path)) search.add(path);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const inline = await page
      .locator('script:not([src]):not([type="application/json"])')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const fetched = [...scripts].map((p) => gzipSize(readFileSync(fileForPath(p) ?? '')));
    const total = [...fetched, ...inline.map(gzipSize)].reduce((a, b) => a + b, 0);
    console.log(`${path}: ${total} B of JavaScript for the first screen`);
    expect(total, `${path}: ${total} B of JavaScript (gzip) for the first screen`).toBeLessThanOrEqual(BUDGET);
    expect([...search], `${path}: search files fetched before the search was opened`).toEqual([]);
  });
}
