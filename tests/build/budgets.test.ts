import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtPages, DIST } from '../support/dist';
import { measurePages, routeOf } from '../support/page-weights';
import budgets from './budgets.json';

/**
 * Page weight, gzip, against tests/build/budgets.json:
 * - `atLoad`: what loads with any page (its scripts and their static imports; its CSS).
 *   Widgets load their live code on first use and the HTML already shows every result, so
 *   this is all that a reader who only reads downloads. These are the site's promises.
 * - `onUse`: everything a page can load once every widget on it is used, by route (the same
 *   in every locale), where that is over `atLoad.js`; every other page stays within it.
 * - `search`: the header search's code once a reader opens it (apart from the widgets).
 * `npm run budgets:write` rewrites `onUse` and `search` from the current build; a ceiling
 * that rises needs its measured reason in the commit message.
 */
const { atLoad, onUse, search } = budgets as {
  atLoad: { js: number; css: number };
  onUse: Record<string, number>;
  search: number;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const measured = measurePages(builtPages());

describe.each(measured.map((m) => [m.weight.page, m] as const))('%s', (path, { weight, ...scripts }) => {
  it(`loads at most ${kb(atLoad.js)} of JavaScript and ${kb(atLoad.css)} of CSS, and stays within its ceilings`, () => {
    expect(scripts.searchAtLoad, 'search code loads with the page').toEqual([]);
    expect(scripts.searchFromWidgets, 'widget code reaches search code').toEqual([]);
    expect(scripts.searchLoaders, 'search loaders').toBe(scripts.hasSearch ? 1 : 0);
    expect(scripts.searchChunks.length, 'search chunks the loader reaches').toBe(scripts.hasSearch ? 1 : 0);

    expect(weight.jsAtLoad, `${kb(weight.jsAtLoad)} of JS loads with the page`).toBeLessThanOrEqual(atLoad.js);
    expect(weight.css, `${kb(weight.css)} of CSS`).toBeLessThanOrEqual(atLoad.css);
    const ceiling = onUse[routeOf(path)];
    if (ceiling === undefined) {
      expect(weight.js, `${kb(weight.js)} of JS in total, over ${kb(atLoad.js)}`).toBeLessThanOrEqual(atLoad.js);
    } else {
      expect(weight.js, `${weight.js} B of JS in total grew past its ceiling of ${ceiling} B`).toBeLessThanOrEqual(
        ceiling,
      );
      expect(weight.js, `${weight.js} B in total now fits ${kb(atLoad.js)}: run npm run budgets:write`).toBeGreaterThan(
        atLoad.js,
      );
    }
    if (scripts.hasSearch) {
      expect(weight.searchIndex, 'no search index for the page language').toBeGreaterThan(0);
      expect(
        weight.searchJs,
        `${weight.searchJs} B of search code grew past its ceiling of ${search} B`,
      ).toBeLessThanOrEqual(search);
    }
  });
});

afterAll(() => {
  // A record of the figures for reviews and closing notes: reports/page-weights.json
  // (not test-results/, which Playwright empties when it starts).
  const out = resolve(DIST, '..', 'reports');
  mkdirSync(out, { recursive: true });
  const weights = measured.map((m) => m.weight).sort((a, b) => a.page.localeCompare(b.page));
  writeFileSync(join(out, 'page-weights.json'), `${JSON.stringify(weights, null, 2)}\n`);
});
