import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { builtPages, fileForPath } from '../support/dist';
import { SITE } from '../support/site';

// Every internal link and every #fragment of every built page must resolve:
// a broken anchor is exactly the bug a reader meets when a teammate sends an FAQ link.
const pages = builtPages();
const idsByFile = new Map<string, Set<string>>();

function idsOf(file: string): Set<string> {
  let ids = idsByFile.get(file);
  if (!ids) {
    const root = parse(readFileSync(file, 'utf8'));
    ids = new Set(root.querySelectorAll('[id]').map((el) => el.getAttribute('id') ?? ''));
    idsByFile.set(file, ids);
  }
  return ids;
}

describe.each(pages.map((page) => [page.path, page] as const))('links on %s', (_path, page) => {
  const base = new URL(page.path, SITE);
  const references = page.root
    .querySelectorAll('a[href], link[href], script[src], img[src], source[src]')
    .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '')
    .filter((ref) => !/^(mailto:|tel:|data:|blob:|javascript:)/.test(ref));

  it('has only internal links and fragments that resolve', () => {
    const broken: string[] = [];
    for (const ref of references) {
      const url = new URL(ref, base);
      if (url.origin !== SITE.origin) continue; // external: primary sources, checked by hand
      const file = fileForPath(url.pathname);
      if (!file) {
        broken.push(`${ref} (no such page)`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && file.endsWith('.html') && !idsOf(file).has(fragment)) {
        broken.push(`${ref} (no element with id "${fragment}")`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('has unique ids', () => {
    const ids = page.root.querySelectorAll('[id]').map((el) => el.getAttribute('id'));
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });
});
