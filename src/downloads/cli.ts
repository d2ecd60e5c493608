/**
 * The command-line tool (/downloads/canonical-url.mjs): the codec's `normalize` over a file
 * or stdin of any size, one URL per line or a column of a CSV/TSV, written as CSV with the
 * Group widget's quoting and formula guard. It streams: input is read in chunks and output
 * is written in chunks with backpressure, so memory does not grow with the input.
 *
 * Bundled for Node 18 or newer (src/downloads/build.ts): use only Node APIs that Node 18
 * has, as tests/unit/downloads/cli.test.ts checks.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { normalize, type NormalizePolicy } from '../codec/index.ts';
import { csvCell, csvDelimiter, parseCsv } from '../widgets/group/engine.ts';
import { readPolicy } from './udf.ts';

const HELP = `Usage: canonical-url.mjs [--column <name or number>] [--policy <json>] [file]

Normalizes URLs the way the Percent-Encoding Guide's widgets do, and writes CSV:
  raw,canonical,group_key,problem
one row per non-blank input line (or CSV record), in input order. A line that is not a URL
has an empty canonical and group_key, and the reason in problem (for example invalid-url).

Reads the file, or standard input when no file is given (or the file is -), as UTF-8.

Options:
  --column <name or number>  The input is a CSV or TSV with a header row (delimiter: the
                             most frequent of , ; and tab in the header); read the column
                             with this name, or this 1-based number.
  --policy <json>            Normalize policy fields as a JSON object, for example
                             '{"drop":["utm_"],"caseInsensitive":["utm_source"],"trim":true}'
  --help                     Show this help.

Examples:
  node canonical-url.mjs urls.txt > canonical.csv
  node canonical-url.mjs --column page_url export.csv > canonical.csv
  zcat urls.txt.gz | node canonical-url.mjs --policy '{"fragment":"keep"}' > canonical.csv
`;

/** Longest line or CSV record read; past it the tool stops, so one broken quote cannot fill memory. */
const MAX_RECORD = 8 * 1024 * 1024;
/** Input is read, and output written, in pieces of about this many characters (see readLines). */
const READ_CHUNK = 1 << 14;
const FLUSH_AT = 1 << 13;

type Options = { file: string | null; column: string | null; policy: Partial<NormalizePolicy> | undefined };

/** A problem with the input or the arguments: printed as one line, with this exit status. */
class Stop extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function parseArguments(args: string[]): Options | 'help' {
  const options: Options = { file: null, column: null, policy: undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, null];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Stop(`${flag} needs a value (see --help)`, 2);
      return v;
    };
    if (flag === '--help' || flag === '-h') return 'help';
    else if (flag === '--column') options.column = value();
    else if (flag === '--policy') {
      const text = value();
      const policy = readPolicy(text);
      if (policy === null) throw new Stop(`--policy is not a JSON object: ${text}`, 2);
      options.policy = policy;
    } else if (flag.startsWith('-') && flag !== '-') throw new Stop(`unknown option ${flag} (see --help)`, 2);
    else if (options.file !== null) throw new Stop(`one input file at most, got ${options.file} and ${arg}`, 2);
    else options.file = arg;
  }
  return options;
}

/**
 * Calls `onLine` for each line of the input: split at `\n`, `\r\n` or `\r`, a leading byte
 * order mark removed; the last line needs no line break. Lines are cut out of each chunk one
 * by one rather than split into an array: what is alive at any moment stays small, which
 * keeps V8 from growing its young generation (and the process's memory) on long inputs.
 * `afterChunk` runs between chunks, for output backpressure.
 */
async function readLines(input: AsyncIterable<string>, onLine: (line: string) => void, afterChunk: () => Promise<void>): Promise<void> {
  let rest = '';
  let first = true;
  for await (const chunk of input) {
    let text = rest + chunk;
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    let start = 0;
    for (let at = nextBreak(text, 0); at >= 0; at = nextBreak(text, start)) {
      // A \r at the end of the chunk may be the first half of a \r\n: wait for the next chunk.
      if (at === text.length - 1 && text.charCodeAt(at) === 0x0d) break;
      onLine(text.slice(start, at));
      start = text.charCodeAt(at) === 0x0d && text.charCodeAt(at + 1) === 0x0a ? at + 2 : at + 1;
    }
    rest = text.slice(start);
    if (rest.length > MAX_RECORD) throw new Stop(`a line is longer than ${MAX_RECORD} characters`, 1);
    await afterChunk();
  }
  if (rest.endsWith('\r')) rest = rest.slice(0, -1);
  if (rest !== '') onLine(rest);
}

/** The index of the first \n or \r at or after `from`, or -1. */
function nextBreak(text: string, from: number): number {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  return cr < 0 || (lf >= 0 && lf < cr) ? lf : cr;
}

/** The same test as the codec's grouping: nothing but spaces and control characters. */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) > 0x20) return false;
  return true;
}

/**
 * Turns lines into CSV records (a record may span lines inside quotes) and calls `onUrl`
 * with the named column of each record after the header. `finish` checks the input ended
 * cleanly.
 */
function csvColumnReader(column: string, onUrl: (url: string) => void) {
  let delimiter: string | null = null;
  let index = -1;
  let pending: string | null = null;
  let quotes = 0;
  return {
    onLine(line: string) {
      // A record is complete when its quotes pair up, the way parseCsv reads them. Lines
      // inside quotes are joined with \n, whatever break the input had there.
      pending = pending === null ? line : `${pending}\n${line}`;
      for (let at = line.indexOf('"'); at >= 0; at = line.indexOf('"', at + 1)) quotes++;
      if (quotes % 2 === 1) {
        if (pending.length > MAX_RECORD) throw new Stop(`a quoted CSV field is not closed (more than ${MAX_RECORD} characters)`, 1);
        return;
      }
      const record = pending;
      pending = null;
      quotes = 0;
      if (delimiter === null) {
        delimiter = csvDelimiter(record);
        index = columnIndex(parseCsv(record, delimiter)[0] ?? [], column);
      } else {
        onUrl(parseCsv(record, delimiter)[0]?.[index] ?? '');
      }
    },
    finish() {
      if (pending !== null) throw new Stop('the input ends inside a quoted CSV field', 1);
      if (delimiter === null) throw new Stop('the CSV input has no header row', 1);
    },
  };
}

/** A 1-based number, or a header name (exact first, then ignoring case and spaces around). */
function columnIndex(headers: string[], column: string): number {
  if (/^\d+$/.test(column)) {
    const n = Number(column);
    if (n >= 1 && n <= headers.length) return n - 1;
    throw new Stop(`--column ${column}: the header has ${headers.length} column${headers.length === 1 ? '' : 's'}`, 2);
  }
  let index = headers.indexOf(column);
  if (index < 0) index = headers.findIndex((h) => h.trim().toLowerCase() === column.trim().toLowerCase());
  if (index < 0) throw new Stop(`--column ${column}: no such column; the header has ${headers.map((h) => JSON.stringify(h)).join(', ')}`, 2);
  return index;
}

/** One output row, in the Group widget's CSV cells. */
function row(raw: string, policy: Partial<NormalizePolicy> | undefined): string {
  const result = normalize(raw, policy);
  return result.ok
    ? `${csvCell(raw)},${csvCell(result.canonical)},${csvCell(result.key)},""\n`
    : `${csvCell(raw)},"","",${csvCell(result.error.code)}\n`;
}

async function main(args: string[]): Promise<void> {
  const options = parseArguments(args);
  if (options === 'help') {
    process.stdout.write(HELP);
    return;
  }
  const input: AsyncIterable<string> =
    options.file === null || options.file === '-'
      ? process.stdin.setEncoding('utf8')
      : createReadStream(options.file, { encoding: 'utf8', highWaterMark: READ_CHUNK });

  let out = `${['raw', 'canonical', 'group_key', 'problem'].map(csvCell).join(',')}\n`;
  let congested = false;
  const flush = () => {
    congested = !process.stdout.write(out) || congested;
    out = '';
  };
  const onUrl = (url: string) => {
    if (isBlank(url)) return;
    out += row(url, options.policy);
    if (out.length >= FLUSH_AT) flush();
  };
  // stdout takes what it is given; once it holds more than its buffer, wait until it drains.
  const afterChunk = async () => {
    if (!congested) return;
    congested = false;
    await once(process.stdout, 'drain');
  };
  const csv = options.column === null ? null : csvColumnReader(options.column, onUrl);
  await readLines(input, csv ? csv.onLine : onUrl, afterChunk);
  csv?.finish();
  flush();
}

// V8 doubles its young generation whenever enough objects have survived collections since
// the last time, and a long stream always gets there: on Node 24 the process grew from 70 MB
// to over 120 MB on 10,000,000 lines, with under 10 MB alive. Each line's garbage dies young,
// so the starting size serves as well (measured: same speed). V8 reads this flag each time it
// would grow; where it is unknown or ignored, only the memory ceiling differs.
setFlagsFromString('--semi-space-growth-factor=1');

// A reader that stops early (`| head`) closes the pipe: that ends the tool quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof Stop
      ? error.message
      : (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `cannot read ${(error as NodeJS.ErrnoException).path}: no such file`
        : String(error instanceof Error ? error.message : error);
  process.stderr.write(`canonical-url: ${message}\n`);
  process.exitCode = error instanceof Stop ? error.status : 1;
});
