/// <reference lib="webworker" />
/**
 * Group's worker. The page sends `engine` (the URL of the already-loaded engine chunk, same
 * origin) with each job; the worker imports it once, and the chunk publishes the engine as
 * `peGroupEngine` (see engine-script.ts). Jobs: `{ type: 'run', id, job }` →
 * progress messages, then `{ type: 'result', id, data, headers, column, ms }`;
 * `{ type: 'csv', id }` → `{ type: 'csv', id, csv }` for the last result.
 */
import type { PublishedEngine } from './engine-script';

let engine: Promise<PublishedEngine> | undefined;
let last: ReturnType<PublishedEngine['run']>['report'] | undefined;

self.onmessage = async (e: MessageEvent) => {
  const d = e.data;
  const E = await (engine ??= import(/* @vite-ignore */ d.engine).then(() => globalThis.peGroupEngine!));
  if (d.type == 'csv') {
    postMessage({ type: 'csv', id: d.id, csv: last ? E.csvOf(last) : '' });
    return;
  }
  const t0 = performance.now();
  const r = E.run(d.job, (done, total) => postMessage({ type: 'progress', id: d.id, done, total }));
  last = r.report;
  postMessage({ type: 'result', id: d.id, data: E.trim(r.report), headers: r.headers, column: r.column, ms: performance.now() - t0 });
};
