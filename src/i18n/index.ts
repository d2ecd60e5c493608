import i18next, { type TFunction } from 'i18next';
import en from './en.json';
import th from './th.json';
import hi from './hi.json';
import uk from './uk.json';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

/**
 * The one i18next instance of the site. It runs at build time only: pages and widgets
 * render their labels into static HTML, so no i18next code reaches the browser.
 */
export const resources = {
  en: { translation: en },
  th: { translation: th },
  hi: { translation: hi },
  uk: { translation: uk },
} as const;

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // A missing key is a bug (the parity test catches it); never show English instead.
  fallbackLng: false,
  // Resources are bundled, so initialisation is synchronous and `t` is ready at once.
  initAsync: false,
  // Astro escapes every interpolated value when it renders; escaping here too would double it.
  interpolation: { escapeValue: false },
});

/** The translation function for one locale, with keys typed from `en.json`. */
export function useTranslations(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}

/** A language's name in the reader's language ("อังกฤษ" for `en` on a Thai page). */
export function languageName(code: Locale, inLocale: Locale): string {
  return new Intl.DisplayNames([inLocale], { type: 'language' }).of(code) ?? code;
}
