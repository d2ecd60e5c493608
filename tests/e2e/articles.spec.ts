import { expect, test, type Page } from '@playwright/test';
import { encoders } from '../../src/codec/index.ts';
import { LOCALES } from '../../src/i18n/locales';

// Each edition, read as a reader would: one live example on every article answers a new
// input in the locale's own words, and an FAQ deep link opens its answer; then what does not
// depend on the locale (the browser sets, the language switch from an answer, the header).
// Expected values come from independent oracles (the browser's encodeURIComponent,
// URLSearchParams and URL) or are the articles' own examples, never from the codec.

async function type(page: Page, widget: string, text: string) {
  const input = page.locator(`#${widget} [data-role=input]`).first();
  await input.fill(text);
}

const output = (page: Page, widget: string) => page.locator(`#${widget} [data-role=output]`).first();

/** What each edition types into its live examples: the locale's own words and letters. */
interface Edition {
  /** The percent-encoding article's encoder (the Ukrainian page has its own example). */
  encoder: { widget: string; value: string };
  /** The form encoder of the encoding-sets article. */
  form: string;
  /** The encoding-functions table. */
  functions: string;
  /** A stray % in the decoder, and the text it decodes to. */
  stray: { input: string; shown: string };
  /** The one value of the query the real-world-bugs server view reads. */
  searchValue: string;
  /** Lines for the analytics grouper; the groups they form and the size of the first. */
  group: { lines: string[]; groups: number; first: number };
  /** A file name encoded twice, for the security article's decode layers. */
  traversal: string;
  /** A letter for the FAQ answer's encoder. */
  letter: string;
  /** Words of the summary of the FAQ answer about a space (none: the English summary). */
  spaceSummary?: string;
}

const EDITIONS: Record<'en' | 'uk' | 'hi' | 'th', Edition> = {
  en: {
    encoder: { widget: 'encode-cpp', value: 'Tom & Jerry?' },
    form: 'a b+c/d*',
    functions: "it's 100% ~fine~",
    stray: { input: '%zz%41', shown: '%zzA' },
    searchValue: 'promises & async/await',
    group: {
      lines: ['/landing?utm_source=email', '/landing?utm_source=%65mail', '/landing?utm_source=EMAIL'],
      groups: 2,
      first: 2,
    },
    traversal: '../../secret.txt',
    letter: 'ж',
  },
  uk: {
    encoder: { widget: 'encode-laminate', value: 'ґанок' },
    form: 'кава з молоком+цукор',
    functions: "Київ: 100% ~п'ять~",
    stray: { input: `%zz${encodeURIComponent('ї')}`, shown: '%zzї' },
    searchValue: 'ламінат & паркет',
    // The escaped plus stays apart.
    group: {
      lines: [
        '/landing?utm_source=email%20кампанія',
        '/landing?utm_source=email+кампанія',
        '/landing?utm_source=email%2Bкампанія',
      ],
      groups: 2,
      first: 2,
    },
    traversal: '../../таємне.txt',
    letter: 'ї',
    spaceSummary: 'Пробіл',
  },
  hi: {
    encoder: { widget: 'encode-cpp', value: 'राम & श्याम?' },
    form: 'ईमेल अभियान+*~',
    functions: "नमस्ते, it's 100%",
    stray: { input: `100% ${encodeURIComponent('पक्का')}`, shown: '100% पक्का' },
    searchValue: 'दाल & चावल',
    group: {
      lines: [
        `/landing?utm_source=${encodeURIComponent('अभियान')}`,
        `/landing?utm_source=${encodeURIComponent('अभियान').toLowerCase()}`,
        '/landing?utm_source=अभियान',
        '/landing?utm_source=email',
      ],
      groups: 2,
      first: 3,
    },
    traversal: '../गुप्त.txt',
    letter: 'ज्ञ',
    spaceSummary: 'स्पेस',
  },
  th: {
    encoder: { widget: 'encode-cpp', value: 'ลด 50% & ส่งฟรี?' },
    form: 'อีเมล แคมเปญ+โปร/ลด*',
    functions: "ร้าน 'ผ้าไทย' 100%",
    stray: { input: `%zz${encodeURIComponent('ไทย')}`, shown: '%zzไทย' },
    searchValue: 'ผ้าไหม & ผ้าฝ้าย',
    // The escaped plus stays apart.
    group: {
      lines: [
        `/landing?utm_source=email%20${encodeURIComponent('แคมเปญ')}`,
        `/landing?utm_source=email+${encodeURIComponent('แคมเปญ')}`,
        '/landing?utm_source=email แคมเปญ',
        '/landing?utm_source=email%2Bแคมเปญ',
      ],
      groups: 2,
      first: 3,
    },
    traversal: '../../ลับ.txt',
    letter: 'ข',
    spaceSummary: 'ช่องว่าง',
  },
};

for (const [locale, edition] of Object.entries(EDITIONS)) {
  test.describe(`the ${locale} edition`, () => {
    // The locale's own page, not the English one behind a fallback notice.
    async function open(page: Page, path: string) {
      await page.goto(`/${locale}/${path}`);
      await expect(page.locator('[data-fallback-notice]')).toHaveCount(0);
    }

    test('percent-encoding: the encoder answers a new value', async ({ page }) => {
      await open(page, 'percent-encoding/');
      const { widget, value } = edition.encoder;
      await type(page, widget, value);
      await expect(output(page, widget)).toHaveText(encodeURIComponent(value));
    });

    test('encoding-sets: the form encoder agrees with URLSearchParams', async ({ page }) => {
      await open(page, 'encoding-sets/');
      await type(page, 'encode-form-thai', edition.form);
      await expect(output(page, 'encode-form-thai')).toHaveText(
        new URLSearchParams({ x: edition.form }).toString().slice(2),
      );
    });

    test('encoding-functions: every function answers a new value, the JavaScript ones as the browser does', async ({
      page,
    }) => {
      await open(page, 'encoding-functions/');
      await type(page, 'functions-main', edition.functions);
      const row = (id: string) => page.locator(`#functions-main tr[data-encoder="${id}"] [data-role=encoded]`);
      await expect(row('js:encodeURIComponent')).toHaveText(encodeURIComponent(edition.functions));
      await expect(row('js:URLSearchParams')).toHaveText(
        new URLSearchParams({ q: edition.functions }).toString().slice(2),
      );
      await expect(page.locator('#functions-main tr[data-encoder]')).toHaveCount(encoders.length);
    });

    test('decoding: a stray % stays literal and is pointed out', async ({ page }) => {
      await open(page, 'decoding/');
      await type(page, 'decode-stray-zz', edition.stray.input);
      await expect(output(page, 'decode-stray-zz')).toHaveText(edition.stray.shown);
      await expect(page.locator('#decode-stray-zz [data-role=notice][data-code=stray-percent]')).toHaveCount(1);
    });

    test('real-world-bugs: the server view shows the parameters of an edited request', async ({ page }) => {
      await open(page, 'real-world-bugs/');
      await type(page, 'server-search-broken', `/search?q=${encodeURIComponent(edition.searchValue)}`);
      const params = page.locator('#server-search-broken [data-role=param]');
      await expect(params).toHaveCount(1);
      await expect(params.locator('[data-role=name]')).toHaveText('q');
      await expect(params.locator('[data-role=value]')).toHaveText(edition.searchValue);
    });

    test('analytics-normalization: edited lines regroup', async ({ page }) => {
      await open(page, 'analytics-normalization/');
      await type(page, 'group-landing', edition.group.lines.join('\n'));
      const groups = page.locator('#group-landing [data-role=group]');
      await expect(groups).toHaveCount(edition.group.groups);
      await expect(groups.first()).toHaveAttribute('data-count', String(edition.group.first));
    });

    test('security: the layers show what a server sees after each decode of a new value', async ({ page }) => {
      await open(page, 'security/');
      const value = encodeURIComponent(encodeURIComponent(edition.traversal));
      await type(page, 'decode-double-traversal', value);
      const layers = page.locator('#decode-double-traversal [data-role=layer]');
      await expect(layers).toHaveText([
        value,
        decodeURIComponent(value),
        decodeURIComponent(decodeURIComponent(value)),
      ]);
    });

    test('faq: an answer encodes a new letter', async ({ page }) => {
      await open(page, 'faq/');
      await page.locator('#one-letter-many-escapes > summary').click();
      await type(page, 'faq-encode-ka', edition.letter);
      await expect(output(page, 'faq-encode-ka')).toHaveText(encodeURIComponent(edition.letter));
    });

    test('an FAQ deep link opens and highlights its answer, and leaves the others closed', async ({ page }) => {
      await open(page, 'faq/#space-percent20-or-plus');
      const answer = page.locator('#space-percent20-or-plus');
      await expect(answer).toHaveJSProperty('open', true);
      await expect(answer.locator('..')).toHaveClass(/faq--target/);
      await expect(answer.locator(':scope > summary')).toBeInViewport();
      if (edition.spaceSummary) await expect(answer.locator(':scope > summary')).toContainText(edition.spaceSummary);
      await expect(page.locator('#stray-percent')).toHaveJSProperty('open', false);
    });
  });
}

test("encoding-sets: the browser sets answer a new value as the page's own URL parser does", async ({ page }) => {
  await page.goto('/en/encoding-sets/');
  await type(page, 'browser-sets-main', 'a b"c');
  const expected = await page.evaluate(() => {
    const url = new URL('http://h/');
    url.search = 'a b"c';
    return url.search.slice(1);
  });
  await expect(page.locator('#browser-sets-main tr[data-part=special-query] [data-role=encoded]')).toHaveText(expected);
});

test('switching language from an FAQ answer lands on the same answer', async ({ page }) => {
  await page.goto('/en/faq/#stray-percent');
  await page.locator('language-switcher summary').click();
  await page.locator('language-switcher a[hreflang=th]').click();
  await expect(page).toHaveURL(/\/th\/faq\/#stray-percent$/);
  await expect(page.locator('#stray-percent')).toHaveJSProperty('open', true);
});

test('the site menu links the FAQ and the tools in every locale', async ({ page }) => {
  for (const locale of LOCALES) {
    await page.goto(`/${locale}/`);
    const nav = page.locator('.site-menu');
    await expect(nav.locator(`a[href="/${locale}/faq/"]`)).toHaveCount(1);
    await expect(nav.locator(`a[href="/${locale}/tools/"]`)).toHaveCount(1);
  }
});
