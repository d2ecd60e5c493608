/**
 * Fallback pages, on the build of tests/fixtures/fallback-site/ (`npm run build:fixtures`),
 * in which Ukrainian lacks the page `beta`: whatever the state of the real translations,
 * /uk/beta/ must be the English page under the Ukrainian notice, marked `lang="en"`, and
 * kept out of the Ukrainian search index, as must its entry in the home page's list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/i18n';
import { builtPages, FALLBACK_DIST } from '../support/dist';
import { assertFreshBuilds } from '../support/fresh-build';

assertFreshBuilds('dist-fallback');
const pages = new Map(builtPages(FALLBACK_DIST).map((page) => [page.path, page.root]));
const page = (path: string) => {
  const root = pages.get(path);
  if (!root) throw new Error(`${path} is not in the fixture's build`);
  return root;
};

describe('a page the locale lacks (/uk/beta/)', () => {
  const root = page('/uk/beta/');

  it('is the English article under a notice in the reader language', () => {
    expect(root.querySelector('html')?.getAttribute('lang')).toBe('uk');
    expect(root.querySelector('[data-fallback-notice]')?.textContent).toBe(resources.uk.translation.fallback.notice);
    expect(root.querySelector('article')?.getAttribute('lang')).toBe('en');
    expect(root.querySelector('article')?.textContent).toContain('wombat');
  });

  it('gives the search index nothing', () => {
    expect(root.querySelectorAll('[data-pagefind-body]')).toHaveLength(0);
  });
});

describe('the same page where the locale has it (/th/beta/)', () => {
  const root = page('/th/beta/');

  it('is the translation, indexed, with no notice', () => {
    expect(root.querySelector('[data-fallback-notice]')).toBeNull();
    expect(root.querySelector('article')?.hasAttribute('lang')).toBe(false);
    expect(root.querySelectorAll('[data-pagefind-body]').map((el) => el.tagName)).toEqual(['MAIN']);
  });
});

describe('the home page list', () => {
  const item = (path: string, slug: string) => page(path).querySelector(`main li:has(> a[href="${path}${slug}/"])`);

  it('marks the English title of a missing page as English, and keeps it out of the index', () => {
    expect(item('/uk/', 'beta')?.getAttribute('lang')).toBe('en');
    expect(item('/uk/', 'beta')?.hasAttribute('data-pagefind-ignore')).toBe(true);
    for (const [path, slug] of [
      ['/uk/', 'alpha'],
      ['/th/', 'beta'],
    ] as const) {
      expect(item(path, slug)?.hasAttribute('lang'), `${path}${slug}/`).toBe(false);
      expect(item(path, slug)?.hasAttribute('data-pagefind-ignore'), `${path}${slug}/`).toBe(false);
    }
  });
});

it('leaves the missing page out of the Ukrainian index only', () => {
  const entry = JSON.parse(readFileSync(join(FALLBACK_DIST, 'pagefind', 'pagefind-entry.json'), 'utf8'));
  // Home, tools, alpha and beta; in Ukrainian, beta is English and left out.
  expect(
    Object.fromEntries(
      Object.entries(entry.languages).map(([lang, l]) => [lang, (l as { page_count: number }).page_count]),
    ),
  ).toEqual({
    en: 4,
    th: 4,
    hi: 4,
    uk: 3,
  });
});
