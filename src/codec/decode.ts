import { issue, type CodecIssue, type Result } from './issues.ts';
import { escapedByteAt, hexPairTable } from './sets.ts';
import { findLoneSurrogate, readUtf8, replaceLoneSurrogates, utf8Bytes, utf8Length } from './utf8.ts';
import { strictUtf8String, utf8Scratch, utf8String } from './bytes.ts';
import { firstUndecodableByte, resolveCharset, type Charset } from './charsets.ts';

/** `standard` reads `%XX` escapes; `form` first reads each `+` as a space. */
export type DecodeMode = 'standard' | 'form';

export type DecodeOptions = {
  /** Default `standard`. */
  mode?: DecodeMode;
  /** `error` (default) stops at bytes that do not decode; `replace` puts U+FFFD in their place. */
  invalid?: 'error' | 'replace';
  /** A WHATWG encoding label; default `utf-8`. Chosen by the reader, never guessed. */
  charset?: string;
};

/** The decoded value or the error, plus a `stray-percent` notice for every lone `%`. */
export type DecodeResult = Result<{ value: string }> & { notices: CodecIssue[] };

/**
 * Percent-decodes `text`. Every `%XX` (either hex case) is a byte, every other character
 * contributes its UTF-8 bytes, and the bytes are read as UTF-8 (or, when `charset` names a
 * legacy charset, each run of consecutive escapes is read in that charset).
 *
 * A `%` without two hex digits stays a literal `%` and adds a `stray-percent` notice.
 * Invalid UTF-8 fails with `invalid-utf8` pointing at the escapes of the first maximal
 * invalid subsequence, unless `invalid: 'replace'`, which substitutes U+FFFD exactly as the
 * WHATWG Encoding Standard does. Never throws.
 *
 * https://url.spec.whatwg.org/#string-percent-decode
 * https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
 *
 * @example
 * decode('%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82') // { ok: true, value: 'ламінат', notices: [] }
 * decode('C%2B%2B+%26+C%23', { mode: 'form' })         // { ok: true, value: 'C++ & C#', notices: [] }
 * decode('100% sure').notices                          // [{ code: 'stray-percent', index: 3, length: 1 }]
 * decode('%EB%E0%EC')                                  // { ok: false, error: { code: 'invalid-utf8', index: 0, length: 3, byteOffset: 0 }, ... }
 * decode('%EB%E0%EC%B3%ED%E0%F2', { charset: 'windows-1251' }).value // 'ламінат'
 */
export function decode(text: string, options: DecodeOptions = {}): DecodeResult {
  // Options may come from a share link: anything unexpected means the default.
  const { mode, invalid, charset: label } = typeof options === 'object' && options !== null ? options : {};
  const form = mode === 'form';
  const lenient = invalid === 'replace';
  if (label !== undefined) {
    const charset = resolveCharset(String(label));
    if (charset === null) return { ok: false, error: issue('unknown-charset', 0, 0), notices: strayPercents(text) };
    if (charset.name !== 'utf-8') return decodeLegacy(text, charset, form, lenient);
  }
  return decodeUtf8(text, form, lenient);
}

function decodeUtf8(text: string, form: boolean, lenient: boolean): DecodeResult {
  const hasEscapeOrPlus = text.indexOf('%') >= 0 || (form && text.indexOf('+') >= 0);
  const lone = findLoneSurrogate(text);
  if (lone >= 0 && !lenient) {
    return { ok: false, error: issue('lone-surrogate', lone, 1), notices: strayPercents(text) };
  }
  if (!hasEscapeOrPlus) {
    return { ok: true, value: lone < 0 ? text : replaceLoneSurrogates(text), notices: [] };
  }

  // Percent-decode the UTF-8 bytes of the input in place, then let the platform's UTF-8
  // decoder read them: it validates and builds the string faster than a JavaScript loop.
  const { bytes, length } = utf8Scratch(text, 2);
  const strayOffsets: number[] = [];
  const decodedLength = percentDecodeInPlace(bytes, length, form, strayOffsets);

  const notices = strayOffsets.length === 0 ? [] : strayNotices(text, strayOffsets, length === text.length);
  if (lenient) return { ok: true, value: utf8String(bytes, decodedLength), notices };
  const value = strictUtf8String(bytes, decodedLength);
  if (value !== null) return { ok: true, value, notices };
  return { ok: false, error: firstInvalidUtf8(text, form, bytes, decodedLength), notices };
}

/**
 * Replaces each `%XX` of `bytes[0, length)` by its byte, in place, and returns the new
 * length; `+` becomes a space in form mode. Offsets of stray `%` go to `strayOffsets`.
 * Needs two spare bytes after `length`. Standard and form mode get separate loops, which
 * keeps the per-byte work of the common case to one comparison.
 * https://url.spec.whatwg.org/#percent-decode
 */
function percentDecodeInPlace(bytes: Uint8Array, length: number, form: boolean, strayOffsets: number[]): number {
  // Two zero bytes after the end: not hex digits, so a `%` near the end reads as stray.
  bytes[length] = 0;
  bytes[length + 1] = 0;
  const pairs = hexPairTable();
  let j = 0;
  // The form and standard loops differ in one line; they are kept apart so the hot loop
  // does not test `form` for every byte.
  if (form) {
    for (let i = 0; i < length; i++) {
      const c = bytes[i] as number;
      if (c === 0x25) {
        const byte = pairs[((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number)] as number;
        if (byte >= 0) {
          bytes[j++] = byte;
          i += 2;
          continue;
        }
        strayOffsets.push(i);
      }
      bytes[j++] = c === 0x2b ? 0x20 : c;
    }
    return j;
  }
  for (let i = 0; i < length; i++) {
    const c = bytes[i] as number;
    if (c === 0x25) {
      const byte = pairs[((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number)] as number;
      if (byte >= 0) {
        bytes[j++] = byte;
        i += 2;
        continue;
      }
      strayOffsets.push(i);
    }
    bytes[j++] = c;
  }
  return j;
}

/** Converts byte offsets of stray `%` in the UTF-8 of `text` to UTF-16 indices. */
function strayNotices(text: string, byteOffsets: number[], ascii: boolean): CodecIssue[] {
  const notices: CodecIssue[] = [];
  if (ascii) {
    for (const offset of byteOffsets) notices.push({ code: 'stray-percent', index: offset, length: 1 });
    return notices;
  }
  let byte = 0;
  let k = 0;
  for (let i = 0; i < text.length && k < byteOffsets.length; i++) {
    if (byte === byteOffsets[k]) {
      notices.push(issue('stray-percent', i, 1));
      k++;
    }
    const codePoint = text.codePointAt(i) as number;
    // A lone surrogate counts as the three bytes of U+FFFD, which is what utf8Length gives it.
    byte += utf8Length(codePoint);
    if (codePoint > 0xffff) i++;
  }
  return notices;
}

/** A `stray-percent` notice for every `%` of `text` that does not start a valid escape. */
function strayPercents(text: string): CodecIssue[] {
  const notices: CodecIssue[] = [];
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    if (escapedByteAt(text, i) < 0) notices.push(issue('stray-percent', i, 1));
    else i += 2;
  }
  return notices;
}

/**
 * The bytes `text` stands for, each with the span of input that produced it: an escape
 * gives one byte spanning three characters, any other character its UTF-8 bytes.
 */
export type ByteSource = { bytes: number[]; index: number[]; end: number[] };

export function byteSources(text: string, form: boolean): ByteSource {
  const source: ByteSource = { bytes: [], index: [], end: [] };
  for (let i = 0; i < text.length; ) {
    const escaped = escapedByteAt(text, i);
    if (escaped >= 0) {
      source.bytes.push(escaped);
      source.index.push(i);
      source.end.push(i + 3);
      i += 3;
      continue;
    }
    const codePoint = text.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    const isLone = codePoint >= 0xd800 && codePoint <= 0xdfff;
    const literal = codePoint === 0x2b && form ? [0x20] : utf8Bytes(isLone ? 0xfffd : codePoint);
    for (const byte of literal) {
      source.bytes.push(byte);
      source.index.push(i);
      source.end.push(i + width);
    }
    i += width;
  }
  return source;
}

/**
 * The `invalid-utf8` issue for the first maximal invalid subsequence of `bytes`, the
 * percent-decoded bytes of `text`, with the span of `text` that produced it. One walk, and
 * no per-byte records: a megabyte that fails early took seconds to map with them.
 */
function firstInvalidUtf8(text: string, form: boolean, bytes: Uint8Array, length: number): CodecIssue {
  let at = 0;
  let read = 0;
  while (at < length && (read = readUtf8(bytes, at, length)) >= 0) at += read >>> 21;
  // Unreachable when the platform decoder rejected the bytes; kept total for safety.
  if (at >= length) return issue('invalid-utf8', 0, text.length, 0);
  const last = at - read - 1;
  let index = -1;
  // Bytes as byteSources() counts them: an escape gives one, any other character its UTF-8.
  for (let i = 0, byte = 0; i < text.length; ) {
    const escaped = escapedByteAt(text, i) >= 0;
    const codePoint = text.codePointAt(i) as number;
    const width = escaped ? 3 : codePoint > 0xffff ? 2 : 1;
    byte += escaped || (form && codePoint === 0x2b) ? 1 : utf8Length(codePoint);
    if (index < 0 && byte > at) index = i;
    if (byte > last) return issue('invalid-utf8', index, i + width - index, at);
    i += width;
  }
  return issue('invalid-utf8', 0, text.length, 0);
}

/**
 * Legacy charsets: each run of escapes, with the ASCII characters between them, is decoded in
 * the charset; other characters stay as they are (a `+` becomes a space in form mode).
 */
function decodeLegacy(text: string, charset: Charset, form: boolean, lenient: boolean): DecodeResult {
  const notices = strayPercents(text);
  const lone = findLoneSurrogate(text);
  if (lone >= 0 && !lenient) return { ok: false, error: issue('lone-surrogate', lone, 1), notices };
  const literal = (from: number, to: number): string => {
    const part = text.slice(from, to);
    return form ? part.replaceAll('+', ' ') : part;
  };

  let out = '';
  let literalStart = 0;
  const run: number[] = [];
  // Where each byte of the run was written: a multi-byte charset's ASCII trail byte may be
  // raw (a Shift_JIS `ア` is `%83A`), so ASCII characters after an escape join the run. Not in
  // UTF-16, where ASCII bytes are halves of characters, not the characters themselves.
  const at: number[] = [];
  const joinAscii = !charset.name.startsWith('utf-16');
  for (let i = text.indexOf('%'); i >= 0 && i < text.length; ) {
    if (escapedByteAt(text, i) < 0) {
      i = text.indexOf('%', i + 1);
      continue;
    }
    out += literal(literalStart, i);
    run.length = 0;
    at.length = 0;
    let end = i;
    for (let j = i; j < text.length; ) {
      const byte = escapedByteAt(text, j);
      const c = text.charCodeAt(j);
      if (byte < 0 && (c >= 0x80 || !joinAscii)) break;
      run.push(byte >= 0 ? byte : form && c === 0x2b ? 0x20 : c);
      at.push(j);
      j += byte >= 0 ? 3 : 1;
      end = j;
    }
    const decoded = Uint8Array.from(run);
    if (lenient) {
      out += charset.lenient.decode(decoded);
    } else {
      try {
        out += charset.fatal.decode(decoded);
      } catch {
        const index = at[firstUndecodableByte(charset, decoded)] as number;
        const length = escapedByteAt(text, index) >= 0 ? 3 : 1;
        return { ok: false, error: issue('invalid-bytes', index, length, byteOffsetAt(text, index, form)), notices };
      }
    }
    literalStart = end;
    i = text.indexOf('%', end);
  }
  out += literal(literalStart, text.length);
  return { ok: true, value: lone < 0 ? out : replaceLoneSurrogates(out), notices };
}

/** Offset in the byte sequence `text` stands for of the byte produced at `index`. */
function byteOffsetAt(text: string, index: number, form: boolean): number {
  const source = byteSources(text.slice(0, index), form);
  return source.bytes.length;
}
