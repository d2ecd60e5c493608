import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { DIST } from './dist.ts';

/**
 * The search's files in the build: its own chunk in dist/_astro/ (src/components/search/
 * search.ts) and Pagefind's bundle in dist/pagefind/ (src/integrations/search-index.ts).
 * Both load only when a reader opens the search.
 */
export const BUNDLE = join(DIST, 'pagefind');

const SEARCH_CHUNK = /[\\/]_astro[\\/]search\.[\w-]+\.js$/;

/** Whether a file of dist/ is search code: the search's chunk or anything of Pagefind's bundle. */
export const isSearchFile = (file: string): boolean => SEARCH_CHUNK.test(file) || file.startsWith(BUNDLE + sep);

/** Pagefind's code: its search API and the worker the API starts (not a Vite chunk, so named here). */
export const pagefindCode = (): string[] => ['pagefind.js', 'pagefind-worker.js'].map((name) => join(BUNDLE, name));

interface Entry {
  languages: Record<string, { hash: string; wasm: string | null; page_count: number }>;
}

/** `pagefind-entry.json`: the languages indexed, with their pages and files. */
export const searchEntry = (): Entry => JSON.parse(readFileSync(join(BUNDLE, 'pagefind-entry.json'), 'utf8')) as Entry;

/**
 * The files a first search in `lang` fetches besides code: the entry, the language's
 * metadata, its WebAssembly engine, its index and its excerpts. Pagefind writes them
 * compressed, so their size on disk is what travels.
 */
export function indexFiles(lang: string): string[] {
  const language = searchEntry().languages[lang];
  if (!language) return [];
  const inDir = (dir: string) =>
    existsSync(join(BUNDLE, dir))
      ? readdirSync(join(BUNDLE, dir))
          .filter((f) => f.startsWith(`${lang}_`))
          .map((f) => join(BUNDLE, dir, f))
      : [];
  return [
    join(BUNDLE, 'pagefind-entry.json'),
    join(BUNDLE, `pagefind.${language.hash}.pf_meta`),
    join(BUNDLE, `wasm.${language.wasm ?? 'unknown'}.pagefind`),
    ...inDir('index'),
    ...inDir('fragment'),
  ];
}
