/**
 * A string's characters as bytes in a reused buffer, for the scans that read every
 * character of a URL: each ASCII character as its code, every other UTF-16 code unit as
 * one marker byte (`NON_ASCII`, char-copy.ts), which no scan takes for structure or for a
 * character to keep raw.
 *
 * Reading a byte array costs the same whatever the string is made of, while `charCodeAt`
 * costs more on the slices and concatenations analytics lines arrive as (a line split from
 * a file is a slice of it), and one array type keeps every scan's loads monomorphic: with
 * 16-bit units for the few non-ASCII URLs, normalizing all of them took ~9% longer. For
 * ASCII text, nearly every analytics URL, the bytes are also the UTF-8 the group key hashes.
 * The copy itself is `#codec/char-copy`: a loop (char-copy.ts), or in Node one native call
 * (char-copy.node.ts).
 */
import { copyChars } from '#codec/char-copy';

/** Where the text's characters are, one byte each (see above). */
export type CharBytes = Uint8Array;

/** The bytes of a text, and whether it is ASCII (so that they are its UTF-8). */
export type CharView = { bytes: CharBytes; ascii: boolean };

/**
 * Room after the last character that callers may overwrite: the group key pads the last
 * 32-bit word with three zero bytes.
 */
export const SPARE_BYTES = 3;

let view: CharView | undefined;

/**
 * The characters of `text` at `bytes[0, text.length)`, with {@link SPARE_BYTES} to spare.
 * Buffer and view are reused by the next call, so a caller reads them before it calls
 * again; the buffer keeps the size of the longest text so far (one byte per character).
 */
export function charBytes(text: string): CharView {
  const n = text.length;
  view ??= { bytes: new Uint8Array(1024), ascii: true };
  if (view.bytes.length < n + SPARE_BYTES) view.bytes = new Uint8Array(n + SPARE_BYTES);
  const bytes = view.bytes;
  view.ascii = copyChars(text, bytes);
  return view;
}
