/**
 * Group's heavy half: reading lines, CSV and TSV (with an optional count column), grouping
 * with the codec, the table's order and filter, the rules behind each merge, and the
 * mapping CSV. It runs in the worker (worker.ts) and at build time; the page never loads it.
 */
import {
  compareCanonical,
  encode,
  groupReport,
  normalize,
  type GroupReport,
  type NormalizeChange,
  type NormalizePolicy,
  type RejectedLine,
  type UrlGroup,
  type WeightedUrl,
} from '../../codec';
import { countOf, csvCell, looksLikeHeader, looksLikeUrl, parseCsv } from '../../lib/csv';

const MAX_GROUPS = 200;
const MAX_VARIANTS = 20;
const MAX_REJECTED = 10;

/** How the table is cut from the report: which groups, in which order. */
export type View = {
  /** `split`: only the groups that merged two or more spellings. */
  show?: string;
  /** Text the canonical URL must contain (case-insensitive, as typed or percent-encoded). */
  filter?: string;
  /** `lines` (default: split groups first, then most lines), `spellings` or `url`. */
  sort?: string;
};

/** What the page renders: the top groups of the view and a few variants each, plus counts. */
export type GroupData = {
  lines: number;
  groupCount: number;
  /** Groups that merged two or more spellings. */
  splitCount: number;
  /** Groups the view lets through (all of them when it narrows nothing). */
  matchCount: number;
  narrowed: boolean;
  /** The count column's header when groups add it up; null when they count lines. */
  sumOf: string | null;
  /** The sum of that column over every row (0 when lines are counted). */
  sum: number;
  /** Rows whose count cell is not a number (counted as 0). */
  unreadable: number;
  groups: (UrlGroup & { variantCount: number })[];
  rejected: RejectedLine[];
  rejectedCount: number;
  /** Rows that are not URLs. */
  rejectedLines: number;
};

const isSplit = (g: UrlGroup) => (g.variants.length > 1 ? 1 : 0);
const ORDERS: Record<string, (a: UrlGroup, b: UrlGroup) => number> = {
  lines: (a, b) => isSplit(b) - isSplit(a) || b.count - a.count || compareCanonical(a, b),
  spellings: (a, b) => b.variants.length - a.variants.length || b.count - a.count || compareCanonical(a, b),
  url: compareCanonical,
};

/** Whether a canonical URL holds the filter text, as typed or as the codec escapes it. */
function matcher(filter = ''): ((canonical: string) => boolean) | null {
  const typed = filter.trim().toLowerCase();
  if (!typed) return null;
  const escaped = encode(filter.trim(), 'url');
  const alt = escaped.ok ? escaped.value.toLowerCase() : typed;
  return (canonical) => {
    const c = canonical.toLowerCase();
    return c.includes(typed) || c.includes(alt);
  };
}

/** The rows behind a report: what the table needs beyond the codec's groups. */
export type Input = { sumOf: string | null; unreadable: number; rows: Map<string, number> | null };
const LINES: Input = { sumOf: null, unreadable: 0, rows: null };

/**
 * The part of a report the table shows: the groups the view lets through (filter, split
 * pages only), in its order, at most the table's rows, with the counts of the rest.
 * (Named for the view, not "trim": `trim` is a normalize policy field.)
 */
export function cutForView(r: GroupReport, view: View = {}, input: Input = LINES): GroupData {
  const keep = matcher(view.filter);
  const split = view.show === 'split';
  const chosen =
    split || keep
      ? r.groups.filter((g) => (!split || g.variants.length > 1) && (!keep || keep(g.canonical)))
      : r.groups.slice();
  chosen.sort(ORDERS[view.sort ?? ''] ?? ORDERS.lines);
  const rowsOf = (x: RejectedLine) => input.rows?.get(x.raw) ?? x.count;
  return {
    lines: r.lines,
    groupCount: r.groups.length,
    splitCount: r.groups.reduce((n, g) => n + isSplit(g), 0),
    matchCount: chosen.length,
    narrowed: split || !!keep,
    sumOf: input.sumOf,
    sum:
      input.sumOf == null ? 0 : r.groups.reduce((n, g) => n + g.count, 0) + r.rejected.reduce((n, x) => n + x.count, 0),
    unreadable: input.unreadable,
    groups: chosen
      .slice(0, MAX_GROUPS)
      .map((g) => ({ ...g, variants: g.variants.slice(0, MAX_VARIANTS), variantCount: g.variants.length })),
    rejected: r.rejected.slice(0, MAX_REJECTED),
    rejectedCount: r.rejected.length,
    rejectedLines: r.rejected.reduce((n, x) => n + rowsOf(x), 0),
  };
}

/** Each shown variant of a group with the rules that turned it into the canonical URL. */
export type Explained = { raw: string; changes: NormalizeChange[] };

export function explain(g: UrlGroup, policy: NormalizePolicy): Explained[] {
  return g.variants.slice(0, MAX_VARIANTS).map((v) => {
    const r = normalize(v.raw, policy);
    return { raw: v.raw, changes: r.ok ? r.changes : [] };
  });
}

/** A header that names the URL column in common exports. */
const URL_HEADER = /url|uri|page|path|link|address|landing/i;

/**
 * `header`: `yes` or `no` as the reader chose; anything else lets the rows decide
 * ({@link looksLikeHeader}).
 */
export type Job = {
  text: string;
  format: string;
  column: string;
  count: string;
  header?: string;
  policy: NormalizePolicy;
};

/** A column index chosen in the form, or `fallback` when there is none that fits. */
const columnOf = (value: string, headers: string[], fallback: number) => {
  const n = value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 && n < headers.length ? n : fallback;
};

/**
 * Reads the lines (or a CSV or TSV column, with the counts of another), groups them, and
 * reports progress every 5,000 rows.
 */
export function run(job: Job, progress: (done: number, total: number) => void) {
  let urls: (string | WeightedUrl)[];
  let headers: string[] | null = null;
  let header = false;
  let column = 0;
  let count = -1;
  const input: Input = { sumOf: null, unreadable: 0, rows: null };
  if (job.format === 'csv' || job.format === 'tsv') {
    const table = parseCsv(job.text, job.format === 'tsv' ? '\t' : undefined);
    header = job.header === 'yes' || (job.header !== 'no' && looksLikeHeader(table));
    // Without a header row, the columns are named by number (empty names: `#1`, `#2`).
    headers = header ? (table.shift() ?? []) : (table[0] ?? []).map(() => '');
    const urlColumn = header ? headers.findIndex((h) => URL_HEADER.test(h)) : (table[0] ?? []).findIndex(looksLikeUrl);
    column = columnOf(job.column, headers, Math.max(0, urlColumn));
    count = columnOf(job.count, headers, -1);
    if (count < 0) urls = table.map((r) => r[column] ?? '');
    else {
      // Rows per spelling, for the mapping CSV and for the rows that are not URLs.
      const rows = new Map<string, number>();
      input.sumOf = headers[count] || `#${count + 1}`;
      input.rows = rows;
      urls = table.map((r) => {
        const url = r[column] ?? '';
        let n = countOf(r[count] ?? '');
        if (Number.isNaN(n)) {
          n = 0;
          if (url.trim()) input.unreadable++;
        }
        rows.set(url, (rows.get(url) ?? 0) + 1);
        return { url, count: n };
      });
    }
  } else {
    urls = job.text.split(/\r\n|\n|\r/);
  }
  const total = urls.length;
  function* feed() {
    for (let i = 0; i < total; i++) {
      if (i % 5000 === 0 && i) progress(i, total);
      yield urls[i]!;
    }
  }
  return { headers, header, column, count, input, report: groupReport(feed(), job.policy) };
}

export type Run = ReturnType<typeof run>;

/** A number for a CSV cell: sums of decimal counts lose their float noise. */
const figure = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * The raw-to-canonical mapping: one row per distinct raw line, with the lines it stood
 * for (`count`); with a count column also that column summed over those lines (`sum`) and
 * over the whole group (`group_sum`). Every cell is a {@link csvCell}.
 */
export function csvOf({ report: r, input }: Pick<Run, 'report' | 'input'>): string {
  const rows = input.rows;
  const lines = (raw: string, count: number) => figure(rows?.get(raw) ?? count);
  const sums = (count: number, group: number | '') => (rows ? [figure(count), group === '' ? '' : figure(group)] : []);
  const out = [['raw', 'canonical', 'group_key', 'count', ...(rows ? ['sum', 'group_sum'] : []), 'problem']];
  for (const g of r.groups)
    for (const v of g.variants)
      out.push([v.raw, g.canonical, g.key, lines(v.raw, v.count), ...sums(v.count, g.count), '']);
  for (const x of r.rejected) out.push([x.raw, '', '', lines(x.raw, x.count), ...sums(x.count, ''), x.error.code]);
  return `\uFEFF${out.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
