import { defineConfig } from '@playwright/test';
import config, { chromium, TIMED } from './playwright.config';

/**
 * The quick tier (`npm run test:quick`), for the edit loop: the functional end-to-end tests
 * in English. Left to `npm test`: the other locales' runs of the same behaviour, the axe
 * sweeps over every page and scheme (pages.spec.ts, widgets-a11y.spec.ts) and the timed
 * megabyte specs, which take most of the suite's time and need a quiet machine.
 */
const AXE_SWEEPS = /(pages|widgets-a11y)\.spec\.ts$/;
/** A test of another locale names it as a word: `(th)`, `the hi edition`, `/uk/faq/`, `th:`. */
const OTHER_LOCALES = /\b(th|hi|uk)\b/;

export default defineConfig({
  ...config,
  projects: [{ name: 'quick', use: { ...chromium }, testIgnore: [TIMED, AXE_SWEEPS], grepInvert: OTHER_LOCALES }],
});
