import { LOCALES, type Locale } from './locales';

/**
 * The first of the reader's preferred languages (as in `navigator.languages`) that the
 * site carries, matched on the primary subtag: `uk-UA` picks `uk`, `en-GB` picks `en`.
 */
export function suggestLocale(preferred: readonly string[]): Locale | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    const match = LOCALES.find((locale) => locale === primary);
    if (match) return match;
  }
  return undefined;
}
