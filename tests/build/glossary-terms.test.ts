/**
 * One term per concept on the Ukrainian pages as built: the term-check table of
 * content/uk/GLOSSARY.md against what a reader of dist/uk sees, the text the widgets,
 * diagrams and computed figures fill in included (tests/unit/glossary-terms.test.ts
 * checks the sources). Scripts, styles and code are not prose and are left out.
 */
import { parse, type Node } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { builtPages } from '../support/dist';
import { findAll, glossaryOf, termRules } from '../support/glossary';

const rules = termRules(glossaryOf('uk'));
const pages = builtPages().filter((page) => page.path.startsWith('/uk/'));

/** Each text node apart: adjacent cells and labels must not run into one word. */
const textNodes = (node: Node): string[] => (node.childNodes.length ? node.childNodes.flatMap(textNodes) : [node.text]);

/** A page's visible text, its title, description and accessible labels. */
function readerText(page: (typeof pages)[number]): string {
  const root = parse(page.html); // a copy to strip, not the shared parsed page
  for (const el of root.querySelectorAll('script, style, code, pre, template')) el.remove();
  const labels = root
    .querySelectorAll('[aria-label], [title], [placeholder], [alt]')
    .flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''));
  const meta = root.querySelector('meta[name=description]')?.getAttribute('content') ?? '';
  return [root.querySelector('title')?.text ?? '', meta, ...textNodes(root.querySelector('body')!), ...labels].join(
    '\n',
  );
}

const texts = pages.map((page) => ({ path: page.path, text: readerText(page) }));

describe('the term-check table of content/uk/GLOSSARY.md on dist/uk', () => {
  it('has rules and Ukrainian pages to check, the tools page among them', () => {
    expect(rules.length).toBeGreaterThan(5);
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/uk/', '/uk/tools/', '/uk/faq/', '/uk/analytics-normalization/']),
    );
  });

  it.each(rules.map((rule) => [rule.concept, rule] as const))(
    '%s: no forbidden variant on any page',
    (_concept, rule) => {
      const found = rule.forbidden.flatMap((pattern) =>
        texts.flatMap(({ path, text }) => findAll(pattern, text).map((m) => `${path}: ${m}`)),
      );
      expect(found).toEqual([]);
    },
  );

  it.each(rules.map((rule) => [rule.concept, rule] as const))('%s: the term is on some page', (_concept, rule) => {
    for (const term of rule.terms)
      expect(
        texts.some(({ text }) => findAll(term, text).length > 0),
        term,
      ).toBe(true);
  });
});
