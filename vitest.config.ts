/// <reference types="vitest/config" />
import { playwright } from '@vitest/browser-playwright';
import { getViteConfig } from 'astro/config';
import { chromiumLaunchOptions } from './tests/support/chromium';

const codecSuites = ['tests/unit/codec/**/*.test.ts'];
/** Bundles the codec as a page would and reads its sources: Node only. */
const nodeOnly = ['tests/unit/codec/packaging.test.ts'];

// Astro's Vite config, so component tests can render .astro files with the container API.
export default getViteConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'codec', include: codecSuites } },
      // The same suites inside Chromium, as the widgets and Group's worker run the codec:
      // its URL parser (hosts, IDNA), TextEncoder and TextDecoder are the browser's own.
      {
        extends: true,
        test: {
          name: 'codec:chromium',
          include: codecSuites,
          exclude: nodeOnly,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/unit/**/*.test.ts', 'tests/component/**/*.test.ts'],
          exclude: codecSuites,
        },
      },
      // The gates over the production build in dist/: they refuse a build older than the sources.
      {
        extends: true,
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], globalSetup: ['tests/support/fresh-build.ts'] },
      },
    ],
  },
});
