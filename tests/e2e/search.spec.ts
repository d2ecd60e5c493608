import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LOCALES, type Locale } from '../../src/i18n/locales';
import { DIST } from '../support/dist';
import { message, search, searchField, searchResults, searchStatus, searchStrings } from '../support/search';

// The header search (src/components/search/): Pagefind over each locale's own pages, loaded
// when the reader opens it, with the site's own keyboard-usable results.

/** Words of each locale's own text (home and tools pages, from its UI strings) and where they are. */
const FOUND: Record<Locale, { query: string; href: string }> = {
  en: { query: 'decoder', href: '/en/tools/#decode' },
  th: { query: 'การเข้ารหัส', href: '/th/' },
  hi: { query: 'विफल', href: '/hi/tools/#decode' },
  uk: { query: 'безпечний', href: '/uk/tools/#encode' },
};

for (const locale of LOCALES) {
  test(`${locale}: the header search finds the locale's own pages, labelled in its language`, async ({ page }) => {
    const s = searchStrings(locale);
    await page.goto(`/${locale}/`);
    await expect(page.locator('header').getByRole('search')).toHaveCount(1);
    await expect(searchField(page)).toHaveAccessibleName(s.label ?? '');
    await expect(searchField(page)).toHaveAttribute('placeholder', s.placeholder ?? '');

    const { query, href } = FOUND[locale];
    const hrefs = await search(page, locale, query);
    await expect(searchStatus(page)).toHaveText(message(s.results ?? '', { count: null }));
    expect(hrefs).toContain(href);
    expect(
      hrefs.filter((h) => !h.startsWith(`/${locale}/`)),
      'results in other locales',
    ).toEqual([]);
    await expect(page.getByRole('search').getByRole('list').first()).toHaveAccessibleName(s.resultsLabel ?? '');

    // A word in no locale; Pagefind would match a Latin nonsense word by its first letter
    // (it falls back to the longest indexed word the query starts with, such as "q").
    expect(await search(page, locale, 'ꙮꙮꙮ')).toEqual([]);
    await expect(searchStatus(page)).toHaveText(message(s.none ?? '', { query: 'ꙮꙮꙮ' }));
  });
}

test('th: a word inside a longer Thai word is found (รหัส in การเข้ารหัส)', async ({ page }) => {
  await page.goto('/th/tools/');
  // The page text has รหัส only inside longer words: การเข้ารหัส, ถอดรหัส.
  expect(await page.locator('main').innerText()).not.toMatch(/(^|[\s.,:;()])รหัส($|[\s.,:;()])/);
  const hrefs = await search(page, 'th', 'รหัส');
  expect(hrefs).toEqual(expect.arrayContaining(['/th/', '/th/tools/']));
  await expect(page.getByRole('search').locator('mark').first()).toHaveText('รหัส');
});

test('hi: a query with a vowel sign removed finds nothing (exact diacritics)', async ({ page }) => {
  await page.goto('/hi/');
  expect(await search(page, 'hi', 'विफल')).toContain('/hi/tools/#decode');
  // विफल without its vowel sign ि: Pagefind's default would strip marks and match it.
  expect(await search(page, 'hi', 'वफल')).toEqual([]);
});

test('uk: a query with й finds its page, and и in its place does not', async ({ page }) => {
  await page.goto('/uk/');
  expect(await search(page, 'uk', 'безпечний')).toContain('/uk/tools/#encode');
  expect(await search(page, 'uk', 'безпечнии')).toEqual([]);
});

for (const locale of LOCALES) {
  test(`${locale}: an FAQ answer reached from a result opens`, async ({ page }) => {
    const answer = `/${locale}/faq/#space-percent20-or-plus`;

    // From another page.
    await page.goto(`/${locale}/tools/`);
    expect(await search(page, locale, '%20')).toContain(answer);
    await searchResults(page)
      .and(page.locator(`[href="${answer}"]`))
      .click();
    await expect(page).toHaveURL(answer);
    const details = page.locator('details#space-percent20-or-plus');
    await expect(details).toHaveAttribute('open', '');
    await expect(details).toBeInViewport();

    // On the FAQ page, after the reader closed that answer: the same link opens it again.
    await details.locator('> summary').click();
    await expect(details).not.toHaveAttribute('open');
    await search(page, locale, '%20');
    await searchResults(page)
      .and(page.locator(`[href="${answer}"]`))
      .click();
    await expect(details).toHaveAttribute('open', '');
    await expect(page.getByRole('search').locator('.site-search__panel')).toBeHidden();
  });
}

test('keyboard: / and Ctrl+K focus the search; arrows, Tab, Enter and Escape work the results', async ({ page }) => {
  await page.goto('/en/tools/');
  await page.keyboard.press('/');
  await expect(searchField(page)).toBeFocused();
  await page.locator('main h1').click();
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toBeFocused();
  // The K key typing another letter, as with a Ukrainian layout.
  await page.locator('main h1').click();
  await page.evaluate(() =>
    dispatchEvent(new KeyboardEvent('keydown', { key: 'л', code: 'KeyK', ctrlKey: true, bubbles: true })),
  );
  await expect(searchField(page)).toBeFocused();

  // A / typed into a widget is text, not a shortcut.
  const box = page.locator('#tool-encode [data-role=input]');
  await box.fill('');
  await box.press('/');
  await expect(box).toHaveValue('/');
  await expect(box).toBeFocused();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('percent');
  // Each letter searches; the results counted are those of the whole word.
  await expect(page.locator('.site-search__panel[aria-busy]')).toHaveCount(0);
  await expect(searchStatus(page)).toHaveText(message(searchStrings('en').results ?? '', { count: null }));
  const links = searchResults(page);
  expect(await links.count()).toBeGreaterThan(2);
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(links.nth(0)).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(searchField(page)).toBeFocused();
  await expect(searchField(page)).toHaveValue('percent');
  await expect(links.first()).toBeHidden();

  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(links.first()).toBeHidden();

  // Typing again reopens the results; Enter follows the first one.
  await page.keyboard.type(' encoding');
  await expect(links.first()).toBeVisible();
  await expect(page.locator('.site-search__panel[aria-busy]')).toHaveCount(0);
  const first = await links.first().getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(first ?? '');
});

test('results that arrive while the reader is in the earlier ones keep the panel open and the focus in place', async ({
  page,
}) => {
  await page.goto('/en/tools/');
  expect((await search(page, 'en', 'percent')).length).toBeGreaterThan(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(searchResults(page).nth(1)).toBeFocused();
  // As when the last letters typed are searched after the reader has arrowed down: the new
  // results replace the focused link (Chromium fires focusout on it as it goes).
  await page.evaluate(() => {
    const box = document.querySelector('search.site-search__box')!;
    for (const link of box.querySelectorAll('a')) link.dataset.old = '';
    const input = box.querySelector('input')!;
    input.value = 'percent encoding';
    input.dispatchEvent(new Event('input'));
  });
  await expect(page.locator('.site-search__panel[aria-busy]')).toHaveCount(0);
  await expect(page.locator('search a[data-old]')).toHaveCount(0);
  await expect(searchResults(page).nth(1)).toBeFocused();
  await expect(searchField(page)).toHaveValue('percent encoding');
});

test('the search loads on opening, from this site only, and no request carries the query', async ({
  browser,
  baseURL,
}) => {
  const fetched: string[][] = [];
  for (const query of ['percent', 'mojibake']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    const violations: string[] = [];
    page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(m.text()));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/en/faq/');
    await page.waitForLoadState('networkidle');
    const searchFiles = () =>
      requests.map((u) => new URL(u).pathname).filter((p) => /^\/(pagefind\/|_astro\/search\.)/.test(p));
    expect(searchFiles(), 'search files fetched before opening').toEqual([]);

    expect((await search(page, 'en', query)).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const paths = searchFiles();
    expect(paths).toEqual(expect.arrayContaining(['/pagefind/pagefind.js', '/pagefind/wasm.en.pagefind']));
    expect(
      requests.filter((u) => new URL(u).origin !== new URL(baseURL ?? '').origin),
      'other origins',
    ).toEqual([]);
    expect(
      requests.filter((u) => u.includes(query)),
      'requests holding the query',
    ).toEqual([]);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    fetched.push([...new Set(paths)].sort());
    await context.close();
  }
  // The files fetched are the same whatever the query: they tell the server nothing of it.
  expect(fetched[1]).toEqual(fetched[0]);
  // However the index is split, all of it is loaded, not the chunks holding the query's words.
  const chunks = readdirSync(join(DIST, 'pagefind', 'index'))
    .filter((f) => f.startsWith('en_'))
    .map((f) => `/pagefind/index/${f}`);
  expect(fetched[0]).toEqual(expect.arrayContaining(chunks));
});

test('without its worker the search runs on the page, where the CSP allows its WebAssembly', async ({ page }) => {
  // Pagefind searches in a worker, which the page's CSP does not govern; where a worker
  // cannot start, it compiles its WebAssembly on the page: 'wasm-unsafe-eval' is for that
  // (tests/build/search.test.ts checks that the policy allows no eval()).
  await page.route('**/pagefind/pagefind-worker.js', (route) => route.abort());
  await page.goto('/uk/');
  expect(await search(page, 'uk', 'безпечний')).toContain('/uk/tools/#encode');
});

test('the open search meets WCAG 2.2 AA in both schemes and fits 320 px', async ({ page }) => {
  const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto('/th/tools/');
    await search(page, 'th', 'รหัส');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG).include('header').analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${width} px, ${colorScheme}`,
      ).toEqual([]);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    const panel = await page.locator('.site-search__panel').boundingBox();
    expect(panel && panel.x >= 0 && panel.x + panel.width <= width, `results inside the ${width} px screen`).toBe(true);
  }
});

for (const locale of LOCALES) {
  test(`${locale}: first search, cold: from opening the search to its first results`, async ({ page }) => {
    await page.goto(`/${locale}/tools/`);
    await page.waitForLoadState('networkidle');
    const ms = await page.evaluate(async (query) => {
      const input = document.querySelector<HTMLInputElement>('site-search input')!;
      const list = document.querySelector('.site-search__results')!;
      const t0 = performance.now();
      input.focus();
      input.value = query;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise<void>((done) => {
        const watch = new MutationObserver(() => {
          if (!list.querySelector('a')) return;
          watch.disconnect();
          done();
        });
        watch.observe(list, { childList: true, subtree: true });
      });
      return performance.now() - t0;
    }, FOUND[locale].query);
    console.log(`${locale}: first search (cold) ${ms.toFixed(0)} ms from opening to results`);
    expect(ms).toBeLessThan(5000);
  });
}
