import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { builtPages, DIST } from '../support/dist';

// Per-page weight, gzip: all JavaScript a page can load (static and dynamic imports and
// workers, followed through every chunk) and all CSS. Budgets from the foundation issue.
const JS_BUDGET = 12 * 1024;
const CSS_BUDGET = 10 * 1024;

/**
 * Known to be over the JavaScript budget (issue 4): together, the codec's normalizer and the
 * widgets these pages embed weigh more than 12 KB. Each ceiling is the weight measured when the
 * exception was recorded, keyed by route (the same in every locale). A page here fails if it
 * grows past its ceiling, and fails once it fits the budget, so the entry gets removed.
 */
const KNOWN_OVER_JS_BUDGET: Record<string, number> = {
  tools: 20_100,
  faq: 15_850,
  'analytics-normalization': 14_800,
};

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

// The bundler quotes specifiers with ', " or ` (template literals for dynamic imports).
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g;
const LATER_LOADS = [
  /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g,
  /new URL\(\s*["'`]([^"'`]+\.js)["'`]\s*,\s*import\.meta\.url\s*\)/g,
  // Vite's preload map lists a dynamic import's chunks as "_astro/x.js" strings.
  /["'`](?:\/?_astro\/)([^"'`]+\.js)["'`]/g,
];

/**
 * Modules a built JS file pulls in: static `import … from`, and unless `staticOnly`, also
 * what it may load later: `import()` and workers (`new URL(…, import.meta.url)`).
 */
function referencedModules(code: string, staticOnly = false): string[] {
  const patterns = staticOnly ? [STATIC_IMPORT] : [STATIC_IMPORT, ...LATER_LOADS];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1] ?? ''));
}

function scriptClosure(entries: { code: string; from: string }[], staticOnly = false): Map<string, number> {
  const seen = new Map<string, number>();
  const queue = entries.flatMap(({ code, from }) => referencedModules(code, staticOnly).map((ref) => resolve(from, ref)));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    seen.set(file, gzipSize(code));
    queue.push(...referencedModules(code, staticOnly).map((ref) => resolve(dirname(file), ref)));
  }
  return seen;
}

const sum = (sizes: Iterable<number>) => [...sizes].reduce((a, b) => a + b, 0);

interface PageWeight {
  page: string;
  html: number;
  /** Everything the page can load (the budgeted figure). */
  js: number;
  /** Of which loaded with the page (static imports), before any interaction. */
  jsAtLoad: number;
  /** gzip of all of it as one file: what chunking costs is `js - jsOneFile`. */
  jsOneFile: number;
  css: number;
}

const weights: PageWeight[] = [];

describe.each(builtPages().map((page) => [page.path, page] as const))('%s', (path, page) => {
  const siteFile = (src: string) => join(DIST, new URL(src, `http://x${path}`).pathname);

  it(`ships at most ${JS_BUDGET / 1024} KB of JavaScript and ${CSS_BUDGET / 1024} KB of CSS (gzip)`, () => {
    const scripts = page.root.querySelectorAll('script').filter((s) => s.getAttribute('type') !== 'application/json');
    const inline = scripts.filter((s) => !s.getAttribute('src')).map((s) => s.textContent);
    const external = scripts.flatMap((s) => (s.getAttribute('src') ? [siteFile(s.getAttribute('src') as string)] : []));
    const entries = [
      ...inline.map((code) => ({ code, from: join(DIST, path) })),
      ...external.map((file) => ({ code: `import "${file}"`, from: DIST })),
    ];
    const closure = scriptClosure(entries);
    const inlineSize = sum(inline.map(gzipSize));
    const js = inlineSize + sum(closure.values());
    const jsAtLoad = inlineSize + sum(scriptClosure(entries, true).values());
    const jsOneFile = gzipSize([...inline, ...[...closure.keys()].map((file) => readFileSync(file, 'utf8'))].join('\n'));

    const stylesheets = page.root.querySelectorAll('link[rel=stylesheet]').map((l) => siteFile(l.getAttribute('href') ?? ''));
    const css =
      stylesheets.reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0) +
      page.root.querySelectorAll('style').reduce((sum, s) => sum + gzipSize(s.textContent), 0);

    weights.push({ page: path, html: gzipSize(page.html), js, jsAtLoad, jsOneFile, css });
    const ceiling = KNOWN_OVER_JS_BUDGET[path.split('/')[2] ?? ''];
    if (ceiling === undefined) {
      expect(js, `${path}: ${(js / 1024).toFixed(1)} KB of JS (gzip) over the ${JS_BUDGET / 1024} KB budget`).toBeLessThanOrEqual(JS_BUDGET);
    } else {
      expect(js, `${path}: ${js} B of JS (gzip) grew past its recorded ceiling of ${ceiling} B`).toBeLessThanOrEqual(ceiling);
      expect(js, `${path}: ${js} B now fits the budget; remove it from KNOWN_OVER_JS_BUDGET`).toBeGreaterThan(JS_BUDGET);
    }
    expect(css, `${path}: ${(css / 1024).toFixed(1)} KB of CSS (gzip) over the ${CSS_BUDGET / 1024} KB budget`).toBeLessThanOrEqual(CSS_BUDGET);
  });
});

afterAll(() => {
  // A record of the figures for reviews and closing notes: reports/page-weights.json
  // (not test-results/, which Playwright empties when it starts).
  const out = resolve(DIST, '..', 'reports');
  mkdirSync(out, { recursive: true });
  weights.sort((a, b) => a.page.localeCompare(b.page));
  writeFileSync(join(out, 'page-weights.json'), `${JSON.stringify(weights, null, 2)}\n`);
});
