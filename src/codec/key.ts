/**
 * Group keys: a fixed-width 64-bit hash of the canonical URL, written as 16 lowercase hex
 * digits. It uses only 32-bit integer arithmetic (`Math.imul`, shifts), so every engine
 * (Node, Chromium, Firefox, Safari, a worker) computes the same key for the same text.
 *
 * The hash: the UTF-8 bytes, read as little-endian 32-bit words (the last one padded with
 * zeros), feed two MurmurHash3-style lanes with different constants, both seeded with the
 * byte length; each lane is finished with MurmurHash3's fmix32 and the lanes are mixed into
 * each other. Not cryptographic: it groups analytics rows, it does not defend against
 * crafted collisions. With 64 bits, a collision among 100,000 distinct URLs has a
 * probability below 10^-9.
 * https://github.com/aappleby/smhasher/blob/master/src/MurmurHash3.cpp
 */

import { copyChars } from '#codec/char-copy';
import { scratchBytes } from './bytes.ts';
import { SPARE_BYTES } from './char-bytes.ts';

const SEED_1 = 0x9747b28c;
const SEED_2 = 0x2d358dcc;

/**
 * The group key of a canonical URL.
 *
 * Node and browsers alike compute it here, from the text's UTF-8 bytes.
 *
 * @example
 * groupKey('/landing?utm_source=email') // 'a20fe7f47624cda6': same text, same key, everywhere
 */
export function groupKey(text: string): string {
  // Written into the codec's reused buffer, not a fresh array per key: grouping 100,000
  // lines in a worker allocated enough garbage otherwise to take ~30% longer. A canonical URL
  // is ASCII (other characters escaped, hosts in Punycode), so its characters, copied as the
  // scans copy them, are its UTF-8; in browsers that copy is faster than the encoder.
  const bytes = scratchBytes(text.length * 3 + SPARE_BYTES);
  const length = copyChars(text, bytes) ? text.length : (encoder ??= new TextEncoder()).encodeInto(text, bytes).written;
  return groupKeyOfBytes(bytes, length);
}

/**
 * The group key of the text whose UTF-8 bytes are `bytes[0, length)`, for a caller that
 * holds them. Overwrites the {@link SPARE_BYTES} after them (the last word's zero padding),
 * which the buffers of `charBytes` and `scratchBytes` callers here leave room for.
 */
export function groupKeyOfBytes(bytes: Uint8Array, length: number): string {
  bytes[length] = bytes[length + 1] = bytes[length + 2] = 0;
  let h1 = SEED_1 ^ length;
  let h2 = SEED_2 ^ length;
  for (let i = 0; i < length; i += 4) {
    // Little-endian words assembled from bytes.
    const word =
      (bytes[i] as number) |
      ((bytes[i + 1] as number) << 8) |
      ((bytes[i + 2] as number) << 16) |
      ((bytes[i + 3] as number) << 24);
    h1 = mixLane1(h1, word);
    h2 = mixLane2(h2, word);
  }
  return finishKey(h1, h2);
}

let encoder: TextEncoder | undefined;

/** The key from the two lanes after the last word: each finished, mixed into the other, as hex. */
function finishKey(h1: number, h2: number): string {
  h1 = fmix32(h1);
  h2 = fmix32(h2);
  h1 = (h1 + h2) | 0;
  h2 = (h2 + h1) | 0;
  return hex8(h1) + hex8(h2);
}

let byteHex: string[] | undefined;

/** Eight lowercase hex digits, a byte at a time (a key is made for every URL grouped). */
function hex8(h: number): string {
  const hex = (byteHex ??= Array.from({ length: 256 }, (_, b) => (b < 16 ? '0' : '') + b.toString(16)));
  return (hex[h >>> 24] as string) + hex[(h >>> 16) & 255] + hex[(h >>> 8) & 255] + hex[h & 255];
}

// MurmurHash3 x86_32's block step.
function mixLane1(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  h ^= k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

// The same shape with other constants, so the two halves of the key are independent.
function mixLane2(h: number, word: number): number {
  let k = Math.imul(word, 0x85ebca6b);
  k = Math.imul((k << 17) | (k >>> 15), 0xc2b2ae35);
  h ^= k;
  return (Math.imul((h << 11) | (h >>> 21), 9) + 0x38495ab5) | 0;
}

// https://github.com/aappleby/smhasher/blob/master/src/MurmurHash3.cpp (fmix32)
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
