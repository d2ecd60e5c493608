import { readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { chunkGraphFile, type ChunkGraph } from '../../src/integrations/chunk-graph.ts';
import { DIST, gzipSize, type BuiltPage } from './dist.ts';
import { indexFiles, isSearchFile, pagefindCode } from './search-bundle.ts';

/**
 * What a page weighs, gzip. The chunk graph is the bundler's (src/integrations/chunk-graph.ts).
 * What it cannot see is named here: which scripts a page runs, read from its HTML (Astro
 * inlines small scripts, so their references are read from their code), and Pagefind's
 * files, which are not chunks (tests/support/search-bundle.ts).
 */
interface PageWeight {
  page: string;
  html: number;
  /** JavaScript loaded with the page, before any interaction (the budgeted figure). */
  jsAtLoad: number;
  /** Everything the page can load once every widget on it is used. */
  js: number;
  /** gzip of all of `js` as one file: what chunking costs is `js - jsOneFile`. */
  jsOneFile: number;
  css: number;
  /** The search's code once the reader opens it: its chunks, Pagefind's API and worker. */
  searchJs: number;
  /** What a first search fetches besides code, as served (Pagefind writes it compressed). */
  searchIndex: number;
}

/** The facts behind a page's figures, for the gates' own checks. */
export interface PageScripts {
  weight: PageWeight;
  /** Search chunks that load with the page (there must be none). */
  searchAtLoad: string[];
  /** Search chunks that a widget's code reaches (there must be none). */
  searchFromWidgets: string[];
  /** Inline scripts that load the search, and the search chunks they reach. */
  searchLoaders: number;
  searchChunks: string[];
  hasSearch: boolean;
}

export const graph = (): ChunkGraph =>
  JSON.parse(readFileSync(chunkGraphFile(resolve(DIST, '..'), DIST), 'utf8')) as ChunkGraph;

// An inline script's references to chunks, as Astro writes them: site paths in quotes.
const INLINE_STATIC = /\b(?:import|from)\s*["'`](\/_astro\/[^"'`]+\.js)["'`]/g;
const INLINE_LATER = /\bimport\(\s*["'`](\/_astro\/[^"'`]+\.js)["'`]\s*\)/g;
const refs = (code: string, pattern: RegExp) => [...code.matchAll(pattern)].map((m) => (m[1] ?? '').slice(1));

const isSearchChunk = (chunk: string) => isSearchFile(join(DIST, chunk));

/**
 * The chunks `from` reach through static imports and, unless `staticOnly`, later loads.
 * Chunks for which `apart` holds are neither counted nor followed: they are listed in `reached`.
 */
export function closure(
  chunks: ChunkGraph,
  from: string[],
  {
    staticOnly = false,
    apart = (_chunk: string): boolean => false,
  }: { staticOnly?: boolean; apart?: (chunk: string) => boolean } = {},
) {
  const files = new Set<string>();
  const reached = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const chunk = queue.pop() as string;
    if (files.has(chunk) || reached.has(chunk)) continue;
    if (apart(chunk)) {
      reached.add(chunk);
      continue;
    }
    const node = chunks[chunk];
    if (!node) throw new Error(`${chunk} is not a chunk of the build (.astro/chunk-graph.json)`);
    files.add(chunk);
    queue.push(...node.imports, ...(staticOnly ? [] : node.later));
  }
  return { files: [...files], reached: [...reached] };
}

const chunkGzip = (chunk: string) => gzipSize(readFileSync(join(DIST, chunk)));
const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);

export function measurePages(pages: BuiltPage[]): PageScripts[] {
  const chunks = graph();
  return pages.map((page) => {
    const siteFile = (src: string) => join(DIST, new URL(src, `http://x${page.path}`).pathname);
    const scripts = page.root.querySelectorAll('script').filter((s) => s.getAttribute('type') !== 'application/json');
    const inline = scripts.filter((s) => !s.getAttribute('src')).map((s) => s.textContent);
    const external = scripts.flatMap((s) =>
      s.getAttribute('src') ? [relative(DIST, siteFile(s.getAttribute('src') ?? ''))] : [],
    );

    const atLoad = closure(chunks, [...external, ...inline.flatMap((code) => refs(code, INLINE_STATIC))], {
      staticOnly: true,
    });
    const jsAtLoad = sum(inline.map((code) => gzipSize(code))) + sum(atLoad.files.map(chunkGzip));

    // The widgets' total leaves out the search: its loader (the inline script that refers to
    // the search's chunk) and everything the loader reaches are the search's, counted apart.
    const loadsSearch = (code: string) =>
      [...refs(code, INLINE_STATIC), ...refs(code, INLINE_LATER)].some(isSearchChunk);
    const pageInline = inline.filter((code) => !loadsSearch(code));
    const loaders = inline.filter(loadsSearch);
    const pageRefs = pageInline.flatMap((code) => [...refs(code, INLINE_STATIC), ...refs(code, INLINE_LATER)]);
    const everything = closure(chunks, [...external, ...pageRefs], { apart: isSearchChunk });
    const js = sum(pageInline.map((code) => gzipSize(code))) + sum(everything.files.map(chunkGzip));
    const jsOneFile = gzipSize(
      [...pageInline, ...everything.files.map((chunk) => readFileSync(join(DIST, chunk), 'utf8'))].join('\n'),
    );

    const hasSearch = page.root.querySelector('site-search') !== null;
    const search = closure(
      chunks,
      loaders.flatMap((code) => [...refs(code, INLINE_STATIC), ...refs(code, INLINE_LATER)]),
    );
    const searchJs = hasSearch
      ? sum(loaders.map((code) => gzipSize(code))) +
        sum(search.files.map(chunkGzip)) +
        sum(pagefindCode().map((f) => gzipSize(readFileSync(f))))
      : 0;
    const lang = page.root.querySelector('html')?.getAttribute('lang') ?? '';
    const searchIndex = hasSearch ? sum(indexFiles(lang).map((f) => statSync(f).size)) : 0;

    const stylesheets = page.root
      .querySelectorAll('link[rel=stylesheet]')
      .map((l) => siteFile(l.getAttribute('href') ?? ''));
    const css =
      sum(stylesheets.map((file) => gzipSize(readFileSync(file)))) +
      sum(page.root.querySelectorAll('style').map((s) => gzipSize(s.textContent)));

    return {
      weight: { page: page.path, html: gzipSize(page.html), jsAtLoad, js, jsOneFile, css, searchJs, searchIndex },
      searchAtLoad: atLoad.files.filter(isSearchChunk),
      searchFromWidgets: everything.reached,
      searchLoaders: loaders.length,
      searchChunks: search.files.filter(isSearchChunk),
      hasSearch,
    };
  });
}

/** A page's route, the same in every locale: `tools` for /th/tools/, `home` for a home page. */
export const routeOf = (path: string): string => {
  // `/en/faq/` → `faq`; a locale's home page → `home`; a page outside the locales (`/`,
  // `/404.html`) → its path, so no two kinds of page share a ceiling.
  const route = path.split('/')[2];
  return route === undefined ? path : route || 'home';
};
