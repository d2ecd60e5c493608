/**
 * Legacy charsets, read through the platform's `TextDecoder` with WHATWG labels: the
 * codec bundles no charset tables of its own.
 * https://encoding.spec.whatwg.org/#names-and-labels
 */

export type Charset = {
  /** The canonical WHATWG name the label resolves to, e.g. `windows-1252` for `iso-8859-1`. */
  name: string;
  /** Replaces undecodable bytes with U+FFFD. */
  lenient: TextDecoder;
  /** Throws on undecodable bytes. */
  fatal: TextDecoder;
};

let charsets: Map<string, Charset | null> | undefined;

/** The charset a WHATWG label names, or `null` for an unknown label (or `replacement`). */
export function resolveCharset(label: string): Charset | null {
  charsets ??= new Map();
  const key = label.trim().toLowerCase();
  let charset = charsets.get(key);
  if (charset === undefined) {
    try {
      const fatal = new TextDecoder(key, { fatal: true, ignoreBOM: true });
      const lenient = new TextDecoder(key, { ignoreBOM: true });
      charset = { name: fatal.encoding, lenient, fatal };
    } catch {
      // `TextDecoder` throws a RangeError for labels it does not know.
      charset = null;
    }
    charsets.set(key, charset);
  }
  return charset;
}

/**
 * Offset of the byte at which a fatal decoder for `charset` first fails, found by
 * feeding the bytes one at a time; `bytes.length - 1` when only the end is incomplete.
 */
export function firstUndecodableByte(charset: Charset, bytes: Uint8Array): number {
  const decoder = new TextDecoder(charset.name, { fatal: true, ignoreBOM: true });
  for (let k = 0; k < bytes.length; k++) {
    try {
      decoder.decode(bytes.subarray(k, k + 1), { stream: true });
    } catch {
      return k;
    }
  }
  return bytes.length - 1;
}

let singleByteEncoders: Map<string, Map<number, number> | null> | undefined;

/**
 * Percent-encodes `text` in a single-byte legacy charset, following "percent-encode
 * after encoding": characters the charset cannot represent become the escaped HTML
 * numeric reference `%26%23NNN%3B`. The code point to byte map is derived by reading
 * all 256 bytes through `TextDecoder`, so no table is bundled. Returns `null` for
 * unknown labels and for charsets that are not single-byte.
 *
 * Not part of the public API (the codec always encodes as UTF-8); it lets the test suite
 * run the WPT percent-encoding cases that use a legacy output encoding.
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 */
export function percentEncodeSingleByte(
  text: string,
  label: string,
  leaveRaw: (byte: number) => boolean,
): string | null {
  const charset = resolveCharset(label);
  if (charset === null) return null;
  singleByteEncoders ??= new Map();
  let toByte = singleByteEncoders.get(charset.name);
  if (toByte === undefined) {
    toByte = singleByteMap(charset);
    singleByteEncoders.set(charset.name, toByte);
  }
  if (toByte === null) return null;
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    const byte = toByte.get(codePoint);
    if (byte === undefined) {
      out += `%26%23${codePoint}%3B`;
    } else if (byte < 0x80 && leaveRaw(byte)) {
      out += String.fromCharCode(byte);
    } else {
      out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
    }
  }
  return out;
}

// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
const SINGLE_BYTE = /^(?:ibm866|iso-8859-\d+(?:-i)?|koi8-[ru]|macintosh|windows-(?:874|125\d)|x-mac-cyrillic)$/;

function singleByteMap(charset: Charset): Map<number, number> | null {
  if (!SINGLE_BYTE.test(charset.name)) return null;
  const map = new Map<number, number>();
  for (let byte = 0; byte < 256; byte++) {
    const codePoint = charset.lenient.decode(Uint8Array.of(byte)).charCodeAt(0);
    // Unmapped bytes decode to U+FFFD; the first byte for a code point wins, as in the index.
    if (codePoint !== 0xfffd && !map.has(codePoint)) map.set(codePoint, byte);
  }
  return map;
}
