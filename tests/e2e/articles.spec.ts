import { expect, test, type Page } from '@playwright/test';

// The English edition, read as a reader would: every article has a live example that
// answers to a new input, FAQ links open their answer, and switching language from an
// FAQ answer lands on the same answer. Expected values come from independent oracles
// (encodeURIComponent, URLSearchParams) or from the content brief, never from the codec.

async function type(page: Page, widget: string, text: string) {
  const input = page.locator(`#${widget} [data-role=input]`).first();
  await input.fill(text);
}

const output = (page: Page, widget: string) => page.locator(`#${widget} [data-role=output]`).first();

test('percent-encoding: the component encoder answers a new value', async ({ page }) => {
  await page.goto('/en/percent-encoding/');
  await type(page, 'encode-cpp', 'Tom & Jerry?');
  await expect(output(page, 'encode-cpp')).toHaveText(encodeURIComponent('Tom & Jerry?'));
});

test('encoding-sets: the form encoder agrees with URLSearchParams', async ({ page }) => {
  await page.goto('/en/encoding-sets/');
  const value = 'a b+c/d*';
  await type(page, 'encode-form-thai', value);
  await expect(output(page, 'encode-form-thai')).toHaveText(new URLSearchParams({ x: value }).toString().slice(2));
});

test('encoding-functions: every function answers a new value, the JavaScript ones as the browser does', async ({ page }) => {
  await page.goto('/en/encoding-functions/');
  const value = "it's 100% ~fine~";
  await type(page, 'functions-main', value);
  const row = (id: string) => page.locator(`#functions-main tr[data-encoder="${id}"] [data-role=encoded]`);
  await expect(row('js:encodeURIComponent')).toHaveText(encodeURIComponent(value));
  await expect(row('js:URLSearchParams')).toHaveText(new URLSearchParams({ q: value }).toString().slice(2));
  await expect(page.locator('#functions-main tr[data-encoder]')).toHaveCount(14);
});

test('decoding: a stray % stays literal and is pointed out', async ({ page }) => {
  await page.goto('/en/decoding/');
  await type(page, 'decode-stray-zz', '%zz%41');
  await expect(output(page, 'decode-stray-zz')).toHaveText('%zzA');
  await expect(page.locator('#decode-stray-zz [data-role=notice][data-code=stray-percent]')).toHaveCount(1);
});

test('real-world-bugs: the server view shows the parameters of an edited request', async ({ page }) => {
  await page.goto('/en/real-world-bugs/');
  await type(page, 'server-search-broken', `/search?q=${encodeURIComponent('promises & async/await')}`);
  const params = page.locator('#server-search-broken [data-role=param]');
  await expect(params).toHaveCount(1);
  await expect(params.locator('[data-role=name]')).toHaveText('q');
  await expect(params.locator('[data-role=value]')).toHaveText('promises & async/await');
});

test('analytics-normalization: edited lines regroup', async ({ page }) => {
  await page.goto('/en/analytics-normalization/');
  await type(page, 'group-landing', ['/landing?utm_source=email', '/landing?utm_source=%65mail', '/landing?utm_source=EMAIL'].join('\n'));
  const groups = page.locator('#group-landing [data-role=group]');
  await expect(groups).toHaveCount(2);
  await expect(groups.first()).toHaveAttribute('data-count', '2');
});

test('security: the layers show what a server sees after each decode of a new value', async ({ page }) => {
  await page.goto('/en/security/');
  const value = encodeURIComponent(encodeURIComponent('../../secret.txt'));
  await type(page, 'decode-double-traversal', value);
  const layers = page.locator('#decode-double-traversal [data-role=layer]');
  await expect(layers).toHaveText([value, decodeURIComponent(value), decodeURIComponent(decodeURIComponent(value))]);
});

test('encoding-sets: the browser sets answer a new value as the page\'s own URL parser does', async ({ page }) => {
  await page.goto('/en/encoding-sets/');
  await type(page, 'browser-sets-main', 'a b"c');
  const expected = await page.evaluate(() => {
    const url = new URL('http://h/');
    url.search = 'a b"c';
    return url.search.slice(1);
  });
  await expect(page.locator('#browser-sets-main tr[data-part=special-query] [data-role=encoded]')).toHaveText(expected);
});

test('faq: an answer encodes a new letter', async ({ page }) => {
  await page.goto('/en/faq/');
  await page.locator('#one-letter-many-escapes > summary').click();
  await type(page, 'faq-encode-ka', 'ж');
  await expect(output(page, 'faq-encode-ka')).toHaveText(encodeURIComponent('ж'));
});

test('an FAQ deep link opens and highlights its answer', async ({ page }) => {
  await page.goto('/en/faq/#space-percent20-or-plus');
  const answer = page.locator('#space-percent20-or-plus');
  await expect(answer).toHaveJSProperty('open', true);
  await expect(answer.locator('..')).toHaveClass(/faq--target/);
  await expect(answer.locator(':scope > summary')).toBeInViewport();
  // Other answers stay closed.
  await expect(page.locator('#stray-percent')).toHaveJSProperty('open', false);
});

test('switching language from an FAQ answer lands on the same answer', async ({ page }) => {
  await page.goto('/en/faq/#stray-percent');
  await page.locator('language-switcher a[hreflang=th]').click();
  await expect(page).toHaveURL(/\/th\/faq\/#stray-percent$/);
  await expect(page.locator('#stray-percent')).toHaveJSProperty('open', true);
});

test('the header links the FAQ and the tools in every locale', async ({ page }) => {
  for (const locale of ['en', 'th', 'hi', 'uk']) {
    await page.goto(`/${locale}/`);
    const nav = page.locator('.site-nav');
    await expect(nav.locator(`a[href="/${locale}/faq/"]`)).toHaveCount(1);
    await expect(nav.locator(`a[href="/${locale}/tools/"]`)).toHaveCount(1);
  }
});

// The Thai edition: one live example on each Thai article answers a new Thai input, and an
// FAQ deep link opens its answer. Expected values come from the same independent oracles.
test.describe('th edition', () => {
  test('percent-encoding: the component encoder answers Thai text', async ({ page }) => {
    await page.goto('/th/percent-encoding/');
    await type(page, 'encode-cpp', 'ลด 50% & ส่งฟรี?');
    await expect(output(page, 'encode-cpp')).toHaveText(encodeURIComponent('ลด 50% & ส่งฟรี?'));
  });

  test('encoding-sets: the form encoder agrees with URLSearchParams on Thai text', async ({ page }) => {
    await page.goto('/th/encoding-sets/');
    const value = 'อีเมล แคมเปญ+โปร/ลด*';
    await type(page, 'encode-form-thai', value);
    await expect(output(page, 'encode-form-thai')).toHaveText(new URLSearchParams({ x: value }).toString().slice(2));
  });

  test('encoding-functions: the JavaScript rows answer Thai text as the browser does', async ({ page }) => {
    await page.goto('/th/encoding-functions/');
    const value = "ร้าน 'ผ้าไทย' 100%";
    await type(page, 'functions-main', value);
    const row = (id: string) => page.locator(`#functions-main tr[data-encoder="${id}"] [data-role=encoded]`);
    await expect(row('js:encodeURIComponent')).toHaveText(encodeURIComponent(value));
    await expect(row('js:URLSearchParams')).toHaveText(new URLSearchParams({ q: value }).toString().slice(2));
  });

  test('decoding: a stray % stays literal next to decoded Thai text', async ({ page }) => {
    await page.goto('/th/decoding/');
    await type(page, 'decode-stray-zz', `%zz${encodeURIComponent('ไทย')}`);
    await expect(output(page, 'decode-stray-zz')).toHaveText('%zzไทย');
    await expect(page.locator('#decode-stray-zz [data-role=notice][data-code=stray-percent]')).toHaveCount(1);
  });

  test('real-world-bugs: the server view reads an edited Thai query as one value', async ({ page }) => {
    await page.goto('/th/real-world-bugs/');
    await type(page, 'server-search-broken', `/search?q=${encodeURIComponent('ผ้าไหม & ผ้าฝ้าย')}`);
    const params = page.locator('#server-search-broken [data-role=param]');
    await expect(params).toHaveCount(1);
    await expect(params.locator('[data-role=value]')).toHaveText('ผ้าไหม & ผ้าฝ้าย');
  });

  test('analytics-normalization: the Thai campaign rows regroup, the escaped plus apart', async ({ page }) => {
    await page.goto('/th/analytics-normalization/');
    const word = encodeURIComponent('แคมเปญ');
    await type(page, 'group-landing', [`/landing?utm_source=email%20${word}`, `/landing?utm_source=email+${word}`, '/landing?utm_source=email แคมเปญ', '/landing?utm_source=email%2Bแคมเปญ'].join('\n'));
    const groups = page.locator('#group-landing [data-role=group]');
    await expect(groups).toHaveCount(2);
    await expect(groups.first()).toHaveAttribute('data-count', '3');
  });

  test('security: the layers decode a doubly encoded Thai file name one step at a time', async ({ page }) => {
    await page.goto('/th/security/');
    const value = encodeURIComponent(encodeURIComponent('../../ลับ.txt'));
    await type(page, 'decode-double-traversal', value);
    const layers = page.locator('#decode-double-traversal [data-role=layer]');
    await expect(layers).toHaveText([value, decodeURIComponent(value), decodeURIComponent(decodeURIComponent(value))]);
  });

  test('faq: an answer encodes a new Thai letter', async ({ page }) => {
    await page.goto('/th/faq/');
    await page.locator('#one-letter-many-escapes > summary').click();
    await type(page, 'faq-encode-ka', 'ข');
    await expect(output(page, 'faq-encode-ka')).toHaveText(encodeURIComponent('ข'));
  });

  test('faq: a deep link opens its Thai answer and leaves the others closed', async ({ page }) => {
    await page.goto('/th/faq/#space-percent20-or-plus');
    const answer = page.locator('#space-percent20-or-plus');
    await expect(answer).toHaveJSProperty('open', true);
    await expect(answer.locator(':scope > summary')).toBeInViewport();
    await expect(answer.locator(':scope > summary')).toContainText('ช่องว่าง');
    await expect(page.locator('#stray-percent')).toHaveJSProperty('open', false);
  });
});
