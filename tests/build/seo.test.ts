import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, DIST, isNotFoundPage } from '../support/dist';
import { SITE } from '../support/site';
import { resources } from '../../src/i18n';
import { LOCALES, OG_LOCALES, type Locale } from '../../src/i18n/locales';

// <html lang>, canonical and hreflang alternates on every page of every locale.
const notFoundPages = builtPages().filter((page) => isNotFoundPage(page.path));
const localePages = builtPages().filter((page) => /^\/(en|th|hi|uk)\//.test(page.path) && !isNotFoundPage(page.path));

describe.each(localePages.map((page) => [page.path, page] as const))('%s', (path, page) => {
  const [, locale = '', ...rest] = path.split('/');
  const route = rest.join('/');
  const head = page.root.querySelector('head');

  it('declares its locale in <html lang>', () => {
    expect(page.root.querySelector('html')?.getAttribute('lang')).toBe(locale);
  });

  it('has a canonical URL pointing to itself', () => {
    const canonicals = head?.querySelectorAll('link[rel=canonical]') ?? [];
    expect(canonicals).toHaveLength(1);
    expect(canonicals[0]?.getAttribute('href')).toBe(new URL(path, SITE).href);
  });

  it('lists every locale and x-default as alternates of the same route', () => {
    const alternates = Object.fromEntries(
      (head?.querySelectorAll('link[rel=alternate][hreflang]') ?? []).map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    );
    const expected = Object.fromEntries([
      ...LOCALES.map((l) => [l, new URL(`/${l}/${route}`, SITE).href]),
      ['x-default', new URL(`/en/${route}`, SITE).href],
    ]);
    expect(alternates).toEqual(expected);
  });

  it('has an Open Graph and Twitter card of its own, in its locale', () => {
    const meta = (property: string) =>
      (head?.querySelectorAll(`meta[property="${property}"], meta[name="${property}"]`) ?? []).map((m) =>
        m.getAttribute('content'),
      );
    const title = head?.querySelector('title')?.textContent ?? '';
    const siteName = resources[locale as Locale].translation.site.name;
    expect(meta('og:site_name')).toEqual([siteName]);
    // The page's own title: the <title> without the site name after it.
    expect(meta('og:title')).toEqual([title.replace(` · ${siteName}`, '')]);
    expect(meta('og:description')).toEqual([head?.querySelector('meta[name=description]')?.getAttribute('content')]);
    expect(meta('og:url')).toEqual([new URL(path, SITE).href]);
    const article = route !== '' && route !== 'tools/';
    expect(meta('og:type')).toEqual([article ? 'article' : 'website']);
    expect(meta('og:locale')).toEqual([OG_LOCALES[locale as Locale]]);
    expect(meta('og:locale:alternate')).toEqual(LOCALES.filter((l) => l !== locale).map((l) => OG_LOCALES[l]));
    expect(meta('twitter:card')).toEqual(['summary']);
  });
});

describe('the language chooser', () => {
  const chooser = builtPages().find((page) => page.path === '/');

  it('is shared as the English site, with every other locale as an alternate', () => {
    const meta = (property: string) =>
      (chooser?.root.querySelectorAll(`meta[property="${property}"]`) ?? []).map((m) => m.getAttribute('content'));
    expect(meta('og:url')).toEqual([new URL('/', SITE).href]);
    expect(meta('og:locale')).toEqual([OG_LOCALES.en]);
    expect(meta('og:locale:alternate')).toEqual(LOCALES.filter((l) => l !== 'en').map((l) => OG_LOCALES[l]));
  });
});

describe('fallback pages', () => {
  const english = new Set(localePages.filter((p) => p.path.startsWith('/en/')).map((p) => p.path.slice(3)));

  it('exist in every locale for every English page (never a 404)', () => {
    for (const locale of LOCALES) {
      const routes = new Set(
        localePages.filter((p) => p.path.startsWith(`/${locale}/`)).map((p) => p.path.slice(locale.length + 1)),
      );
      expect([...english].filter((route) => !routes.has(route))).toEqual([]);
    }
  });

  it('mark an untranslated body as English and say so in the reader language', () => {
    const fallbacks = localePages.filter((page) => page.root.querySelector('[data-fallback-notice]'));
    for (const page of fallbacks) {
      expect(page.path.startsWith('/en/')).toBe(false);
      expect(page.root.querySelector('article')?.getAttribute('lang')).toBe('en');
      const notice = page.root.querySelector('[data-fallback-notice]');
      expect(notice?.closest('[lang=en]')).toBeNull();
    }
  });
});

describe.each(notFoundPages.map((page) => [page.path, page] as const))('%s', (path, page) => {
  it('is kept out of search engines: no canonical address, no alternates, noindex, not in the sitemap', () => {
    expect(page.root.querySelector('link[rel=canonical]')).toBeNull();
    expect(page.root.querySelectorAll('link[rel=alternate][hreflang]')).toHaveLength(0);
    expect(page.root.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8')).not.toContain(new URL(path, SITE).href);
  });
});

describe('sitemap', () => {
  const sitemap = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');

  it('lists every locale page with its alternates', () => {
    for (const page of localePages.filter((p) => !p.path.includes('404'))) {
      expect(sitemap).toContain(`<loc>${new URL(page.path, SITE).href}</loc>`);
    }
    expect(sitemap).toContain('hreflang="th"');
  });
});
