import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

// The page frame (issue 27): the site menu beside the text or behind the header's button, the
// contents column that follows the reader, the colour theme, the 404 page in the reader's
// language, tables reachable by keyboard, and no page wider than the window.
type Strings = { [key: string]: string | Strings };
const strings = (locale: string): Strings =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', `${locale}.json`), 'utf8')) as Strings;
const get = (locale: string, path: string) =>
  path.split('.').reduce<Strings | string>((t, k) => (t as Strings)[k] ?? '', strings(locale)) as string;

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 800, height: 900 };
const DESKTOP = { width: 1280, height: 800 };

/** Whether Chromium's accessibility tree reports the element as expanded (a summary's state). */
async function expanded(page: Page, summary: Locator): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  await summary.evaluate((el) => el.setAttribute('data-probe', ''));
  const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
  const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-probe]' })) as {
    nodeId: number;
  };
  const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })) as {
    nodes: { properties?: { name: string; value: { value: unknown } }[] }[];
  };
  await summary.evaluate((el) => el.removeAttribute('data-probe'));
  const prop = nodes[0]?.properties?.find((p) => p.name === 'expanded');
  return prop ? (prop.value.value as boolean) : undefined;
}

for (const locale of ['en', 'uk']) {
  for (const viewport of [PHONE, TABLET]) {
    test(`${locale} at ${viewport.width} px: the menu opens from the header's button by keyboard and closes on Escape`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/${locale}/decoding/`);
      const button = page.locator('.site-menu__button');
      const menu = page.getByRole('navigation', { name: get(locale, 'nav.label') });
      await expect(button).toBeVisible();
      await expect(button).toHaveText(get(locale, 'frame.menu'));
      await expect(menu).toBeHidden();
      expect(await expanded(page, button)).toBe(false);
      // The button sits in the header's first row, clear of everything else in it.
      const header = await page.locator('.site-header').boundingBox();
      const box = await button.boundingBox();
      expect(box && header && box.y + box.height <= header.y + header.height).toBe(true);
      for (const other of await page.locator('.site-header__inner > *:visible').all()) {
        const o = await other.boundingBox();
        const overlaps =
          o &&
          box &&
          o.x < box.x + box.width &&
          box.x < o.x + o.width &&
          o.y < box.y + box.height &&
          box.y < o.y + o.height;
        expect(overlaps, 'the menu button overlaps the header').toBeFalsy();
      }

      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      expect(await expanded(page, button)).toBe(true);
      const current = menu.locator('a[aria-current=page]');
      await expect(current).toHaveAttribute('href', `/${locale}/decoding/`);
      // Tab walks into the menu's links; Escape closes it and gives the focus back.
      await page.keyboard.press('Tab');
      await expect(menu.locator('a').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      // A click elsewhere closes it (on a phone the open menu covers the page: the click is
      // sent to the heading under it); a link in it leads to the page, with the menu closed.
      await button.click();
      await page.locator('h1').dispatchEvent('click');
      await expect(menu).toBeHidden();
      await button.click();
      await menu.locator(`a[href="/${locale}/tools/"]`).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/tools/$`));
      await expect(page.locator('.site-menu')).not.toHaveJSProperty('open', true);
      await expect(page.locator('.site-menu a[aria-current=page]')).toHaveAttribute('href', `/${locale}/tools/`);
    });
  }

  test(`${locale} at 1280 px: the menu is a sticky column beside the text, the contents one on the other side`, async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/${locale}/analytics-normalization/`);
    await expect(page.locator('.site-menu__button')).toBeHidden();
    const menu = page.getByRole('navigation', { name: get(locale, 'nav.label') });
    const toc = page.locator('page-toc');
    const article = page.locator('article');
    await expect(menu).toBeVisible();
    await expect(toc.locator('nav')).toBeVisible();
    const [m, a, t] = await Promise.all([menu.boundingBox(), article.boundingBox(), toc.boundingBox()]);
    expect(m && a && m.x + m.width <= a.x, 'menu left of the text').toBe(true);
    expect(t && a && a.x + a.width <= t.x, 'contents right of the text').toBe(true);
    // Both stay in sight far down the page.
    await page.mouse.wheel(0, 6000);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(3000);
    for (const column of [menu, toc]) {
      const box = await column.boundingBox();
      expect(box && box.y >= -1 && box.y < 200, 'still in the window').toBe(true);
    }
  });

  test(`${locale}: the contents mark the section being read`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/${locale}/percent-encoding/`);
    const links = page.locator('page-toc nav a');
    await expect(page.locator('page-toc a[aria-current]')).toHaveCount(0);
    const ids = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
    expect(ids.length).toBeGreaterThan(3);
    for (const id of [ids[2], ids[ids.length - 2], ids[0]] as string[]) {
      // The heading just under the top of the window, as after reading down to it.
      await page.evaluate(
        (id) => scrollTo(0, (document.getElementById(id)?.getBoundingClientRect().top ?? 0) + scrollY - 40),
        id,
      );
      await expect(page.locator('page-toc a[aria-current=true]')).toHaveAttribute('href', `#${id}`);
      await expect(page.locator('page-toc a[aria-current]')).toHaveCount(1);
    }
    await page.evaluate(() => scrollTo(0, 0));
    await expect(page.locator('page-toc a[aria-current]')).toHaveCount(0);
  });
}

for (const locale of ['en', 'th', 'hi', 'uk']) {
  test(`${locale} at 390 x 844: the contents are a closed disclosure and the first paragraph is on the first screen`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/${locale}/analytics-normalization/`);
    const summary = page.locator('page-toc summary');
    await expect(summary).toHaveText(get(locale, 'article.toc'));
    await expect(page.locator('page-toc nav a').first()).toBeHidden();
    const first = await page.locator('article > p').first().boundingBox();
    expect(first && first.y + 20 < PHONE.height, `first paragraph at ${first?.y} px`).toBe(true);
    await summary.click();
    await expect(page.locator('page-toc nav a').first()).toBeVisible();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu opens from its button on a phone and stands beside the text at 1280 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/th/security/');
    const menu = page.getByRole('navigation', { name: get('th', 'nav.label') });
    await expect(menu).toBeHidden();
    await page.locator('.site-menu__button').click();
    await expect(menu.locator('a[href="/th/faq/"]')).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await page.goto('/th/security/');
    await expect(menu).toBeVisible();
    await expect(page.locator('page-toc nav a').first()).toBeVisible();
    // The theme control needs a script to store a choice: it is not shown.
    await expect(page.locator('theme-switch')).toBeHidden();
  });

  test('a 404 page under a locale is the English page, with every language’s message', async ({ page }) => {
    const response = await page.goto('/uk/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('section[lang=uk] h2')).toHaveText(get('uk', 'notFound.title'));
    await expect(page.locator('.site-menu a[href="/en/faq/"]')).toHaveCount(1);
  });
});

test('the theme switch applies light or dark before the first paint and is remembered', async ({ page }) => {
  const csp: string[] = [];
  page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && csp.push(m.text()));
  // Records <html data-theme> at the moment <body> is parsed, before anything is painted.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.dataset.theme ?? 'none';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/uk/');
  const select = page.getByRole('combobox', { name: get('uk', 'frame.theme.label') });
  await expect(select).toHaveValue('system');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await select.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).not.toBe(light);

  await page.goto('/th/faq/');
  expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
  await expect(page.getByRole('combobox', { name: get('th', 'frame.theme.label') })).toHaveValue('dark');
  expect(await background()).not.toBe(light);

  // Light on a dark system, then back to the system's.
  await page.emulateMedia({ colorScheme: 'dark' });
  const themeSelect = page.getByRole('combobox', { name: get('th', 'frame.theme.label') });
  await themeSelect.selectOption('light');
  expect(await background()).toBe(light);
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('light');
  await themeSelect.selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  expect(await background()).not.toBe(light);
  expect(csp).toEqual([]);
});

test('a 404 page under a locale has the header, search and menu in its language', async ({ page }) => {
  const response = await page.goto('/uk/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.locator('h1')).toHaveText(get('uk', 'notFound.title'));
  await expect(page).toHaveTitle(new RegExp(get('uk', 'notFound.title')));
  await expect(page.locator('.site-search__input')).toHaveAttribute('placeholder', get('uk', 'search.placeholder'));
  await expect(page.locator('.site-menu a[href="/uk/faq/"]')).toHaveCount(1);
  await expect(page.locator('.site-menu a[aria-current]')).toHaveCount(0);
  // The search still works on the new body, over the Ukrainian index.
  await page.locator('.site-search__input').fill('кодування');
  await expect(page.locator('.site-search__results a').first()).toHaveAttribute('href', /^\/uk\//, { timeout: 20_000 });
});

test('tables scroll sideways in a labelled box that the keyboard reaches', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/en/analytics-normalization/');
  const boxes = page.locator('article .table-scroll');
  expect(await boxes.count()).toBeGreaterThan(1);
  for (const box of await boxes.all()) {
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box).toHaveAccessibleName(/^Table: \S/);
  }
  const wide = boxes.filter({ has: page.locator('table') }).first();
  const overflows = await wide.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflows, 'the first table is wider than a phone').toBe(true);
  // Tab from the element before it lands on the box; the arrow keys scroll it.
  await wide.evaluate((el) => {
    const before = document.createElement('button');
    before.id = 'before';
    el.before(before);
  });
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  await expect(wide).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => wide.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // A URL in a cell is never broken every few characters: each code line holds a whole word.
  const narrowest = await wide
    .locator('code')
    .evaluateAll((codes) =>
      Math.min(...codes.map((c) => c.getBoundingClientRect().width / Math.max(1, c.getClientRects().length))),
    );
  expect(narrowest).toBeGreaterThan(20);
});

const WIDTHS = [320, 390, 1280];
const PAGES = ['/en/', '/th/tools/', '/hi/analytics-normalization/', '/uk/encoding-functions/', '/uk/no-such-page/'];
for (const path of PAGES) {
  test(`${path} fits 320, 390 and 1280 px, with the menu open too`, async ({ page }) => {
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), `${width} px`).toBeLessThanOrEqual(0);
      if (width < 1152) {
        await page.locator('.site-menu__button').click();
        expect(await overflow(), `${width} px, menu open`).toBeLessThanOrEqual(0);
        const panel = await page.locator('.site-menu__panel').boundingBox();
        expect(panel && panel.x >= 0 && panel.x + panel.width <= width, 'the menu inside the window').toBe(true);
        await page.keyboard.press('Escape');
      }
    }
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing with the menu and the languages open, ${scheme}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/hi/encoding-sets/');
    await page.locator('.site-menu__button').click();
    const menuOpen = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(menuOpen.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('page-toc summary').click();
    await page.locator('language-switcher summary').click();
    const rest = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .withRules([
        'color-contrast',
        'landmark-unique',
        'scrollable-region-focusable',
        'nested-interactive',
        'aria-allowed-attr',
      ])
      .analyze();
    expect(rest.violations.map((v) => v.id)).toEqual([]);
  });
}

test('landmarks stay unique and scroll boxes focusable with every disclosure open (three Compare widgets)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/en/faq/');
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  // The widgets draw their part tables once their code has loaded (on first use).
  for (const w of await page.locator('[data-widget=compare]').all())
    await w.locator('[data-role=input]').first().focus();
  await expect(page.locator('[data-widget=compare] .w-scroll').first()).toBeAttached();
  expect(await page.locator('[data-widget=compare] .w-scroll').count()).toBeGreaterThan(1);
  const results = await new AxeBuilder({ page })
    .withRules(['landmark-unique', 'scrollable-region-focusable'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
