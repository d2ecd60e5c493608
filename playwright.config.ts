import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';

/**
 * End-to-end tests run against the production build (`astro build` + `astro preview`), the
 * whole suite (`npm test`); playwright.quick.config.ts runs the quick tier.
 * The browser and its options: tests/support/chromium.ts.
 */
const port = Number(process.env.PREVIEW_PORT ?? 4329);

export const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions };
/** Specs whose verdict is a main-thread timing. */
export const TIMED = /widgets-(large-input|group-large)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  // A build older than the sources is refused, not tested (src/integrations/build-stamp.ts).
  globalSetup: './tests/support/fresh-build.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...chromium }, testIgnore: TIMED },
    // Timed against a bare text box with a 200 ms margin: run last, one test at a time, so
    // the other worker's tests do not take the CPU from under the measurement.
    {
      name: 'chromium-timed',
      use: { ...chromium },
      testMatch: TIMED,
      dependencies: ['chromium'],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: `npx astro preview --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}/en/`,
    // Never a server this run did not start: one already on the port may serve another
    // checkout's build. A busy port fails the run; PREVIEW_PORT picks another.
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
