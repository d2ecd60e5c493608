// Writes the page-weight ceilings of tests/build/budgets.json from the current build:
// `onUse` (every route whose total JavaScript is over the at-load budget, at its weight
// now) and `search`. The at-load budgets are the site's promises and stay as they are.
// Run after `npm run build`; commit the file with the measured reason for any rise.
import { readFileSync, writeFileSync } from 'node:fs';
import { assertFreshBuilds } from '../tests/support/fresh-build.ts';
import { builtPages } from '../tests/support/dist.ts';
import { measurePages, routeOf } from '../tests/support/page-weights.ts';

const FILE = new URL('../tests/build/budgets.json', import.meta.url);

assertFreshBuilds('dist');
const budgets = JSON.parse(readFileSync(FILE, 'utf8'));
const weights = measurePages(builtPages()).map((m) => m.weight);

const onUse: Record<string, number> = {};
for (const { page, js } of weights) {
  const route = routeOf(page);
  if (js > budgets.atLoad.js) onUse[route] = Math.max(onUse[route] ?? 0, js);
}
const next = {
  atLoad: budgets.atLoad,
  onUse: Object.fromEntries(Object.entries(onUse).sort(([a], [b]) => a.localeCompare(b))),
  search: Math.max(...weights.map((w) => w.searchJs)),
};
for (const route of new Set([...Object.keys(budgets.onUse), ...Object.keys(next.onUse)])) {
  const [was, now] = [budgets.onUse[route], next.onUse[route]];
  if (was !== now) console.log(`onUse.${route}: ${was ?? '-'} → ${now ?? '-'} B`);
}
if (budgets.search !== next.search) console.log(`search: ${budgets.search} → ${next.search} B`);
writeFileSync(FILE, `${JSON.stringify(next, null, 2)}\n`);
