import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from '../../src/i18n/locales';
import { builtPages } from '../support/dist';

// The diagrams as Chromium draws them, with real fonts, in every locale (th, hi, uk labels on
// the fallback pages): every text inside its box and its picture, clear of every other text,
// with AA contrast against what lies under it, in light and dark; a picture wider than the
// column scrolls inside its figure from the keyboard; and print always uses the light scheme.
const pages = builtPages()
  .filter((p) => p.root.querySelector('figure.dg'))
  .map((p) => p.path);

test('the diagrams are on the pages that teach their ideas, in every locale', () => {
  const kinds = (path: string) =>
    builtPages()
      .find((p) => p.path === path)!
      .root.querySelectorAll('figure.dg')
      .map((f) => f.getAttribute('data-diagram'));
  for (const locale of LOCALES) {
    expect(kinds(`/${locale}/percent-encoding/`)).toEqual(['url-parts', 'escape-steps']);
    expect(kinds(`/${locale}/decoding/`)).toEqual(['layers']);
    expect(kinds(`/${locale}/analytics-normalization/`)).toEqual(['grouping', 'pipeline']);
  }
});

interface Problem {
  figure: string;
  problem: string;
}

/** Geometry and contrast of every diagram text on the page, as drawn. */
async function diagramProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(async () => {
    const problems: { figure: string; problem: string }[] = [];
    const channels = (color: string): number[] | null => {
      const rgb = color.match(/^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/);
      if (rgb) return rgb[4] === '0' ? null : [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
      const srgb = color.match(/^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/);
      if (srgb) return srgb[4] === '0' ? null : [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255];
      return null;
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const pageBackground = channels(getComputedStyle(document.body).backgroundColor)!;
    /** The fill of the topmost shape under a point, or the page's background. */
    const backgroundAt = (x: number, y: number, self: Element): number[] => {
      for (const el of document.elementsFromPoint(x, y)) {
        if (el === self || !(el instanceof SVGGraphicsElement) || el.tagName !== 'rect') continue;
        const fill = channels(getComputedStyle(el).fill);
        if (fill) return fill;
      }
      return pageBackground;
    };
    const SLACK = 1;
    for (const figure of document.querySelectorAll<HTMLElement>('figure.dg')) {
      const name = `${figure.dataset.diagram} (${figure.id})`;
      figure.scrollIntoView({ block: 'center' });
      await new Promise(requestAnimationFrame);
      const svg = figure.querySelector('svg')!;
      const { width, height } = svg.viewBox.baseVal;
      const texts = [...svg.querySelectorAll('text')];
      const boxes = texts.map((t) => t.getBBox());
      texts.forEach((t, i) => {
        const b = boxes[i]!;
        const label = JSON.stringify(t.textContent);
        if (b.x < -SLACK || b.y < -SLACK || b.x + b.width > width + SLACK || b.y + b.height > height + SLACK) {
          problems.push({ figure: name, problem: `${label} runs outside the picture` });
        }
        const rect = t.parentElement?.matches('g.dg-b') ? t.parentElement.querySelector('rect')!.getBBox() : null;
        // Horizontally the text must stay inside its box; vertically, its line (the font's
        // ascent and descent, taller than the ink) may touch the box's edge.
        if (
          rect &&
          (b.x < rect.x - SLACK ||
            b.x + b.width > rect.x + rect.width + SLACK ||
            b.y < rect.y - 3 ||
            b.y + b.height > rect.y + rect.height + 3)
        ) {
          problems.push({
            figure: name,
            problem: `${label} overflows its box (${Math.round(b.width)} px in ${Math.round(rect.width)} px)`,
          });
        }
        for (const [j, o] of boxes.entries()) {
          if (j <= i) continue;
          const dx = Math.min(b.x + b.width, o.x + o.width) - Math.max(b.x, o.x);
          const dy = Math.min(b.y + b.height, o.y + o.height) - Math.max(b.y, o.y);
          if (dx > SLACK && dy > 3)
            problems.push({ figure: name, problem: `${label} overlaps ${JSON.stringify(texts[j]!.textContent)}` });
        }
        const screen = t.getBoundingClientRect();
        const ink = channels(getComputedStyle(t).fill)!;
        const ratio = contrast(ink, backgroundAt(screen.x + screen.width / 2, screen.y + screen.height / 2, t));
        if (ratio < 4.5) problems.push({ figure: name, problem: `${label} has contrast ${ratio.toFixed(2)}` });
      });
    }
    return problems;
  });
}

for (const path of pages) {
  test(`${path}: every diagram text fits, stays clear and is legible in both schemes`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await diagramProblems(page), colorScheme).toEqual([]);
    }
  });
}

test('a diagram wider than a 320 px column scrolls inside its figure, from the keyboard too', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/th/analytics-normalization/');
  const scroller = page.locator('figure[data-diagram=grouping] .dg-scroll');
  const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expect(scroller).toHaveAttribute('tabindex', '0');
  await expect(scroller).toHaveAccessibleName(/\S/);
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('printed, a diagram uses the light scheme and fits the page', async ({ page }) => {
  await page.goto('/en/analytics-normalization/');
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const figure = page.locator('figure[data-diagram=pipeline]');
  expect(
    await figure
      .locator('svg text')
      .first()
      .evaluate((t) => getComputedStyle(t).fill),
  ).toBe('rgb(27, 29, 33)');
  const [svg, column] = await Promise.all([
    figure.locator('svg').evaluate((el) => el.getBoundingClientRect().width),
    figure.evaluate((el) => el.getBoundingClientRect().width),
  ]);
  expect(svg).toBeLessThanOrEqual(column);
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  expect(
    await figure
      .locator('svg text')
      .first()
      .evaluate((t) => getComputedStyle(t).fill),
  ).toBe('rgb(232, 234, 237)');
});
