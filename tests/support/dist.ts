import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse, type HTMLElement } from 'node-html-parser';

/** The production build that the build gates and the end-to-end tests inspect. */
export const DIST = resolve(import.meta.dirname, '..', '..', 'dist');
/** The build of tests/fixtures/fallback-site/ (`npm run build:fixtures`): a locale lacks a page. */
export const FALLBACK_DIST = resolve(import.meta.dirname, '..', '..', 'dist-fallback');

export interface BuiltPage {
  /** URL path as served: `/th/faq/`, `/`, `/404.html`. */
  path: string;
  file: string;
  html: string;
  root: HTMLElement;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** Maps a file of dist/ (or of `dist`) to the path a browser requests for it. */
function urlPathOf(file: string, dist = DIST): string {
  const rel = relative(dist, file).split(sep).join('/');
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel}`;
}

/**
 * A locale's 404 page (`/uk/404/`): what an unknown address under that locale shows, not a
 * page of the site (no canonical address, not in the sitemap or the search index).
 */
export const isNotFoundPage = (path: string) => /^\/[a-z]{2}\/404\/$/.test(path);

/** Every HTML page of the build (or of `dist`), parsed once. Fails loudly when there is no build. */
export function builtPages(dist = DIST): BuiltPage[] {
  if (!existsSync(dist)) {
    throw new Error(`No build at ${dist}: run \`npm run build\` first (npm test does).`);
  }
  return htmlFiles(dist)
    .sort()
    .map((file) => {
      const html = readFileSync(file, 'utf8');
      return { path: urlPathOf(file, dist), file, html, root: parse(html) };
    });
}

/** The file in dist/ that serves a URL path, or undefined if none does. */
export function fileForPath(path: string): string | undefined {
  const clean = decodeURIComponent(path.split(/[?#]/, 1)[0] ?? '/');
  const candidates = clean.endsWith('/')
    ? [join(DIST, clean, 'index.html')]
    : [join(DIST, clean), join(DIST, clean, 'index.html')];
  return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith(sep));
}

/** Bytes after gzip at its highest level: how every page-weight budget counts. */
export const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
