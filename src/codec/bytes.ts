/**
 * Scratch byte buffers and the byte-to-string step shared by the encoder and decoder.
 * The encoder and decoder work on bytes in a reused buffer because a typed-array loop
 * plus one native `TextDecoder` call is several times faster than building strings
 * piece by piece.
 */

/**
 * Buffers up to this size are kept between calls, so encoding or decoding a large text
 * again allocates nothing; bigger ones are left to the collector.
 */
const RETAINED_BYTES = 16 << 20;

let retained: Uint8Array | undefined;

/** A buffer of at least `size` bytes whose contents are undefined. */
export function scratchBytes(size: number): Uint8Array {
  if (size > RETAINED_BYTES) return new Uint8Array(size);
  if (retained === undefined || retained.length < size) {
    retained = new Uint8Array(Math.max(size, 1024));
  }
  return retained;
}

let utf8Decoder: TextDecoder | undefined;
let fatalUtf8Decoder: TextDecoder | undefined;

/**
 * The string of the first `length` bytes, read as UTF-8 with U+FFFD for invalid input.
 * The byte order mark is kept, as the WHATWG "UTF-8 decode without BOM" requires.
 * https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
 */
export function utf8String(bytes: Uint8Array, length: number): string {
  utf8Decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
  return utf8Decoder.decode(bytes.subarray(0, length));
}

/** Like {@link utf8String}, but `null` when the bytes are not valid UTF-8. */
export function strictUtf8String(bytes: Uint8Array, length: number): string | null {
  fatalUtf8Decoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    return fatalUtf8Decoder.decode(bytes.subarray(0, length));
  } catch {
    // A fatal decoder throws a TypeError on invalid bytes.
    return null;
  }
}

let encoder: TextEncoder | undefined;

/**
 * The UTF-8 bytes of `text` (lone surrogates as U+FFFD) in a scratch buffer with at least
 * `spare` bytes free after them. Tries a buffer sized for ASCII first, which most escaped
 * text is, and only then one sized for the worst case.
 */
export function utf8Scratch(text: string, spare: number): { bytes: Uint8Array; length: number } {
  encoder ??= new TextEncoder();
  let bytes = scratchBytes(text.length + spare);
  let { read, written } = encoder.encodeInto(text, bytes.subarray(0, bytes.length - spare));
  if (read < text.length) {
    bytes = scratchBytes(text.length * 3 + spare);
    ({ read, written } = encoder.encodeInto(text, bytes.subarray(0, bytes.length - spare)));
  }
  return { bytes, length: written };
}
