import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtPages } from '../support/dist';

// Gates over every built page of every locale: WCAG 2.2 AA (axe) in the light and the
// dark scheme, a layout that holds at 320 px (nothing wider than the viewport), and no
// request to any other origin (no fonts, analytics or CDNs).
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: import('@playwright/test').Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const { path } of builtPages()) {
  test(`${path} meets WCAG 2.2 AA in both schemes, fits 320 px and stays on its origin`, async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^(data|blob):$/.test(url.protocol)) return; // in-page resources, nothing leaves
      if (url.origin !== new URL(baseURL ?? '').origin) foreign.push(request.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await violations(page), 'light scheme').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await violations(page), 'dark scheme').toEqual([]);

    await page.setViewportSize({ width: 320, height: 640 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal overflow at 320 px').toBeLessThanOrEqual(0);
    expect(foreign, 'requests to other origins').toEqual([]);
  });
}
