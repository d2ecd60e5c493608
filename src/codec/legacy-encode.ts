/**
 * Encoding text into a legacy charset, for forms and queries on pages served in one.
 *
 * No table is shipped: each charset's code point → bytes map is read off the platform's own
 * `TextDecoder`, once per charset and only when that charset is first asked for. Single-byte
 * charsets decode all 256 bytes in one call; the multi-byte ones decode every lead/trail pair,
 * then apply the few rules by which the WHATWG encoder departs from the decoder.
 * https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings (and the
 * sections that follow it)
 */
import type { Charset } from './charsets.ts';

/**
 * Writes the bytes of `codePoint` into `out` at `j` and returns the next position, or -1 when
 * the charset cannot represent it. Every charset here writes ASCII as itself.
 */
export type CodePointWriter = (codePoint: number, out: Uint8Array, j: number) => number;

// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
const SINGLE_BYTE = /^(?:ibm866|iso-8859-\d+(?:-i)?|koi8-[ru]|macintosh|windows-(?:874|125\d)|x-mac-cyrillic)$/;

/**
 * The charsets {@link writerFor} can encode: every legacy one of the WHATWG Encoding Standard
 * but ISO-2022-JP, whose encoder is stateful (escape sequences switch the character set
 * between characters), and `replacement`, which has no encoder. Takes canonical names.
 *
 * @example
 * isEncodable('windows-1251') // true
 * isEncodable('iso-2022-jp')  // false
 */
export function isEncodable(name: string): boolean {
  return SINGLE_BYTE.test(name) || name in MULTI_BYTE;
}

let writers: Map<string, CodePointWriter | null> | undefined;

/** The writer for `charset`, built on first use, or `null` for a charset without one. */
export function writerFor(charset: Charset): CodePointWriter | null {
  writers ??= new Map();
  let writer = writers.get(charset.name);
  if (writer === undefined) {
    const build = SINGLE_BYTE.test(charset.name) ? singleByte : MULTI_BYTE[charset.name];
    writer = build ? build(charset) : null;
    writers.set(charset.name, writer);
  }
  return writer;
}

/** A map from code point to a packed byte pair (`lead << 8 | trail`) or a single byte. */
type Packed = Map<number, number>;

function packedWriter(
  map: Packed,
  fallback?: (codePoint: number, out: Uint8Array, j: number) => number,
): CodePointWriter {
  return (codePoint, out, j) => {
    if (codePoint < 0x80) {
      out[j] = codePoint;
      return j + 1;
    }
    const packed = map.get(codePoint);
    if (packed === undefined) return fallback ? fallback(codePoint, out, j) : -1;
    if (packed > 0xff) out[j++] = packed >> 8;
    out[j] = packed & 0xff;
    return j + 1;
  };
}

function singleByte(charset: Charset): CodePointWriter {
  return packedWriter(singleBytes(charset, 0x80, 0xff));
}

/**
 * The bytes from `first` to `last` that decode on their own, each to one character. The
 * first byte for a code point wins, as in the index; unmapped bytes decode to U+FFFD.
 */
function singleBytes(charset: Charset, first: number, last: number): Packed {
  const map: Packed = new Map();
  const byte = new Uint8Array(1);
  for (let b = first; b <= last; b++) {
    byte[0] = b;
    const text = charset.lenient.decode(byte);
    const codePoint = text.charCodeAt(0);
    if (text.length === 1 && codePoint !== 0xfffd && !map.has(codePoint)) map.set(codePoint, b);
  }
  return map;
}

/**
 * Decodes each two-byte sequence `lead, trail` (leads and trails in pointer order) and keeps
 * the first pair for each code point, as the WHATWG "index pointer" does (the last for the
 * code points in `lastWins`). `skip` drops pairs the encoder must not use; sequences that decode to anything but one code point are left out.
 */
function pairs(
  charset: Charset,
  map: Packed,
  leads: [number, number],
  trails: (t: number) => boolean,
  skip?: (lead: number, trail: number, codePoint: number) => boolean,
  lastWins?: readonly number[],
): Packed {
  const pair = new Uint8Array(2);
  for (let lead = leads[0]; lead <= leads[1]; lead++) {
    pair[0] = lead;
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (!trails(trail)) continue;
      pair[1] = trail;
      const text = charset.lenient.decode(pair);
      const codePoint = text.codePointAt(0) as number;
      if (codePoint === 0xfffd || text.length !== (codePoint > 0xffff ? 2 : 1)) continue;
      if (map.has(codePoint) && !lastWins?.includes(codePoint)) continue;
      if (skip?.(lead, trail, codePoint)) continue;
      map.set(codePoint, (lead << 8) | trail);
    }
  }
  return map;
}

/** Encoder-only rules of Shift_JIS and EUC-JP: ¥ and ‾ as their ASCII bytes, − as the fullwidth hyphen-minus. */
function japaneseExtras(map: Packed): Packed {
  map.set(0xa5, 0x5c);
  map.set(0x203e, 0x7e);
  const minus = map.get(0xff0d);
  if (minus !== undefined) map.set(0x2212, minus);
  return map;
}

// https://encoding.spec.whatwg.org/#index-big5-pointer: these six take their last pointer.
const BIG5_LAST = [0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345];

const isPrivateUse = (codePoint: number) => codePoint >= 0xe000 && codePoint <= 0xf8ff;

const MULTI_BYTE: Record<string, (charset: Charset) => CodePointWriter> = {
  // https://encoding.spec.whatwg.org/#shift_jis-encoder: the index without pointers 8272-8835
  // (NEC's copies of IBM extensions); pairs the decoder maps to private use are not encoded.
  shift_jis: (charset) => {
    // Single bytes (U+0080 where the platform maps it, halfwidth katakana) from the decoder too.
    const map = pairs(
      charset,
      singleBytes(charset, 0x80, 0xdf),
      [0x81, 0xfc],
      (t) => t !== 0x7f && t <= 0xfc,
      (lead, trail, codePoint) => {
        if (lead > 0x9f && lead < 0xe0) return true;
        const pointer = (lead - (lead < 0xa0 ? 0x81 : 0xc1)) * 188 + trail - (trail < 0x7f ? 0x40 : 0x41);
        return (pointer >= 8272 && pointer <= 8835) || isPrivateUse(codePoint);
      },
    );
    return packedWriter(japaneseExtras(map));
  },
  // https://encoding.spec.whatwg.org/#euc-jp-encoder: JIS X 0208 as two bytes (the decoder's
  // three-byte JIS X 0212 has no encoder), halfwidth katakana after 0x8E.
  'euc-jp': (charset) => {
    const map = pairs(charset, new Map(), [0xa1, 0xfe], (t) => t >= 0xa1);
    pairs(charset, map, [0x8e, 0x8e], (t) => t >= 0xa1 && t <= 0xdf);
    return packedWriter(japaneseExtras(map));
  },
  // https://encoding.spec.whatwg.org/#euc-kr-encoder
  'euc-kr': (charset) => packedWriter(pairs(charset, new Map(), [0x81, 0xfe], (t) => t >= 0x41)),
  // https://encoding.spec.whatwg.org/#big5-encoder: no Hong Kong extensions below lead 0xA1,
  // and for six code points the last pointer, not the first.
  big5: (charset) =>
    packedWriter(pairs(charset, new Map(), [0xa1, 0xfe], (t) => t <= 0x7e || t >= 0xa1, undefined, BIG5_LAST)),
  // https://encoding.spec.whatwg.org/#gb18030-encoder with "is GBK": two bytes only, € as 0x80.
  gbk: (charset) => {
    const map = gbPairs(charset);
    map.set(0x20ac, 0x80);
    return packedWriter(map);
  },
  // The same two-byte table, then four bytes for everything else (the ranges index).
  gb18030: (charset) => packedWriter(gbPairs(charset), gbFourBytes(charset)),
};

// U+E5E5 is the one code point the gb18030 encoder refuses.
const gbPairs = (charset: Charset) => {
  const map = pairs(charset, new Map(), [0x81, 0xfe], (t) => t !== 0x7f);
  map.delete(0xe5e5);
  return map;
};

/**
 * gb18030's four-byte sequences, for code points outside the two-byte table. Above U+FFFF the
 * pointer is arithmetic; in the BMP (pointers 0 to 39419, the ranges index) the table comes
 * from decoding all of them in one call, the first time one is needed.
 */
function gbFourBytes(charset: Charset) {
  const write = (pointer: number, out: Uint8Array, j: number) => {
    out[j] = Math.floor(pointer / 12600) + 0x81;
    out[j + 1] = (Math.floor(pointer / 1260) % 10) + 0x30;
    out[j + 2] = (Math.floor(pointer / 10) % 126) + 0x81;
    out[j + 3] = (pointer % 10) + 0x30;
    return j + 4;
  };
  let bmp: Int32Array | undefined;
  const bmpPointers = () => {
    const all = new Uint8Array(39420 * 4);
    for (let pointer = 0; pointer < 39420; pointer++) write(pointer, all, pointer * 4);
    const text = charset.lenient.decode(all);
    const table = new Int32Array(0x10000).fill(-1);
    // Every pointer decodes to one BMP unit; should one not, the table stops rather than shift.
    if (text.length !== 39420) return table;
    for (let pointer = 0; pointer < 39420; pointer++) {
      const codePoint = text.charCodeAt(pointer);
      if (codePoint !== 0xfffd && table[codePoint] === -1) table[codePoint] = pointer;
    }
    return table;
  };
  return (codePoint: number, out: Uint8Array, j: number): number => {
    if (codePoint === 0xe5e5) return -1;
    const pointer = codePoint > 0xffff ? 189000 + codePoint - 0x10000 : ((bmp ??= bmpPointers())[codePoint] as number);
    return pointer < 0 ? -1 : write(pointer, out, j);
  };
}
