// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';
import { chunkUrls } from './src/integrations/chunk-url.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { thaiLineBreaks } from './src/integrations/thai-breaks.ts';

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
    // Prism marks tokens with classes (coloured by global.css, "Code"), at build time; Shiki
    // colours them with inline style attributes, which the CSP (no 'unsafe-inline') blocks.
    syntaxHighlight: 'prism',
  },
  integrations: [
    mdx(),
    sitemap({
      i18n: { defaultLocale: 'en', locales: Object.fromEntries(locales.map((l) => [l, l])) },
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
