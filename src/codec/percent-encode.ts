/**
 * The UTF-8 encoder loop shared by `encode` and the models of `encoders.ts` and
 * `browser-sets.ts`. A module of its own so that those import no charset code.
 */
import { failure, type Result } from './issues.ts';
import { componentSafeTable, escapedByteAt, formSafeTable, HEX_DIGIT_CODES, urlSafeTable } from './sets.ts';
import { scratchBytes, utf8String } from './bytes.ts';

/**
 * - `component`: one value or path segment; leaves only `A-Z a-z 0-9 - . _ ~` raw.
 * - `url`: repairs a whole link; also leaves reserved characters and valid `%XX` escapes.
 * - `form`: `application/x-www-form-urlencoded`; leaves `A-Z a-z 0-9 * - . _`, space becomes `+`.
 * - `all`: every byte escaped, letters and digits included (payload and filter testing).
 */
export type EncodeMode = 'component' | 'url' | 'form' | 'all';

/** All zeros: the `all` set escapes every byte, letters and digits included. */
let allTable: Uint8Array | undefined;

/** The ASCII characters `mode` leaves raw; an unknown mode is `component`, the strictest. */
export function modeTable(mode: EncodeMode): Uint8Array {
  return mode === 'url'
    ? urlSafeTable()
    : mode === 'form'
      ? formSafeTable()
      : mode === 'all'
        ? (allTable ??= new Uint8Array(128))
        : componentSafeTable();
}

/**
 * `encode` without a charset: UTF-8 only, for callers that must not load the charset
 * tables' code (the Encode widget until a reader picks a legacy charset).
 *
 * @example
 * encodeUtf8('C++ & C#', 'form') // { ok: true, value: 'C%2B%2B+%26+C%23' }
 */
export function encodeUtf8(text: string, mode: EncodeMode): Result<{ value: string }> {
  return percentEncode(text, modeTable(mode), mode === 'form', mode === 'url');
}

/** Worst case output per UTF-16 unit: three UTF-8 bytes, three characters each. */
const MAX_OUTPUT_PER_UNIT = 9;

/**
 * The encoder loop behind `encode` (encode.ts) and the language functions of `encoders.ts`: UTF-8,
 * uppercase hex, every ASCII code whose `safe` entry is 1 left raw. `spaceAsPlus` writes a
 * space as `+` (form encoding); `keepValidEscapes` copies a valid `%XX` as written instead of
 * escaping its `%`. An unpaired surrogate fails with `lone-surrogate` at its index.
 *
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 */
export function percentEncode(
  text: string,
  safe: Uint8Array,
  spaceAsPlus: boolean,
  keepValidEscapes: boolean,
): Result<{ value: string }> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || safe[c] === 0) break;
    i++;
  }
  // Nothing to escape: the input is already its own encoding.
  if (i === n) return { ok: true, value: text };

  const out = scratchBytes(i + (n - i) * MAX_OUTPUT_PER_UNIT);
  for (let k = 0; k < i; k++) out[k] = text.charCodeAt(k);
  let j = i;

  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (safe[c] === 1) {
        out[j++] = c;
      } else if (c === 0x20 && spaceAsPlus) {
        out[j++] = 0x2b;
      } else if (c === 0x25 && keepValidEscapes && escapedByteAt(text, i) >= 0) {
        out[j++] = 0x25;
        out[j++] = text.charCodeAt(i + 1);
        out[j++] = text.charCodeAt(i + 2);
        i += 2;
      } else {
        j = writeEscape(out, j, c);
      }
    } else if (c < 0x800) {
      j = writeEscape(out, j, 0xc0 | (c >> 6));
      j = writeEscape(out, j, 0x80 | (c & 0x3f));
    } else if (c < 0xd800 || c > 0xdfff) {
      j = writeEscape(out, j, 0xe0 | (c >> 12));
      j = writeEscape(out, j, 0x80 | ((c >> 6) & 0x3f));
      j = writeEscape(out, j, 0x80 | (c & 0x3f));
    } else {
      const next = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return failure('lone-surrogate', i, 1);
      const codePoint = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      i++;
      j = writeEscape(out, j, 0xf0 | (codePoint >> 18));
      j = writeEscape(out, j, 0x80 | ((codePoint >> 12) & 0x3f));
      j = writeEscape(out, j, 0x80 | ((codePoint >> 6) & 0x3f));
      j = writeEscape(out, j, 0x80 | (codePoint & 0x3f));
    }
  }
  return { ok: true, value: utf8String(out, j) };
}

/** Writes `%XX` for `byte` at `j` and returns the next write position. */
export function writeEscape(out: Uint8Array, j: number, byte: number): number {
  out[j] = 0x25;
  out[j + 1] = HEX_DIGIT_CODES[byte >> 4] as number;
  out[j + 2] = HEX_DIGIT_CODES[byte & 15] as number;
  return j + 3;
}
