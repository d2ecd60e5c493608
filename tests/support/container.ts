import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales';

/**
 * An Astro container with the site's i18n routing, so that a request for /th/… renders with
 * Astro.currentLocale = 'th', as the widgets and diagrams read it.
 */
export const routedContainer = (): Promise<AstroContainer> =>
  AstroContainer.create({
    manifest: {
      i18n: {
        strategy: 'pathname-prefix-always',
        locales: [...LOCALES],
        defaultLocale: DEFAULT_LOCALE,
        domainLookupTable: {},
      },
    } as never,
  });
