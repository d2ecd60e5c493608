import { expect, test } from '@playwright/test';
import { ready, texts, tools } from './widgets-helpers';

// With JavaScript off, every worked example on the tools page is already right in the
// HTML (computed at build time), and controls that need a script are not offered.
test.describe('tools page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['en', 'uk', 'th', 'hi']) {
    test(`shows correct static results (${locale})`, async ({ page }) => {
      await page.goto(tools(locale));
      const encode = page.locator('#tool-encode');
      const decode = page.locator('#tool-decode');
      if (locale === 'en') {
        await expect(encode.locator('[data-role=output]')).toHaveText('C%2B%2B%20%26%20C%23');
        await expect(decode.locator('[data-role=input]')).toHaveValue('Fu%C3%9Fball');
        await expect(decode.locator('[data-role=output]')).toHaveText('Fußball');
      }
      if (locale === 'uk') {
        await expect(encode.locator('[data-role=output]')).toHaveText('%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82');
        await expect(decode.locator('[data-role=output]')).toHaveText('ламінат');
      }
      // Otherwise the platform's encoder is the oracle.
      const word = await encode.locator('[data-role=input]').inputValue();
      await expect(encode.locator('[data-role=output]')).toHaveText(
        encodeURIComponent(word).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
      );
      await expect(decode.locator('[data-role=output]')).toHaveText(
        decodeURIComponent(await decode.locator('[data-role=input]').inputValue()),
      );
      await expect(encode.locator('[data-region=why] tbody tr')).toHaveCount([...word].length);

      await expect(page.locator('#tool-anatomy [data-role=output]')).toHaveText(
        'https://example.com/search?q=dogs&cats#top',
      );
      expect(await texts(page.locator('#tool-anatomy [data-role=output] .w-delim'))).toEqual([
        ':',
        '//',
        '/',
        '?',
        '=',
        '&',
        '#',
      ]);

      const params = page.locator('#tool-server-view [data-role=param]');
      expect(await texts(params.locator('[data-role=name]'))).toEqual(['q', ' async/await']);
      expect(await texts(params.locator('[data-role=value]'))).toEqual(['promises ', '']);

      await expect(page.locator('#tool-normalize [data-role=output]')).toHaveText(
        /^https:\/\/example\.com\/landing\/\?/,
      );
      await expect(page.locator('#tool-normalize [data-role=output]')).toContainText('utm_source=email');
      await expect(page.locator('#tool-normalize [data-role=change]').first()).toBeVisible();

      const counts = await page
        .locator('#tool-group [data-role=group]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-count'))));
      expect(counts).toEqual([3, 2, 1]);
      await expect(page.locator('#tool-group [data-role=group]').first().locator('[data-role=variant]')).toHaveCount(
        locale === 'en' ? 2 : 3,
      );

      await expect(page.locator('#tool-compare [data-role=output]')).toHaveAttribute('data-verdict', 'equivalent');

      // Script-only controls stay hidden; every widget still carries its locale.
      await expect(page.locator('[data-widget] [data-action]:visible')).toHaveCount(0);
      await expect(page.locator('[data-widget] input[type=file]:visible')).toHaveCount(0);
      for (const w of await page.locator('[data-widget]').all()) await expect(w).toHaveAttribute('lang', locale);
    });
  }
});

test('the live result matches the static one once scripts run', async ({ browser }) => {
  const withJs = await browser.newPage();
  await withJs.goto(tools('en'));
  const staticPage = await browser.newPage({ javaScriptEnabled: false });
  await staticPage.goto(tools('en'));
  for (const id of ['tool-normalize', 'tool-compare']) {
    const w = withJs.locator(`#${id}`);
    await ready(w);
    const before = await w.locator('[data-role=output]').textContent();
    // Retype the same input: the script recomputes everything in place.
    const input = w.locator('[data-role=input]').first();
    await input.fill(`${await input.inputValue()} `);
    await input.fill((await input.inputValue()).slice(0, -1));
    await expect(w.locator('[data-role=output]')).toHaveText(before ?? '');
    await expect(staticPage.locator(`#${id} [data-role=output]`)).toHaveText(before ?? '');
  }
});
