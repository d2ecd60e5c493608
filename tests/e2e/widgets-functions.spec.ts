import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { ready, setValue, test, timedSetValue } from './widgets-helpers';

// The Functions widget on the encoding-functions page. Expected values come from the real
// functions: the JavaScript ones run in the page itself, the others were recorded by their own
// runtimes (tests/fixtures/encoders.json); never from the codec under test.
const real = JSON.parse(readFileSync(new URL('../fixtures/encoders.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;
const page = (locale: string) => `/${locale}/encoding-functions/`;
/** How many functions the widget runs: one row each. */
const functionCount = Object.keys(real).filter((k) => !k.startsWith('$')).length;
const row = (w: Locator, id: string) => w.locator(`tr[data-encoder="${id}"]`);
const encoded = (w: Locator, id: string) => row(w, id).locator('[data-role=encoded]');

/** What the browser's own functions write for `text`. */
const inBrowser = (p: Page, text: string) =>
  p.evaluate((s) => {
    const run = (f: () => string) => {
      try {
        return f();
      } catch {
        return '';
      }
    };
    return {
      'js:encodeURIComponent': run(() => encodeURIComponent(s)),
      'js:encodeURI': run(() => encodeURI(s)),
      'js:URLSearchParams': new URLSearchParams({ q: s }).toString().slice(2),
      'js:escape': escape(s),
    };
  }, text);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const locale of ['en', 'uk']) {
  test.describe(`Functions (${locale})`, () => {
    test.use({ widgetPage: { path: page(locale), widget: '#functions-main' } });

    test('every row answers a new text as its real function does', async ({ page: p }) => {
      const w = p.locator('#functions-main');
      await expect(w).toHaveAttribute('lang', locale);
      await expect(w).toHaveAttribute('data-widget', 'functions');
      for (const text of ['C++ & C#', 'promises & async/await', 'ламінат']) {
        await w.locator('[data-role=input]').fill(text);
        for (const [id, value] of Object.entries(await inBrowser(p, text)))
          await expect(encoded(w, id)).toHaveText(value);
        for (const id of Object.keys(real).filter((k) => !k.startsWith('$') && !k.startsWith('js:'))) {
          await expect(encoded(w, id)).toHaveText(real[id]?.[text] as string);
        }
      }
      await expect(w.locator('[data-role=summary]')).toContainText(String(functionCount));
    });

    test('a lone surrogate gets a notice in each row, with its position', async ({ page: p }) => {
      const w = p.locator('#functions-main');
      await setValue(w.locator('[data-role=input]'), 'ab{U+D800}c');
      const thrown = row(w, 'js:encodeURIComponent').locator('[data-role=error][data-code=lone-surrogate]');
      await expect(thrown).toContainText('URIError');
      await expect(thrown).toContainText('U+D800');
      await expect(thrown).toContainText('3');
      await expect(encoded(w, 'js:encodeURIComponent')).toHaveText('');
      // URLSearchParams replaces it, as the browser's own does.
      const { 'js:URLSearchParams': replaced } = await p.evaluate(() => ({
        'js:URLSearchParams': new URLSearchParams({ q: 'ab\uD800c' }).toString().slice(2),
      }));
      await expect(encoded(w, 'js:URLSearchParams')).toHaveText(replaced);
      await expect(row(w, 'js:URLSearchParams').locator('[data-role=notice][data-code=lone-surrogate]')).toContainText(
        'U+FFFD',
      );
      await expect(w.locator('[data-role=error][data-code=lone-surrogate]')).toHaveCount(11);
      // Fixing the text clears every notice.
      await w.locator('[data-role=input]').fill('abc');
      await expect(w.locator('[data-code=lone-surrogate]')).toHaveCount(0);
    });

    test('a share link reopens the widget with the same text, and Copy copies one row', async ({
      page: p,
      context,
    }) => {
      const w = p.locator('#functions-main');
      await w.locator('[data-role=input]').fill('my report.pdf');
      await row(w, 'java:URLEncoder.encode').locator('[data-action=copy-encoded]').click();
      // Java's form encoding, the path bug the page describes.
      expect(await p.evaluate(() => navigator.clipboard.readText())).toBe('my+report.pdf');
      await expect(w.locator('[data-role=status]')).not.toBeEmpty();
      await w.locator('[data-action=share]').click();
      const link = await w.locator('[data-role=share-url]').inputValue();
      expect(link).toMatch(new RegExp(`/${locale}/encoding-functions/#functions-main\\?value=my\\+report\\.pdf$`));

      const other = await context.newPage();
      await other.goto(link);
      const again = other.locator('#functions-main');
      await expect(again.locator('[data-action=share]')).toBeVisible();
      await expect(again.locator('[data-role=input]')).toHaveValue('my report.pdf');
      await expect(encoded(again, 'js:encodeURIComponent')).toHaveText('my%20report.pdf');
      await expect(again).toBeInViewport();
    });
  });
}

test('1 MB of text stays responsive: each cell shows 200,000 characters and Copy copies all', async ({ page: p }) => {
  await p.goto(page('en'));
  const w = p.locator('#functions-main');
  await ready(w);
  await p.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  const big = 'Fußball & ламінат '.repeat(58255).slice(0, 1_048_576);
  const t0 = Date.now();
  const work = await timedSetValue(w.locator('[data-role=input]'), big);
  const cut = row(w, 'python:quote').locator('[data-role=cut]');
  await expect(cut).toBeVisible();
  const wall = Date.now() - t0;
  // One more frame, so the layout of the table is in the long-task figure.
  const longest = await p.evaluate(
    () =>
      new Promise<number>((done) =>
        requestAnimationFrame(() => setTimeout(() => done((window as unknown as { longest: number }).longest), 50)),
      ),
  );
  console.log(
    `Functions, 1 MB: widget ${work.toFixed(0)} ms; until the table shows ${wall} ms; longest task ${longest.toFixed(0)} ms`,
  );
  expect(work).toBeLessThan(10_000);
  expect(wall).toBeLessThan(30_000);
  expect(await encoded(w, 'python:quote').evaluate((e) => e.textContent?.length)).toBe(200_000);
  await expect(w.locator('[data-role=cut]')).toHaveCount(functionCount);
  await row(w, 'js:encodeURIComponent').locator('[data-action=copy-encoded]').click();
  const copied = await p.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBe(await p.evaluate((s) => encodeURIComponent(s).length, big));
});

test('the page shows in Thai with its Thai article and Thai widget labels', async ({ page: p }) => {
  await p.goto(page('th'));
  await expect(p.locator('[data-fallback-notice]')).toHaveCount(0);
  const w = p.locator('#functions-main');
  await expect(w).toHaveAttribute('lang', 'th');
  await expect(w.locator('caption')).toHaveText('สิ่งที่แต่ละฟังก์ชันเขียนออกมาสำหรับข้อความนี้');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`live, with lone-surrogate notices in every row, it meets WCAG 2.2 AA and fits 320 px (${colorScheme})`, async ({
    page: p,
  }) => {
    await p.emulateMedia({ colorScheme });
    await p.goto(page('hi'));
    const w = p.locator('#functions-main');
    await ready(w);
    await setValue(w.locator('[data-role=input]'), `${'ламінат'.repeat(30)}{U+D800}`);
    await expect(w.locator('[data-code=lone-surrogate]')).toHaveCount(functionCount);
    const axe = await new AxeBuilder({ page: p })
      .include('#functions-main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await p.setViewportSize({ width: 320, height: 800 });
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    const small = await w
      .locator('button:visible')
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height < 24).length);
    expect(small).toBe(0);
  });
}
