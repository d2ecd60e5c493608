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
 * - `{ type: 'csv' }` → `{ type: 'csv', csv }`: the mapping of the last grouping;
 * - `{ type: 'read', file, encoding, read, box, preview }` → `{ type: 'read', ok, … }`: a chosen
 *   file read and decoded here, off the page's thread (a 10 MB file took the page 0.4-0.6 s).
 *   Posting a File copies no bytes: it is a handle, which this worker reads. The text comes
 *   back whole when it is at most `box` characters; longer, the worker keeps it (under the
 *   number `read`) and sends its first `preview` characters, and `run` jobs name the file
 *   (`job.file`) instead of carrying the text. `tabbed`: a tab in its first line (TSV).
 *   On failure, `error` (the codec's `decodeTextFile` error: encoding, line, byte) and `line`,
 *   the bytes around the first bad one when UTF-8 failed, or `ok: false` alone when the
 *   file cannot be read at all.
 * Jobs are answered in order: a read waits for the job before it, and the next for the read.
 */
import textFileUrl from '../../codec/text-file?chunk';
import { csvOf, cutForView, explain, run, type GroupData, type Job, type Run, type View } from './engine';

/** A file as the page names it: the File, the encoding chosen, and its read number. */
type Source = { file: File; encoding: string; read: number };
/** A grouping job as the page sends it: with its text, or naming the file that holds it. */
type PageJob = Omit<Job, 'text'> & { text?: string; file?: Source };

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

/** The text of the last file read that was too long to send back. */
let held: { read: number; text: string } | undefined;

/** Reads and decodes a file; keeps its text when it is longer than `box`. */
async function read({ file, encoding, read }: Source, box = 0) {
  // The file decoder loads with the first file, not with the worker: most readers paste.
  const { decodeTextFile, lineBytesAround }: typeof import('../../codec/text-file') = await import(
    /* @vite-ignore */ textFileUrl
  );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const result = decodeTextFile(bytes, encoding);
  if (result.ok && result.text.length > box) held = { read, text: result.text };
  return { result, line: (at: number) => lineBytesAround(bytes, at) };
}

/** The text of a `run` job: its own, or the file it names (read again if this worker is new). */
async function textOf(job: PageJob): Promise<string | null> {
  if (!job.file) {
    held = undefined;
    return job.text ?? '';
  }
  if (held?.read !== job.file.read) {
    const { result } = await read(job.file).catch(() => ({ result: null }));
    if (!result?.ok) return null;
  }
  return held!.text;
}

let last: (Run & { job: Job }) | undefined;
let queue = Promise.resolve();
self.onmessage = (e: MessageEvent) => {
  queue = queue.then(() => answer(e.data)).catch(() => postMessage({ type: 'failed', id: e.data.id }));
};

/** A job from the page (see above). */
type Message = { id: number; type: string; view: View; job: PageJob; key: string } & Source & {
    box: number;
    preview: number;
  };

async function answer({ id, type, view, job, key, ...file }: Message) {
  if (type === 'read') {
    try {
      const { result, line } = await read(file, file.box);
      if (!result.ok)
        return postMessage({
          type,
          id,
          ok: false,
          error: result.error,
          line:
            result.error.code === 'undecodable' && result.error.encoding === 'utf-8' ? line(result.error.byte) : null,
        });
      const { text } = result;
      const first = text.search(/\r|\n|$/);
      postMessage({
        type,
        id,
        ok: true,
        ...(text.length > file.box ? { head: text.slice(0, file.preview) } : { text }),
        tabbed: text.slice(0, first).includes('\t'),
      });
    } catch {
      postMessage({ type, id, ok: false });
    }
  } else if (type === 'run') {
    const t0 = performance.now();
    const text = await textOf(job);
    if (text === null) return postMessage({ type: 'result', id, data: null, unreadable: true });
    const full = { ...job, text };
    last = { ...run(full, (done, total) => postMessage({ type: 'progress', id, done, total })), job: full };
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
}
