import { expect, test } from '@playwright/test';
import { ready, tools, watchDialogs } from './widgets-helpers';

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
    await page.goto(`${tools(locale)}#tool-normalize?value=${encodeURIComponent('/go?next=%2Fhome&q=a+b')}&plus=literal&order=sort&fragment=drop`);
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

test('without a clipboard, copying selects the text and says how to copy it', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.goto(tools('uk'));
  const w = page.locator('#tool-normalize');
  await ready(w);
  await w.locator('[data-action=copy]').click();
  const output = await w.locator('[data-role=output]').textContent();
  expect(await page.evaluate(() => getSelection()?.toString())).toBe(output);
  await expect(w.locator('[data-role=status]')).toContainText('Ctrl+C');
});

test('a share link that names a widget fills it even when the page is already open', async ({ page }) => {
  await page.goto(tools('hi'));
  await ready(page.locator('#tool-compare'));
  await page.evaluate(() => (location.hash = `tool-compare?a=${encodeURIComponent('/p?x=1')}&b=${encodeURIComponent('/p?x=%31')}`));
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
  await expect(e.locator('[data-role=output]')).toHaveText(encodeURIComponent(HOSTILE).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
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
