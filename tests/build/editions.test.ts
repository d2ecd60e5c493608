/**
 * The Thai, Hindi and Ukrainian editions, page by page: each translated page exists, shows
 * no fallback notice, keeps the English page's anchors (heading, widget and FAQ ids, which
 * share links and cross-locale links depend on), and is written in its own script: the share
 * of the locale's letters among the letters of its prose (code, URLs, figures and widgets
 * aside) reaches the edition's threshold.
 *
 * Every edition has every English page. A locale that lacks one gets the English page under
 * a notice; that is tested on a fixture (tests/build/fallback.test.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HTMLElement, Node } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { builtPages, DIST, isNotFoundPage } from '../support/dist';

type Edition = 'th' | 'hi' | 'uk';

/** The share of the locale's letters among all letters of its prose that an edition must reach. */
const SCRIPT: Record<Edition, { letters: RegExp; threshold: number }> = {
  th: { letters: /\p{Script=Thai}/u, threshold: 0.85 },
  // Hindi developers keep technical terms such as URL, byte or UTF-8 in Latin script.
  hi: { letters: /\p{Script=Devanagari}/u, threshold: 0.6 },
  uk: { letters: /\p{Script=Cyrillic}/u, threshold: 0.85 },
};

/** Not prose: code, computed figures, widgets, diagrams, and links that show a URL. */
const NOT_PROSE = new Set(['code', 'pre', 'kbd', 'samp', 'script', 'style', 'svg', 'figure', 'textarea']);

function proseText(node: Node, out: string[] = []): string[] {
  const element = node as HTMLElement;
  if (element.tagName) {
    const tag = element.tagName.toLowerCase();
    if (NOT_PROSE.has(tag) || element.hasAttribute('data-codec') || element.hasAttribute('data-widget')) return out;
    if (tag === 'a' && /^[a-z]+:\/\/|^\//i.test(element.text.trim())) return out;
  } else {
    out.push(node.text);
  }
  for (const child of node.childNodes) proseText(child, out);
  return out;
}

/** The share of `letters` among all letters of the article's prose. */
function scriptShare(article: HTMLElement, letters: RegExp): number {
  const text = proseText(article).join(' ');
  const all = text.match(/\p{L}/gu) ?? [];
  return all.length === 0 ? 0 : all.filter((c) => letters.test(c)).length / all.length;
}

const anchors = (page: HTMLElement) => ({
  headings: page.querySelectorAll('main h2[id], main h3[id]').map((h) => h.id),
  widgets: page.querySelectorAll('main [data-widget][id]').map((w) => w.id),
  faq: page.querySelectorAll('main details[id]').map((d) => d.id),
});

const pages = builtPages();
const byPath = new Map(pages.map((page) => [page.path, page]));
const english = pages.filter(
  (page) => /^\/en\/[\w-]+\/$/.test(page.path) && page.path !== '/en/tools/' && !isNotFoundPage(page.path),
);

describe.each(Object.keys(SCRIPT) as Edition[])('the %s edition', (locale) => {
  const translated = english.filter((page) =>
    existsSync(join(DIST, '..', 'content', locale, `${page.path.split('/')[2]}.mdx`)),
  );

  it('has every English page', () => {
    expect(translated.map((p) => p.path)).toEqual(english.map((p) => p.path));
    for (const page of english) expect(byPath.has(page.path.replace('/en/', `/${locale}/`)), page.path).toBe(true);
  });

  describe.each(translated.map((page) => [page.path.replace('/en/', `/${locale}/`), page] as const))(
    '%s',
    (path, source) => {
      const page = byPath.get(path)!.root;

      it('is the translation, not the English page behind a notice', () => {
        expect(page.querySelector('[data-fallback-notice]')).toBeNull();
        expect(
          page.querySelector('main article, main')?.getAttribute('lang') ??
            page.querySelector('html')?.getAttribute('lang'),
        ).toBe(locale);
      });

      it('keeps every heading, widget and FAQ id of the English page, in order', () => {
        expect(anchors(page)).toEqual(anchors(source.root));
      });

      it(`is written in its own script (share of letters ≥ ${SCRIPT[locale].threshold})`, () => {
        const share = scriptShare(page.querySelector('main')!, SCRIPT[locale].letters);
        expect(share, `${path}: ${share.toFixed(3)}`).toBeGreaterThanOrEqual(SCRIPT[locale].threshold);
      });
    },
  );
});

describe('scriptShare', () => {
  it('counts the prose and leaves code, figures and widgets aside', async () => {
    const { parse } = await import('node-html-parser');
    const html = parse(
      '<main><p>ข้อความ <code>encodeURIComponent</code> ไทย <span data-codec>abc</span></p><div data-widget="x">English label</div></main>',
    );
    expect(scriptShare(html.querySelector('main')!, SCRIPT.th.letters)).toBe(1);
    const mixed = parse('<main><p>ข้อความ and English words here</p></main>');
    expect(scriptShare(mixed.querySelector('main')!, SCRIPT.th.letters)).toBeLessThan(0.85);
  });
});
