/// <reference lib="webworker" />
/**
 * Group's worker: answers the page's jobs. The element starts this module's own chunk
 * (`import url from './worker?chunk'`) when it first groups, so the page itself never loads
 * the engine or the codec parts only grouping needs. Every job carries an `id`, which its
 * answer repeats:
 * - `{ type: 'run', job, view }` → `{ type: 'progress', done, total }` messages, then
 *   `{ type: 'result', data, headers, header, column, count, ms }` (`header`: whether the
 *   first CSV row was taken as column names);
 * - `{ type: 'view', view }` → `{ type: 'result', data }`: the last grouping cut anew
 *   (another filter, order or choice of groups), without grouping again; `data` is null
 *   when there is nothing grouped yet;
 * - `{ type: 'why', key }` → `{ type: 'why', variants }`: that group's shown variants with
 *   the rules that changed each (null when the group is not in the last grouping);
 * - `{ type: 'csv' }` → `{ type: 'csv', csv }`: the mapping of the last grouping.
 */
import { csvOf, cutForView, explain, run, type Job, type Run } from './engine';

let last: (Run & { job: Job }) | undefined;
self.onmessage = (e: MessageEvent) => {
  const { id, type, view, job, key } = e.data;
  if (type == 'run') {
    const t0 = performance.now();
    last = { ...run(job, (done, total) => postMessage({ type: 'progress', id, done, total })), job };
    const { headers, header, column, count, input, report } = last;
    postMessage({ type: 'result', id, data: cutForView(report, view, input), headers, header, column, count, ms: performance.now() - t0 });
  } else if (type == 'view') {
    postMessage({ type: 'result', id, data: last ? cutForView(last.report, view, last.input) : null });
  } else if (type == 'why') {
    const g = last?.report.groups.find((x) => x.key == key);
    postMessage({ type: 'why', id, variants: g && last ? explain(g, last.job.policy) : null });
  } else if (type == 'csv') {
    postMessage({ type: 'csv', id, csv: last ? csvOf(last) : '' });
  }
};
