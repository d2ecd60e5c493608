import { describe, expect, it } from 'vitest';
import { builtPages, isNotFoundPage } from '../support/dist';
import { resources } from '../../src/i18n';
import { LOCALES } from '../../src/i18n/locales';

// The site menu (src/components/SiteMenu.astro) on every locale page: every page of that
// locale listed once, in reading order within its group, the page itself marked current and
// no other; on a 404 page, none marked.
const pages = builtPages();
const localeOf = (path: string) => path.split('/')[1] ?? '';
const isLocalePage = (path: string) => (LOCALES as readonly string[]).includes(localeOf(path));

describe.each(LOCALES.map((locale) => [locale] as const))('the %s menu', (locale) => {
  const own = pages.filter((p) => localeOf(p.path) === locale);
  const sitePages = own.filter((p) => !isNotFoundPage(p.path)).map((p) => p.path);

  it.each(own.map((p) => [p.path, p] as const))(
    '%s: lists every page of the locale once and marks this one',
    (path, page) => {
      const menus = page.root.querySelectorAll('details.site-menu');
      expect(menus).toHaveLength(1);
      const links = menus[0]?.querySelectorAll('nav a') ?? [];
      const hrefs = links.map((a) => a.getAttribute('href') ?? '');
      expect([...hrefs].sort()).toEqual([...sitePages].sort());
      const current = links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.getAttribute('href'));
      expect(current).toEqual(isNotFoundPage(path) ? [] : [path]);
    },
  );

  it('groups the articles in reading order, basics before practice before reference, Tools last', () => {
    const home = own.find((p) => p.path === `/${locale}/`);
    const groups = home?.root.querySelectorAll('details.site-menu nav ul') ?? [];
    const names = resources[locale].translation.frame.groups;
    expect(groups.map((ul) => home?.root.querySelector(`#${ul.getAttribute('aria-labelledby')}`)?.text.trim())).toEqual(
      [names.basics, names.practice, names.reference],
    );
    const listed = groups.flatMap((ul) => ul.querySelectorAll('a').map((a) => a.getAttribute('href') ?? ''));
    expect(listed.at(-1)).toBe(`/${locale}/tools/`);
    // Previous/next (the reading order) walks the articles in the menu's order.
    const order = listed.slice(0, -1);
    for (const [i, href] of order.entries()) {
      const article = own.find((p) => p.path === href);
      expect(article?.root.querySelector('.pager__link--next')?.getAttribute('href') ?? undefined, href).toBe(
        order[i + 1],
      );
    }
  });
});

it('every locale page has the menu', () => {
  const without = pages.filter((p) => isLocalePage(p.path) && p.root.querySelector('details.site-menu') === null);
  expect(without.map((p) => p.path)).toEqual([]);
});
