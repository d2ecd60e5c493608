import { expect, test } from '@playwright/test';
import { builtPages } from '../support/dist';

// The reader's language: switching keeps the page and the anchor, untranslated pages say
// so, and the root suggests a language without ever redirecting.
const pages = builtPages();
const fallback = pages.find((p) => !p.path.startsWith('/en/') && p.root.querySelector('[data-fallback-notice]'));
const article = pages.find((p) => p.path.startsWith('/en/') && p.root.querySelector('article [id]'));

test('the language switcher keeps the current page and #anchor', async ({ page }) => {
  test.skip(!article, 'no English article with an anchor in this build');
  const anchor = article?.root.querySelector('article [id]')?.getAttribute('id') ?? '';
  const route = article?.path.slice('/en/'.length) ?? '';
  await page.goto(`${article?.path}#${anchor}`);
  await page.locator('language-switcher summary').click();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Українська' }).click();
  await expect(page).toHaveURL(new RegExp(`/uk/${route}#${anchor}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

test('the language switcher follows an anchor chosen after the page loaded', async ({ page }) => {
  await page.goto('/th/');
  await page.evaluate(() => (location.hash = 'articles'));
  await page.locator('language-switcher summary').click();
  await page.locator('language-switcher a[hreflang=hi]').click();
  await expect(page).toHaveURL(/\/hi\/#articles$/);
});

test('an untranslated page shows the English text under a notice in the reader language', async ({ page }) => {
  test.skip(!fallback, 'every page is translated');
  await page.goto(fallback?.path ?? '/');
  const locale = fallback?.path.split('/')[1];
  await expect(page.locator('html')).toHaveAttribute('lang', locale ?? '');
  const notice = page.locator('[data-fallback-notice]');
  await expect(notice).toBeVisible();
  await expect(notice).not.toHaveText(/English original/);
  await expect(page.locator('article')).toHaveAttribute('lang', 'en');
});

test.describe('the language chooser', () => {
  test.use({ locale: 'uk-UA' });

  test('suggests the browser language and does not redirect', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    const suggested = page.locator('.chooser__item--suggested');
    await expect(suggested).toHaveAttribute('data-locale', 'uk');
    await expect(suggested.locator('.chooser__suggestion')).toBeVisible();
    await expect(page.locator('.chooser li').first()).toHaveAttribute('data-locale', 'uk');
  });
});

test.describe('the language chooser without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still links to every locale', async ({ page }) => {
    await page.goto('/');
    for (const locale of ['en', 'th', 'hi', 'uk']) {
      await expect(page.locator(`a[hreflang=${locale}][href="/${locale}/"]`)).toBeVisible();
    }
  });
});

test('an unknown address answers with the 404 page in the language of its path', async ({ page }) => {
  const response = await page.goto('/th/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('ไม่พบหน้านี้');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.locator('section').first()).toHaveAttribute('lang', 'th');
  await expect(page.locator('section[lang=th] a')).toHaveAttribute('href', '/th/');
  // The site's header and menu, in Thai.
  await expect(page.locator('.site-search__input')).toHaveAttribute('placeholder', 'ค้นหา');
  await expect(page.locator('.site-menu a[href="/th/faq/"]')).toHaveCount(1);
});
