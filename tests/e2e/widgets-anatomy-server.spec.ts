import { expect } from '@playwright/test';
import { test, texts, timedSetValue, tools } from './widgets-helpers';

// Anatomy and Server view: the anatomy of content/en/percent-encoding.mdx and the vanishing
// search query of content/en/real-world-bugs.mdx (#vanishing-search-query).
for (const locale of ['en', 'hi']) {
  test.describe(`Anatomy (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-anatomy' } });

    test('splits a URL into parts and tells structure from data', async ({ page }) => {
      const w = page.locator('#tool-anatomy');
      const url = 'https://user@example.com:8080/a/b?q=dogs&cats=%26#top';
      await w.locator('[data-role=input]').fill(url);
      const out = w.locator('[data-role=output]');
      // The output's own text is exactly the URL: labels are drawn by CSS.
      await expect(out).toHaveText(url);
      expect(await texts(out.locator('.w-delim'))).toEqual([':', '//', '@', ':', '/', '/', '?', '=', '&', '=', '#']);
      expect(
        await out.locator('.w-part').evaluateAll((els) => els.map((e) => e.className.replace('w-part w-part--', ''))),
      ).toEqual(['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment']);
      // Each part carries its name in the page's language (not colour alone).
      const label = await out.locator('.w-part--host').evaluate((e) => getComputedStyle(e, '::after').content);
      expect(label).not.toBe('none');
      // An escaped & is data: it stays inside the value.
      const pairs = w.locator('[data-region=details] tr[data-role=pair]');
      await expect(pairs).toHaveCount(2);
      await expect(pairs.nth(1).locator('td')).toHaveText(['cats', '%26', '&']);
    });

    test('explains a path-only reference and reports a broken host', async ({ page }) => {
      const w = page.locator('#tool-anatomy');
      await w.locator('[data-role=input]').fill('/landing?utm_source=email');
      await expect(w.locator('[data-role=output] .w-part--path')).toHaveText('/landing');
      await w.locator('[data-role=input]').fill('http://[::1');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-host');
      await expect(w.locator('[data-role=error] code')).toHaveText('[::1');
      const work = await timedSetValue(w.locator('[data-role=input]'), `https://example.com/${'x/'.repeat(524_288)}`);
      await expect(w.locator('[data-role=output] .w-part--path')).toHaveCount(1);
      console.log(`Anatomy, 1 MB: widget ${work.toFixed(0)} ms`);
      expect(work).toBeLessThan(10_000);
    });
  });
}

for (const locale of ['en', 'uk']) {
  test.describe(`Server view (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-server-view' } });

    const params = async (page: import('@playwright/test').Page) => {
      const rows = page.locator('#tool-server-view [data-role=param]');
      return rows.evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('[data-role=name]')?.textContent,
          tr.querySelector('[data-role=value]')?.textContent,
        ]),
      );
    };

    test('shows the search query torn apart by a raw & and space', async ({ page }) => {
      const w = page.locator('#tool-server-view');
      await w.locator('[data-role=input]').fill('/search?q=promises & async/await');
      await expect(w.locator('[data-role=param]')).toHaveCount(2);
      expect(await params(page)).toEqual([
        ['q', 'promises '],
        [' async/await', ''],
      ]);
      await expect(w.locator('[data-role=path]')).toHaveText('/search');
      // The fix from the article: one parameter, the whole text.
      await w.locator('[data-role=input]').fill('/search?q=promises%20%26%20async%2Fawait');
      await expect(w.locator('[data-role=param]')).toHaveCount(1);
      expect(await params(page)).toEqual([['q', 'promises & async/await']]);
    });

    test('decodes the path as UTF-8, reads + as a space in the query, and keeps the fragment out', async ({ page }) => {
      const w = page.locator('#tool-server-view');
      await w.locator('[data-role=input]').fill('https://shop.example/products/Fu%C3%9Fball?size=5+XL#reviews');
      await expect(w.locator('[data-role=path]')).toHaveText('/products/Fußball');
      expect(await params(page)).toEqual([['size', '5 XL']]);
      await expect(w.locator('[data-role=output]')).toContainText('#reviews');
      await w.locator('[data-role=input]').fill('/products/Fu%DF');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-utf8');
      await expect(w.locator('[data-role=error] code')).toHaveText('%DF');
    });
  });
}
