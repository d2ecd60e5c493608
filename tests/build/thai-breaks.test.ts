import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { KEEP_CLASS } from '../../src/integrations/thai-breaks.ts';
import { noSplitTerms } from '../../src/integrations/thai-words.ts';
import { builtPages } from '../support/dist';

// The Thai line-break step (src/integrations/thai-breaks.ts) on the built site: every Thai
// page has <wbr> between the words of its prose, none where text is not prose, and no
// term of the glossary's no-split list is ever split.
const GLOSSARY = new URL('../../content/th/GLOSSARY.md', import.meta.url);
const TERMS = noSplitTerms(existsSync(GLOSSARY) ? readFileSync(GLOSSARY, 'utf8') : '');
const THAI = /\p{Script=Thai}/u;
const NOT_PROSE = 'head, code, pre, kbd, samp, var, textarea, select, script, style, svg, [data-role], [data-region], [data-widget]';
const pages = builtPages();
const thai = pages.filter((p) => p.path.startsWith('/th/'));

describe('Thai line breaks in dist/th', () => {
  it('every Thai page has <wbr> between Thai words, and only there', () => {
    expect(thai.length).toBeGreaterThan(0);
    for (const { path, html } of thai) {
      const unwrapped = html.replace(new RegExp(`<span class="${KEEP_CLASS}">([^<]*)</span>`, 'g'), '$1');
      const around = [...unwrapped.matchAll(/(.)<wbr>(.)/gu)];
      expect(around.length, `${path}: no <wbr>`).toBeGreaterThan(10);
      expect(around.filter(([, a, b]) => !THAI.test(a ?? '') || !THAI.test(b ?? '')).map(([m]) => m), path).toEqual([]);
    }
  });

  it('no <wbr> or kept-term span in code, form fields, widgets, scripts, SVG or the head', () => {
    for (const { path, root } of thai) {
      const inside = root.querySelectorAll(NOT_PROSE).filter((el) => el.querySelector(`wbr, span.${KEEP_CLASS}`));
      expect(inside.map((el) => el.outerHTML.slice(0, 120)), path).toEqual([]);
    }
  });

  it('the other locales have none', () => {
    for (const { path, html } of pages.filter((p) => !p.path.startsWith('/th/'))) {
      expect(html.includes('<wbr>') || html.includes(`class="${KEEP_CLASS}"`), path).toBe(false);
    }
  });

  it('kept spans hold listed terms only', () => {
    for (const { path, root } of thai) {
      for (const span of root.querySelectorAll(`span.${KEEP_CLASS}`)) expect(TERMS, path).toContain(span.text);
    }
  });

  it.skipIf(TERMS.length === 0)('no listed term is split, and each one in the prose is kept whole', () => {
    for (const { path, html } of thai) {
      const body = parse(html).querySelector('body')!;
      for (const term of TERMS) {
        for (const m of html.matchAll(new RegExp([...term].join('(?:<wbr>)*'), 'g'))) expect(m[0], `${path}: ${term}`).toBe(term);
      }
      const prose = body.clone() as typeof body;
      for (const el of prose.querySelectorAll(NOT_PROSE)) el.remove();
      const kept = prose.querySelectorAll(`span.${KEEP_CLASS}`).length;
      const occurrences = prose.text.match(new RegExp(TERMS.join('|'), 'g'))?.length ?? 0;
      expect(kept, `${path}: kept spans`).toBe(occurrences);
    }
  });
});
