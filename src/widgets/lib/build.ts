/** Build-time helpers for the widgets' `.astro` files (never shipped to the browser). */
import { resources, useTranslations } from '../../i18n';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import type { Dict } from './view';

/** The page's locale (Astro i18n), English when the page has none (container renders). */
export const pageLocale = (current: string | undefined): Locale => (isLocale(current) ? current : DEFAULT_LOCALE);

type Tree = { [k: string]: string | Tree };

/**
 * The strings a widget's script needs, `widgets.<section>.*` flattened to `<section>.*`.
 * They travel in the widget's `data-m` attribute, so no i18n code reaches the browser; `locale`
 * is the page's language, for figures.
 */
export function dictFor(locale: Locale, sections: string[]): Dict {
  const all = resources[locale].translation.widgets as unknown as Tree;
  const out: Dict = {};
  const walk = (t: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(t)) typeof v === 'string' ? (out[prefix + k] = v) : walk(v, `${prefix}${k}.`);
  };
  for (const s of sections) walk(all[s] as Tree, `${s}.`);
  // For figures in messages (view.ts `figure`): digit grouping is the language's.
  out.locale = locale;
  return out;
}

const used = new WeakMap<object, Set<string>>();

/**
 * A stable id for a widget: the `id` prop, or the kind plus a hash of the props, so it is
 * the same on every build and, for the same example, in every locale. Repeats on one page
 * get `-2`, `-3`.
 */
export function widgetId(page: object, kind: string, props: { id?: string | undefined }): string {
  let base = props.id ?? '';
  if (!base) {
    let x = 0x811c9dc5;
    for (const c of JSON.stringify(props)) x = Math.imul(x ^ c.charCodeAt(0), 0x01000193) >>> 0;
    base = `${kind}-${x.toString(36)}`;
  }
  const seen = used.get(page) ?? new Set<string>();
  used.set(page, seen);
  let id = base;
  for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
  seen.add(id);
  return id;
}

/**
 * What every widget's frontmatter needs: the page locale, `t()` for its labels, its stable
 * id, and the strings its script needs (`common`, `issue` and the widget's own sections).
 */
export function widgetSetup(
  astro: { currentLocale: string | undefined; request: object; props: { id?: string | undefined } },
  kind: string,
  sections: string[],
) {
  const locale = pageLocale(astro.currentLocale);
  return {
    locale,
    t: useTranslations(locale),
    id: widgetId(astro.request, kind, astro.props),
    m: dictFor(locale, ['common', 'issue', ...sections]),
  };
}
