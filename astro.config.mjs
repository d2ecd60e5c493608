// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import { DEFAULT_LOCALE, LOCALES } from './src/i18n/locales.ts';
import { buildStamp } from './src/integrations/build-stamp.ts';
import { chunkGraph } from './src/integrations/chunk-graph.ts';
import { chunkUrls } from './src/integrations/chunk-url.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { thaiLineBreaks } from './src/integrations/thai-breaks.ts';

const locales = [...LOCALES];

export default defineConfig({
  // The deployed origin, used for canonical URLs, hreflang alternates and the sitemap.
  site: process.env.SITE_URL ?? 'https://percent-encoding.example',
  trailingSlash: 'always',
  build: { format: 'directory' },
  i18n: {
    locales,
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  markdown: {
    // Explicit heading ids (`## Title {#stable-id}`): anchors stay identical in every locale.
    processor: satteri({ features: { headingAttributes: true } }),
    // Prism marks tokens with classes (coloured by global.css, "Code"), at build time; Shiki
    // colours them with inline style attributes, which the CSP (no 'unsafe-inline') blocks.
    syntaxHighlight: 'prism',
  },
  integrations: [
    mdx(),
    sitemap({
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(locales.map((l) => [l, l])) },
      // The root is a language chooser, not a page of any one locale; a locale's 404 page
      // (/<locale>/404/) is no page to find.
      filter: (page) => !/^\/(?:[^/]+\/404\/)?$/.test(new URL(page).pathname),
    }),
    // Thai pages: <wbr> between words, listed loanwords kept whole (content/th/GLOSSARY.md).
    // Before the search index, so that it reads the finished pages.
    thaiLineBreaks(),
    // The search index, built from the finished pages. `%` is part of a word, so a reader
    // can search for an escape such as %20.
    searchIndex({ includeCharacters: '%' }),
    // The browser chunks' imports, for the page-weight gates (tests/build/budgets.test.ts).
    chunkGraph(),
    // Last: only a build that finished is recorded as made from the sources as they are.
    buildStamp(),
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
          codeSplitting: {
            groups: [
              { name: 'codec', test: /\/src\/codec\/(issues|sets|bytes|utf8|charsets|decode)\.ts$/ },
              // The URL scanner and parseUrl: every page that scans a URL also parses one, so one
              // chunk instead of two saves a chunk's overhead (~100 B gzip) on each of them.
              { name: 'url', test: /\/src\/codec\/(char-bytes|scan|parse)\.ts$/ },
              // Which model a policy names, for share links and policy forms on the page and for
              // the codec in Group's worker: a chunk of its own, before the runtime's group (which
              // would take it in, and the DOM with it into the worker). In the codec core it made
              // Group, on the analytics page's first screen, fetch the whole core for this one
              // function (+2.8 KB gzip).
              { name: 'model', test: /\/src\/codec\/normalize\/model\.ts$/ },
              // The widgets' shared runtime (view trees, the element and its DOM and share-link helpers, issue sentences): one chunk,
              // so a widget that uses only some of it (Servers has no issues) does not split it
              // three ways on every page (+330 B gzip on the encoding-sets page when it did).
              { name: 'client', test: /\/src\/widgets\/lib\/(widget|dom|share-link|view|issues)\.ts$/ },
            ],
          },
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
