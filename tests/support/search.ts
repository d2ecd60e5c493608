import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales';

// The header search as the end-to-end tests drive it (src/components/search/).

/** The locale's `search` strings (src/i18n/<locale>.json). */
export const searchStrings = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', `${locale}.json`), 'utf8')).search;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with its placeholders filled in; a placeholder left as `null` matches any number. */
export const message = (template: string, values: Record<string, string | null>) =>
  new RegExp(
    `^${escapeRegExp(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, k: string) => (values[k] === null ? '\\d+' : escapeRegExp(values[k] ?? '')))}$`,
  );

export const searchField = (page: Page) => page.getByRole('search').getByRole('searchbox');
export const searchStatus = (page: Page) => page.getByRole('search').getByRole('status');
export const searchResults = (page: Page) => page.getByRole('search').getByRole('list').first().getByRole('link');

/**
 * Types `query` into the search and waits until its results (or "nothing found") are shown.
 * The status alone is not enough: it says "Searching…" while Pagefind loads, and the panel is
 * not yet busy when the search code itself is still on its way.
 */
export async function search(page: Page, locale: Locale, query: string, timeout?: number): Promise<string[]> {
  await searchField(page).fill(query);
  const s = searchStrings(locale);
  await expect(searchStatus(page)).toHaveText(
    new RegExp(`${message(s.results ?? '', { count: null }).source}|${message(s.none ?? '', { query }).source}`),
    timeout === undefined ? {} : { timeout },
  );
  await expect(page.locator('.site-search__panel[aria-busy]')).toHaveCount(0);
  return searchResults(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}
