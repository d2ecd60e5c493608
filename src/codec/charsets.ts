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
