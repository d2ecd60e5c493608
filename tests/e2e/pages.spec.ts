import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtPages } from '../support/dist';

// Gates over every built page of every locale: WCAG 2.2 AA (axe) in the light and the
// dark scheme, and a layout that holds at 320 px (nothing wider than the viewport).
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: import('@playwright/test').Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const { path } of builtPages()) {
  test(`${path} meets WCAG 2.2 AA in both schemes and fits 320 px`, async ({ page }) => {
    await page.goto(path);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await violations(page), 'light scheme').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page), 'dark scheme').toEqual([]);

    await page.setViewportSize({ width: 320, height: 640 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal overflow at 320 px').toBeLessThanOrEqual(0);
  });
}
