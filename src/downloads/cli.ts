/**
 * The command-line tool (/downloads/canonical-url.mjs): the codec's `normalize` over a file
 * or stdin of any size, one URL per line or a column of a CSV/TSV, written as CSV with the
 * Group widget's quoting and formula guard. It streams: input is read into one reused
 * buffer and output encoded into another, written synchronously (so a slow reader slows
 * the tool down instead of filling its memory); memory does not grow with the input.
 *
 * Bundled for Node 18 or newer (src/downloads/build.ts): use only Node APIs that Node 18
 * has, as tests/unit/downloads/cli.test.ts checks.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { createNormalizer, type NormalizeResult, type NormalizePolicy } from '../codec/index.ts';
import { csvCell, csvDelimiter, parseCsv } from '../widgets/group/engine.ts';
import { answerLines, UDF_ANSWERS, type UdfAnswer } from './clickhouse.ts';
import { readPolicy } from './udf.ts';

const HELP = `Usage: canonical-url.mjs [--column <name or number>] [--policy <json>] [file]
       canonical-url.mjs --udf canonical|key [--policy <json>]

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
  --udf canonical|key        Run as a ClickHouse executable function: read one TabSeparated
                             value per line from standard input and write one line back for
                             each, the canonical URL or its group key, empty for a value that
                             is not a URL. Answers each block as soon as it is read.
  --help                     Show this help.

Examples:
  node canonical-url.mjs urls.txt > canonical.csv
  node canonical-url.mjs --column page_url export.csv > canonical.csv
  zcat urls.txt.gz | node canonical-url.mjs --policy '{"fragment":"keep"}' > canonical.csv
`;

/** Longest line or CSV record read; past it the tool stops, so one broken quote cannot fill memory. */
const MAX_RECORD = 8 * 1024 * 1024;
/** Bytes read at a time (small enough that each piece is garbage before V8's next minor collection). */
const READ_BYTES = 1 << 12;
/** Bytes of output gathered before each write. */
const WRITE_BYTES = 1 << 16;

type Options = { file: string | null; column: string | null; policy: Partial<NormalizePolicy> | undefined; udf: UdfAnswer | null };

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
  const options: Options = { file: null, column: null, policy: undefined, udf: null };
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
    else if (flag === '--udf') options.udf = udfAnswer(value());
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

function udfAnswer(value: string): UdfAnswer {
  const answer = UDF_ANSWERS.find((a) => a === value);
  if (answer === undefined) throw new Stop(`--udf ${value}: expected canonical or key`, 2);
  return answer;
}

/**
 * Calls `onLine` for each line of the input: split at `\n`, `\r\n` or `\r`; the last line
 * needs no line break. Lines are cut out of each piece one by one rather than split into an
 * array, so what is alive at any moment stays small; a line longer than a piece is kept as
 * pieces until its end arrives, so no text is searched or copied twice.
 */
function readLines(input: Iterable<string>, onLine: (line: string) => void): void {
  let unfinished: string[] = [];
  let unfinishedLength = 0;
  // The last piece ended in \r: a \n that starts the next one is the rest of that \r\n.
  let afterCr = false;
  const finish = (last: string) => {
    onLine(unfinished.length === 0 ? last : unfinished.join('') + last);
    unfinished = [];
    unfinishedLength = 0;
  };
  for (const text of input) {
    let start: number = afterCr && text.charCodeAt(0) === 0x0a ? 1 : 0;
    afterCr = false;
    // The next \n and the next \r, each searched for again only once passed.
    let lf = text.indexOf('\n', start);
    let cr = text.indexOf('\r', start);
    while (lf >= 0 || cr >= 0) {
      const at = cr < 0 || (lf >= 0 && lf < cr) ? lf : cr;
      finish(text.slice(start, at));
      start = at === cr && lf === at + 1 ? at + 2 : at + 1;
      afterCr = at === cr && start === text.length;
      if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
      if (cr >= 0 && cr < start) cr = text.indexOf('\r', start);
    }
    if (start < text.length) {
      unfinished.push(text.slice(start));
      unfinishedLength += text.length - start;
      if (unfinishedLength > MAX_RECORD) throw new Stop(`a line is longer than ${MAX_RECORD} characters`, 1);
    }
  }
  if (unfinished.length > 0) finish('');
}

/**
 * The text of a file descriptor, decoded as UTF-8 (invalid bytes as U+FFFD, a leading byte
 * order mark dropped), read into one reused buffer: streams, with a fresh buffer for every
 * read, would leave the collector megabytes of buffers to free. Reads block: the tool has
 * nothing else to do meanwhile.
 */
function* textOf(fd: number): Generator<string> {
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  const decoder = new TextDecoder('utf-8');
  for (;;) {
    const bytes = retrying(() => readSync(fd, buffer, 0, READ_BYTES, null));
    if (bytes === 0) break;
    yield decoder.decode(buffer.subarray(0, bytes), { stream: true });
  }
  const tail = decoder.decode();
  if (tail !== '') yield tail;
}

/** `io()`, again after a millisecond while a non-blocking descriptor (a terminal, some pipes) is not ready. */
function retrying(io: () => number): number {
  for (;;) {
    try {
      return io();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/**
 * Output gathered in one reused buffer and written to `fd` synchronously: the tool waits for
 * its reader, and nothing is queued in memory.
 */
function bufferedOutput(fd: number) {
  const buffer = Buffer.allocUnsafeSlow(WRITE_BYTES);
  let used = 0;
  /** All of `bytes[0, length)`: a descriptor may take only part at a time. */
  const writeAll = (bytes: Uint8Array, length: number) => {
    for (let done = 0; done < length; ) done += retrying(() => writeSync(fd, bytes, done, length - done));
  };
  const flush = () => {
    writeAll(buffer, used);
    used = 0;
  };
  return {
    write(text: string) {
      // At most 3 bytes per UTF-16 unit; a text larger than the whole buffer goes out alone.
      if (used + text.length * 3 > WRITE_BYTES) flush();
      if (text.length * 3 <= WRITE_BYTES) used += buffer.write(text, used);
      else {
        const bytes = Buffer.from(text);
        writeAll(bytes, bytes.length);
      }
    },
    flush,
  };
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
function row(raw: string, normalizeUrl: (url: string) => NormalizeResult): string {
  const result = normalizeUrl(raw);
  return result.ok
    ? `${csvCell(raw)},${csvCell(result.canonical)},${csvCell(result.key)},""\n`
    : `${csvCell(raw)},"","",${csvCell(result.error.code)}\n`;
}

function main(args: string[]): void {
  const options = parseArguments(args);
  if (options === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (options.udf !== null) {
    if (options.file !== null || options.column !== null) throw new Stop('--udf reads standard input only, one value per line (no file, no --column)', 2);
    answerLines(
      options.udf,
      createNormalizer(options.policy, { changes: false }),
      (buffer) => retrying(() => readSync(0, buffer, 0, buffer.length, null)),
      (bytes) => {
        for (let done = 0; done < bytes.length; ) done += retrying(() => writeSync(1, bytes, done, bytes.length - done));
      },
    );
    return;
  }
  const fd = options.file === null || options.file === '-' ? 0 : openSync(options.file, 'r');
  const out = bufferedOutput(1);
  out.write(`${['raw', 'canonical', 'group_key', 'problem'].map(csvCell).join(',')}\n`);
  const normalizeUrl = createNormalizer(options.policy, { changes: false });
  const onUrl = (url: string) => {
    if (!isBlank(url)) out.write(row(url, normalizeUrl));
  };
  const csv = options.column === null ? null : csvColumnReader(options.column, onUrl);
  try {
    readLines(textOf(fd), csv ? csv.onLine : onUrl);
    csv?.finish();
  } finally {
    out.flush();
    if (fd !== 0) closeSync(fd);
  }
}

// V8 doubles its young generation whenever enough objects have survived collections since
// the last time, and a long stream always gets there: on Node 24 the process grew from 70 MB
// to over 120 MB on 10,000,000 lines, with under 10 MB alive. Each line's garbage dies young,
// so the starting size serves as well (measured: same speed). V8 reads this flag each time it
// would grow; where it is unknown or ignored, only the memory ceiling differs.
setFlagsFromString('--semi-space-growth-factor=1');

try {
  main(process.argv.slice(2));
} catch (error) {
  // A reader that stops early (`| head`) closes the pipe: that ends the tool quietly.
  if ((error as NodeJS.ErrnoException).code !== 'EPIPE') {
    const message =
      error instanceof Stop
        ? error.message
        : (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? `cannot read ${(error as NodeJS.ErrnoException).path}: no such file`
          : String(error instanceof Error ? error.message : error);
    process.stderr.write(`canonical-url: ${message}\n`);
    process.exitCode = error instanceof Stop ? error.status : 1;
  }
}
