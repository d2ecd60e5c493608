// Fails fast, with the fix, when no Chromium is available for the end-to-end tests.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { SYSTEM_CHROMIUM as system } from '../tests/support/chromium.ts';

let managed = '';
try {
  managed = chromium.executablePath();
} catch {
  // Playwright throws when it has no browser of its own; handled below.
}

if (!existsSync(system) && !(managed && existsSync(managed))) {
  console.error(`No Chromium found for the end-to-end tests.
Install one of:
  - Debian/Ubuntu:  sudo apt-get install -y chromium      (used from ${system})
  - anywhere else:  npx playwright install chromium      (Playwright's own browser)
then run npm test again.`);
  process.exit(1);
}
