/**
 * What Chromium sends from pages served in legacy charsets, against the codec's `encode` with
 * the same `charset`. Each page is a real document in its charset, served through a route
 * (the preview server cannot set charsets), so the browser's own form serializer and URL
 * parser do the encoding; the expected query is computed by the codec in this process.
 * Characters a charset cannot write arrive as escaped HTML character references (`&#NNNN;`),
 * which the texts below include on purpose: the Hindi decoding page (#invalid-utf8) shows
 * `न` from a windows-1252 page.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { encode } from '../../src/codec/index.ts';

const ORIGIN = 'http://legacy-charset.test';

/** A text per charset: its own script, ASCII punctuation and a space, and characters it cannot write. */
const CASES: [charset: string, text: string][] = [
  ['windows-1252', 'न'],
  ['windows-1251', 'ламінат'],
  ['windows-1251', 'ціна: 5 € + ґ & ?/ 😀 न'],
  ['windows-874', 'แคมเปญ'],
  ['windows-874', 'ราคา ฿99 ✓ ą'],
  ['koi8-u', 'Ґанок і їжак ₴'],
  ['koi8-r', 'Ёлка ї'],
  ['iso-8859-2', 'Łódź ő ß €'],
  ['iso-8859-7', 'Αθήνα ₯ ж'],
  ['windows-1256', 'مرحبا ٪ ж'],
  ['ibm866', 'Привіт ✓'],
  ['macintosh', 'Café ‰ ж'],
  ['x-mac-cyrillic', 'Київ €'],
  ['windows-1258', 'Tiếng Việt'],
  ['shift_jis', 'アイ 表示 ｱ ¥‾− € 한'],
  ['euc-jp', '日本語 ｱ ¥ 한'],
  ['euc-kr', '한국어 ¥ ж 😀'],
  // Not ж: Chromium's Big5 writes it as C8 5C (the WHATWG index's Hong Kong part), which
  // Node's decoder (ICU 78) does not map, so the codec run in Node calls it unmappable.
  ['big5', '中文 十 ═ € 한'],
  ['gbk', '中文 € ḿ 😀'],
  ['gb18030', '中文 € ḿ 😀 \u1E40'],
];

// ASCII only, so the page reads the same in every ASCII-based charset.
const page = (
  charset: string,
) => `<!doctype html><html><head><meta charset="${charset}"><title>legacy</title></head><body>
<form action="${ORIGIN}/sent" method="get"><input name="q"><button>send</button></form>
</body></html>`;

test.beforeEach(async ({ page: p }) => {
  await p.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    const charset = url.pathname.slice('/page/'.length);
    return url.pathname.startsWith('/page/')
      ? route.fulfill({
          status: 200,
          headers: { 'content-type': `text/html; charset=${charset}` },
          body: Buffer.from(page(charset), 'latin1'),
        })
      : route.fulfill({ status: 204 });
  });
});

const query = (request: Request) => new URL(request.url()).search;

/** The codec's bytes for `text` in `charset`: what the page must send. */
function encoded(text: string, mode: 'form' | 'url', charset: string): string {
  const result = encode(text, mode, { charset });
  return result.ok ? result.value : `(codec failed: ${result.error.code})`;
}

async function open(p: Page, charset: string) {
  await p.goto(`${ORIGIN}/page/${charset}`);
  expect((await p.evaluate(() => document.characterSet)).toLowerCase()).toBe(charset);
}

for (const [charset, text] of CASES) {
  test(`a form on a ${charset} page sends ${text} as the codec writes it`, async ({ page: p }) => {
    await open(p, charset);
    await p.locator('input[name=q]').fill(text);
    const [sent] = await Promise.all([p.waitForRequest(`${ORIGIN}/sent**`), p.locator('button').click()]);
    expect(query(sent)).toBe(`?q=${encoded(text, 'form', charset)}`);
  });
}

test('the worked figures: ламінат for windows-1251, न from windows-1252', () => {
  expect(encoded('ламінат', 'form', 'windows-1251')).toBe('%EB%E0%EC%B3%ED%E0%F2');
  expect(encoded('न', 'form', 'windows-1252')).toBe('%26%232344%3B');
});

for (const [charset, text] of [
  ['windows-1252', 'न'],
  ['windows-1251', 'ціна ґ € 😀'],
  ['shift_jis', 'アイ ｱ'],
] as const) {
  test(`a link's query on a ${charset} page carries what the codec's url set writes`, async ({ page: p }) => {
    await open(p, charset);
    // The URL parser encodes a query in the document's charset, as a link's href is read.
    // (Texts whose bytes hold no `\`: the query set leaves it raw, the url set escapes it.)
    const search = await p.evaluate((t) => {
      const a = document.createElement('a');
      a.href = `/sent?q=${t}`;
      return new URL(a.href).search;
    }, text);
    expect(search).toBe(`?q=${encoded(text, 'url', charset)}`);
  });
}
