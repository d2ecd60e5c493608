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
import {
  checkPolicy,
  createNormalizer,
  LEGACY_CHARSETS,
  lineBytesAround,
  textFileDecoder,
  type NormalizePolicy,
  type NormalizeResult,
  type PolicyProblem,
  type UndecodableBytes,
} from '../codec/index.ts';
import { csvCell, csvDelimiter, parseCsv } from '../lib/csv.ts';
import { answerLines, UDF_ANSWERS, type UdfAnswer } from './clickhouse.ts';

const HELP = `Usage: canonical-url.mjs [--column <name or number>] [--policy <json>] [--encoding <label>] [file]
       canonical-url.mjs --udf canonical|key [--policy <json>]

Normalizes URLs the way the Percent-Encoding Guide's widgets do, and writes CSV:
  raw,canonical,group_key,problem
one row per non-blank input line (or CSV record), in input order. A line that is not a URL
has an empty canonical and group_key, and the reason in problem (for example invalid-url).
A line longer than 8388608 characters is written as its first 1000 characters and "…",
with problem line-too-long (line N, M characters), and the run goes on.

Reads the file, or standard input when no file is given (or the file is -). A byte order
mark decides the encoding (UTF-8, UTF-16 LE or BE); otherwise the input is UTF-8, or the
encoding --encoding names. Bytes that do not decode stop the run: it names the line and the
byte, and never turns them into U+FFFD (two different URLs would get one group key).

When the run stops (exit status 1: the input; 2: the arguments), the reason goes to
standard error, and standard output holds nothing unless rows were written before it.

Options:
  --column <name or number>  The input is a CSV or TSV with a header row (delimiter: the
                             most frequent of , ; and tab in the header); read the column
                             with this name, or this 1-based number.
  --policy <json>            Normalize policy fields as a JSON object, for example
                             '{"drop":["utm_"],"caseInsensitive":["utm_source"],"trim":true}'
                             Fields: model ("data" or "rfc3986"), order ("sort" or "keep"),
                             caseInsensitive (names), trim (true or false), drop (names,
                             or prefixes ending in _ or *), fragment ("drop" or "keep").
                             An unknown field, type or value stops the run.
  --encoding <label>         Read the input in this encoding: any WHATWG Encoding Standard
                             label, for example windows-1251, windows-1252, koi8-u,
                             iso-8859-2, shift_jis, utf-16le (default: utf-8).
  --udf canonical|key        Run as a ClickHouse executable function: read one TabSeparated
                             value per line from standard input and write one line back for
                             each, the canonical URL or its group key, empty for a value that
                             is not a URL. Answers each block as soon as it is read.
  --help                     Show this help.

Examples:
  node canonical-url.mjs urls.txt > canonical.csv
  node canonical-url.mjs --column page_url export.csv > canonical.csv
  zcat urls.txt.gz | node canonical-url.mjs --policy '{"fragment":"keep"}' > canonical.csv
  node canonical-url.mjs --encoding windows-1251 old-export.txt > canonical.csv
`;

/**
 * Longest line or CSV record read whole: a longer line becomes a row with a problem (its
 * first {@link LONG_LINE_KEPT} characters), so one broken quote or binary blob cannot fill memory.
 */
const MAX_RECORD = 8 * 1024 * 1024;
/** Characters of an over-long line written in its row's raw cell. */
const LONG_LINE_KEPT = 1000;
/** Bytes read at a time (small enough that each piece is garbage before V8's next minor collection). */
const READ_BYTES = 1 << 12;
/** Bytes of output gathered before each write. */
const WRITE_BYTES = 1 << 16;

type Options = {
  file: string | null;
  column: string | null;
  policy: Partial<NormalizePolicy> | undefined;
  encoding: string;
  udf: UdfAnswer | null;
};

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
  const options: Options = { file: null, column: null, policy: undefined, encoding: 'utf-8', udf: null };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, null];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Stop(`${flag} needs a value (see --help)`, 2);
      return v;
    };
    if (flag === '--help' || flag === '-h') return 'help';
    else if (flag === '--column') options.column = value();
    else if (flag === '--udf') options.udf = udfAnswer(value());
    else if (flag === '--policy') options.policy = policyArgument(value());
    else if (flag === '--encoding') {
      options.encoding = value();
      if (!textFileDecoder(options.encoding))
        throw new Stop(
          `--encoding ${options.encoding}: not a WHATWG Encoding Standard label (for example utf-8, windows-1251, windows-1252, utf-16le)`,
          2,
        );
    } else if (flag.startsWith('-') && flag !== '-') throw new Stop(`unknown option ${flag} (see --help)`, 2);
    else if (options.file !== null) throw new Stop(`one input file at most, got ${options.file} and ${arg}`, 2);
    else options.file = arg;
  }
  return options;
}

/** The policy a `--policy` value stands for, or a {@link Stop} that names what is wrong with it. */
function policyArgument(text: string): Partial<NormalizePolicy> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Stop(`--policy is not a JSON object: ${text}`, 2);
  }
  const checked = checkPolicy(value);
  if (!checked.ok) throw new Stop(`--policy ${policyProblem(checked.error)}`, 2);
  return checked.policy;
}

function policyProblem(p: PolicyProblem): string {
  switch (p.problem) {
    case 'not-an-object':
      return 'is not a JSON object';
    case 'unknown-field':
      return `has no field "${p.field}"${p.suggestion ? ` (did you mean "${p.suggestion}"?)` : ''}; its fields are model, order, caseInsensitive, trim, drop, fragment`;
    case 'wrong-type':
      return `field "${p.field}" must be ${p.expected === 'array of strings' ? 'an array of strings, for example ["utm_"]' : `a ${p.expected}`}`;
    case 'unknown-value':
      return `field "${p.field}" cannot be "${p.value}": it is ${p.allowed.map((a) => `"${a}"`).join(' or ')}`;
  }
}

/** Where the reading of lines has got to: lines ended so far. */
type LineCount = { lines: number };

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
function readLines(
  input: Iterable<string>,
  onLine: (line: string) => void,
  onLong: (line: number, length: number, start: string) => void,
  count: LineCount,
): void {
  let unfinished: string[] = [];
  let unfinishedLength = 0;
  // A line past MAX_RECORD: its beginning, until its end arrives (the rest is not kept).
  let long: string | null = null;
  // The last piece ended in \r: a \n that starts the next one is the rest of that \r\n.
  let afterCr = false;
  const finish = (last: string) => {
    count.lines++;
    if (long !== null) onLong(count.lines, unfinishedLength + last.length, long);
    else onLine(unfinished.length === 0 ? last : unfinished.join('') + last);
    unfinished = [];
    unfinishedLength = 0;
    long = null;
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
      if (long === null) unfinished.push(text.slice(start));
      unfinishedLength += text.length - start;
      if (long === null && unfinishedLength > MAX_RECORD) {
        long = unfinished.join('').slice(0, LONG_LINE_KEPT);
        unfinished = [];
      }
    }
  }
  if (unfinishedLength > 0) finish('');
}

/** Bytes that do not decode: where (the decoder's answer) and the bytes of their line around them. */
class Undecodable extends Error {
  constructor(
    readonly at: UndecodableBytes,
    readonly line: Uint8Array,
  ) {
    super(`byte ${at.byte} does not decode as ${at.encoding}`);
  }
}

/**
 * The text of a file descriptor in `encoding` (a byte order mark wins; see the codec's
 * textFileDecoder), read into one reused buffer: streams, with a fresh buffer for every
 * read, would leave the collector megabytes of buffers to free. Reads block: the tool has
 * nothing else to do meanwhile. Bytes that do not decode throw {@link Undecodable}.
 */
function* textOf(fd: number, encoding: string): Generator<string> {
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  const decoder = textFileDecoder(encoding)!;
  let offset = 0;
  for (;;) {
    const bytes = retrying(() => readSync(fd, buffer, 0, READ_BYTES, null));
    const text = decoder.decode(buffer.subarray(0, bytes), bytes === 0);
    if (typeof text !== 'string') {
      // The lines before the bad one are read, wherever the pieces fall.
      if (text.before !== '') yield text.before;
      throw new Undecodable(text, lineBytesAround(buffer.subarray(0, bytes), text.byte - offset));
    }
    if (text !== '') yield text;
    if (bytes === 0) break;
    offset += bytes;
  }
}

/**
 * The message for input that does not decode: where, and (for UTF-8) how its line reads in
 * the common legacy charsets, each with the --encoding that would read it so.
 */
function undecodableMessage(error: Undecodable, line: number, rows: number): string {
  const { at } = error;
  // The failing byte and the non-ASCII ones after it (an ASCII byte starts something new).
  const ascii = at.bytes.findIndex((b, i) => i > 0 && b < 0x80);
  const bad = ascii < 0 ? at.bytes : at.bytes.slice(0, ascii);
  const hex = bad.map((b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`).join(' ');
  const lines = [
    `line ${line}, byte ${at.byte} (${hex}): not ${at.encoding === 'utf-8' ? 'UTF-8' : `valid ${at.encoding}`}. ${rows ? `${rows} row${rows === 1 ? ' was' : 's were'} written before it.` : 'Nothing was written.'}`,
  ];
  if (at.encoding === 'utf-8' && error.line.length) {
    lines.push('  If the file is in another encoding, name it with --encoding; this line would read:');
    // Control characters (C1 in ISO-8859-5) are not sent to the terminal.
    for (const label of LEGACY_CHARSETS)
      lines.push(
        `    --encoding ${label.padEnd(13)} ${new TextDecoder(label).decode(error.line).replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD')}`,
      );
  } else {
    lines.push('  Name the encoding the file is in with --encoding (see --help).');
  }
  return lines.join('\n');
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
 * cleanly. `count` says which line is being read (for the messages).
 */
function csvColumnReader(
  column: string,
  onUrl: (url: string) => void,
  onLongRow: (line: number, length: number, start: string) => void,
  count: LineCount,
) {
  let delimiter: string | null = null;
  let index = -1;
  let pending: string | null = null;
  let pendingFrom = 0;
  let quotes = 0;
  const unclosed = () =>
    new Stop(`the quoted CSV field opened on line ${pendingFrom} is not closed within ${MAX_RECORD} characters`, 1);
  return {
    onLine(line: string) {
      // A record is complete when its quotes pair up, the way parseCsv reads them. Lines
      // inside quotes are joined with \n, whatever break the input had there.
      if (pending === null) pendingFrom = count.lines;
      pending = pending === null ? line : `${pending}\n${line}`;
      for (let at = line.indexOf('"'); at >= 0; at = line.indexOf('"', at + 1)) quotes++;
      if (quotes % 2 === 1) {
        if (pending.length > MAX_RECORD) throw unclosed();
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
    /** A line too long to read: a row with a problem, unless it is the header or inside quotes. */
    onLong(line: number, length: number, start: string) {
      if (pending !== null) throw unclosed();
      if (delimiter === null)
        throw new Stop(`the header row (line ${line}) is longer than ${MAX_RECORD} characters`, 1);
      onLongRow(line, length, start);
    },
    finish() {
      if (pending !== null)
        throw new Stop(`the input ends inside the quoted CSV field opened on line ${pendingFrom}`, 1);
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
  if (index < 0)
    throw new Stop(
      `--column ${column}: no such column; the header has ${headers.map((h) => JSON.stringify(h)).join(', ')}`,
      2,
    );
  return index;
}

/** One output row, in the Group widget's CSV cells. */
function row(raw: string, normalizeUrl: (url: string) => NormalizeResult): string {
  const result = normalizeUrl(raw);
  return result.ok
    ? `${csvCell(raw)},${csvCell(result.canonical)},${csvCell(result.key)},""\n`
    : `${csvCell(raw)},"","",${csvCell(result.error.code)}\n`;
}

/** The row of a line too long to read: its beginning, and the problem with its line number. */
function longRow(line: number, length: number, start: string): string {
  return `${csvCell(`${start}…`)},"","",${csvCell(`line-too-long (line ${line}, ${length} characters)`)}\n`;
}

function main(args: string[]): void {
  const options = parseArguments(args);
  if (options === 'help') {
    process.stdout.write(HELP);
    return;
  }
  if (options.udf !== null) {
    if (options.file !== null || options.column !== null)
      throw new Stop('--udf reads standard input only, one value per line (no file, no --column)', 2);
    answerLines(
      options.udf,
      createNormalizer(options.policy, { changes: false }),
      (buffer) => retrying(() => readSync(0, buffer, 0, buffer.length, null)),
      (bytes) => {
        for (let done = 0; done < bytes.length; )
          done += retrying(() => writeSync(1, bytes, done, bytes.length - done));
      },
    );
    return;
  }
  const fd = options.file === null || options.file === '-' ? 0 : openSync(options.file, 'r');
  const out = bufferedOutput(1);
  // Rows written to the buffer; with none, a failing run leaves standard output empty.
  let rows = 0;
  const count: LineCount = { lines: 0 };
  out.write(`${['raw', 'canonical', 'group_key', 'problem'].map(csvCell).join(',')}\n`);
  const normalizeUrl = createNormalizer(options.policy, { changes: false });
  const onUrl = (url: string) => {
    if (isBlank(url)) return;
    out.write(row(url, normalizeUrl));
    rows++;
  };
  const onLong = (line: number, length: number, start: string) => {
    out.write(longRow(line, length, start));
    rows++;
    process.stderr.write(
      `canonical-url: line ${line} is longer than ${MAX_RECORD} characters (${length}): written with problem line-too-long\n`,
    );
  };
  const csv = options.column === null ? null : csvColumnReader(options.column, onUrl, onLong, count);
  let failed = true;
  try {
    readLines(textOf(fd, options.encoding), csv ? csv.onLine : onUrl, csv ? csv.onLong : onLong, count);
    csv?.finish();
    failed = false;
  } catch (error) {
    // Every line before the bad byte's has been read.
    if (error instanceof Undecodable) throw new Stop(undecodableMessage(error, count.lines + 1, rows), 1);
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new Stop(`cannot read ${options.file}: it is a directory`, 1);
    throw error;
  } finally {
    if (!failed || rows > 0) out.flush();
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
          : (error as NodeJS.ErrnoException).code === 'EACCES'
            ? `cannot read ${(error as NodeJS.ErrnoException).path}: permission denied`
            : String(error instanceof Error ? error.message : error);
    process.stderr.write(`canonical-url: ${message}\n`);
    process.exitCode = error instanceof Stop ? error.status : 1;
  }
}
