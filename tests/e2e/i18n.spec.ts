import { expect, test } from '@playwright/test';
import { LOCALES } from '../../src/i18n/locales';
import { builtPages } from '../support/dist';

// The reader's language: switching keeps the page and the anchor, and the root suggests a
// language without ever redirecting. Untranslated pages: fallback.spec.ts.
const pages = builtPages();
const article = pages.find((p) => p.path.startsWith('/en/') && p.root.querySelector('article [id]'));

test('the language switcher keeps the current page and #anchor', async ({ page }) => {
  expect(article, 'an English article with an anchor').toBeDefined();
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
    for (const locale of LOCALES) {
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
