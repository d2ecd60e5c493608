/**
 * UTF-16 and UTF-8 facts the encoder, decoder and inspector share.
 * https://encoding.spec.whatwg.org/#utf-8
 */

type MaybeWellFormed = { isWellFormed?: () => boolean };

/**
 * Index of the first unpaired surrogate at or after `from`, or -1.
 * Uses the native `String.prototype.isWellFormed` (ES2024) to skip the scan when it can.
 */
export function findLoneSurrogate(text: string, from = 0): number {
  if (from === 0) {
    const native = (text as unknown as MaybeWellFormed).isWellFormed;
    if (typeof native === 'function' && native.call(text)) return -1;
  }
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    // A high surrogate followed by a low one is a pair.
    const next = text.charCodeAt(i + 1);
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

/**
 * The text with every unpaired surrogate replaced by U+FFFD, as a UTF-8 encoder would (or by
 * `replacement`: Java's `String.getBytes` writes `?`).
 */
export function replaceLoneSurrogates(text: string, replacement = '\uFFFD'): string {
  let i = findLoneSurrogate(text);
  if (i < 0) return text;
  let out = '';
  let last = 0;
  while (i >= 0) {
    out += text.slice(last, i) + replacement;
    last = i + 1;
    i = findLoneSurrogate(text, last);
  }
  return out + text.slice(last);
}

/** Number of UTF-8 bytes of a code point (3 for a surrogate, as for the U+FFFD it becomes). */
export function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

// https://encoding.spec.whatwg.org/#utf-8-encoder
export function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) {
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  }
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

/**
 * Reads one UTF-8 sequence of `bytes` starting at `start` (before `end`), following the
 * WHATWG UTF-8 decoder, so invalid input splits into the same maximal subparts that
 * `TextDecoder` replaces with one U+FFFD each.
 *
 * Returns `(length << 21) | codePoint` for a valid sequence, or `-length` for a maximal
 * invalid subsequence of `length` bytes.
 * https://encoding.spec.whatwg.org/#utf-8-decoder
 */
export function readUtf8(bytes: ArrayLike<number>, start: number, end: number): number {
  const lead = bytes[start] as number;
  if (lead < 0x80) return (1 << 21) | lead;
  let needed: number;
  let codePoint: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    needed = 1;
    codePoint = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    if (lead === 0xe0) lower = 0xa0;
    if (lead === 0xed) upper = 0x9f;
    needed = 2;
    codePoint = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    if (lead === 0xf0) lower = 0x90;
    if (lead === 0xf4) upper = 0x8f;
    needed = 3;
    codePoint = lead & 0x07;
  } else {
    return -1;
  }
  for (let seen = 1; seen <= needed; seen++) {
    if (start + seen >= end) return -seen;
    const byte = bytes[start + seen] as number;
    if (byte < lower || byte > upper) return -seen;
    lower = 0x80;
    upper = 0xbf;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return ((needed + 1) << 21) | codePoint;
}
