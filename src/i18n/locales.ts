/**
 * The site's locales. Order is the order of the language switcher and the chooser.
 * `name` is the language's own name for itself (what a reader looks for);
 * `hreflang` is the BCP 47 tag used in <html lang> and alternate links.
 */
export const LOCALES = ['en', 'th', 'hi', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  th: 'ไทย',
  hi: 'हिन्दी',
  uk: 'Українська',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Each locale as Open Graph names it (`og:locale`: language_TERRITORY). */
export const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  th: 'th_TH',
  hi: 'hi_IN',
  uk: 'uk_UA',
};
