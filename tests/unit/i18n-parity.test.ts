import { describe, expect, it } from 'vitest';
import { resources } from '../../src/i18n';
import { LOCALES } from '../../src/i18n/locales';

type Tree = { [key: string]: string | Tree };

/** Flattens a resource tree into `a.b.c` → string. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The WHATWG URL Standard's set names are spec terms a locale may keep whole, in Latin, as its glossary says. */
const specName = /^[a-z-]+ percent-encode set$/;

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(resources.en.translation as Tree);

describe.each(LOCALES.filter((l) => l !== 'en'))('%s UI strings', (locale) => {
  const strings = flatten(resources[locale].translation as Tree);

  it('have exactly the keys of en.json', () => {
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('use the same {{placeholders}} as English in every string', () => {
    const mismatched = [...english].filter(([key, text]) => {
      const other = strings.get(key);
      return other !== undefined && placeholders(other).join() !== placeholders(text).join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('are never empty and never left identical to English prose', () => {
    const suspicious = [...english].filter(([key, text]) => {
      const other = strings.get(key) ?? '';
      // Short technical tokens (URL, UTF-8, %20) may stay as they are; sentences may not.
      return other.trim() === '' || (other === text && /[a-z]{4,}\s+[a-z]{3,}/i.test(text) && !specName.test(text));
    });
    expect(suspicious.map(([key]) => key)).toEqual([]);
  });
});
