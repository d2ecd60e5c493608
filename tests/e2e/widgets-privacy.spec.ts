import { expect, test, type Request } from '@playwright/test';
import { ready, setValue, tools } from './widgets-helpers';

// What a reader types never leaves the page. After load, the only requests allowed are
// same-origin GETs of the site's own static scripts under /_astro/ without a query string:
// each widget's live code, loaded on first use (on-use.ts), and the Group widget's worker.
// Their URLs are fixed at build time and carry no input, and they are never sent a body,
// so they reveal nothing a reader typed. Anything else (another origin, a query string, a
// POST, a beacon, a prefetch of another page) fails the test.
test('typing into every widget sends nothing anywhere', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  await page.goto(tools('en'));
  await ready(page.locator('#tool-group'));
  await page.waitForLoadState('networkidle');

  const after: Request[] = [];
  context.on('request', (r) => after.push(r));
  const secret = 'token=s3cr3t&email=reader@example.com';
  await page.locator('#tool-encode [data-role=input]').fill(`ламінат ${secret}`);
  await page.locator('#tool-encode input[name=mode][value=form]').check();
  await page.locator('#tool-decode [data-role=input]').fill(`%EB%E0 ${secret}`);
  await page.locator('#tool-decode select[name=charset]').selectOption('windows-1251');
  await page.locator('#tool-anatomy [data-role=input]').fill(`https://example.com/cb?${secret}#x`);
  await page.locator('#tool-server-view [data-role=input]').fill(`/login?${secret}`);
  await page.locator('#tool-normalize [data-role=input]').fill(`https://Example.com/a?${secret}`);
  await page.locator('#tool-normalize input[name=drop]').fill('utm_');
  await setValue(page.locator('#tool-group [data-role=input]'), `/a?${secret}\n/a?${secret}\nhttps://evil.example/x`);
  await expect(page.locator('#tool-group [data-role=group]').first()).toBeVisible();
  await expect(page.locator('#tool-group [data-role=summary]')).toContainText('3');
  await page.locator('#tool-compare [data-role=input]').first().fill(`https://a.example/?${secret}`);
  await page.locator('#tool-group [data-action=download]').click();
  await page.locator('#tool-encode [data-action=share]').click();
  await page.waitForTimeout(500);

  const unexpected = after
    .filter((r) => !r.url().startsWith('blob:'))
    .filter((r) => {
      const url = new URL(r.url());
      return !(
        url.origin === origin &&
        r.method() === 'GET' &&
        /^\/_astro\/[\w.-]+\.js$/.test(url.pathname) &&
        !url.search &&
        !r.postData()
      );
    })
    .map((r) => `${r.method()} ${r.url()}`);
  expect(unexpected).toEqual([]);
  expect(after.map((r) => r.url()).filter((u) => u.includes('s3cr3t'))).toEqual([]);
});
