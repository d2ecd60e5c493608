import { getRelativeLocaleUrl } from 'astro:i18n';
import type { Locale } from './locales';

/**
 * The URL of a route in one locale. `route` is the locale-independent part
 * ('' for the home page, 'faq' for an article), identical in every locale.
 */
export function localePath(locale: Locale, route = ''): string {
  return getRelativeLocaleUrl(locale, route);
}
