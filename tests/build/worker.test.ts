import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DIST } from '../support/dist';
import { closure, graph } from '../support/page-weights';

// Group's worker runs the codec off the main thread, where there is no DOM: a chunk it imports
// that defines an element (the widgets' runtime) throws as it loads, and grouping never answers.
// How the bundler groups modules into chunks decides this (astro.config.mjs), not the sources.
it('Group’s worker loads no chunk that touches the DOM', () => {
  const chunks = graph();
  const worker = Object.keys(chunks).filter((c) => /^_astro\/worker\.[\w-]+\.js$/.test(c));
  expect(worker).toHaveLength(1);
  const { files } = closure(chunks, worker, { staticOnly: true });
  expect(files.length).toBeGreaterThan(1);
  const dom = files.filter((f) =>
    /\b(HTMLElement|customElements|document)\b/.test(readFileSync(join(DIST, f), 'utf8')),
  );
  expect(dom).toEqual([]);
});
