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

const SEED_1 = 0x9747b28c;
const SEED_2 = 0x2d358dcc;

/**
 * The group key of a canonical URL.
 *
 * @example
 * groupKey('/landing?utm_source=email') // 'a20fe7f47624cda6': same text, same key, everywhere
 */
export function groupKey(text: string): string {
  // Hash the character codes as bytes, which they are when the text is ASCII (canonical
  // URLs always are); any other text is hashed again from its real UTF-8 bytes.
  const length = text.length;
  const whole = length & ~3;
  let h1 = SEED_1 ^ length;
  let h2 = SEED_2 ^ length;
  let seen = 0;
  let i = 0;
  for (; i < whole; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    seen |= c0 | c1 | c2 | c3;
    const word = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
    h1 = mixLane1(h1, word);
    h2 = mixLane2(h2, word);
  }
  if (i < length) {
    let word = 0;
    for (let k = 0; i + k < length; k++) {
      const c = text.charCodeAt(i + k);
      seen |= c;
      word |= c << (8 * k);
    }
    h1 = mixLane1(h1, word);
    h2 = mixLane2(h2, word);
  }
  return seen < 0x80 ? finish(h1, h2) : hashBytes(new TextEncoder().encode(text));
}

function hashBytes(bytes: Uint8Array): string {
  const length = bytes.length;
  let h1 = SEED_1 ^ length;
  let h2 = SEED_2 ^ length;
  for (let i = 0; i < length; i += 4) {
    // Bytes past the end are missing: the last word is padded with zeros.
    const word = (bytes[i] as number) | ((bytes[i + 1] ?? 0) << 8) | ((bytes[i + 2] ?? 0) << 16) | ((bytes[i + 3] ?? 0) << 24);
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
  return hex8(h1) + hex8(h2);
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

/** Eight lowercase hex digits of a 32-bit value. */
function hex8(n: number): string {
  return String.fromCharCode(
    HEX[n >>> 28] as number,
    HEX[(n >>> 24) & 15] as number,
    HEX[(n >>> 20) & 15] as number,
    HEX[(n >>> 16) & 15] as number,
    HEX[(n >>> 12) & 15] as number,
    HEX[(n >>> 8) & 15] as number,
    HEX[(n >>> 4) & 15] as number,
    HEX[n & 15] as number,
  );
}
