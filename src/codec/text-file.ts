/**
 * The bytes of a text file (an export, a log) as text, without silent loss: a byte order
 * mark decides (UTF-8, UTF-16 LE or BE), otherwise the text is read as UTF-8, strictly, or
 * in the charset the caller names (any WHATWG label, through {@link resolveCharset}).
 * Bytes the encoding does not map are never turned into U+FFFD: reading stops there and
 * says at which byte and line, so two different byte strings can never become one text
 * (and one group key). Nothing throws.
 * https://encoding.spec.whatwg.org/#decode
 */
import { resolveCharset } from './charsets.ts';

/** The encoding a byte order mark names, and the mark's length in bytes. */
export type ByteOrderMark = { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; length: number };

/**
 * The byte order mark at the start of `bytes`, or null.
 *
 * @example
 * byteOrderMark(new Uint8Array([0xff, 0xfe, 0x2f, 0])) // { encoding: 'utf-16le', length: 2 }
 */
export function byteOrderMark(bytes: Uint8Array): ByteOrderMark | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** Where reading stopped: bytes the encoding does not map (or a sequence cut off by the end). */
export type UndecodableBytes = {
  /** The encoding's WHATWG name. */
  encoding: string;
  /** 0-based offset in the file of the first byte of the sequence that does not decode. */
  byte: number;
  /** That byte and up to three after it (for the message: `0xCF 0xF0`). */
  bytes: number[];
  /** The text decoded from the piece given to {@link TextFileDecoder.decode} before that byte. */
  before: string;
};

/** The legacy charsets offered when UTF-8 fails: the Decode widget's, most common first. */
export const LEGACY_CHARSETS = ['windows-1251', 'windows-1252', 'koi8-u', 'iso-8859-5', 'windows-874'] as const;

/** Bytes kept from the previous piece, so a sequence split across pieces can be re-read. */
const KEEP = 8;
/** Bytes decoded at a time by {@link decodeTextFile} (only a failing block is read byte by byte). */
const BLOCK = 1 << 16;

/**
 * A streaming decoder for a file read in pieces, for `label` (default UTF-8), or null when
 * the label is not a WHATWG one. `decode` returns the text of each piece, or the
 * {@link UndecodableBytes} where it stopped (then the decoder is done).
 *
 * @example
 * const d = textFileDecoder('utf-8')!;
 * d.decode(new Uint8Array([0x2f, 0xd0])); // '/'
 * d.decode(new Uint8Array([0xb9]), true); // 'й'
 */
export function textFileDecoder(label = 'utf-8'): TextFileDecoder | null {
  const charset = resolveCharset(label);
  return charset ? new TextFileDecoder(charset.name) : null;
}

/** The decoder {@link textFileDecoder} makes: one file, its pieces in order. */
export class TextFileDecoder {
  /** The encoding in use: known once the first bytes are in (a byte order mark may set it). */
  encoding: string;
  /** Whether the file began with a byte order mark. */
  bom = false;
  private decoder: TextDecoder | null = null;
  /** Bytes of the file given so far (the offset of the next piece's first byte). */
  private offset = 0;
  /** Up to three first bytes, held until the byte order mark is known. */
  private head = new Uint8Array(0);
  /** The last bytes decoded, at file offset `offset - recent.length`. */
  private recent = new Uint8Array(0);

  constructor(encoding: string) {
    this.encoding = encoding;
  }

  /** The text of the next piece of the file (`last`: it ends the file). */
  decode(piece: Uint8Array, last = false): string | UndecodableBytes {
    let bytes = piece;
    if (this.decoder === null) {
      bytes = this.head.length ? concat(this.head, piece) : piece;
      if (bytes.length < 3 && !last) {
        this.head = bytes.slice();
        return '';
      }
      const mark = byteOrderMark(bytes);
      if (mark) {
        this.encoding = mark.encoding;
        this.bom = true;
        this.offset = mark.length;
        bytes = bytes.subarray(mark.length);
      }
      this.decoder = new TextDecoder(this.encoding, { fatal: true, ignoreBOM: true });
    }
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: !last });
    } catch {
      return this.undecodable(bytes);
    }
    this.recent = bytes.length >= KEEP ? bytes.slice(-KEEP) : concat(this.recent, bytes).slice(-KEEP);
    this.offset += bytes.length;
    return text;
  }

  /**
   * Finds the first byte of `bytes` that does not decode, reading it again one byte at a time
   * with a fresh decoder from a character boundary within the bytes kept before it.
   */
  private undecodable(bytes: Uint8Array): UndecodableBytes {
    const window = concat(this.recent, bytes);
    const start = this.offset - this.recent.length;
    let from = this.recent.length;
    for (let i = 0; i < this.recent.length; i++) {
      if (
        this.encoding === 'utf-8'
          ? (window[i]! & 0xc0) !== 0x80
          : this.encoding.startsWith('utf-16')
            ? (start + i) % 2 === 0 && !lowSurrogateAt(window, i, this.encoding)
            : false
      ) {
        from = i;
        break;
      }
    }
    const decoder = new TextDecoder(this.encoding, { fatal: true, ignoreBOM: true });
    let before = '';
    // The byte after the last whole character: where the sequence that fails begins.
    let boundary = from;
    let k = from;
    try {
      for (; k < window.length; k++) {
        const out = decoder.decode(window.subarray(k, k + 1), { stream: true });
        if (out) {
          boundary = k + 1;
          if (k >= this.recent.length) before += out;
        }
      }
      decoder.decode();
    } catch {
      // Bytes left over after the last whole character start the sequence that fails.
    }
    this.decoder = null;
    return {
      encoding: this.encoding,
      byte: start + boundary,
      bytes: [...window.subarray(boundary, boundary + 4)],
      before,
    };
  }
}

function lowSurrogateAt(bytes: Uint8Array, i: number, encoding: string): boolean {
  const high = encoding === 'utf-16le' ? bytes[i + 1] : bytes[i];
  return high !== undefined && high >= 0xdc && high <= 0xdf;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Up to 40 bytes on either side of `at` in `bytes`, within its line (for showing a line that
 * did not decode as each legacy charset would read it). For ASCII-compatible encodings.
 *
 * @example
 * lineBytesAround(new Uint8Array([0x61, 0x0a, 0x2f, 0xe9, 0x0a]), 3) // Uint8Array [0x2f, 0xe9]
 */
export function lineBytesAround(bytes: Uint8Array, at: number): Uint8Array {
  const isBreak = (b: number | undefined) => b === 0x0a || b === 0x0d;
  let start = Math.max(0, Math.min(at, bytes.length));
  let end = start;
  while (start > 0 && at - start < 40 && !isBreak(bytes[start - 1])) start--;
  while (end < bytes.length && end - at < 40 && !isBreak(bytes[end])) end++;
  return bytes.slice(start, end);
}

/**
 * Line breaks in `text` as readers count lines: `\r\n`, `\n` or `\r` each end one.
 *
 * @example
 * lineBreaks('a\r\nb\rc\n') // 3
 */
export function lineBreaks(text: string): number {
  return text.match(/\r\n?|\n/g)?.length ?? 0;
}

export type TextFile =
  | { ok: true; text: string; encoding: string; bom: boolean }
  | {
      ok: false;
      error: (UndecodableBytes & { code: 'undecodable'; line: number }) | { code: 'unknown-charset'; encoding: string };
    };

/**
 * A whole file's bytes as text ({@link textFileDecoder}); on failure, the byte and the
 * 1-based line where reading stopped.
 *
 * @example
 * decodeTextFile(new Uint8Array([0x2f, 0xcf, 0xf0])) // { ok: false, error: { code: 'undecodable', byte: 1, line: 1, … } }
 * decodeTextFile(new Uint8Array([0x2f, 0xcf, 0xf0]), 'windows-1251') // { ok: true, text: '/Пр', … }
 */
export function decodeTextFile(bytes: Uint8Array, label = 'utf-8'): TextFile {
  const decoder = textFileDecoder(label);
  if (!decoder) return { ok: false, error: { code: 'unknown-charset', encoding: label } };
  const parts: string[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += BLOCK) {
    const last = at + BLOCK >= bytes.length;
    const out = decoder.decode(bytes.subarray(at, at + BLOCK), last);
    if (typeof out !== 'string')
      return { ok: false, error: { ...out, code: 'undecodable', line: lineBreaks(parts.join('') + out.before) + 1 } };
    parts.push(out);
    if (last) break;
  }
  return { ok: true, text: parts.join(''), encoding: decoder.encoding, bom: decoder.bom };
}
