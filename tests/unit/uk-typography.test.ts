/**
 * The Ukrainian edition's typography (content/uk/GLOSSARY.md, «Типографіка») in its sources:
 * the prose of every article (FAQ questions included, code and components aside) and every
 * UI string. The apostrophe is ’, quotation marks are «» („“ inside), a dash in a sentence
 * is an em dash with a no-break space before it, and a one-letter word (and «та») is tied
 * to the next word by a no-break space.
 */
import { describe, expect, it } from 'vitest';
import { editionSources, mdxProse } from '../support/glossary';

const sources = editionSources('uk');
const CYR = '\\p{Script=Cyrillic}';

/** Each match of `re` in each source, with a little context, as `name: …match…`. */
function offences(re: RegExp, texts = sources): string[] {
  return texts.flatMap(({ name, text }) =>
    [...text.matchAll(re)].map(
      (m) => `${name}: ${JSON.stringify(text.slice(Math.max(0, m.index - 20), m.index + m[0].length + 20))}`,
    ),
  );
}

const RULES: [string, RegExp][] = [
  ['apostrophes other than ’ inside a word', new RegExp(`${CYR}['ʼ\`]${CYR}`, 'gu')],
  ['straight or English quotation marks', /["“”](?<!„[^“”]*“)/gu],
  ['hyphens or en dashes used as a dash', /(?<=\S)[ \u00a0][-–][ \u00a0]/gu],
  ['em dashes after an ordinary space', / —/gu],
  ['one-letter words (or «та») before an ordinary space', /(?<![\p{L}\p{M}’'\-.])(?:[ВвУуЗзІіЙйАаОоЯя]|та) (?=\S)/gu],
];

describe('Ukrainian typography in content/uk and uk.json', () => {
  it('reads prose from every article and UI string', () => {
    expect(sources.filter((s) => s.name.startsWith('content/uk/')).length).toBeGreaterThanOrEqual(8);
    expect(sources.length).toBeGreaterThan(300);
  });

  it.each(RULES)('has no %s', (_rule, re) => {
    expect(offences(re)).toEqual([]);
  });

  it('each rule finds what it is written to find', () => {
    const sample = [
      {
        name: 'sample',
        text: mdxProse(
          `---\ntitle: "Що з'їв"\n---\n\nВін сказав "так" - і пішов — у ліс та поле.\n\n<FaqItem id="x" question="Що і як?">\n</FaqItem>\n`,
        ),
      },
    ];
    expect(RULES.map(([rule, re]) => [rule, offences(re, sample).length])).toEqual([
      ['apostrophes other than ’ inside a word', 1],
      ['straight or English quotation marks', 2],
      ['hyphens or en dashes used as a dash', 1],
      ['em dashes after an ordinary space', 1],
      ['one-letter words (or «та») before an ordinary space', 4],
    ]);
  });

  it('leaves code, components and nested „“ quotes alone', () => {
    const sample = [
      {
        name: 'sample',
        text: mdxProse(
          'Текст «з\u00a0„вкладеними“ лапками».\n\n<Esc text="a - b" />, `"код" - і`\n\n```js\nconst a = "b" - 1;\n```\n',
        ),
      },
    ];
    expect(RULES.flatMap(([, re]) => offences(re, sample))).toEqual([]);
  });
});
