import { failure, issue, type CodecIssue, type Result } from './issues.ts';
import { escapedByteAt } from './sets.ts';
import { scratchBytes, utf8String } from './bytes.ts';
import { encodeUtf8, modeTable, writeEscape, type EncodeMode } from './percent-encode.ts';
import { resolveCharset } from './charsets.ts';
import { writerFor, type CodePointWriter } from './legacy-encode.ts';

export type { EncodeMode };

export type EncodeOptions = {
  /**
   * A WHATWG encoding label; default `utf-8`. Legacy charsets write the bytes a form or a
   * query on a page served in that charset sends (UTF-16 pages send UTF-8, as browsers do).
   */
  charset?: string;
};

/**
 * The encoded value or the error. With a `charset` option, `notices` lists an `unmappable`
 * notice for each character the charset cannot write (sent as an escaped `&#NNNN;`).
 */
export type EncodeResult = Result<{ value: string }> & { notices?: CodecIssue[] };

/**
 * Percent-encodes `text` as UTF-8 with uppercase hex digits.
 *
 * An unpaired surrogate has no UTF-8 form, so it fails with `lone-surrogate` at its
 * index instead of producing garbage. An unknown `mode` is treated as `component`, the
 * strictest set.
 *
 * https://url.spec.whatwg.org/#string-utf-8-percent-encode
 * https://url.spec.whatwg.org/#urlencoded-serializing (form)
 *
 * @example
 * encode('C++ & C#', 'component') // { ok: true, value: 'C%2B%2B%20%26%20C%23' }
 * encode('C++ & C#', 'url')       // { ok: true, value: 'C++%20&%20C#' }
 * encode('C++ & C#', 'form')      // { ok: true, value: 'C%2B%2B+%26+C%23' }
 * encode('\uD800', 'component')   // { ok: false, error: { code: 'lone-surrogate', index: 0, length: 1 } }
 * encode('ab', 'all')              // { ok: true, value: '%61%62' }
 * encode('ламінат', 'component', { charset: 'windows-1251' }) // { ok: true, value: '%EB%E0%EC%B3%ED%E0%F2', notices: [] }
 * encode('€', 'form', { charset: 'windows-1251' }).notices      // [{ code: 'unmappable', index: 0, length: 1 }]
 */
export function encode(text: string, mode: EncodeMode, options?: EncodeOptions): EncodeResult {
  const label = typeof options === 'object' && options !== null ? options.charset : undefined;
  if (label !== undefined) {
    const charset = resolveCharset(String(label));
    if (charset === null) return { ok: false, error: issue('unknown-charset', 0, 0), notices: [] };
    // https://encoding.spec.whatwg.org/#get-an-output-encoding
    if (!/^(?:utf-8|utf-16[bl]e)$/.test(charset.name)) {
      const writer = writerFor(charset);
      if (writer === null) return { ok: false, error: issue('unknown-charset', 0, 0), notices: [] };
      return encodeLegacy(text, writer, modeTable(mode), mode === 'form', mode === 'url');
    }
  }
  return encodeUtf8(text, mode);
}

/** Worst case output per UTF-16 unit in a legacy charset: `%26%23` + seven digits + `%3B`. */
const MAX_LEGACY_PER_UNIT = 16;

/**
 * The loop of {@link percentEncode} over a legacy charset's bytes. Each byte of a character's
 * encoding is checked against the set on its own (a Shift_JIS `ア` is `%83A`), as browsers do.
 * A character the charset cannot write becomes `%26%23NNNN%3B` (its escaped HTML character
 * reference) and an `unmappable` notice at its index.
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 */
function encodeLegacy(
  text: string,
  writer: CodePointWriter,
  safe: Uint8Array,
  spaceAsPlus: boolean,
  keepValidEscapes: boolean,
): EncodeResult {
  const notices: CodecIssue[] = [];
  const out = scratchBytes(text.length * MAX_LEGACY_PER_UNIT);
  const bytes = new Uint8Array(4);
  let j = 0;
  for (let i = 0; i < text.length; i++) {
    let codePoint = text.charCodeAt(i);
    const start = i;
    if (codePoint < 0x80) {
      if (safe[codePoint] === 1) out[j++] = codePoint;
      else if (codePoint === 0x20 && spaceAsPlus) out[j++] = 0x2b;
      else if (codePoint === 0x25 && keepValidEscapes && escapedByteAt(text, i) >= 0) {
        out[j++] = 0x25;
        out[j++] = text.charCodeAt(i + 1);
        out[j++] = text.charCodeAt(i + 2);
        i += 2;
      } else j = writeEscape(out, j, codePoint);
      continue;
    }
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (codePoint > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff))
        return { ...failure('lone-surrogate', i, 1), notices };
      codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    const end = writer(codePoint, bytes, 0);
    if (end < 0) {
      notices.push(issue('unmappable', start, i - start + 1));
      for (const c of `%26%23${codePoint}%3B`) out[j++] = c.charCodeAt(0);
      continue;
    }
    for (let k = 0; k < end; k++) {
      const byte = bytes[k] as number;
      if (byte < 0x80 && safe[byte] === 1) out[j++] = byte;
      else j = writeEscape(out, j, byte);
    }
  }
  return { ok: true, value: utf8String(out, j), notices };
}
