import { expect, test } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales';
import { preview, type PreviewServer } from 'vite';
import { FALLBACK_DIST } from '../support/dist';
import { assertFreshBuilds } from '../support/fresh-build';
import { message, search, searchStatus, searchStrings } from '../support/search';

// A page a locale lacks, as a reader meets it, on the build of tests/fixtures/fallback-site/
// (`npm run build:fixtures`), where Ukrainian lacks `beta`: the English article under the
// Ukrainian notice, and none of its English words found by the Ukrainian search. The build
// gates (tests/build/fallback.test.ts) check the same pages' markup and index.
// Served here with Vite's static preview, on the port after the main one: `astro preview`
// runs once per project, and the main build's is already up.
const port = Number(process.env.PREVIEW_PORT ?? 4329) + 1;
const origin = `http://127.0.0.1:${port}`;
let server: PreviewServer | undefined;
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
  // The first search loads Pagefind and its WebAssembly: slow on a busy machine.
  const found = async (path: string, locale: Locale, query: string) => {
    await page.goto(`${origin}${path}`);
    return search(page, locale, query, 30_000);
  };
  expect(await found('/en/beta/', 'en', 'wombat')).toContain('/en/beta/');
  expect(await found('/uk/beta/', 'uk', 'wombat')).toEqual([]);
  // Searched and found nothing, rather than failed to load.
  await expect(searchStatus(page)).toHaveText(message(searchStrings('uk').none ?? '', { query: 'wombat' }));
});
