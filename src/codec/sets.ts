/**
 * Character classes and percent-encode sets, composed from small predicates the way
 * the WHATWG URL Standard defines its sets. Lookup tables are built on first use, so
 * importing this module does nothing until a set is needed.
 */

// https://infra.spec.whatwg.org/#ascii-alpha
export function isAsciiAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

// https://infra.spec.whatwg.org/#ascii-digit
export function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

// https://www.rfc-editor.org/rfc/rfc3986#section-2.3  unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
export function isUnreserved(c: number): boolean {
  return isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}

// https://www.rfc-editor.org/rfc/rfc3986#section-2.2  reserved = gen-delims / sub-delims
export function isReserved(c: number): boolean {
  return (
    // gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
    c === 0x3a ||
    c === 0x2f ||
    c === 0x3f ||
    c === 0x23 ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x40 ||
    // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    c === 0x21 ||
    c === 0x24 ||
    (c >= 0x26 && c <= 0x2c) ||
    c === 0x3b ||
    c === 0x3d
  );
}

// https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
// (its complement: the bytes a form serializer leaves raw; space is handled as "+" apart)
export function isFormSafe(c: number): boolean {
  return isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2a || c === 0x2d || c === 0x2e || c === 0x5f;
}

/**
 * Characters the "full URL (repair)" set leaves raw: unreserved and reserved. A `%` is
 * decided by context (raw when it starts a valid escape), so it is not in this set.
 */
export function isUrlSafe(c: number): boolean {
  return isUnreserved(c) || isReserved(c);
}

/** 1 for each ASCII code `leaveRaw` accepts: the lookup table the encoder loop reads. */
export function asciiTable(leaveRaw: (c: number) => boolean): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = leaveRaw(c) ? 1 : 0;
  return table;
}

let componentTable: Uint8Array | undefined;
let urlTable: Uint8Array | undefined;
let formTable: Uint8Array | undefined;

/** 1 for each ASCII code the component set leaves raw (unreserved). */
export function componentSafeTable(): Uint8Array {
  return (componentTable ??= asciiTable(isUnreserved));
}

/** 1 for each ASCII code the full-URL set leaves raw (unreserved and reserved). */
export function urlSafeTable(): Uint8Array {
  return (urlTable ??= asciiTable(isUrlSafe));
}

/** 1 for each ASCII code the form set leaves raw (`A-Z a-z 0-9 * - . _`). */
export function formSafeTable(): Uint8Array {
  return (formTable ??= asciiTable(isFormSafe));
}

/**
 * How normalization writes one URL component: which ASCII characters stay raw, which
 * escapes are decoded back to their character, and whether a `+` is a space. Everything
 * else is escaped as UTF-8 with uppercase hex; escapes of bytes that are not decoded stay
 * escapes byte for byte (so bytes that are not UTF-8 survive).
 */
export type ComponentSet = {
  /** 1 for each ASCII code written raw in the canonical form. */
  readonly raw: Uint8Array;
  /** 1 for each byte whose escape is decoded to the raw character. */
  readonly decode: Uint8Array;
  /** A raw `+` is a space (written `%20`): form-urlencoded names and values. */
  readonly plusIsSpace: boolean;
  /**
   * A query name or value, or a path, holding a `%` that starts no escape is kept as written
   * (only what a browser escapes is escaped): in a query Go drops such a pair, Rack raises,
   * Tomcat skips it; Go and Tomcat answer 400 to such a path.
   */
  readonly keepsStray?: boolean;
};

function componentSet(
  raw: (c: number) => boolean,
  decode: (c: number) => boolean,
  plusIsSpace: boolean,
  keepsStray = false,
): ComponentSet {
  const decodeTable = new Uint8Array(256);
  for (let c = 0; c < 128; c++) decodeTable[c] = decode(c) ? 1 : 0;
  return { raw: asciiTable(raw), decode: decodeTable, plusIsSpace, keepsStray };
}

// The data model's raw characters, per component (README.md, "Two models"): what a server
// reads the same whether it is written raw or escaped, and that carries no structure there.
// https://www.rfc-editor.org/rfc/rfc3986#section-3.3  pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
const isSegmentRaw = (c: number) =>
  isUnreserved(c) || (isReserved(c) && c !== 0x2f && c !== 0x3f && c !== 0x23 && c !== 0x5b && c !== 0x5d);
// https://url.spec.whatwg.org/#urlencoded-parsing  (`&` splits pairs, the first `=` splits name
// from value, `+` is a space; so those three, escaped, are data and must stay escaped)
const isQueryDataRaw = (c: number) =>
  isUnreserved(c) ||
  c === 0x21 ||
  c === 0x24 ||
  (c >= 0x27 && c <= 0x2a) ||
  c === 0x2c ||
  c === 0x3a ||
  c === 0x40 ||
  c === 0x2f ||
  c === 0x3f;
// Kept as written, raw or escaped, because some stack reads the two apart
// (tests/fixtures/servers/): in a query Go drops a pair holding a raw `;` and Rack splits at
// it; in a path Tomcat reads a raw `;` as the start of path parameters and drops them; in both
// Tomcat answers 400 to a raw `[ ] ^ \` { | }` and reads its escape, and browsers send some
// of them raw. A `\` too in a query; in a path Tomcat refuses `%5C` as well, and every other
// stack reads the two alike, so there a raw `\` is escaped like any character that must be.
const isKeptInPath = (c: number) =>
  c === 0x3b || c === 0x5b || c === 0x5d || c === 0x5e || c === 0x60 || c === 0x7b || c === 0x7c || c === 0x7d;
const isKeptAsWritten = (c: number) => isKeptInPath(c) || c === 0x5c;

let rfc3986Cache: ComponentSet | undefined;
let dataPathCache: ComponentSet | undefined;
let dataQueryCache: ComponentSet | undefined;

/**
 * RFC 3986 section 6.2.2 for any component: unreserved escapes decoded, reserved
 * characters raw or escaped exactly as written, what may not appear raw escaped.
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2
 */
export function rfc3986ComponentSet(): ComponentSet {
  return (rfc3986Cache ??= componentSet(isUrlSafe, isUnreserved, false));
}

/**
 * The data model's path: each segment holds unreserved characters and
 * `! $ & ' ( ) * + , = : @` raw (their escapes decoded); `/` stays raw as the separator, and an
 * escaped `/` stays escaped, because it is a slash inside one segment; `; [ ] ^ \` { | }` and
 * a stray `%` kept as written, since some server stack reads the raw and the escaped form apart;
 * a raw `\` escaped, since none does.
 */
export function dataPathSet(): ComponentSet {
  return (dataPathCache ??= componentSet(
    (c) => isSegmentRaw(c) || c === 0x2f || isKeptInPath(c),
    (c) => isSegmentRaw(c) && !isKeptInPath(c),
    false,
    true,
  ));
}

/**
 * The data model's query names and values: unreserved characters and
 * `! $ ' ( ) * , : @ / ?` raw (their escapes decoded); `& = +` escaped, since raw they are
 * structure (or a space); `; [ \ ] ^ \` { | }` and a stray `%` kept as written, since some
 * server stack reads the raw and the escaped form apart.
 */
export function dataQuerySet(): ComponentSet {
  return (dataQueryCache ??= componentSet((c) => isQueryDataRaw(c) || isKeptAsWritten(c), isQueryDataRaw, true, true));
}

/**
 * Whether a `%` followed by the characters coded `first` and `second` is an escape that is
 * canonical in `set`: two uppercase hex digits, of a byte whose escape the set keeps.
 * Takes codes, not a string, so scans over a string and over its code units share it.
 */
export function isCanonicalEscape(first: number, second: number, set: ComponentSet): boolean {
  const high = upperHexValue(first);
  const low = upperHexValue(second);
  return (high | low) >= 0 && set.decode[(high << 4) | low] === 0;
}

/** Character codes of the uppercase hex digits, indexed by nibble. */
export const HEX_DIGIT_CODES: readonly number[] = [
  0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46,
];

let escapeStrings: string[] | undefined;

// https://url.spec.whatwg.org/#percent-encode  ("%" followed by two uppercase hex digits)
export function percentEscape(byte: number): string {
  escapeStrings ??= Array.from({ length: 256 }, (_, b) => '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase());
  return escapeStrings[byte & 0xff] as string;
}

// https://infra.spec.whatwg.org/#ascii-hex-digit  (its value, or -1 for any other code)
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** The value of an uppercase hex digit (`0-9 A-F`), or -1: canonical escapes use no other. */
function upperHexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** The byte a valid escape at `text[i]` stands for, or -1 when no valid escape starts there. */
export function escapedByteAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x25 || i + 2 >= text.length) return -1;
  const high = hexValue(text.charCodeAt(i + 1));
  const low = hexValue(text.charCodeAt(i + 2));
  return high < 0 || low < 0 ? -1 : (high << 4) | low;
}

let pairTable: Int16Array | undefined;

/**
 * The byte two hex digit codes stand for, indexed by `(high << 8) | low` for codes below
 * 256, or -1. Lets the decoder read an escape with one lookup.
 */
export function hexPairTable(): Int16Array {
  if (pairTable === undefined) {
    pairTable = new Int16Array(1 << 16).fill(-1);
    for (let high = 0; high < 256; high++) {
      const h = hexValue(high);
      if (h < 0) continue;
      for (let low = 0; low < 256; low++) {
        const l = hexValue(low);
        if (l >= 0) pairTable[(high << 8) | low] = (h << 4) | l;
      }
    }
  }
  return pairTable;
}

/** Two hex digits at `text[i]` and `text[i + 1]`. */
export function isHexPairAt(text: string, i: number): boolean {
  return hexValue(text.charCodeAt(i)) >= 0 && hexValue(text.charCodeAt(i + 1)) >= 0;
}
