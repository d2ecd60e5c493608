import AxeBuilder from '@axe-core/playwright';
import { LOCALES } from '../../src/i18n/locales';
import { expect, test, type Page } from '@playwright/test';
import { ready, setValue, tools } from './widgets-helpers';

// WCAG 2.2 AA on the tools page in every locale and both colour schemes, before and after
// every widget shows a problem; and the layout at 320 px with long escape strings.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function showProblems(page: Page) {
  await setValue(page.locator('#tool-encode [data-role=input]'), 'x{U+D800}');
  await page
    .locator('#tool-decode [data-role=input]')
    .fill('100% %EB%E0%EC%B3%ED%E0%F2 https%253A%252F%252Fexample.com');
  await page.locator('#tool-anatomy [data-role=input]').fill('http://[::1');
  await page.locator('#tool-server-view [data-role=input]').fill('/p/%DF?q=a b&&c');
  await page.locator('#tool-normalize [data-role=input]').fill('not a url');
  await page.locator('#tool-group [data-role=input]').fill('/a\nnot a url\n/a?x=%41');
  await page.locator('#tool-compare [data-role=input]').first().fill('');
  await expect(page.locator('#tool-group [data-role=error]')).toHaveCount(1);
  await expect(page.locator('[data-widget] [data-role=error]')).toHaveCount(7);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(WCAG).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const locale of LOCALES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`tools page has no WCAG 2.2 AA violations, before and after errors (${locale}, ${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(tools(locale));
      await ready(page.locator('#tool-compare'));
      expect(await axe(page)).toEqual([]);
      await showProblems(page);
      // Open every disclosure, so hidden parts are checked too.
      const closed = page.locator('[data-widget] details:not([open]) > summary');
      while ((await closed.count()) > 0) await closed.first().click();
      // Group's controls for the table, and a row's merge explained (filled by the worker).
      await expect(page.locator('#tool-group [data-region=view]')).toBeVisible();
      await expect(page.locator('#tool-group [data-role=why-variant] [data-role=change]')).toHaveCount(1);
      expect(await axe(page)).toEqual([]);
    });
  }
}

test('every control has a name, results are announced politely, and targets are large', async ({ page }) => {
  await page.goto(tools('th'));
  await ready(page.locator('#tool-group'));
  for (const w of await page.locator('[data-widget]').all()) {
    await expect(w.locator('[aria-live=polite]').first()).toBeAttached();
    await expect(w.locator('[role=status]')).toBeAttached();
  }
  const small = await page
    .locator(
      '[data-widget] button:visible, [data-widget] summary:visible, [data-widget] select:visible, [data-widget] .w-choices label:visible',
    )
    .evaluateAll((els) =>
      els.filter((e) => e.getBoundingClientRect().height < 24).map((e) => e.outerHTML.slice(0, 60)),
    );
  expect(small).toEqual([]);
});

for (const width of [320, 640]) {
  test(`the tools page fits ${width} px (and 200% zoom) with long escapes and errors`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(tools('uk'));
    await ready(page.locator('#tool-encode'));
    await page.locator('#tool-encode [data-role=input]').fill('ламінат'.repeat(40));
    await showProblems(page);
    await page.locator('#tool-decode [data-role=input]').fill('%D0%BB'.repeat(200));
    // Group's table controls and an explained merge, with a long canonical URL.
    await page.locator('#tool-group input[name=format][value=csv]').check();
    await page
      .locator('#tool-group [data-role=input]')
      .fill(`page,views\n/a?q=${'%D0%BB'.repeat(60)},1\n/a?q=${'л'.repeat(60)},2`);
    await expect(page.locator('#tool-group [data-role=canonical]')).toHaveCount(1);
    await expect(page.locator('#tool-group [data-role=canonical]')).toContainText('/a?q=');
    await page.locator('#tool-group [data-role=why] > summary').click();
    await expect(page.locator('#tool-group [data-role=why-variant]')).toHaveCount(2);
    await expect(page.locator('#tool-group select[name=count]')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
