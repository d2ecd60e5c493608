/**
 * One term per concept in the Ukrainian edition's sources: the term-check table of
 * content/uk/GLOSSARY.md against the prose of every article and every string of uk.json.
 * Each term occurs somewhere, and no forbidden variant occurs anywhere. The build gate
 * (tests/build/glossary-terms.test.ts) checks the same on the pages as built, where the
 * widgets' and diagrams' text is filled in.
 */
import { describe, expect, it } from 'vitest';
import { editionSources, findAll, glossaryOf, termRules } from '../support/glossary';

const rules = termRules(glossaryOf('uk'));
const sources = editionSources('uk');

describe('the term-check table of content/uk/GLOSSARY.md', () => {
  it('names the review’s terms, each with a term and at least one forbidden variant', () => {
    expect(rules.map((r) => r.concept)).toEqual(expect.arrayContaining(['escape (`%XX`)', 'mojibake', 'delimiter', 'JOIN (SQL)', 'merge', 'spelling', 'hash routing', 'userinfo', 'unpaired surrogate']));
    for (const rule of rules) {
      expect(rule.terms.length, rule.concept).toBeGreaterThan(0);
      expect(rule.forbidden.length, rule.concept).toBeGreaterThan(0);
    }
  });

  it('reads patterns as whole words with any ending after *', () => {
    expect(findAll('екранован* послідовн*', 'дві екрановані\u00a0послідовності й неекрановані послідовності')).toEqual(['екрановані\u00a0послідовності']);
    expect(findAll('купи', 'тримають URL купи, а не накупи')).toEqual(['купи']);
    expect(findAll('сир*', 'несиметричний сирий URL')).toEqual(['сирий']);
    expect(findAll('об’єдн*', 'Об’єднуйте за ключем')).toEqual(['Об’єднуйте']);
  });
});

describe.each(rules.map((rule) => [rule.concept, rule] as const))('%s', (_concept, rule) => {
  it.each(rule.terms)('the term %s is used', (term) => {
    expect(sources.some(({ text }) => findAll(term, text).length > 0)).toBe(true);
  });

  it('no forbidden variant is used in an article or a UI string', () => {
    const found = rule.forbidden.flatMap((pattern) => sources.flatMap(({ name, text }) => findAll(pattern, text).map((m) => `${name}: ${m}`)));
    expect(found).toEqual([]);
  });
});
