/**
 * The canonical URL as normalization writes it: the input text with the parts that changed
 * spliced in, kept as a string and, beside it, as bytes, so the group key is hashed from
 * those without encoding the new string again.
 */
import { groupKey, groupKeyOfBytes } from '../key.ts';
import type { CharBytes } from '../char-bytes.ts';

export type CanonicalUrl = { canonical: string; key: string };

/** Buffers up to this size are kept between URLs; bigger ones go to the collector. */
const RETAINED_BYTES = 1 << 16;

let retained: Uint8Array | undefined;

export class Splice {
  /** The input, its characters as bytes (see `charBytes`) and whether it is ASCII. */
  readonly text: string;
  readonly chars: CharBytes;
  private readonly inputIsAscii: boolean;
  /** What is written so far: `text[0, copied)` with its replacements. */
  private out = '';
  private copied = 0;
  private changed = false;
  /** The bytes of `out`, valid while `ascii` (all written so far is ASCII, as canonical text is). */
  private bytes: Uint8Array;
  private length = 0;
  private ascii = true;

  constructor(text: string, chars: CharBytes, ascii: boolean) {
    this.text = text;
    this.chars = chars;
    this.inputIsAscii = ascii;
    this.bytes = bytesFor(text.length * 2 + 16);
  }

  /** Writes `replacement` in place of `text[from, to)` (at or after what is written). */
  replace(from: number, to: number, replacement: string): void {
    this.keepUntil(from);
    this.add(replacement);
    this.copied = to;
  }

  /**
   * Writes the text as it is up to `from`, where a part written piece by piece (`add`,
   * `addRange`) begins; `skipTo` ends it.
   */
  keepUntil(from: number): void {
    this.changed = true;
    if (from > this.copied) this.addRange(this.copied, from);
    this.copied = from;
  }

  /** Writes a string. */
  add(piece: string): void {
    this.out += piece;
    if (!this.ascii) return;
    const n = piece.length;
    const bytes = this.room(n);
    let length = this.length;
    let bits = 0;
    for (let k = 0; k < n; k++) {
      const c = piece.charCodeAt(k);
      bytes[length++] = c;
      bits |= c;
    }
    this.length = length;
    this.ascii = bits < 0x80;
  }

  /** Writes `text[from, to)`, copying its bytes. */
  addRange(from: number, to: number): void {
    this.out += this.text.slice(from, to);
    if (!this.ascii) return;
    const bytes = this.room(to - from);
    const chars = this.chars;
    let length = this.length;
    let bits = 0;
    for (let i = from; i < to; i++) {
      const c = chars[i] as number;
      bytes[length++] = c;
      bits |= c;
    }
    this.length = length;
    this.ascii = bits < 0x80;
  }

  /**
   * Writes the ranges `text[starts[k], ends[k])` for `k` in `order[0, count)`, `&` between
   * them (a query's pairs, reordered); returns what it wrote.
   */
  addJoined(starts: Int32Array, ends: Int32Array, order: Int32Array, count: number): string {
    const { text, chars } = this;
    let joined = '';
    let size = count - 1;
    for (let k = 0; k < count; k++) {
      const piece = order[k] as number;
      size += (ends[piece] as number) - (starts[piece] as number);
      joined += (k === 0 ? '' : '&') + text.slice(starts[piece], ends[piece]);
    }
    this.out += joined;
    if (!this.ascii) return joined;
    const bytes = this.room(size);
    let length = this.length;
    let bits = 0;
    for (let k = 0; k < count; k++) {
      if (k > 0) bytes[length++] = 0x26;
      const piece = order[k] as number;
      const to = ends[piece] as number;
      for (let i = starts[piece] as number; i < to; i++) {
        const c = chars[i] as number;
        bytes[length++] = c;
        bits |= c;
      }
    }
    this.length = length;
    this.ascii = bits < 0x80;
    return joined;
  }

  /** Continues after a part written piece by piece: the text resumes at `to`. */
  skipTo(to: number): void {
    this.copied = to;
  }

  /** The canonical URL, the text up to `end` with what was spliced in, and its group key. */
  finish(end: number): CanonicalUrl {
    const { text, chars } = this;
    if (!this.changed) {
      // Nothing replaced, at most a fragment dropped: the input.s bytes are the key.s.
      const canonical = end === text.length ? text : text.slice(0, end);
      return { canonical, key: this.inputIsAscii ? groupKeyOfBytes(chars, end) : groupKey(canonical) };
    }
    this.keepUntil(end);
    return { canonical: this.out, key: this.ascii ? groupKeyOfBytes(this.bytes, this.length) : groupKey(this.out) };
  }

  /** The byte buffer with room for `n` more bytes and the key's three bytes of padding. */
  private room(n: number): Uint8Array {
    const needed = this.length + n + 3;
    if (needed > this.bytes.length) {
      const bigger = new Uint8Array(needed * 2);
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
      if (bigger.length <= RETAINED_BYTES) retained = bigger;
    }
    return this.bytes;
  }
}

function bytesFor(size: number): Uint8Array {
  if (size > RETAINED_BYTES) return new Uint8Array(size);
  if (retained === undefined || retained.length < size) retained = new Uint8Array(Math.max(size, 1024));
  return retained;
}
