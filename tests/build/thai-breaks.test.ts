import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { KEEP_CLASS } from '../../src/integrations/thai-breaks.ts';
import { noSplitTerms } from '../../src/integrations/thai-words.ts';
import { builtPages } from '../support/dist';
import { breakProblem, stretchesAtBreaks } from '../support/thai-words.ts';

// The Thai line-break step (src/integrations/thai-breaks.ts) on the built site: every Thai
// page has <wbr> between the words of its prose, each one between two words of the Thai
// dictionary (src/integrations/thai-dictionary.txt) or the glossary's no-split list, none
// where text is not prose, and no listed term is ever split.
const GLOSSARY = new URL('../../content/th/GLOSSARY.md', import.meta.url);
const TERMS = noSplitTerms(existsSync(GLOSSARY) ? readFileSync(GLOSSARY, 'utf8') : '');
const THAI = /\p{Script=Thai}/u;
const NOT_PROSE =
  'head, code, pre, kbd, samp, var, textarea, select, script, style, svg, [data-role], [data-region], [data-widget]';
const pages = builtPages();
const thai = pages.filter((p) => p.path.startsWith('/th/'));

describe('Thai line breaks in dist/th', () => {
  it('every Thai page has <wbr> between Thai words, and only there', () => {
    expect(thai.length).toBeGreaterThan(0);
    for (const { path, html } of thai) {
      const unwrapped = html.replace(new RegExp(`<span class="${KEEP_CLASS}">([^<]*)</span>`, 'g'), '$1');
      const around = [...unwrapped.matchAll(/(.)<wbr>(.)/gu)];
      expect(around.length, `${path}: no <wbr>`).toBeGreaterThan(10);
      expect(
        around.filter(([, a, b]) => !THAI.test(a ?? '') || !THAI.test(b ?? '')).map(([m]) => m),
        path,
      ).toEqual([]);
    }
  });

  it('no <wbr> or kept-term span in code, form fields, widgets, scripts, SVG or the head', () => {
    for (const { path, root } of thai) {
      const inside = root.querySelectorAll(NOT_PROSE).filter((el) => el.querySelector(`wbr, span.${KEEP_CLASS}`));
      expect(
        inside.map((el) => el.outerHTML.slice(0, 120)),
        path,
      ).toEqual([]);
    }
  });

  it('the other locales have none', () => {
    for (const { path, html } of pages.filter((p) => !p.path.startsWith('/th/'))) {
      expect(html.includes('<wbr>') || html.includes(`class="${KEEP_CLASS}"`), path).toBe(false);
    }
  });

  it('every <wbr> is between two dictionary words: each stretch of Thai beside one is one word', () => {
    const extra = new Set(TERMS);
    const problems: string[] = [];
    let checked = 0;
    for (const { path, root } of thai) {
      for (const el of root.querySelectorAll('body *')) {
        if (!el.childNodes.some((n) => n.nodeType === 1 && (n as typeof el).tagName === 'WBR')) continue;
        // The element's own text, kept spans unwrapped, with every other tag ending a run.
        const html = el.innerHTML.replace(new RegExp(`<span class="${KEEP_CLASS}">([^<]*)</span>`, 'g'), '$1');
        const marked = html.replace(/<wbr>/g, '\u0000').replace(/<[^>]*>[^<]*(?:<\/[^>]*>)?|&[#\w]+;/g, '\u0001');
        const breaks: number[] = [];
        const text = marked.replace(/\u0000/g, (_, at: number) => {
          breaks.push(at - breaks.length);
          return '';
        });
        checked += breaks.length;
        for (const stretch of stretchesAtBreaks(text, breaks)) {
          const problem = breakProblem(stretch, extra);
          if (problem) problems.push(`${path}: ${problem}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
    expect([...new Set(problems)]).toEqual([]);
  });

  it('kept spans hold a listed term or Thai that has no break inside', () => {
    for (const { path, root } of thai) {
      for (const span of root.querySelectorAll(`span.${KEEP_CLASS}`))
        expect(span.text, path).toMatch(/^[\u0E01-\u0E3A\u0E40-\u0E4E]+$/u);
    }
  });

  it.skipIf(TERMS.length === 0)('no listed term is split, and each one in the prose is kept whole', () => {
    for (const { path, html } of thai) {
      const body = parse(html).querySelector('body')!;
      for (const term of TERMS) {
        for (const m of html.matchAll(new RegExp([...term].join('(?:<wbr>)*'), 'g')))
          expect(m[0], `${path}: ${term}`).toBe(term);
      }
      const prose = body.clone() as typeof body;
      for (const el of prose.querySelectorAll(NOT_PROSE)) el.remove();
      const kept = prose.querySelectorAll(`span.${KEEP_CLASS}`).filter((s) => TERMS.includes(s.text)).length;
      const occurrences = prose.text.match(new RegExp(TERMS.join('|'), 'g'))?.length ?? 0;
      expect(kept, `${path}: kept spans`).toBe(occurrences);
    }
  });
});
