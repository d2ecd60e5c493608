import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import { FALLBACK_DIST } from '../support/dist';
import { assertFreshBuilds } from '../support/fresh-build';

// A page a locale lacks, as a reader meets it, on the build of tests/fixtures/fallback-site/
// (`npm run build:fixtures`), where Ukrainian lacks `beta`: the English article under the
// Ukrainian notice, and none of its English words found by the Ukrainian search. The build
// gates (tests/build/fallback.test.ts) check the same pages' markup and index.
// Served here with Vite's static preview, on the port after the main one: `astro preview`
// runs once per project, and the main build's is already up.
const port = Number(process.env.PREVIEW_PORT ?? 4329) + 1;
const origin = `http://127.0.0.1:${port}`;
let server: PreviewServer | undefined;
/** What the Ukrainian search says when it finds nothing (src/i18n/uk.json). */
const nothingFound = (query: string): string =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', 'uk.json'), 'utf8')).search.none.replace(
    '{{query}}',
    query,
  );

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  assertFreshBuilds('dist-fallback');
  server = await preview({
    configFile: false,
    logLevel: 'silent',
    appType: 'mpa',
    build: { outDir: FALLBACK_DIST },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
});

test.afterAll(async () => {
  await server?.close();
});

test('an untranslated page shows the English text under a notice in the reader language', async ({ page }) => {
  await page.goto(`${origin}/uk/beta/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  const notice = page.locator('[data-fallback-notice]');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(/українською/);
  await expect(page.locator('article')).toHaveAttribute('lang', 'en');
  await expect(page.locator('article')).toContainText('wombat');
});

test('fallback pages keep their English text out of the locale index', async ({ page }) => {
  const found = async (path: string, query: string) => {
    await page.goto(`${origin}${path}`);
    await page.getByRole('search').getByRole('searchbox').fill(query);
    // The first search loads Pagefind and its WebAssembly: slow on a busy machine.
    await expect(page.locator('.site-search__panel[aria-busy]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('search').getByRole('status')).not.toBeEmpty();
    return page
      .getByRole('search')
      .getByRole('list')
      .first()
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  };
  expect(await found('/en/beta/', 'wombat')).toContain('/en/beta/');
  expect(await found('/uk/beta/', 'wombat')).toEqual([]);
  // Searched and found nothing, rather than failed to load.
  await expect(page.getByRole('search').getByRole('status')).toHaveText(nothingFound('wombat'));
});
