/**
 * Group's heavy half: CSV reading, grouping with the codec, trimming for display, and the
 * mapping CSV. It runs in the worker (worker.ts); the page never loads it.
 */
import { groupReport, type GroupReport, type NormalizePolicy, type RejectedLine, type UrlGroup } from '../../codec';

/** What the page renders: the top groups and a few variants each, plus counts. */
export type GroupData = {
  lines: number;
  groupCount: number;
  groups: (UrlGroup & { variantCount: number })[];
  rejected: RejectedLine[];
  rejectedCount: number;
  rejectedLines: number;
};

export const MAX_GROUPS = 200;
export const MAX_VARIANTS = 20;
const MAX_REJECTED = 10;

export function trim(r: GroupReport): GroupData {
  return {
    lines: r.lines,
    groupCount: r.groups.length,
    groups: r.groups.slice(0, MAX_GROUPS).map((g) => ({ ...g, variants: g.variants.slice(0, MAX_VARIANTS), variantCount: g.variants.length })),
    rejected: r.rejected.slice(0, MAX_REJECTED),
    rejectedCount: r.rejected.length,
    rejectedLines: r.rejected.reduce((n, x) => n + x.count, 0),
  };
}

/** The most frequent of `,` `;` and tab in the first line of `text` (spreadsheet exports vary). */
export function csvDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length] as const).sort((a, b) => b[1] - a[1]);
  return counts[0]![0];
}

/**
 * RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes. The delimiter is
 * {@link csvDelimiter}'s unless given (the command-line tool reads a header first, then
 * one record at a time).
 */
export function parseCsv(text: string, delim = csvDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c == '"') {
        if (text[i + 1] == '"') (field += '"'), i++;
        else quoted = false;
      } else field += c;
    } else if (c == '"') quoted = true;
    else if (c == delim) row.push(field), (field = '');
    else if (c == '\n' || c == '\r') {
      if (c == '\r' && text[i + 1] == '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

export type Job = { text: string; format: string; column: string; policy: NormalizePolicy };

/** Reads the lines (or a CSV column), groups them, reporting progress every 5,000 lines. */
export function run(job: Job, progress: (done: number, total: number) => void) {
  let lines: string[];
  let headers: string[] | null = null;
  let column = 0;
  if (job.format == 'csv') {
    const rows = parseCsv(job.text);
    headers = rows.shift() ?? [];
    column = job.column === '' ? Math.max(0, headers.findIndex((h) => /url|uri|page|path|link|address|landing/i.test(h))) : Number(job.column) || 0;
    lines = rows.map((r) => r[column] ?? '');
  } else {
    lines = job.text.split(/\r\n|\n|\r/);
  }
  const total = lines.length;
  function* feed() {
    for (let i = 0; i < total; i++) {
      if (i % 5000 == 0 && i) progress(i, total);
      yield lines[i]!;
    }
  }
  return { headers, column, report: groupReport(feed(), job.policy) };
}

/**
 * One CSV cell of a download: always quoted, and a cell starting with = + - @ (or tab, CR)
 * gets a leading apostrophe, so a spreadsheet never runs a URL as a formula.
 */
export const csvCell = (s: string | number) => `"${String(s).replace(/^[=+\-@\t\r]/, "'$&").replace(/"/g, '""')}"`;

/** The raw-to-canonical mapping: one row per distinct raw line, every cell a {@link csvCell}. */
export function csvOf(r: GroupReport): string {
  const out = [['raw', 'canonical', 'group_key', 'count', 'problem']];
  for (const g of r.groups) for (const v of g.variants) out.push([v.raw, g.canonical, g.key, String(v.count), '']);
  for (const x of r.rejected) out.push([x.raw, '', '', String(x.count), x.error.code]);
  return `\uFEFF${out.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
