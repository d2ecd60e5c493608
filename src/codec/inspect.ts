import { issue, type CodecIssue } from './issues.ts';
import { byteSources } from './decode.ts';
import { escapedByteAt, isFormSafe, isHexPairAt, isReserved, isUnreserved, isUrlSafe, percentEscape } from './sets.ts';
import { readUtf8, utf8Bytes } from './utf8.ts';

/** RFC 3986 §2 class of a character: never encoded, structural, or always encoded. */
export type CharacterClass = 'unreserved' | 'reserved' | 'other';

/** One byte of a character and what each encode mode writes for it. */
export type ByteBreakdown = {
  value: number;
  /** Two uppercase hex digits: `'D0'`. */
  hex: string;
  component: string;
  url: string;
  form: string;
};

/** One code point of the input (an unpaired surrogate is its own entry, with no bytes). */
export type CharacterBreakdown = {
  /** UTF-16 index in the input. */
  index: number;
  /** The character: one or two UTF-16 units. */
  text: string;
  codePoint: number;
  class: CharacterClass;
  /** UTF-8 bytes; empty for a lone surrogate, which has none. */
  bytes: ByteBreakdown[];
  loneSurrogate: boolean;
};

/** One `%` of the input read as an encoded string: a valid escape or a stray percent. */
export type EscapeBreakdown = {
  index: number;
  /** 3 for an escape, 1 for a stray `%`. */
  length: number;
  /** As written: `'%2f'`, or `'%'`. */
  text: string;
  kind: 'escape' | 'stray-percent';
  /** The escaped byte; `null` for a stray `%`. */
  byte: number | null;
  /** Offset of this byte in the byte sequence the text decodes from. */
  byteOffset: number;
  /** Written with `a-f`: same byte, but not the RFC 3986 preferred form. */
  lowercaseHex: boolean;
  /** Escapes an unreserved character (`%41`, `%7E`): needless, and decoded by normalization. */
  unreserved: boolean;
  /** Escapes a reserved character (`%2F`, `%26`): data, not structure; normalization keeps it. */
  reserved: boolean;
  /** `%25` followed by two hex digits: an escape that was escaped again. */
  layered: boolean;
  /** Part of a run of bytes that is not valid UTF-8 (see `invalidRuns`). */
  invalidUtf8: boolean;
  /** The character the UTF-8 sequence holding this byte decodes to; `null` for invalid bytes and stray `%`. */
  char: string | null;
  /** Index of the escape that starts that sequence (`%D0` for both escapes of `%D0%BB`); `null` when `char` is. */
  sequenceIndex: number | null;
};

/** A maximal invalid UTF-8 subsequence (one U+FFFD in lenient decoding). */
export type InvalidRun = { index: number; length: number; byteOffset: number; bytes: number[] };

export type Inspection = {
  characters: CharacterBreakdown[];
  escapes: EscapeBreakdown[];
  invalidRuns: InvalidRun[];
  /** `lone-surrogate`, `stray-percent` and `invalid-utf8` issues, in input order. */
  issues: CodecIssue[];
  /** The input was longer than the limit; the lists cover its beginning. */
  truncated: boolean;
};

/** Default number of code points examined; a breakdown longer than this helps no reader. */
const INSPECT_LIMIT = 10_000;

/**
 * Explains a string both ways: per character (code point, UTF-8 bytes, and what each
 * byte becomes in the `component`, `url` and `form` modes), and, reading it as encoded
 * text, per `%` (which byte, lowercase hex, needless or meaningful escape, `%25XX` layer,
 * stray `%`, invalid UTF-8) with the maximal invalid byte runs.
 *
 * Examines the first `limit` code points (default {@link INSPECT_LIMIT}), extended by at
 * most a few escapes so no escape or UTF-8 sequence is cut; `truncated` says when it stopped early.
 *
 * @example
 * const { characters } = inspect('л');
 * // characters[0].bytes → [{ value: 0xD0, hex: 'D0', component: '%D0', url: '%D0', form: '%D0' },
 * //                        { value: 0xBB, hex: 'BB', component: '%BB', url: '%BB', form: '%BB' }]
 * const { escapes } = inspect('%2f%41%2541');
 * // escapes[0].lowercaseHex === true, escapes[0].reserved === true
 * // escapes[1].unreserved === true, escapes[2].layered === true (`%25` then `41`)
 */
export function inspect(text: string, options: { limit?: number } = {}): Inspection {
  const requested =
    typeof options === 'object' && options !== null ? Number(options.limit ?? INSPECT_LIMIT) : INSPECT_LIMIT;
  const limit = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : INSPECT_LIMIT;
  let end = 0;
  for (let count = 0; end < text.length && count < limit; count++) {
    end += isPairAt(text, end) ? 2 : 1;
  }
  // Never cut inside an escape, nor between the escapes of one UTF-8 sequence.
  const cutEscape = [end - 2, end - 1].find((k) => k >= 0 && escapedByteAt(text, k) >= 0);
  if (cutEscape !== undefined) end = cutEscape + 3;
  while (isContinuationEscape(text, end)) end += 3;
  const examined = end === text.length ? text : text.slice(0, end);

  const characters = characterBreakdown(examined);
  const { escapes, invalidRuns } = escapeBreakdown(examined);
  const issues: CodecIssue[] = [];
  for (const character of characters) {
    if (character.loneSurrogate) issues.push(issue('lone-surrogate', character.index, 1));
  }
  for (const escape of escapes) {
    if (escape.kind === 'stray-percent') issues.push(issue('stray-percent', escape.index, 1));
  }
  for (const run of invalidRuns) issues.push(issue('invalid-utf8', run.index, run.length, run.byteOffset));
  issues.sort((a, b) => a.index - b.index);
  return { characters, escapes, invalidRuns, issues, truncated: end < text.length };
}

function isContinuationEscape(text: string, i: number): boolean {
  const byte = escapedByteAt(text, i);
  return byte >= 0x80 && byte <= 0xbf;
}

function isPairAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  const next = text.charCodeAt(i + 1);
  return c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
}

function characterBreakdown(text: string): CharacterBreakdown[] {
  const characters: CharacterBreakdown[] = [];
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    const loneSurrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
    const startsEscape = escapedByteAt(text, i) >= 0;
    characters.push({
      index: i,
      text: text.slice(i, i + width),
      codePoint,
      class: isUnreserved(codePoint) ? 'unreserved' : isReserved(codePoint) ? 'reserved' : 'other',
      bytes: loneSurrogate ? [] : utf8Bytes(codePoint).map((byte) => byteBreakdown(byte, startsEscape)),
      loneSurrogate,
    });
    i += width;
  }
  return characters;
}

function byteBreakdown(value: number, startsEscape: boolean): ByteBreakdown {
  const escaped = percentEscape(value);
  const ascii = value < 0x80 ? String.fromCharCode(value) : escaped;
  return {
    value,
    hex: escaped.slice(1),
    component: value < 0x80 && isUnreserved(value) ? ascii : escaped,
    // The repair set keeps a `%` only where it already starts a valid escape.
    url: value < 0x80 && (isUrlSafe(value) || (value === 0x25 && startsEscape)) ? ascii : escaped,
    form: value === 0x20 ? '+' : value < 0x80 && isFormSafe(value) ? ascii : escaped,
  };
}

function escapeBreakdown(text: string): { escapes: EscapeBreakdown[]; invalidRuns: InvalidRun[] } {
  const source = byteSources(text, false);
  const { bytes } = source;
  const escapes: EscapeBreakdown[] = [];
  const invalidRuns: InvalidRun[] = [];
  const escapeAtByte = new Map<number, EscapeBreakdown>();

  for (let at = 0; at < bytes.length; at++) {
    const index = source.index[at] as number;
    const isEscape = (source.end[at] as number) - index === 3;
    if (isEscape) {
      const byte = bytes[at] as number;
      const written = text.slice(index, index + 3);
      const entry: EscapeBreakdown = {
        index,
        length: 3,
        text: written,
        kind: 'escape',
        byte,
        byteOffset: at,
        lowercaseHex: written !== written.toUpperCase(),
        unreserved: isUnreserved(byte),
        reserved: isReserved(byte),
        layered: byte === 0x25 && isHexPairAt(text, index + 3),
        invalidUtf8: false,
        char: null,
        sequenceIndex: null,
      };
      escapes.push(entry);
      escapeAtByte.set(at, entry);
    } else if (bytes[at] === 0x25) {
      escapes.push({
        index,
        length: 1,
        text: '%',
        kind: 'stray-percent',
        byte: null,
        byteOffset: at,
        lowercaseHex: false,
        unreserved: false,
        reserved: false,
        layered: false,
        invalidUtf8: false,
        char: null,
        sequenceIndex: null,
      });
    }
  }

  for (let at = 0; at < bytes.length; ) {
    const read = readUtf8(bytes, at, bytes.length);
    const length = read < 0 ? -read : read >>> 21;
    if (read < 0) {
      const index = source.index[at] as number;
      invalidRuns.push({
        index,
        length: (source.end[at + length - 1] as number) - index,
        byteOffset: at,
        bytes: bytes.slice(at, at + length),
      });
    }
    const first = escapeAtByte.get(at);
    for (let k = at; k < at + length; k++) {
      const entry = escapeAtByte.get(k);
      if (entry === undefined) continue;
      if (read < 0) {
        entry.invalidUtf8 = true;
      } else {
        entry.char = String.fromCodePoint(read & 0x1fffff);
        entry.sequenceIndex = first === undefined ? entry.index : first.index;
      }
    }
    at += length;
  }
  return { escapes, invalidRuns };
}
