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

// The Ukrainian edition (issue 15): one live example edited on each article, with Ukrainian
// input, and an FAQ deep link. Expected values come from the browser's own functions.
test.describe('the Ukrainian edition', () => {
  // The Ukrainian page itself, not the English one behind the fallback notice.
  async function open(page: Page, path: string) {
    await page.goto(`/uk/${path}`);
    await expect(page.locator('[data-fallback-notice]')).toHaveCount(0);
  }

  test('percent-encoding: the encoder answers a new Ukrainian word', async ({ page }) => {
    await open(page, 'percent-encoding/');
    await type(page, 'encode-laminate', 'ґанок');
    await expect(output(page, 'encode-laminate')).toHaveText(encodeURIComponent('ґанок'));
  });

  test('encoding-sets: the form encoder agrees with URLSearchParams', async ({ page }) => {
    await open(page, 'encoding-sets/');
    const value = 'кава з молоком+цукор';
    await type(page, 'encode-form-thai', value);
    await expect(output(page, 'encode-form-thai')).toHaveText(new URLSearchParams({ x: value }).toString().slice(2));
  });

  test('encoding-functions: the JavaScript rows answer as the browser does', async ({ page }) => {
    await open(page, 'encoding-functions/');
    const value = "Київ: 100% ~п'ять~";
    await type(page, 'functions-main', value);
    const row = (id: string) => page.locator(`#functions-main tr[data-encoder="${id}"] [data-role=encoded]`);
    await expect(row('js:encodeURIComponent')).toHaveText(encodeURIComponent(value));
    await expect(row('js:URLSearchParams')).toHaveText(new URLSearchParams({ q: value }).toString().slice(2));
  });

  test('decoding: a stray % stays literal beside a Ukrainian letter', async ({ page }) => {
    await open(page, 'decoding/');
    await type(page, 'decode-stray-zz', `%zz${encodeURIComponent('ї')}`);
    await expect(output(page, 'decode-stray-zz')).toHaveText('%zzї');
    await expect(page.locator('#decode-stray-zz [data-role=notice][data-code=stray-percent]')).toHaveCount(1);
  });

  test('real-world-bugs: the server view shows the parameters of an edited request', async ({ page }) => {
    await open(page, 'real-world-bugs/');
    await type(page, 'server-search-broken', `/search?q=${encodeURIComponent('ламінат & паркет')}`);
    const params = page.locator('#server-search-broken [data-role=param]');
    await expect(params).toHaveCount(1);
    await expect(params.locator('[data-role=value]')).toHaveText('ламінат & паркет');
  });

  test('analytics-normalization: edited кампанія rows regroup, the escaped plus apart', async ({ page }) => {
    await open(page, 'analytics-normalization/');
    await type(page, 'group-landing', ['/landing?utm_source=email%20кампанія', '/landing?utm_source=email+кампанія', '/landing?utm_source=email%2Bкампанія'].join('\n'));
    const groups = page.locator('#group-landing [data-role=group]');
    await expect(groups).toHaveCount(2);
    await expect(groups.first()).toHaveAttribute('data-count', '2');
  });

  test('security: the layers show what a server sees after each decode', async ({ page }) => {
    await open(page, 'security/');
    const value = encodeURIComponent(encodeURIComponent('../../таємне.txt'));
    await type(page, 'decode-double-traversal', value);
    const layers = page.locator('#decode-double-traversal [data-role=layer]');
    await expect(layers).toHaveText([value, decodeURIComponent(value), decodeURIComponent(decodeURIComponent(value))]);
  });

  test('faq: an answer encodes a new letter', async ({ page }) => {
    await open(page, 'faq/');
    await page.locator('#one-letter-many-escapes > summary').click();
    await type(page, 'faq-encode-ka', 'ї');
    await expect(output(page, 'faq-encode-ka')).toHaveText(encodeURIComponent('ї'));
  });

  test('an FAQ deep link opens its answer, and the language switch keeps it', async ({ page }) => {
    await open(page, 'faq/#space-percent20-or-plus');
    const answer = page.locator('#space-percent20-or-plus');
    await expect(answer).toHaveJSProperty('open', true);
    await expect(answer.locator(':scope > summary')).toBeInViewport();
    await expect(answer.locator(':scope > summary')).toContainText('Пробіл');
    await page.locator('language-switcher a[hreflang=en]').click();
    await expect(page).toHaveURL(/\/en\/faq\/#space-percent20-or-plus$/);
    await expect(page.locator('#space-percent20-or-plus')).toHaveJSProperty('open', true);
  });
});

// The Hindi edition: one live example edited on each article, with Hindi input, and an FAQ
// deep link. Expected values again come from the browser's own encoders and decoders.
test.describe('the Hindi edition', () => {
  test('percent-encoding: the component encoder answers Hindi text', async ({ page }) => {
    await page.goto('/hi/percent-encoding/');
    await type(page, 'encode-cpp', 'राम & श्याम?');
    await expect(output(page, 'encode-cpp')).toHaveText(encodeURIComponent('राम & श्याम?'));
  });

  test('encoding-sets: the form encoder agrees with URLSearchParams', async ({ page }) => {
    await page.goto('/hi/encoding-sets/');
    const value = 'ईमेल अभियान+*~';
    await type(page, 'encode-form-thai', value);
    await expect(output(page, 'encode-form-thai')).toHaveText(new URLSearchParams({ x: value }).toString().slice(2));
  });

  test('encoding-functions: the JavaScript rows encode Hindi text as the browser does', async ({ page }) => {
    await page.goto('/hi/encoding-functions/');
    const value = "नमस्ते, it's 100%";
    await type(page, 'functions-main', value);
    const row = (id: string) => page.locator(`#functions-main tr[data-encoder="${id}"] [data-role=encoded]`);
    await expect(row('js:encodeURIComponent')).toHaveText(encodeURIComponent(value));
    await expect(row('js:URLSearchParams')).toHaveText(new URLSearchParams({ q: value }).toString().slice(2));
  });

  test('decoding: a stray % beside Hindi escapes stays literal and is pointed out', async ({ page }) => {
    await page.goto('/hi/decoding/');
    await type(page, 'decode-stray-zz', `100% ${encodeURIComponent('पक्का')}`);
    await expect(output(page, 'decode-stray-zz')).toHaveText('100% पक्का');
    await expect(page.locator('#decode-stray-zz [data-role=notice][data-code=stray-percent]')).toHaveCount(1);
  });

  test('real-world-bugs: the server view reads an edited Hindi query', async ({ page }) => {
    await page.goto('/hi/real-world-bugs/');
    await type(page, 'server-search-broken', `/search?q=${encodeURIComponent('दाल & चावल')}`);
    const params = page.locator('#server-search-broken [data-role=param]');
    await expect(params).toHaveCount(1);
    await expect(params.locator('[data-role=value]')).toHaveText('दाल & चावल');
  });

  test('analytics-normalization: edited Hindi lines regroup', async ({ page }) => {
    await page.goto('/hi/analytics-normalization/');
    const word = encodeURIComponent('अभियान');
    await type(page, 'group-landing', [`/landing?utm_source=${word}`, `/landing?utm_source=${word.toLowerCase()}`, '/landing?utm_source=अभियान', '/landing?utm_source=email'].join('\n'));
    const groups = page.locator('#group-landing [data-role=group]');
    await expect(groups).toHaveCount(2);
    await expect(groups.first()).toHaveAttribute('data-count', '3');
  });

  test('security: the layers show each decode of a new value', async ({ page }) => {
    await page.goto('/hi/security/');
    const value = encodeURIComponent(encodeURIComponent('../गुप्त.txt'));
    await type(page, 'decode-double-traversal', value);
    const layers = page.locator('#decode-double-traversal [data-role=layer]');
    await expect(layers).toHaveText([value, decodeURIComponent(value), decodeURIComponent(decodeURIComponent(value))]);
  });

  test('faq: an answer encodes a new Devanagari letter', async ({ page }) => {
    await page.goto('/hi/faq/');
    await page.locator('#one-letter-many-escapes > summary').click();
    await type(page, 'faq-encode-ka', 'ज्ञ');
    await expect(output(page, 'faq-encode-ka')).toHaveText(encodeURIComponent('ज्ञ'));
  });

  test('faq: a deep link opens its answer, in Hindi', async ({ page }) => {
    await page.goto('/hi/faq/#space-percent20-or-plus');
    const answer = page.locator('#space-percent20-or-plus');
    await expect(answer).toHaveJSProperty('open', true);
    await expect(answer.locator(':scope > summary')).toContainText('स्पेस');
    await expect(answer.locator(':scope > summary')).toBeInViewport();
    await expect(page.locator('#stray-percent')).toHaveJSProperty('open', false);
  });
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
