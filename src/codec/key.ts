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

import { scratchBytes } from './bytes.ts';

const SEED_1 = 0x9747b28c;
const SEED_2 = 0x2d358dcc;

/**
 * The group key of a canonical URL.
 *
 * @example
 * groupKey('/landing?utm_source=email') // 'a20fe7f47624cda6': same text, same key, everywhere
 */
export function groupKey(text: string): string {
  // Encoded natively into the encoder's and decoder's reused buffer (room for the worst
  // case and the padding): no allocation per key.
  const bytes = scratchBytes(text.length * 3 + 3);
  const { written } = (encoder ??= new TextEncoder()).encodeInto(text, bytes);
  return hashBytes(bytes, 0, written);
}

let encoder: TextEncoder | undefined;

/**
 * The key of `bytes[start, start + length)`: the same value {@link groupKey} gives their
 * text. The three bytes after the range are overwritten (the zero padding of the last
 * word), so the caller leaves room for them. The fast path hashes its own buffer with it.
 */
export function hashBytes(bytes: Uint8Array, start: number, length: number): string {
  const end = start + length;
  bytes[end] = 0;
  bytes[end + 1] = 0;
  bytes[end + 2] = 0;
  let h1 = SEED_1 ^ length;
  let h2 = SEED_2 ^ length;
  for (let i = start; i < end; i += 4) {
    // Little-endian words, assembled from bytes: as fast as a 32-bit view, with no endianness check.
    const word = (bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24);
    h1 = mixLane1(h1, word);
    h2 = mixLane2(h2, word);
  }
  return finish(h1, h2);
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

function finish(h1: number, h2: number): string {
  h1 = fmix32(h1);
  h2 = fmix32(h2);
  h1 = (h1 + h2) | 0;
  h2 = (h2 + h1) | 0;
  return hex16(h1, h2);
}

// https://github.com/aappleby/smhasher/blob/master/src/MurmurHash3.cpp (fmix32)
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const HEX = [0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66];

/** Sixteen lowercase hex digits of two 32-bit values, made in one call (a flat string, not a concatenation). */
function hex16(a: number, b: number): string {
  return String.fromCharCode(
    HEX[a >>> 28] as number,
    HEX[(a >>> 24) & 15] as number,
    HEX[(a >>> 20) & 15] as number,
    HEX[(a >>> 16) & 15] as number,
    HEX[(a >>> 12) & 15] as number,
    HEX[(a >>> 8) & 15] as number,
    HEX[(a >>> 4) & 15] as number,
    HEX[a & 15] as number,
    HEX[b >>> 28] as number,
    HEX[(b >>> 24) & 15] as number,
    HEX[(b >>> 20) & 15] as number,
    HEX[(b >>> 16) & 15] as number,
    HEX[(b >>> 12) & 15] as number,
    HEX[(b >>> 8) & 15] as number,
    HEX[(b >>> 4) & 15] as number,
    HEX[b & 15] as number,
  );
}
