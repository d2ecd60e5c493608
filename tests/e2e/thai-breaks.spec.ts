import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'node-html-parser';
import { breakThaiLines } from '../../src/integrations/thai-breaks.ts';
import { segmentThai } from '../../src/integrations/thai-segment.ts';
import { noSplitTerms } from '../../src/integrations/thai-words.ts';
import { builtPages } from '../support/dist';

// Where Chromium breaks Thai lines (src/integrations/thai-breaks.ts). Its own line breaker
// splits loanwords by syllable (ซี|ริ|ล|ลิก), at the same places as Intl.Segmenter;
// `word-break: keep-all` does not stop it (dictionary breaks are exempt, CSS Text 3), a
// nowrap span does. Each check measures columns from 320 px down to 140 px.
const fixture = (name: string) => readFileSync(new URL(`../fixtures/thai/${name}`, import.meta.url), 'utf8');
const FIXTURE_TERMS = noSplitTerms(fixture('glossary.md'));
const GLOSSARY = new URL('../../content/th/GLOSSARY.md', import.meta.url);
const SITE_TERMS = noSplitTerms(existsSync(GLOSSARY) ? readFileSync(GLOSSARY, 'utf8') : '');
const WIDTHS = [320, 288, 256, 224, 200, 180, 160, 140];
const THAI_LETTER = /[\u0E01-\u0E3A\u0E40-\u0E4E]/u;

interface Layout {
  /** Listed terms that start on one line and end on the next, with their block's width. */
  split: string[];
  /**
   * Lines that begin between two Thai letters where the build put no <wbr> and no tag
   * begins or ends, at 200 px and wider (narrower, a stretch wider than the column is
   * broken anywhere by overflow-wrap): where Chromium's own line breaker chose to break.
   * `dictionaryCuts` keeps those that are not between two dictionary words.
   */
  cuts: { width: number; text: string; at: number }[];
  /** At 320 px: paragraphs laid out on more than two lines. */
  wrapped: number;
  /** At 320 px: blocks that reach past the screen's edge, and whether the page scrolls sideways. */
  overflow: string[];
}

/**
 * Lays the main column out at each width and reports the listed terms a line break cuts,
 * in prose blocks (text in code, form fields and widgets does not count); then how
 * the page lays out at its own width.
 */
async function measure(page: Page, terms: string[]): Promise<Layout> {
  return page.evaluate(
    ({ terms, widths }) => {
      const main = document.querySelector('main')!;
      const NOT_PROSE =
        'code, pre, kbd, samp, var, textarea, select, script, style, svg, [data-role], [data-region], [data-widget]';
      const blocks = [
        ...main.querySelectorAll<HTMLElement>('p, li, h1, h2, h3, h4, td, th, dd, dt, figcaption, summary, blockquote'),
      ].filter((b) => !b.closest(NOT_PROSE));
      const found = new RegExp(terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
      const result = {
        split: [] as string[],
        cuts: [] as { width: number; text: string; at: number }[],
        wrapped: 0,
        overflow: [] as string[],
      };
      const THAI_LETTER = /[\u0E01-\u0E3A\u0E40-\u0E4E]/u;
      for (const width of widths) {
        main.style.width = `${width}px`;
        for (const block of blocks) {
          // The block's prose text, each character with its text node and offset.
          const chars: [Text, number][] = [];
          let text = '';
          // Where a line may begin: at a <wbr>, or where an element begins or ends.
          const allowed = new Set<number>();
          const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node instanceof Element) {
              allowed.add(text.length).add(text.length + (node.textContent?.length ?? 0));
              continue;
            }
            const data = (node as Text).data;
            const prose = !node.parentElement?.closest(NOT_PROSE);
            for (let i = 0; i < data.length; i++) chars.push([node as Text, i]);
            text += prose ? data : '\u0000'.repeat(data.length);
          }
          const tops = new Map<number, number>();
          const top = (at: number) => {
            if (tops.has(at)) return tops.get(at)!;
            const [node, i] = chars[at]!;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const y = range.getClientRects()[0]?.top ?? NaN;
            tops.set(at, y);
            return y;
          };
          for (let at = 1; width >= 200 && at < text.length; at++) {
            if (!THAI_LETTER.test(text[at - 1]!) || !THAI_LETTER.test(text[at]!) || allowed.has(at)) continue;
            if (top(at) > top(at - 1)) result.cuts.push({ width, text, at });
          }
          if (terms.length > 0) {
            for (const m of text.matchAll(found)) {
              if (top(m.index) !== top(m.index + m[0].length - 1))
                result.split.push(`${width}px: ${text.slice(Math.max(0, m.index - 6), m.index + m[0].length + 6)}`);
            }
          }
        }
      }
      // The page as laid out at 320 px: paragraphs wrap, and nothing is wider than the screen.
      main.style.width = '';
      for (const block of blocks) {
        if (block.tagName === 'P' && block.offsetHeight > 2 * parseFloat(getComputedStyle(block).lineHeight))
          result.wrapped += 1;
        // Tables scroll sideways in their own box, by design.
        if (!block.closest('table') && block.getBoundingClientRect().right > window.innerWidth)
          result.overflow.push(`${block.tagName}: ${block.textContent?.slice(0, 40)}`);
      }
      if (document.documentElement.scrollWidth > window.innerWidth)
        result.overflow.push(`the page scrolls sideways at ${window.innerWidth}px`);
      return result;
    },
    { terms, widths: WIDTHS },
  );
}

/**
 * The cuts that are not between two dictionary words: in the run of Thai letters around
 * the break, the words (thai-segment, the listed terms counting as words) on both sides.
 */
function dictionaryCuts(cuts: Layout['cuts'], terms: string[]): string[] {
  const extra = new Set(terms);
  return cuts.flatMap(({ width, text, at }) => {
    let start = at;
    let end = at;
    while (start > 0 && THAI_LETTER.test(text[start - 1]!)) start--;
    while (end < text.length && THAI_LETTER.test(text[end]!)) end++;
    const run = text.slice(start, end);
    const insideTerm = terms.some((t) =>
      [...run.matchAll(new RegExp(t, 'g'))].some((m) => m.index < at - start && at - start < m.index + t.length),
    );
    const segments = segmentThai(run, extra);
    const between = segments.some(
      (s, i) => s.start === at - start && s.kind === 'word' && segments[i - 1]?.kind === 'word',
    );
    return between && !insideTerm
      ? []
      : [`${width}px: ${text.slice(Math.max(0, at - 8), at)}|${text.slice(at, at + 8)}`];
  });
}

/** The Thai home page, its main column replaced by the fixture's article (with or without the step). */
async function fixturePage(page: Page, withStep: boolean) {
  const source = withStep ? breakThaiLines(fixture('prose.html'), FIXTURE_TERMS).html : fixture('prose.html');
  const article = parse(source).querySelector('main')!.innerHTML;
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/th/');
  await page.locator('main').evaluate((main, html) => {
    main.innerHTML = html;
  }, article);
}

test('fixture: without the step Chromium cuts loanwords and Thai words; with it, never, and lines still wrap', async ({
  page,
}) => {
  await fixturePage(page, false);
  const before = await measure(page, FIXTURE_TERMS);
  // The control: Chromium's own Thai line breaking cuts these words.
  expect(before.split.length).toBeGreaterThan(0);

  // Chromium also cuts plain Thai words where ICU guesses wrong, as it did on this site.
  expect(dictionaryCuts(before.cuts, FIXTURE_TERMS).length).toBeGreaterThan(0);

  await fixturePage(page, true);
  const after = await measure(page, FIXTURE_TERMS);
  expect(after.split).toEqual([]);
  expect(dictionaryCuts(after.cuts, FIXTURE_TERMS)).toEqual([]);
  expect(after.wrapped).toBeGreaterThanOrEqual(3);
  expect(after.overflow).toEqual([]);
});

const articles = builtPages().filter((p) => /^\/th\/[^/]+\/$/.test(p.path) && p.root.querySelector('main .prose'));

for (const { path } of articles) {
  test(`${path}: Chromium breaks lines only between dictionary words, never inside a listed term; nothing wider than 320 px`, async ({
    page,
  }) => {
    test.skip(SITE_TERMS.length === 0, 'content/th/GLOSSARY.md lists no terms under ## คำที่ห้ามตัดบรรทัด');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(path);
    const layout = await measure(page, SITE_TERMS);
    expect(layout.split).toEqual([]);
    expect(dictionaryCuts(layout.cuts, SITE_TERMS)).toEqual([]);
    expect(layout.overflow).toEqual([]);
  });
}
