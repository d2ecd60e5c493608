import { expect } from '@playwright/test';
import { ready, setValue, test, timedSetValue, tools } from './widgets-helpers';

// Encode on the tools page. Expected values are literals the articles show, or computed here by
// the platform's own encoders (an independent oracle), never by the codec under test.
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const form = (s: string) => new URLSearchParams({ x: s }).toString().slice(2);

// Behaviour in English and in one other locale; every locale's static results
// are checked by widgets-nojs.spec.ts, its strings by the parity test, axe by pages.spec.ts.
for (const locale of ['en', 'th']) {
  test.describe(`Encode (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-encode' } });

    test('encodes C++ & C# in all three sets', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await expect(w).toHaveAttribute('lang', locale);
      await expect(w).toHaveAttribute('data-widget', 'encode');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').fill('C++ & C#');
      await expect(out).toHaveText('C%2B%2B%20%26%20C%23');
      await w.locator('input[name=mode][value=url]').check();
      await expect(out).toHaveText('C++%20&%20C#');
      await w.locator('input[name=mode][value=form]').check();
      await expect(out).toHaveText('C%2B%2B+%26+C%23');
    });

    test('writes ламінат as 7 characters of 2 bytes each, 14 escapes', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await w.locator('[data-role=input]').fill('ламінат');
      await expect(w.locator('[data-role=output]')).toHaveText('%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82');
      const rows = w.locator('[data-region=why] tbody tr');
      await expect(rows).toHaveCount(7);
      await expect(rows.first().locator('td')).toHaveText(['л', 'U+043B', 'D0 BB', '%D0%BB']);
      await expect(w.locator('[data-role=summary]')).toContainText('7');
      await expect(w.locator('[data-role=summary]')).toContainText('42');
    });

    test('agrees with the platform encoders on mixed text', async ({ page }) => {
      const w = page.locator('#tool-encode');
      const out = w.locator('[data-role=output]');
      for (const s of [
        'naïve café/ü?x=1&y=2#z',
        "it's (really) *fine*!",
        'email แคมเปญ',
        'नमस्ते 😀',
        'a/b?c=d',
        '100% ~sure~',
      ]) {
        await w.locator('input[name=mode][value=component]').check();
        await w.locator('[data-role=input]').fill(s);
        await expect(out).toHaveText(rfc3986(s));
        await w.locator('input[name=mode][value=form]').check();
        await expect(out).toHaveText(form(s));
      }
    });

    test('reports a lone surrogate with its position and outputs nothing', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await setValue(w.locator('[data-role=input]'), 'ab{U+D800}c');
      const error = w.locator('[data-role=error]');
      await expect(error).toHaveAttribute('data-code', 'lone-surrogate');
      await expect(error).toContainText('3');
      await expect(error).toContainText('U+D800');
      await expect(w.locator('[data-role=output]')).toHaveText('');
      // Fixing the input clears the error.
      await w.locator('[data-role=input]').fill('abc');
      await expect(error).toHaveCount(0);
      await expect(w.locator('[data-role=output]')).toHaveText('abc');
    });

    test('returns promptly on a 1 MB paste', async ({ page }) => {
      const w = page.locator('#tool-encode');
      const big = 'Fußball & ламінат '.repeat(58255).slice(0, 1_048_576);
      const t0 = Date.now();
      const work = await timedSetValue(w.locator('[data-role=input]'), big);
      // Counts are written as the page's language writes them (1,048,576 here).
      await expect(w.locator('[data-role=summary]')).toContainText((1_048_576).toLocaleString(locale));
      const wall = Date.now() - t0;
      console.log(`Encode, 1 MB: widget ${work.toFixed(0)} ms; with the browser's layout ${wall} ms`);
      expect(work).toBeLessThan(10_000);
      expect(wall).toBeLessThan(30_000);
      const head = await w.locator('[data-role=output]').evaluate((e) => e.textContent?.slice(0, 60));
      expect(head).toBe(rfc3986(big.slice(0, 30)).slice(0, 60));
      // The byte table stays short.
      expect(await w.locator('[data-region=why] tbody tr').count()).toBeLessThanOrEqual(48);
    });

    test('works with the keyboard alone', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await w.locator('[data-action=share]').focus();
      await page.keyboard.press('Tab');
      await expect(w.locator('[data-role=input]')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('a b&c');
      const out = w.locator('[data-role=output]');
      await expect(out).toHaveText('a%20b%26c');
      await page.keyboard.press('Tab');
      await expect(w.locator('input[name=mode][value=component]')).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(w.locator('input[name=mode][value=url]')).toBeChecked();
      await expect(out).toHaveText('a%20b&c');
      await page.keyboard.press('ArrowRight');
      await expect(out).toHaveText('a+b%26c');
    });
  });
}

test('the byte table lists each character with its code point, bytes and escape', async ({ page }) => {
  await page.goto(tools('hi'));
  const w = page.locator('#tool-encode');
  await ready(w);
  await w.locator('[data-role=input]').fill('é😀');
  await expect(w.locator('[data-role=output]')).toHaveText('%C3%A9%F0%9F%98%80');
  // The table's code loads on its first use (encode/full.ts), so it may follow the output.
  await expect(w.locator('[data-region=why] tbody td:nth-child(3)')).toHaveText(['C3 A9', 'F0 9F 98 80']);
  await expect(w.locator('[data-region=why] tbody td:nth-child(2)')).toHaveText(['U+00E9', 'U+1F600']);
});
