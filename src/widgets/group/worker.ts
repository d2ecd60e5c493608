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
import { csvOf, cutForView, explain, run, type GroupData, type Job, type Run } from './engine';

/**
 * The table's data with each value past 2,000 characters cut to its two ends before it is
 * posted: copying a 10 MB URL twice to the page, and reading it there, cost the main thread
 * hundreds of milliseconds. The page cuts further for display (view.ts, `CELL`); the ends
 * kept here are longer than what it shows, so it still knows a value was cut. (A local
 * helper: importing the page's view module would split it into a chunk of its own.)
 */
const LONG = 2000;
const short = (s: string) => (s.length > LONG ? `${s.slice(0, LONG / 2)}…${s.slice(-LONG / 2)}` : s);
const posted = (d: GroupData): GroupData => ({
  ...d,
  groups: d.groups.map((g) => ({
    ...g,
    canonical: short(g.canonical),
    variants: g.variants.map((v) => ({ ...v, raw: short(v.raw) })),
  })),
  rejected: d.rejected.map((x) => ({ ...x, raw: short(x.raw) })),
});

let last: (Run & { job: Job }) | undefined;
self.onmessage = (e: MessageEvent) => {
  const { id, type, view, job, key } = e.data;
  if (type === 'run') {
    const t0 = performance.now();
    last = { ...run(job, (done, total) => postMessage({ type: 'progress', id, done, total })), job };
    const { headers, header, column, count, input, report } = last;
    postMessage({
      type: 'result',
      id,
      data: posted(cutForView(report, view, input)),
      headers,
      header,
      column,
      count,
      ms: performance.now() - t0,
    });
  } else if (type === 'view') {
    postMessage({ type: 'result', id, data: last ? posted(cutForView(last.report, view, last.input)) : null });
  } else if (type === 'why') {
    const g = last?.report.groups.find((x) => x.key === key);
    postMessage({
      type: 'why',
      id,
      variants: g && last ? explain(g, last.job.policy).map((v) => ({ ...v, raw: short(v.raw) })) : null,
    });
  } else if (type === 'csv') {
    postMessage({ type: 'csv', id, csv: last ? csvOf(last) : '' });
  }
};
