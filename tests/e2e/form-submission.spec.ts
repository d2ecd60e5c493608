/**
 * What Chromium's form submission sends, for the encoding-sets page's #form-set: a GET form
 * replaces the query of its action, a textarea's line break goes out as CR LF, and on a page
 * served as windows-1252 a character that charset cannot write goes out as an escaped HTML
 * character reference. The pages are served through routes, so the browser's own form
 * serializer does the work; the expected text is the figure the article shows, computed by
 * the codec as the build computes it.
 */
import { expect, test, type Page } from '@playwright/test';
import { encode } from '../../src/codec/index.ts';

const ORIGIN = 'http://form-submission.test';

const PAGES: Record<string, { charset: string; body: string }> = {
  '/utf8': {
    charset: 'utf-8',
    body: `<form id="get" action="${ORIGIN}/search?lang=uk" method="get"><input name="q" value="a b"><button>send</button></form>
<form id="area" action="${ORIGIN}/sent" method="get"><textarea name="t"></textarea><button>send</button></form>`,
  },
  '/legacy': {
    charset: 'windows-1252',
    body: `<form id="legacy" action="${ORIGIN}/sent" method="get"><input name="q"><button>send</button></form>`,
  },
};

async function open(page: Page, path: string) {
  await page.route(`${ORIGIN}/**`, (route) => {
    const served = PAGES[new URL(route.request().url()).pathname];
    if (!served) return route.fulfill({ status: 204 });
    const html = `<!doctype html><html><head><meta charset="${served.charset}"><title>form</title></head><body>${served.body}</body></html>`;
    return route.fulfill({
      status: 200,
      headers: { 'content-type': `text/html; charset=${served.charset}` },
      body: Buffer.from(html, 'latin1'),
    });
  });
  await page.goto(`${ORIGIN}${path}`);
}

/** Submits form `id` and returns the query of the request it sends. */
async function submit(page: Page, id: string) {
  const [sent] = await Promise.all([
    page.waitForRequest((r) => ['/search', '/sent'].includes(new URL(r.url()).pathname)),
    page.locator(`#${id} button`).click(),
  ]);
  return new URL(sent.url()).search;
}

test('a GET form replaces the query of its action', async ({ page }) => {
  await open(page, '/utf8');
  expect(await submit(page, 'get')).toBe('?q=a+b');
});

test("a textarea's line break is sent as CR LF, the escapes the article shows", async ({ page }) => {
  await open(page, '/utf8');
  await page.locator('textarea').fill('one\ntwo');
  const crlf = encode('\r\n', 'form');
  expect(crlf).toEqual({ ok: true, value: '%0D%0A' });
  expect(await submit(page, 'area')).toBe(`?t=one${crlf.ok ? crlf.value : ''}two`);
});

// ж on the English and Ukrainian pages, न on the Hindi, ก on the Thai.
for (const [text, reference] of [
  ['ж', '%26%231078%3B'],
  ['न', '%26%232344%3B'],
  ['ก', '%26%233585%3B'],
]) {
  test(`a form on a windows-1252 page sends ${text} as an escaped character reference`, async ({ page }) => {
    await open(page, '/legacy');
    expect(await page.evaluate(() => document.characterSet)).toBe('windows-1252');
    const written = encode(text!, 'form', { charset: 'windows-1252' });
    const expected = written.ok ? written.value : written;
    expect(expected).toBe(reference);
    await page.locator('input[name=q]').fill(text!);
    expect(await submit(page, 'legacy')).toBe(`?q=${expected}`);
  });
}
