import { existsSync } from 'node:fs';

/**
 * The Chromium every browser test starts: Playwright's end-to-end tests and Vitest's browser
 * mode (project codec:chromium). Debian's Chromium where it exists (Playwright cannot download
 * its own browser on every machine); elsewhere Playwright's own build, which
 * `npx playwright install chromium` fetches (scripts/check-browser.mjs says so when neither is there).
 */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  // Without these, Chromium keeps trying to reach Google's services, which a closed network
  // refuses; --no-sandbox is needed when tests run as root.
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ],
};
