import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { builtPages, isNotFoundPage } from '../support/dist';
import { BUNDLE, searchEntry } from '../support/search-bundle';
import { resources } from '../../src/i18n';
import { LOCALES, type Locale } from '../../src/i18n/locales';

const isFallback = (root: HTMLElement) => root.querySelector('[data-fallback-notice]') !== null;

// The search as built: the header search on every locale page, what each page gives the
// index (src/integrations/search-index.ts, Base.astro), the index itself and the CSP.
const pages = builtPages();
const localePages = pages.filter((page) => /^\/(en|th|hi|uk)\//.test(page.path));
const localeOf = (path: string) => path.split('/')[1] as Locale;
const indexed = (root: HTMLElement) => root.querySelectorAll('[data-pagefind-body]');

/** Whether Pagefind leaves this element out: marked so, or inside what it never indexes. */
const leftOut = (el: HTMLElement) => el.closest('[data-pagefind-ignore], nav, form, script, style, footer') !== null;

describe.each(localePages.map((page) => [page.path, page] as const))('%s', (path, page) => {
  const locale = localeOf(path);

  it('has the header search: a <search> landmark with a search field labelled in its language', () => {
    const landmarks = page.root.querySelectorAll('search');
    expect(landmarks).toHaveLength(1);
    expect(landmarks[0]?.closest('header')).not.toBeNull();
    const input = landmarks[0]?.querySelector('input[type=search]');
    const label = page.root.querySelector(`label[for="${input?.id}"]`);
    expect(label?.textContent).toBe(resources[locale].translation.search.label);
    expect(input?.getAttribute('aria-keyshortcuts')).toBe('/ Control+K');
  });

  // A fallback page gives it nothing (also tested on a fixture: tests/build/fallback.test.ts).
  it('gives the index its main column, except on a fallback or 404 page', () => {
    const bodies = indexed(page.root);
    if (isFallback(page.root) || isNotFoundPage(path)) {
      expect(bodies, 'a fallback page (English text) or a 404 page is indexed').toHaveLength(0);
    } else {
      expect(bodies.map((b) => b.tagName)).toEqual(['MAIN']);
    }
  });

  it.runIf(locale !== 'en')('gives a non-English index no English text', () => {
    const english = indexed(page.root).flatMap((body) => body.querySelectorAll('[lang=en]'));
    expect(english.filter((el) => !leftOut(el)).map((el) => el.toString().slice(0, 80))).toEqual([]);
  });
});

describe('the search index', () => {
  const entry = searchEntry();

  it('has one language per locale, holding exactly the pages written in it', () => {
    expect(Object.keys(entry.languages).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const own = localePages.filter((p) => localeOf(p.path) === locale && indexed(p.root).length > 0);
      expect(entry.languages[locale]?.page_count, locale).toBe(own.length);
    }
  });

  it('is one excerpt file per locale: the excerpts fetched never depend on the pages found', () => {
    // Pagefind fetches the excerpts of the pages a query finds, which would tell the server
    // about the query; with every excerpt in one file (maxFragments: 1) it fetches that one.
    // The index may be split in chunks: the search loads them all on opening (search.ts),
    // and tests/e2e/search.spec.ts checks that two queries fetch the same files.
    for (const locale of LOCALES) {
      expect(
        readdirSync(join(BUNDLE, 'fragment')).filter((f) => f.startsWith(`${locale}_`)),
        `excerpt files of ${locale}`,
      ).toHaveLength(1);
      expect(
        readdirSync(join(BUNDLE, 'index')).filter((f) => f.startsWith(`${locale}_`)).length,
        `index files of ${locale}`,
      ).toBeGreaterThan(0);
    }
  });

  it('ships only what the site’s own search uses (no prebuilt UI, no playground)', () => {
    expect(readdirSync(BUNDLE).filter((f) => /ui|playground|highlight/.test(f))).toEqual([]);
  });
});

describe('the Content-Security-Policy', () => {
  const policies = pages.map((page) => {
    const meta = page.root.querySelector('meta[http-equiv=content-security-policy]');
    const directives = (meta?.getAttribute('content') ?? '').split(';').map((d) => d.trim().split(/\s+/));
    return { path: page.path, get: (name: string) => directives.find(([n]) => n === name)?.slice(1) ?? [] };
  });

  it('lets the search compile its WebAssembly and start its worker from this site, and nothing more', () => {
    for (const { path, get } of policies) {
      const scripts = get('script-src');
      expect(scripts, path).toContain("'wasm-unsafe-eval'");
      expect(
        scripts.filter((s) => /^'unsafe-(eval|inline)'$|^https?:|^\*/.test(s)),
        path,
      ).toEqual([]);
      expect(get('worker-src'), path).toEqual(["'self'"]);
      expect(get('connect-src'), path).toEqual(["'self'"]);
    }
  });
});

describe('FAQ answers', () => {
  const faqs = localePages.filter((p) => p.root.querySelector('faq-item') !== null);

  it('are search results of their own, linking to the answer (which opens it)', () => {
    expect(faqs.length).toBeGreaterThan(0);
    for (const page of faqs) {
      for (const item of page.root.querySelectorAll('faq-item')) {
        const details = item.querySelector('details');
        const question = item.querySelector('h3')?.textContent.trim();
        expect(details?.id, page.path).toMatch(/^[a-z0-9-]+$/);
        expect(details?.getAttribute('data-pagefind-title'), page.path).toBe(question);
        // A heading with an id inside would start a result of its own, linked to the heading.
        expect(
          details?.querySelectorAll(':is(h1, h2, h3, h4, h5, h6)[id]').map((h) => h.id),
          page.path,
        ).toEqual([]);
      }
    }
  });
});
