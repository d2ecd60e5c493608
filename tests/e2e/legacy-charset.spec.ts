/**
 * What Chromium sends from a page served as windows-1252 for a character that charset
 * cannot write (the Hindi decoding page, #invalid-utf8: `न` arrives as an escaped HTML
 * character reference). The page is a real windows-1252 document, served through a route,
 * so the browser's own form serializer and URL parser do the encoding; the expected text
 * is the figure the article shows, computed by the codec as the build computes it.
 */
import { expect, test, type Request } from '@playwright/test';
import { encode } from '../../src/codec/index.ts';

const ORIGIN = 'http://legacy-charset.test';
const TEXT = 'न';

// windows-1252 bytes: ASCII only, so the page itself is the same in any ASCII-based charset;
// the link's `&#2344;` is decoded by the HTML parser into the character, as a page would hold it.
const PAGE = `<!doctype html><html><head><meta charset="windows-1252"><title>legacy</title></head><body>
<form action="${ORIGIN}/sent" method="get"><input name="q"><button>send</button></form>
<a href="${ORIGIN}/sent?q=${[...TEXT].map((c) => `&#${c.codePointAt(0)};`).join('')}">link</a>
</body></html>`;

test.beforeEach(async ({ page }) => {
  await page.route(`${ORIGIN}/**`, (route) =>
    new URL(route.request().url()).pathname === '/'
      ? route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=windows-1252' }, body: Buffer.from(PAGE, 'latin1') })
      : route.fulfill({ status: 204 }),
  );
  await page.goto(`${ORIGIN}/`);
  expect(await page.evaluate(() => document.characterSet)).toBe('windows-1252');
});

const query = (request: Request) => new URL(request.url()).search;

/** The codec's bytes for `text` in `charset`: what the page must send. */
const encoded = (text: string, mode: 'form' | 'url', charset: string): string => {
  const result = encode(text, mode, { charset });
  return result.ok ? result.value : `(codec failed: ${result.error.code})`;
};

test('a form on a windows-1252 page sends न as the escaped reference the article shows', async ({ page }) => {
  const expected = encoded(TEXT, 'form', 'windows-1252');
  expect(expected).toBe('%26%232344%3B');
  await page.locator('input[name=q]').fill(TEXT);
  const [sent] = await Promise.all([page.waitForRequest(`${ORIGIN}/sent**`), page.locator('button').click()]);
  expect(query(sent)).toBe(`?q=${expected}`);
});

test("a link's query on a windows-1252 page carries the same escaped reference", async ({ page }) => {
  const expected = encoded(TEXT, 'url', 'windows-1252');
  expect(await page.locator('a').evaluate((a: HTMLAnchorElement) => new URL(a.href).search)).toBe(`?q=${expected}`);
  const [sent] = await Promise.all([page.waitForRequest(`${ORIGIN}/sent**`), page.locator('a').click()]);
  expect(query(sent)).toBe(`?q=${expected}`);
});
