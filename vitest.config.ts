/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

const codecSuites = ['tests/unit/codec/**/*.test.ts'];

// Astro's Vite config, so component tests can render .astro files with the container API.
export default getViteConfig({
  test: {
    testTimeout: 30_000,
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
    projects: [
      // The codec's suites run twice: as Node resolves the codec, and with the `browser`
      // export condition, as a page's bundler resolves it, so the code browsers get is
      // tested the same way even if a module ever ships a browser-specific variant.
      { extends: true, test: { name: 'codec', include: codecSuites } },
      {
        extends: true,
        resolve: { conditions: ['browser', 'import', 'module', 'default'] },
        ssr: { resolve: { conditions: ['browser', 'import', 'module', 'default'], externalConditions: ['browser'] } },
        test: { name: 'codec:browser', include: codecSuites, exclude: ['tests/unit/codec/packaging.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/unit/**/*.test.ts', 'tests/component/**/*.test.ts', 'tests/build/**/*.test.ts'],
          exclude: codecSuites,
        },
      },
    ],
  },
});
