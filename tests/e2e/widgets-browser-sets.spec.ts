import { expect, test, type Page } from '@playwright/test';
import { urlWrites } from '../support/url-writes';
import { ready, setValue } from './widgets-helpers';

// The BrowserSets widget on the encoding-sets page, and the page's claim about Chromium. The
// URL Standard's answer comes from Node's URL (the test process), Chromium's from the page.
const PARTS = ['userinfo', 'path', 'special-query', 'query', 'fragment'] as const;

/** {@link urlWrites}, run by the page's own URL parser. */
const inChromium = (page: Page, texts: string[]) =>
  page.evaluate(`${JSON.stringify(texts)}.map(${urlWrites.toString()})`) as Promise<Record<string, string>[]>;

for (const locale of ['en', 'th']) {
  test(`BrowserSets (${locale}) answers a new text as the URL parser does`, async ({ page }) => {
    await page.goto(`/${locale}/encoding-sets/`);
    const widget = page.locator('#browser-sets-main');
    await ready(widget);
    const text = 'ламінат "1" <b> {x}^`y` 100% %41 #?';
    await setValue(widget.locator('[data-role=input]'), text);
    const [chromium] = await inChromium(page, [text]);
    for (const part of PARTS) {
      await expect(widget.locator(`tr[data-part="${part}"] [data-role=encoded]`)).toHaveText(
        urlWrites(text)[part] ?? '',
      );
      // No | or ' in this text, so Chromium agrees with the standard on it.
      expect(chromium?.[part], part).toBe(urlWrites(text)[part]);
    }
    await setValue(widget.locator('[data-role=input]'), 'a{U+D800}b');
    await expect(widget.locator('[data-role=notice][data-code=lone-surrogate]')).toHaveCount(1);
    await expect(widget.locator('tr[data-part=path] [data-role=encoded]')).toHaveText('a%EF%BF%BDb');
  });
}

test('Chromium departs from the URL Standard exactly where encoding-sets#browser-sets says', async ({ page }) => {
  await page.goto('/en/encoding-sets/');
  const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
  const chromium = await inChromium(page, printable);
  const differences = printable.flatMap((c, i) =>
    PARTS.filter((part) => chromium[i]?.[part] !== urlWrites(c)[part]).map((part) => `${part} ${c}`),
  );
  // The page: "it also escapes | in a path, and ' in a user name and in the query of a URL whose scheme is not special".
  expect(differences.sort()).toEqual(['path |', "query '", "userinfo '"]);
});
