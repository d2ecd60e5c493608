import { expect, test } from '@playwright/test';
import en from '../../src/i18n/en.json' with { type: 'json' };
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import { ready, setValue, texts, tools } from './widgets-helpers';

// Servers: what nine server stacks read from the reader's query, live, in two locales.
const strings = { en: en.widgets.servers, uk: uk.widgets.servers };

for (const locale of ['en', 'uk'] as const) {
  test.describe(`Servers (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(tools(locale));
      await ready(page.locator('#tool-servers'));
    });

    test('reads the typed query with every stack and marks where they part', async ({ page }) => {
      const w = page.locator('#tool-servers');
      await setValue(w.locator('[data-role=input]'), '/s?a=1;b=2&c');
      const row = (id: string) => w.locator(`[data-role=stack][data-stack="${id}"]`);
      await expect(row('go:url.ParseQuery')).toHaveAttribute('data-differs', 'dropped');
      await expect(row('rack:parse_query')).toHaveAttribute('data-differs', 'split');
      expect(await texts(row('rack:parse_query').locator('[data-role=pair]'))).toEqual([
        'a = 1',
        'b = 2',
        `c = ${strings[locale].nil}`,
      ]);
      expect(await texts(row('node:URLSearchParams').locator('[data-role=pair]'))).toEqual(['a = 1;b=2', 'c = ']);
      await expect(w.locator('[data-role=stack]')).toHaveCount(9);
      await setValue(w.locator('[data-role=input]'), 'q=x|y');
      await expect(row('java:tomcat')).toHaveAttribute('data-differs', 'refused');
      await expect(w.locator('[data-role=stack][data-differs]')).toHaveCount(1);
    });

    test('keeps a hostile megabyte inert and bounded: bidi controls stay text', async ({ page }) => {
      const w = page.locator('#tool-servers');
      const big = `/s?q=\u202Eevil\u2066${'x\u2067y%41'.repeat(150_000)}&r=1`;
      await w.locator('[data-role=input]').evaluate((el, value) => {
        (el as HTMLTextAreaElement).value = value;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, big);
      const node = w.locator('[data-role=stack][data-stack="node:URLSearchParams"]');
      await expect(node.locator('[data-role=pair]').first()).toContainText('\u202Eevil', { timeout: 20_000 });
      // A cell keeps its two ends around "…"; nothing reader-written is markup.
      expect(
        await node
          .locator('[data-role=pair] code')
          .first()
          .evaluate((e) => e.textContent!.length),
      ).toBeLessThan(600);
      expect(await w.locator('script, img').count()).toBe(0);
      await expect(w.locator('[data-role=summary]')).not.toBeEmpty();
    });
  });
}
