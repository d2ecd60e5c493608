/**
 * The command-line tool's `--udf` mode: an executable user-defined function for ClickHouse.
 * ClickHouse starts the tool once (`executable_pool` keeps it running), writes each block of
 * arguments to its stdin as TabSeparated, one value per line, and reads exactly as many lines
 * back before it sends the next block. So the answers to every line read so far are written
 * before the tool waits for more input, and the tool never ends a block early or late: one
 * line out for each line in, an empty one for a value that is not a URL (or is NULL, or is
 * not UTF-8: two different byte strings must never get one answer).
 * https://clickhouse.com/docs/sql-reference/functions/udf
 * https://clickhouse.com/docs/interfaces/formats/TabSeparated
 */
import type { NormalizeResult } from '../codec/index.ts';

export type UdfAnswer = 'canonical' | 'key';

export const UDF_ANSWERS: readonly UdfAnswer[] = ['canonical', 'key'];

const READ_BYTES = 1 << 16;

/**
 * Answers `fd`'s lines on `out` until the input ends. `readBytes` and `writeBytes` wrap the
 * descriptor calls (the tool's own retry on a non-blocking descriptor).
 */
export function answerLines(
  answer: UdfAnswer,
  normalizeUrl: (url: string) => NormalizeResult,
  readBytes: (buffer: Uint8Array) => number,
  writeBytes: (bytes: Uint8Array) => void,
): void {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let buffer = new Uint8Array(READ_BYTES);
  let used = 0;
  for (;;) {
    if (used === buffer.length) {
      // A line longer than the buffer: grow it, as the line has to be read whole.
      const larger = new Uint8Array(buffer.length * 2);
      larger.set(buffer);
      buffer = larger;
    }
    const read = readBytes(buffer.subarray(used));
    if (read === 0) break;
    used += read;
    const complete = buffer.lastIndexOf(0x0a, used - 1) + 1;
    if (complete === 0) continue;
    let out = '';
    // The complete lines decoded at once; only if some are not UTF-8, line by line.
    const text = decodeOrNull(decoder, buffer.subarray(0, complete));
    if (text !== null) {
      for (let start = 0, end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
        out += tsvEscape(answerOf(text.slice(start, end), answer, normalizeUrl)) + '\n';
      }
    } else {
      for (
        let start = 0, end = buffer.indexOf(0x0a);
        end >= 0 && end < complete;
        start = end + 1, end = buffer.indexOf(0x0a, start)
      ) {
        const line = decodeOrNull(decoder, buffer.subarray(start, end));
        out += (line === null ? '' : tsvEscape(answerOf(line, answer, normalizeUrl))) + '\n';
      }
    }
    // Every complete line read so far is answered before the next read, which may wait.
    writeBytes(Buffer.from(out));
    buffer.copyWithin(0, complete, used);
    used -= complete;
  }
  // A last line without its line break still gets its answer.
  if (used > 0) {
    const line = decodeOrNull(decoder, buffer.subarray(0, used));
    writeBytes(Buffer.from((line === null ? '' : tsvEscape(answerOf(line, answer, normalizeUrl))) + '\n'));
  }
}

/** The bytes as text, or `null` when they are not UTF-8. */
function decodeOrNull(decoder: TextDecoder, bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The answer to one TabSeparated field. */
function answerOf(field: string, answer: UdfAnswer, normalizeUrl: (url: string) => NormalizeResult): string {
  const url = tsvUnescape(field);
  if (url === null) return '';
  const result = normalizeUrl(url);
  return result.ok ? (answer === 'canonical' ? result.canonical : result.key) : '';
}

const ESCAPED: Record<string, string> = {
  b: '\b',
  f: '\f',
  r: '\r',
  n: '\n',
  t: '\t',
  '0': '\0',
  "'": "'",
  '\\': '\\',
};

/** A TabSeparated field's value, or `null` for `\N` (NULL). An unknown escape keeps its backslash, as ClickHouse reads it. */
export function tsvUnescape(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\([\s\S]?)/g, (whole, c: string) => ESCAPED[c] ?? whole);
}

/** The value as a TabSeparated field: backslash, tab and line breaks escaped. */
export function tsvEscape(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}
