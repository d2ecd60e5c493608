import { getCollection, type CollectionEntry } from 'astro:content';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import { DOC_GROUPS, type DocGroup } from './doc-groups';

type DocEntry = CollectionEntry<'docs'>;

export interface LocalizedDoc {
  slug: string;
  entry: DocEntry;
  /** The menu group, read from the English entry so that every locale's menu has one shape. */
  group: DocGroup;
  /** True when the locale lacks this page and the English original stands in. */
  fallback: boolean;
}

/** Splits an entry id (`uk/faq`) into its locale and its slug. */
function splitId(id: string): { locale: string; slug: string } {
  const [locale = '', ...rest] = id.split('/');
  return { locale, slug: rest.join('/') };
}

/**
 * Every page of the site in one locale, in reading order. English decides which pages
 * exist; a page missing in `locale` is its English entry, flagged as a fallback, so no
 * locale ever answers with a 404 for a page the site has.
 */
export async function getLocalizedDocs(locale: Locale): Promise<LocalizedDoc[]> {
  const all = await getCollection('docs');
  const byId = new Map(all.map((entry) => [entry.id, entry]));
  return all
    .filter((entry) => splitId(entry.id).locale === DEFAULT_LOCALE)
    .map((english) => {
      const { slug } = splitId(english.id);
      const translated = byId.get(`${locale}/${slug}`);
      const group = english.data.group;
      if (group === undefined) throw new Error(`content/${english.id}.mdx has no \`group\` (${DOC_GROUPS.join(', ')})`);
      return { slug, entry: translated ?? english, group, fallback: translated === undefined };
    })
    .sort((a, b) => a.entry.data.order - b.entry.data.order || a.slug.localeCompare(b.slug));
}
