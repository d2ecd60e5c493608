import { expect, test, type Page } from '@playwright/test';
import en from '../../src/i18n/en.json' with { type: 'json' };
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import { ready, setValue, tools, watchDialogs } from './widgets-helpers';

// Copy buttons and share links: state in the fragment (#<widget id>?<form state>), the page
// reopens with the widget filled and in view; a hostile fragment is only ever text.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const locale of ['en', 'th']) {
  test(`a share link reopens the widget filled in and scrolled into view (${locale})`, async ({ page, context }) => {
    await page.goto(tools(locale));
    const w = page.locator('#tool-decode');
    await ready(w);
    await w.locator('[data-role=input]').fill('%EB%E0%EC%B3%ED%E0%F2+%E0');
    await w.locator('select[name=charset]').selectOption('windows-1251');
    await w.locator('input[name=mode][value=form]').check();
    await expect(w.locator('[data-role=output]')).toHaveText('ламінат а');
    await w.locator('[data-action=share]').click();
    const link = await w.locator('[data-role=share-url]').inputValue();
    expect(link).toMatch(new RegExp(`/${locale}/tools/#tool-decode\\?`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(w.locator('[data-role=status]')).not.toBeEmpty();

    const other = await context.newPage();
    await other.goto(link);
    const again = other.locator('#tool-decode');
    // Not ready(), which scrolls: the link itself must load the widget and bring it into view.
    await expect(again.locator('[data-action=share]')).toBeVisible();
    await expect(again.locator('[data-role=input]')).toHaveValue('%EB%E0%EC%B3%ED%E0%F2+%E0');
    await expect(again.locator('select[name=charset]')).toHaveValue('windows-1251');
    await expect(again.locator('input[name=mode][value=form]')).toBeChecked();
    await expect(again.locator('[data-role=output]')).toHaveText('ламінат а');
    await expect(again).toBeInViewport();
    await expect(other.locator('#tool-encode')).not.toBeInViewport();
  });

  test(`an old share link with plus=literal reopens under the rfc3986 model (${locale})`, async ({ page }) => {
    await page.goto(
      `${tools(locale)}#tool-normalize?value=${encodeURIComponent('/go?next=%2Fhome&q=a+b')}&plus=literal&order=sort&fragment=drop`,
    );
    const w = page.locator('#tool-normalize');
    await expect(w.locator('input[name=model][value=rfc3986]')).toBeChecked();
    await expect(w.locator('[data-role=output]')).toHaveText('/go?next=%2Fhome&q=a+b');
  });

  test(`copy puts the exact result on the clipboard and says so (${locale})`, async ({ page }) => {
    await page.goto(tools(locale));
    const w = page.locator('#tool-encode');
    await ready(w);
    await w.locator('[data-role=input]').fill('a b');
    const button = w.locator('[data-action=copy]');
    const label = await button.textContent();
    await button.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('a%20b');
    await expect(button).not.toHaveText(label ?? '');
    await expect(w.locator('[data-role=status]')).toHaveText(/\S/);
    await expect(button).toHaveText(label ?? '', { timeout: 5000 });
  });
}

const noClipboard = {
  refused: () =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }),
  missing: () => Object.defineProperty(navigator, 'clipboard', { value: undefined }),
};

for (const [how, script] of Object.entries(noClipboard)) {
  test(`with the clipboard ${how}, copying selects the whole result and says so in sight`, async ({ page }) => {
    await page.addInitScript(script);
    await page.goto(tools('uk'));
    const w = page.locator('#tool-encode');
    await ready(w);
    // 240,000 characters of result, of which the page shows the first 200,000.
    const whole = encodeURIComponent('é'.repeat(40_000));
    await w.locator('[data-role=input]').fill('é'.repeat(40_000));
    await expect(w.locator('[data-role=cut]')).toBeVisible();
    await w.locator('[data-action=copy]').click();
    const box = w.locator('[data-role=copy-box]');
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    expect(
      await box.evaluate((b: HTMLTextAreaElement, text) => [b.value === text, b.selectionStart, b.selectionEnd], whole),
    ).toEqual([true, 0, whole.length]);
    await expect(w.locator('.w-field [data-role=copy-hint]')).toBeVisible();
    await expect(w.locator('.w-field [data-role=copy-hint]')).toHaveText(uk.widgets.common.copyFailed);
    await expect(w.locator('[data-role=status]')).toContainText('Ctrl+C');
    // A new result puts the box and its stale text away.
    await w.locator('[data-role=input]').fill('a b');
    await expect(box).toBeHidden();
    await expect(w.locator('.w-field [data-role=copy-hint]')).toBeHidden();
    // The share link, refused too, is selected in its own field, with the same instruction.
    await w.locator('[data-action=share]').click();
    const link = w.locator('[data-role=share-url]');
    await expect(link).toBeFocused();
    expect(
      await link.evaluate((l: HTMLInputElement) => l.selectionEnd === l.value.length && l.selectionStart === 0),
    ).toBe(true);
    await expect(w.locator('[data-region=share] [data-role=copy-hint]')).toHaveText(uk.widgets.common.copyFailed);
  });
}

test('a share link that names a widget fills it even when the page is already open', async ({ page }) => {
  await page.goto(tools('hi'));
  await ready(page.locator('#tool-compare'));
  await page.evaluate(
    () => (location.hash = `tool-compare?a=${encodeURIComponent('/p?x=1')}&b=${encodeURIComponent('/p?x=%31')}`),
  );
  await expect(page.locator('#tool-compare [data-role=output]')).toHaveAttribute('data-verdict', 'equivalent');
  await expect(page.locator('#tool-compare')).toBeInViewport();
});

const HOSTILE = '"><img src=x onerror=alert(1)><script>alert(2)</script>';

test('a hostile fragment is shown as text and runs nothing', async ({ page }) => {
  const dialogs = watchDialogs(page);
  const state = new URLSearchParams({ value: HOSTILE, mode: '<script>alert(3)</script>' });
  await page.goto(`${tools('en')}#tool-anatomy?${state}`);
  const w = page.locator('#tool-anatomy');
  await ready(w);
  await expect(w.locator('[data-role=input]')).toHaveValue(HOSTILE);
  await expect(w.locator('[data-role=output]')).toHaveText(HOSTILE);
  await expect(page.locator('img[src=x]')).toHaveCount(0);

  await page.goto(`${tools('en')}#tool-encode?${state}`);
  const e = page.locator('#tool-encode');
  await ready(e);
  await expect(e.locator('[data-role=input]')).toHaveValue(HOSTILE);
  await expect(e.locator('[data-role=output]')).toHaveText(
    encodeURIComponent(HOSTILE).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
  // An unknown mode is ignored: the form keeps its valid choice.
  await expect(e.locator('input[name=mode][value=component]')).toBeChecked();

  // A fragment whose "id" is markup matches no widget and changes nothing.
  await page.goto('about:blank');
  await page.goto(`${tools('en')}#${encodeURIComponent(HOSTILE)}?value=x`);
  await ready(page.locator('#tool-encode'));
  await expect(page.locator('#tool-encode [data-role=input]')).toHaveValue('C++ & C#');
  await expect(page.locator('img[src=x]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('typed markup renders as text in every widget', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(tools('uk'));
  await ready(page.locator('#tool-group'));
  for (const field of await page.locator('[data-widget] [data-role=input]').all()) await field.fill(`/x?q=${HOSTILE}`);
  await expect(page.locator('#tool-server-view [data-role=value]').first()).toHaveText(HOSTILE);
  await expect(page.locator('#tool-group [data-role=variant] code').first()).toHaveText(`/x?q=${HOSTILE}`);
  await expect(page.locator('[data-widget] img, [data-widget] script:not([type])')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

/** Waits until the page has handled the fragment it is on (a hashchange is one task). */
const settled = (page: Page) => page.evaluate(() => new Promise((done) => setTimeout(done, 100)));

test('Back to a share link after a table-of-contents link keeps what the reader typed', async ({ page }) => {
  await page.goto('/en/decoding/#decode-fussball?value=abc');
  const w = page.locator('#decode-fussball');
  const box = w.locator('[data-role=input]');
  await expect(box).toHaveValue('abc');
  // Edited, then away through the table of contents and Back.
  await box.fill('edited');
  await page.locator('.toc a').first().click();
  await expect(page).not.toHaveURL(/\?value=abc/);
  await page.goBack();
  await expect(page).toHaveURL(/#decode-fussball\?value=abc$/);
  await settled(page);
  await expect(box).toHaveValue('edited');
  await expect(w.locator('[data-role=output]')).toHaveText('edited');
  // Away first and edited there, then Back: the same.
  await page.locator('.toc a').nth(1).click();
  await box.fill('edited again');
  await page.goBack();
  await settled(page);
  await expect(box).toHaveValue('edited again');
  // Following a share link anew applies it, over the edits.
  await page.evaluate(() => (location.hash = 'decode-fussball?value=%25C3%25A9'));
  await expect(box).toHaveValue('%C3%A9');
  await expect(w.locator('[data-role=output]')).toHaveText('é');
});

test('what the reader types while the code of a shared widget is on its way is kept', async ({ page }) => {
  // The page and its loaders arrive; the widgets' code is held, as on a slow network.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/_astro/*.js', async (route) => {
    if (!/astro_type_script|on-use/.test(route.request().url())) await held;
    await route.continue();
  });
  await page.goto(`${tools('en')}#tool-encode?value=shared&mode=form`, { waitUntil: 'domcontentloaded' });
  const w = page.locator('#tool-encode');
  await w.locator('[data-role=input]').fill('typed here');
  release();
  await expect(w.locator('[data-action=share]')).toBeVisible();
  await expect(w.locator('[data-role=output]')).toHaveText('typed%20here');
  await expect(w.locator('[data-role=input]')).toHaveValue('typed here');
  await expect(w.locator('input[name=mode][value=component]')).toBeChecked();
});

test('the language switcher carries the state a shared widget shows now, edits included', async ({ page }) => {
  await page.goto(`${tools('en')}#tool-encode?value=shared&mode=form`);
  const w = page.locator('#tool-encode');
  await expect(w.locator('[data-role=input]')).toHaveValue('shared');
  const uk = page.locator('language-switcher a[hreflang=uk]');
  await expect(uk).toHaveAttribute('href', /#tool-encode\?value=shared&mode=form$/);
  await w.locator('[data-role=input]').fill('edited');
  await w.locator('input[name=mode][value=url]').check();
  await page.locator('language-switcher summary').click();
  await uk.click();
  await expect(page).toHaveURL(/\/uk\/tools\/#tool-encode\?value=edited&mode=url&charset=utf-8&lines=$/);
  await expect(page.locator('#tool-encode [data-role=input]')).toHaveValue('edited');
  await expect(page.locator('#tool-encode input[name=mode][value=url]')).toBeChecked();
});

for (const locale of ['en', 'th']) {
  test(`a share link to a widget in an FAQ answer opens the answer, scrolls to the widget and focuses it (${locale})`, async ({
    page,
  }) => {
    await page.goto(`/${locale}/faq/#faq-decode-stray?value=${encodeURIComponent('50% off')}`);
    const w = page.locator('#faq-decode-stray');
    await expect(w.locator('[data-role=input]')).toHaveValue('50% off');
    await expect(page.locator('details#stray-percent')).toHaveAttribute('open', '');
    await expect(w).toBeInViewport();
    await expect(w.locator('[data-role=input]')).toBeFocused();
    await expect(w.locator('[data-role=notice]')).toHaveAttribute('data-code', 'stray-percent');
  });
}

test('a lone surrogate survives a share link (version 2), and so do backslashes', async ({ page, context }) => {
  await page.goto(tools('en'));
  const w = page.locator('#tool-encode');
  await ready(w);
  await setValue(w.locator('[data-role=input]'), 'C:\\x{U+D800}y{U+DC00}😀');
  await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'lone-surrogate');
  await w.locator('[data-action=share]').click();
  const link = await w.locator('[data-role=share-url]').inputValue();
  expect(link).toMatch(/&v=2$/);
  const other = await context.newPage();
  await other.goto(link);
  const again = other.locator('#tool-encode');
  await expect(again.locator('[data-role=error]')).toHaveAttribute('data-code', 'lone-surrogate');
  // Compared as UTF-16 units: a lone surrogate does not survive the trip out of the page.
  const units = await again
    .locator('[data-role=input]')
    .evaluate((el: HTMLTextAreaElement) => el.value.split('').map((c) => c.charCodeAt(0)));
  expect(units).toEqual('C:\\x\uD800y\uDC00😀'.split('').map((c) => c.charCodeAt(0)));
  // A link without lone surrogates is written as before (version 1): a backslash as it is.
  await setValue(w.locator('[data-role=input]'), 'C:\\x');
  await w.locator('[data-action=share]').click();
  expect(await w.locator('[data-role=share-url]').inputValue()).toMatch(
    /#tool-encode\?value=C%3A%5Cx&mode=component&charset=utf-8&lines=$/,
  );
});

test('escapes that are not UTF-8 in a link written by hand arrive as written', async ({ page }) => {
  await page.goto(`${tools('en')}#tool-decode?value=%E0%A4+%D0%BB%EB%E0&mode=standard`);
  const w = page.locator('#tool-decode');
  await expect(w.locator('[data-role=input]')).toHaveValue('%E0%A4 л%EB%E0');
  await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-utf8');
  await expect(w.locator('[data-role=hint]')).toBeVisible();
});

test('a field a share link leaves out takes its default, whatever its kind', async ({ page }) => {
  await page.goto('/en/decoding/');
  const w = page.locator('#decode-campaign-874');
  await ready(w);
  /** The form as the reader sees it: text, checked mode, chosen charset, ticked box. */
  const form = () =>
    w.evaluate((el) => {
      const f = el.querySelector('form')!;
      const control = (name: string) => f.elements.namedItem(name) as HTMLInputElement;
      return {
        value: control('value').value,
        mode: control('mode').value,
        charset: control('charset').value,
        invalid: control('invalid').checked,
      };
    });
  await w.locator('[data-role=input]').fill('edited');
  await w.locator('input[name=mode][value=form]').check();
  await w.locator('select[name=charset]').selectOption('utf-8');
  await w.locator('input[name=invalid]').check();
  // Only the text: every option goes back to what the page was built with.
  await page.evaluate(() => (location.hash = 'decode-campaign-874?value=x'));
  await expect.poll(form).toEqual({ value: 'x', mode: 'standard', charset: 'windows-874', invalid: false });
  // Only an option: the text goes back to the example, an unknown charset to the default.
  await w.locator('input[name=invalid]').check();
  await page.evaluate(() => (location.hash = 'decode-campaign-874?mode=form&charset=bogus'));
  await expect
    .poll(form)
    .toEqual({ value: '%E1%A4%C1%E0%BB%AD', mode: 'form', charset: 'windows-874', invalid: false });
  // The links the widget writes name every field, an unticked box as empty.
  await w.locator('[data-action=share]').click();
  expect(await w.locator('[data-role=share-url]').inputValue()).toMatch(
    /\?value=%25E1%25A4%25C1%25E0%25BB%25AD&mode=form&charset=windows-874&invalid=&lines=$/,
  );
});

for (const [locale, strings] of [
  ['en', en],
  ['uk', uk],
] as const) {
  test(`a share link's unknown policy field or value is named in a note, never a silent default (${locale})`, async ({
    page,
  }) => {
    const note = (w: ReturnType<Page['locator']>) => w.locator('[data-role=link-note]');
    // The checker is a chunk of its own, fetched only for a link the form did not take as written.
    const checker: string[] = [];
    page.on('request', (r) => /\/policy-check\.[\w-]+\.js$/.test(r.url()) && checker.push(r.url()));
    await page.goto(
      `${tools(locale)}#tool-normalize?value=%2Fa&model=data&order=keep&caseInsensitive=&trim=on&drop=utm_&fragment=drop`,
    );
    await expect(page.locator('#tool-normalize [data-role=input]')).toHaveValue('/a');
    await expect(page.locator('#tool-normalize input[name=order][value=keep]')).toBeChecked();
    expect(checker).toEqual([]);
    // An unknown value: the rest of the link applies, the order stays as the page has it.
    await page.goto(
      `${tools(locale)}#tool-normalize?value=${encodeURIComponent('/a?b=1&a=2')}&order=nonsense&fragment=keep`,
    );
    const w = page.locator('#tool-normalize');
    await expect(w.locator('[data-role=input]')).toHaveValue('/a?b=1&a=2');
    await expect(w.locator('input[name=fragment][value=keep]')).toBeChecked();
    await expect(w.locator('input[name=order][value=sort]')).toBeChecked();
    const value = strings.widgets.normalize.linkValue
      .replace('{{field}}', '\u2068order\u2069')
      .replace('{{value}}', '\u2068nonsense\u2069');
    await expect(note(w)).toHaveText(value);
    expect(checker).toHaveLength(1);
    // A misspelled field, in Group (whose own fields are not policy fields).
    await page.evaluate(() => (location.hash = 'tool-group?lines=%2Fa&caseInsensitve=utm_source&show=all'));
    const g = page.locator('#tool-group');
    await expect(g.locator('[data-role=input]')).toHaveValue('/a');
    await expect(note(g)).toHaveText(
      strings.widgets.normalize.linkField.replace('{{field}}', '\u2068caseInsensitve\u2069'),
    );
    // A sound link says nothing, and clears an earlier note.
    await page.evaluate(() => (location.hash = 'tool-normalize?value=%2Fb&order=keep&trim=on&drop=utm_'));
    await expect(w.locator('[data-role=input]')).toHaveValue('/b');
    await expect(note(w)).toBeHidden();
    await expect(note(w)).toHaveText('');
  });
}
