/// <reference lib="webworker" />
/**
 * Group's worker: answers the page's jobs. The element starts this module's own chunk
 * (`import url from './worker?chunk'`) when it first groups, so the page itself never loads
 * the engine or the codec parts only grouping needs. Jobs: `{ type: 'run', id, job }`
 * → progress messages, then `{ type: 'result', id, data, headers, column, ms }`;
 * `{ type: 'csv', id }` → `{ type: 'csv', id, csv }` for the last result.
 */
import { csvOf, run, trim } from './engine';

let last: ReturnType<typeof run>['report'] | undefined;
self.onmessage = (e: MessageEvent) => {
  const d = e.data;
  if (d.type == 'csv') {
    postMessage({ type: 'csv', id: d.id, csv: last ? csvOf(last) : '' });
    return;
  }
  const t0 = performance.now();
  const r = run(d.job, (done, total) => postMessage({ type: 'progress', id: d.id, done, total }));
  last = r.report;
  postMessage({ type: 'result', id: d.id, data: trim(r.report), headers: r.headers, column: r.column, ms: performance.now() - t0 });
};
