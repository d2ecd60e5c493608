/**
 * A string's characters as bytes in a reused buffer, for the scans that read every
 * character of a URL: each ASCII character as its code, every other UTF-16 code unit as
 * {@link NON_ASCII}, which no scan takes for structure or for a character to keep raw.
 *
 * Reading a byte array costs the same whatever the string is made of, while `charCodeAt`
 * costs more on the slices and concatenations analytics lines arrive as (a line split from
 * a file is a slice of it), and one array type keeps every scan's loads monomorphic: with
 * 16-bit units for the few non-ASCII URLs, normalizing all of them took ~10% longer. ASCII
 * text, nearly every analytics URL, is copied by one native `encodeInto` call, and its bytes
 * are then also the UTF-8 the group key hashes.
 */

/** Where the text's characters are, one byte each (see above). */
export type CharBytes = Uint8Array;

/** The byte that stands for any character outside ASCII. */
export const NON_ASCII = 0x80;

/** The bytes of a text, and whether it is ASCII (so that they are its UTF-8). */
export type CharView = { bytes: CharBytes; ascii: boolean };

/**
 * Room after the last character that callers may overwrite: the group key pads the last
 * 32-bit word with three zero bytes.
 */
export const SPARE_BYTES = 3;

/** Buffers up to this size are kept between calls; bigger ones go to the collector. */
const RETAINED_BYTES = 1 << 16;

let retained: Uint8Array | undefined;
let view: CharView | undefined;
let encoder: TextEncoder | undefined;

/**
 * The characters of `text` at `bytes[0, text.length)`, with {@link SPARE_BYTES} to spare.
 * Buffer and view are reused by the next call, so a caller reads them before it calls again.
 */
export function charBytes(text: string): CharView {
  const n = text.length;
  const size = n + SPARE_BYTES;
  const bytes = size > RETAINED_BYTES ? new Uint8Array(size) : retained !== undefined && retained.length >= size ? retained : (retained = new Uint8Array(Math.max(size, 1024)));
  // Every character takes at least one byte, so `n` bytes for `n` characters means all are ASCII.
  const { read, written } = (encoder ??= new TextEncoder()).encodeInto(text, bytes.subarray(0, n));
  const ascii = read === n && written === n;
  if (!ascii) {
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      bytes[i] = c < 0x80 ? c : NON_ASCII;
    }
  }
  view ??= { bytes, ascii };
  view.bytes = bytes;
  view.ascii = ascii;
  return view;
}
