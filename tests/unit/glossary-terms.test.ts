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
    expect(rules.map((r) => r.concept)).toEqual(
      expect.arrayContaining([
        'escape (`%XX`)',
        'mojibake',
        'delimiter',
        'JOIN (SQL)',
        'merge',
        'spelling',
        'hash routing',
        'userinfo',
        'unpaired surrogate',
      ]),
    );
    for (const rule of rules) {
      expect(rule.terms.length, rule.concept).toBeGreaterThan(0);
      expect(rule.forbidden.length, rule.concept).toBeGreaterThan(0);
    }
  });

  it('reads patterns as whole words with any ending after *', () => {
    expect(findAll('екранован* послідовн*', 'дві екрановані\u00a0послідовності й неекрановані послідовності')).toEqual([
      'екрановані\u00a0послідовності',
    ]);
    expect(findAll('купи', 'тримають URL купи, а не накупи')).toEqual(['купи']);
    expect(findAll('сир*', 'несиметричний сирий URL')).toEqual(['сирий']);
    expect(findAll('об’єдн*', 'Об’єднуйте за ключем')).toEqual(['Об’єднуйте']);
    expect(findAll('з’єдну* (JOIN)', 'з’єднувачі між ними; з’єднувати (JOIN) таблиці')).toEqual(['з’єднувати (JOIN)']);
  });

  /** The native review's quotes (code shown as ◊, as in the prose the check reads), each with its concept. */
  const REVIEWED: [string, string][] = [
    ['JOIN (SQL)', 'щоб рахувати й об’єднувати за ним'],
    ['JOIN (SQL)', 'Там об’єднуйте за самим канонічним рядком'],
    ['JOIN (SQL)', 'досить короткий, щоб за ним об’єднувати й читати його'],
    ['merge', 'Чому ці написання об’єдналися'],
    ['merge', 'вони зливаються в один рядок'],
    ['structural character', 'Структурні символи тримають URL купи'],
    ['structural character', 'жодного символу, що тримає посилання купи'],
    ['raw (unescaped; as received)', 'закодований ◊ на той час знову стає сирим ◊'],
    ['raw (unescaped; as received)', 'Фільтр, що шукає ◊ у\u00a0сирому шляху'],
    ['raw (unescaped; as received)', 'уже має сирий вигляд'],
    ['raw (unescaped; as received)', 'правило, написане для сирого тексту'],
    ['unpaired surrogate', 'Самотній сурогат'],
    ['router (framework)', 'більшість маршрутизаторів запитів'],
    ['userinfo', 'дані користувача'],
    ['HTML escaping', 'якщо він потрапить у\u00a0сторінку без екранування, це вже розмітка'],
    ['case-insensitive', 'Параметри, значення яких нечутливі до регістру'],
  ];

  it.each(REVIEWED)('still bans what the review banned: %s in «%s»', (concept, quote) => {
    const rule = rules.find((r) => r.concept === concept)!;
    expect(rule.forbidden.some((pattern) => findAll(pattern, quote).length > 0)).toBe(true);
  });

  it('lets the natural gloss of a term stand beside it', () => {
    const uses = [
      'неспарений сурогат (половина сурогатної пари UTF-16 без другої)',
      'два невидимі з’єднувачі між ними',
      'шістнадцяткові цифри нечутливі до регістру',
    ];
    const hits = rules.flatMap((rule) =>
      rule.forbidden.flatMap((pattern) => uses.flatMap((text) => findAll(pattern, text))),
    );
    expect(hits).toEqual([]);
  });
});

describe.each(rules.map((rule) => [rule.concept, rule] as const))('%s', (_concept, rule) => {
  it.each(rule.terms)('the term %s is used', (term) => {
    expect(sources.some(({ text }) => findAll(term, text).length > 0)).toBe(true);
  });

  it('no forbidden variant is used in an article or a UI string', () => {
    const found = rule.forbidden.flatMap((pattern) =>
      sources.flatMap(({ name, text }) => findAll(pattern, text).map((m) => `${name}: ${m}`)),
    );
    expect(found).toEqual([]);
  });
});
