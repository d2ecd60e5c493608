// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { satteri } from '@astrojs/markdown-satteri';

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
  ],
  vite: {
    plugins: [
      {
        // Widgets load their live code with import() on first use (src/widgets/lib/on-use.ts).
        // Vite would wrap each import() in a preload helper (~1.1 KB gzip on every page with
        // a widget) that fetches the chunk's own imports in parallel; without it they arrive
        // one round trip later, from the same origin. Astro sets `modulePreload` after the
        // user's `vite.build`, so a plugin's config hook is the place to turn it off.
        name: 'no-module-preload',
        config: () => ({ build: { modulePreload: false } }),
      },
    ],
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
