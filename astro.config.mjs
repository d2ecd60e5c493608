// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import { searchIndex } from './src/integrations/search-index.ts';

// Keep in sync with src/i18n/locales.ts (this file is plain JS and is loaded before TypeScript).
const locales = ['en', 'th', 'hi', 'uk'];

export default defineConfig({
  // The deployed origin, used for canonical URLs, hreflang alternates and the sitemap.
  site: process.env.SITE_URL ?? 'https://percent-encoding.example',
  trailingSlash: 'always',
  build: { format: 'directory' },
  i18n: {
    locales,
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  markdown: {
    // Explicit heading ids (`## Title {#stable-id}`): anchors stay identical in every locale.
    processor: satteri({ features: { headingAttributes: true } }),
    // Shiki colours code with inline style attributes, which the CSP (no 'unsafe-inline')
    // blocks; code blocks here are short and read fine unhighlighted.
    syntaxHighlight: false,
  },
  integrations: [
    mdx(),
    sitemap({
      i18n: { defaultLocale: 'en', locales: Object.fromEntries(locales.map((l) => [l, l])) },
      // The root is a language chooser, not a page of any one locale.
      filter: (page) => new URL(page).pathname !== '/',
    }),
    // The search index, built from the finished pages. `%` is part of a word, so a reader
    // can search for an escape such as %20.
    searchIndex({ includeCharacters: '%' }),
  ],
  vite: {
    plugins: [chunkUrls()],
    build: {
      rolldownOptions: {
        output: {
          // The codec's core (issues, sets, bytes, utf8, charsets, decode) ships as one chunk,
          // which every widget's code imports. Left to itself the bundler splits it by which
          // widgets use which module, and since the Functions widget uses the encoder without
          // the decoder, that split cost every other page about 300 bytes gzip in chunk overhead.
          codeSplitting: { groups: [{ name: 'codec', test: /\/src\/codec\/(issues|sets|bytes|utf8|charsets|decode)\.ts$/ }] },
        },
      },
    },
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        // Pagefind's worker; Group's worker.
        "worker-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // 'wasm-unsafe-eval': the search engine is WebAssembly (Pagefind), compiled from the
      // site's own file; it allows no eval() of scripts.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
    },
  },
});

/**
 * `import url from './encode?chunk'` gives the URL of that module's own chunk without loading
 * it: widgets load their live code on first use (src/widgets/lib/on-use.ts). A plain import()
 * would do the same, but Vite wraps each one in its preload helper (~800 B gzip, on every
 * page with a widget). The chunk is an emitted entry, so it shares the codec's chunks with
 * everything else on the page. The dev server serves modules as they are, so there the URL
 * is the module's own.
 * @returns {import('vite').Plugin}
 */
function chunkUrls() {
  let serving = false;
  return {
    name: 'chunk-url',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    load(id) {
      if (!id.endsWith('?chunk')) return null;
      const file = id.slice(0, -'?chunk'.length);
      if (serving) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      return `export default import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'chunk', id: file })};`;
    },
  };
}
