import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { ready, setValue, texts, tools } from './widgets-helpers';

// Hidden characters are shown, never applied: the review's inputs, where "What the server
// receives" showed `exe.png` for a value that is U+202E + `gnp.exe`, the Decoder put
// `Set-Cookie: x` on a line of its own with "Notes: 0", and NUL was a tofu box or nothing.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The widgets' notice for hidden characters, in a locale, with its count. */
const notice = (locale: string, count: number) =>
  (
    JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}.json`, import.meta.url), 'utf8')).widgets.common
      .hidden as string
  ).replace('{{count}}', new Intl.NumberFormat(locale).format(count));

/** The marks a region draws: each hidden character's code point, in order. */
const marks = (l: Locator) => texts(l.locator('[data-role=hidden]'));

for (const locale of ['en', 'th']) {
  test.describe(`hidden characters (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(tools(locale));
    });

    test('Server view shows the NUL and the right-to-left override it receives, and counts them', async ({ page }) => {
      const w = page.locator('#tool-server-view');
      await ready(w);
      await setValue(w.locator('[data-role=input]'), '/dl?file=report.pdf%00.png&name=\u202Egnp.exe');
      const values = w.locator('[data-role=value]');
      await expect(values.nth(0)).toHaveText('report.pdfU+0000.png');
      await expect(values.nth(1)).toHaveText('U+202Egnp.exe');
      // The value cells, then the text as sent (the override was typed raw).
      expect(await marks(w.locator('[data-role=output]'))).toEqual(['U+0000', 'U+202E', 'U+202E']);
      // The override is not applied: the value reads left to right, "gnp.exe" after the mark.
      const box = (sel: string) =>
        values
          .nth(1)
          .locator(sel)
          .evaluate((el) => el.getBoundingClientRect().left);
      expect(await box('[data-role=hidden]')).toBeLessThan(
        await values.nth(1).evaluate((el) => el.getBoundingClientRect().right - 10),
      );
      await expect(w.locator('[data-role=notice][data-code=hidden-chars]')).toHaveText(
        new RegExp(notice(locale, 3).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
    });

    test('the Decoder marks U+202E, NUL, CR and LF, counts them, and Copy copies the text as it is', async ({
      page,
    }) => {
      const w = page.locator('#tool-decode');
      await ready(w);
      await setValue(w.locator('[data-role=input]'), 'invoice%E2%80%AEfdp.exe and a%00b and %0D%0ASet-Cookie:%20x');
      const out = w.locator('[data-role=output]');
      await expect(out).toHaveText('invoiceU+202Efdp.exe and aU+0000b and U+000DU+000ASet-Cookie: x');
      expect(await marks(out)).toEqual(['U+202E', 'U+0000', 'U+000D', 'U+000A']);
      // One line: the CR LF is not applied.
      const lines = await out.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      );
      expect(lines).toBeLessThanOrEqual(2);
      await expect(w.locator('[data-role=notice][data-code=hidden-chars]')).toContainText(notice(locale, 4));
      await w.locator('[data-action=copy]').first().click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'invoice\u202Efdp.exe and a\u0000b and \r\nSet-Cookie: x',
      );
    });

    test('Anatomy, Normalize, Compare and Group mark a raw override in what they show', async ({ page }) => {
      const url = '/p?name=\u202Egnp.exe';
      for (const id of ['#tool-anatomy', '#tool-normalize', '#tool-group']) {
        const w = page.locator(id);
        await ready(w);
        await setValue(w.locator('[data-role=input]').first(), url);
        await expect(w.locator('[data-role=hidden]').first()).toHaveText('U+202E');
        await expect(w.locator('[data-role=notice][data-code=hidden-chars]')).toBeVisible();
      }
      const compare = page.locator('#tool-compare');
      await ready(compare);
      // The rules quote the raw override they escaped.
      await setValue(compare.locator('[data-role=input]').first(), url);
      await setValue(compare.locator('[data-role=input]').nth(1), '/p?name=%E2%80%AEgnp.exe');
      await compare
        .locator('details')
        .first()
        .evaluate((d) => ((d as HTMLDetailsElement).open = true));
      expect(await marks(compare.locator('[data-region=details]'))).toContain('U+202E');
      await expect(compare.locator('[data-role=notice][data-code=hidden-chars]')).toBeVisible();
    });
  });
}

test('the security page’s NUL is marked in its HTML, before and after JavaScript', async ({ page, request }) => {
  const html = await (await request.get('/en/security/')).text();
  expect(html).not.toContain('\u0000');
  await page.goto('/en/security/#nul-byte');
  const w = page.locator('#server-nul');
  await expect(w.locator('[data-role=value]')).toHaveText('report.pdfU+0000.png');
  // After an edit the widget draws it the same way (it showed a tofu box).
  await ready(w);
  await setValue(w.locator('[data-role=input]'), '/download?file=report.pdf%00.png ');
  await expect(w.locator('[data-role=value]')).toHaveText('report.pdfU+0000.png');
});
