import type { NormalizeChange } from './changes.ts';
import { finishKey, groupKey, mixLane1, mixLane2, SEED_1, SEED_2 } from './key.ts';
import type { Normalized } from './normalize.ts';
import type { CompiledPolicy } from './policy.ts';
import { isAsciiAlpha, isAsciiDigit, isUnreserved, urlSafeTable } from './sets.ts';

/**
 * Normalization of the URLs analytics data is mostly made of, without parsing objects:
 * an `http(s)` URL with a plain host (letters, digits, `-`, `_`, `.`; maybe uppercase) and
 * no userinfo or port other than the default or an empty one, or a path-only reference;
 * every other character raw-safe ASCII or a canonical escape (uppercase, of a byte that is
 * not unreserved); no space, `+` read as a space, or dot segment. For those, the only
 * rules that can apply are host case, default or empty port, empty query pieces,
 * dropped parameters, query order and the dropped fragment.
 *
 * Returns `null` for anything else, which the general path then handles; the unit tests
 * check that both paths agree wherever this one answers, changes included.
 */
export function normalizeFast(raw: string, policy: CompiledPolicy): ({ ok: true } & Normalized) | null {
  const n = raw.length;
  if (policy.caseInsensitive !== null || n === 0 || n > MAX_FAST_LENGTH) return null;
  // One native call copies the URL into a reused byte buffer, which the scans below read
  // much faster than `charCodeAt`; a clean URL is ASCII, so byte and character indices agree.
  // Room for the input and, after it, the canonical URL's bytes (never longer) for the key.
  const scratch = keyScratch(2 * n + 12);
  const bytes = scratch.bytes;
  const { read, written } = (encoder ??= new TextEncoder()).encodeInto(raw, bytes);
  // Trailing whitespace (the general path strips it) may hide in a dropped fragment, which is not scanned.
  if (read !== n || written !== n || (bytes[n - 1] as number) <= 0x20) return null;
  const origin = scanOrigin(raw, bytes, n);
  if (origin === null) return null;

  const pathEnd = scanPath(bytes, n, origin.pathStart);
  if (pathEnd < 0) return null;

  let end = pathEnd;
  let count = 0;
  if (pathEnd < n && bytes[pathEnd] === 0x3f) {
    count = scanQuery(bytes, n, pathEnd + 1, policy.plusAsSpace, policy.trim);
    if (count <= 0) return null;
    end = (pieces as Pieces).queryEnd;
  }
  // The fragment is ASCII (checked above), so it holds no lone surrogate; a kept one takes the general path.
  if (end < n && policy.keepFragment) return null;

  const changes: NormalizeChange[] = [];
  const prefix = canonicalOrigin(raw, origin, changes);
  const query = count > 0 ? canonicalQuery(raw, bytes, pathEnd + 1, count, policy, changes) : null;
  if (prefix === null && query === null && end === n) {
    // Nothing changed: hash the bytes already in the buffer.
    return { ok: true, canonical: raw, key: hashScratch(scratch, 0, n), raw, changes };
  }
  const path = prefix === null ? raw.slice(0, pathEnd) : prefix + raw.slice(origin.pathStart, pathEnd);
  const finalQuery = query ?? (count > 0 ? raw.slice(pathEnd + 1, end) : '');
  const canonical = finalQuery === '' ? path : path + '?' + finalQuery;
  if (end < n) changes.push({ rule: 'drop-fragment', before: raw.slice(end), after: '' });
  const key = canonicalKey(scratch, n, origin, pathEnd, query !== null ? -1 : count > 0 ? end : pathEnd);
  return { ok: true, canonical, key, raw, changes };
}

/**
 * The group key of the canonical URL, from bytes: the canonical text is assembled from the
 * input's bytes (`scratch` holds them) right after them in the buffer, as `normalizeFast`
 * assembles the string, which saves encoding that string again. `queryEnd` is where the
 * input's query ends when it is kept as written (`pathEnd` when there is none), or -1 for
 * the pieces `canonicalQuery` left in order.
 */
function canonicalKey(scratch: KeyScratch, n: number, origin: Origin, pathEnd: number, queryEnd: number): string {
  const bytes = scratch.bytes;
  // 4-aligned, for the hash's 32-bit reads, and past the input's padding.
  const base = (n + 7) & ~3;
  let out = base;
  if (origin.hostStart >= 0) {
    out = copyBytes(bytes, 0, origin.hostStart, out);
    for (let at = origin.hostStart; at < origin.hostEnd; at++) {
      const c = bytes[at] as number;
      bytes[out++] = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
    }
  }
  // Without a host, `pathStart` is 0: the path is everything before it.
  out = copyBytes(bytes, origin.pathStart, pathEnd, out);
  if (queryEnd < 0) {
    const { starts, ends, order, kept } = pieces as Pieces;
    for (let k = 0; k < kept; k++) {
      bytes[out++] = k === 0 ? 0x3f : 0x26;
      const piece = order[k] as number;
      out = copyBytes(bytes, starts[piece] as number, ends[piece] as number, out);
    }
  } else if (queryEnd > pathEnd) {
    out = copyBytes(bytes, pathEnd, queryEnd, out);
  }
  return hashScratch(scratch, base, out - base);
}

/** Copies `bytes[from, to)` to `bytes[out...]`; returns the new end. A URL's pieces are short, so a loop beats `copyWithin`. */
function copyBytes(bytes: Uint8Array, from: number, to: number, out: number): number {
  for (let at = from; at < to; at++) bytes[out++] = bytes[at] as number;
  return out;
}

let encoder: TextEncoder | undefined;

/** Longer inputs take the general path, so the reused buffer stays small (about 64 KB). */
const MAX_FAST_LENGTH = 1 << 15;

// What each ASCII character means to the scans below, so a plain character costs one
// lookup and one comparison. The first three are plain in a query.
const PLAIN = 0; // raw-safe, with no role in a path or query
const DOT = 1;
const QUESTION = 2;
const HASH = 3;
const AMPERSAND = 4;
const EQUALS = 5;
const PLUS = 6;
const PERCENT = 7;
const UNSAFE = 8; // must be escaped: the URL is not clean

let classes: Uint8Array | undefined;

function classTable(): Uint8Array {
  if (classes === undefined) {
    const safe = urlSafeTable();
    classes = new Uint8Array(128);
    for (let c = 0; c < 128; c++) classes[c] = safe[c] === 1 ? PLAIN : UNSAFE;
    classes[0x2e] = DOT;
    classes[0x3f] = QUESTION;
    classes[0x23] = HASH;
    classes[0x26] = AMPERSAND;
    classes[0x3d] = EQUALS;
    classes[0x2b] = PLUS;
    classes[0x25] = PERCENT;
  }
  return classes;
}

/**
 * The end of a clean, non-empty path starting at `start` (at `?`, `#` or `n`): raw-safe
 * characters and canonical escapes, no dot segment. -1 when the path is not clean.
 */
function scanPath(bytes: Uint8Array, n: number, start: number): number {
  const table = classTable();
  let at = start;
  for (; at < n; at++) {
    const kind = table[bytes[at] as number] as number;
    if (kind === PLAIN || kind === AMPERSAND || kind === EQUALS || kind === PLUS) continue;
    if (kind === QUESTION || kind === HASH) break;
    if (kind === PERCENT && isCanonicalEscapeByte(bytes, at, n)) at += 2;
    else if (kind !== DOT || bytes[at - 1] === 0x2f) return -1;
  }
  return at === start ? -1 : at;
}

/**
 * Where the parts before the path lie; -1 (and `pathStart` 0) for a path-only reference.
 * `hostHasUpper` says whether the host needs lowercasing.
 */
type Origin = { hostStart: number; hostEnd: number; hostHasUpper: boolean; portStart: number; pathStart: number };

const PATH_ONLY: Origin = { hostStart: -1, hostEnd: -1, hostHasUpper: false, portStart: -1, pathStart: 0 };

/**
 * The origin of an `http(s)` URL with a plain host and no userinfo, or of a path-only
 * reference; `null` when the fast path does not apply. `bytes` holds the `n` ASCII
 * characters of `raw`.
 */
function scanOrigin(raw: string, bytes: Uint8Array, n: number): Origin | null {
  if (bytes[0] === 0x2f) return n > 1 && bytes[1] === 0x2f ? null : PATH_ONLY;
  const https = raw.startsWith('https://');
  if (!https && !raw.startsWith('http://')) return null;
  const hostStart = https ? 8 : 7;
  let labelStart = hostStart;
  let hostHasUpper = false;
  let at = hostStart;
  for (; at < n; at++) {
    const c = bytes[at] as number;
    if (c === 0x2f || c === 0x3a) break;
    if (c === 0x2e) labelStart = at + 1;
    else if (c >= 0x41 && c <= 0x5a) hostHasUpper = true;
    else if (!(isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2d || c === 0x5f)) return null;
  }
  // A name ending in a number is read as IPv4 by WHATWG; leave it to the platform.
  if (at === hostStart || labelStart === at || isAsciiDigit(bytes[labelStart] as number)) return null;
  const hostEnd = at;
  let portStart = -1;
  if (at < n && bytes[at] === 0x3a) {
    // Only a port that normalization removes: empty, or the scheme's default.
    portStart = at + 1;
    at = raw.indexOf('/', portStart);
    if (at < 0 || !isRemovablePort(bytes, portStart, at, https)) return null;
  }
  return { hostStart, hostEnd, hostHasUpper, portStart, pathStart: at };
}

/** `bytes[start, end)` is empty or the default port of http (80) or https (443). */
function isRemovablePort(bytes: Uint8Array, start: number, end: number, https: boolean): boolean {
  if (end === start) return true;
  if (https) return end - start === 3 && bytes[start] === 0x34 && bytes[start + 1] === 0x34 && bytes[start + 2] === 0x33;
  return end - start === 2 && bytes[start] === 0x38 && bytes[start + 1] === 0x30;
}

/**
 * The canonical text before the path when it differs from the input (host lowercased,
 * default or empty port removed), noting the changes as the general path does; `null`
 * when the input's own text is canonical.
 */
function canonicalOrigin(raw: string, origin: Origin, changes: NormalizeChange[]): string | null {
  if (origin.hostStart < 0 || (!origin.hostHasUpper && origin.portStart < 0)) return null;
  const host = raw.slice(origin.hostStart, origin.hostEnd);
  const lower = origin.hostHasUpper ? host.toLowerCase() : host;
  if (lower !== host) changes.push({ rule: 'lowercase-host', before: host, after: lower });
  if (origin.portStart >= 0) {
    const digits = raw.slice(origin.portStart, origin.pathStart);
    if (digits === '') changes.push({ rule: 'remove-empty-port', before: ':', after: '' });
    else changes.push({ rule: 'remove-default-port', before: ':' + digits, after: '' });
  }
  return raw.slice(0, origin.hostStart) + lower;
}

/**
 * Where each non-empty query piece and its name lie, where the query ends, and whether it
 * had empty pieces; reused between calls, grown on demand.
 */
type Pieces = {
  starts: Int32Array;
  ends: Int32Array;
  nameEnds: Int32Array;
  order: Int32Array;
  queryEnd: number;
  hadEmpty: boolean;
  /** How many of `order`'s first entries the canonical query keeps, once `canonicalQuery` ran. */
  kept: number;
};
let pieces: Pieces | undefined;

function piecesFor(count: number): Pieces {
  if (pieces === undefined || pieces.starts.length < count) {
    const size = Math.max(count, 64);
    pieces = {
      starts: new Int32Array(size),
      ends: new Int32Array(size),
      nameEnds: new Int32Array(size),
      order: new Int32Array(size),
      queryEnd: 0,
      hadEmpty: false,
      kept: 0,
    };
  }
  return pieces;
}

/**
 * Records the non-empty `&`-separated pieces of the query starting at `start` (it ends at
 * `#` or the end of the text) and returns their number, or -1 when a character is not
 * raw-safe or (with trim) an escape could be a space to trim.
 */
function scanQuery(bytes: Uint8Array, n: number, start: number, plusAsSpace: boolean, trim: boolean): number {
  const table = classTable();
  let store = piecesFor(16);
  store.hadEmpty = false;
  let count = 0;
  let pieceStart = start;
  let nameEnd = -1;
  for (let at = start; ; at++) {
    // The end of the text ends the query as a `#` does.
    const kind = at < n ? (table[bytes[at] as number] as number) : HASH;
    if (kind <= QUESTION) continue;
    if (kind === AMPERSAND || kind === HASH) {
      if (at === pieceStart) {
        store.hadEmpty ||= at > start || kind === AMPERSAND;
      } else {
        if (count === store.starts.length) store = grow(store);
        store.starts[count] = pieceStart;
        store.ends[count] = at;
        store.nameEnds[count] = nameEnd < 0 ? at : nameEnd;
        count++;
      }
      if (kind === HASH) {
        store.queryEnd = at < n ? at : n;
        return count;
      }
      pieceStart = at + 1;
      nameEnd = -1;
    } else if (kind === PERCENT) {
      // With trim on, an escaped space at either end of a value would change; let the general path see escapes.
      if (trim || !isCanonicalEscapeByte(bytes, at, n)) return -1;
      at += 2;
    } else if (kind === EQUALS) {
      if (nameEnd < 0) nameEnd = at;
    } else if (kind === UNSAFE || (kind === PLUS && plusAsSpace)) {
      return -1;
    }
  }
}

function grow(store: Pieces): Pieces {
  const bigger = piecesFor(store.starts.length * 2);
  bigger.starts.set(store.starts);
  bigger.ends.set(store.ends);
  bigger.nameEnds.set(store.nameEnds);
  bigger.hadEmpty = store.hadEmpty;
  return bigger;
}

/**
 * The query with empty pieces and dropped parameters removed and the rest in order, noting
 * the changes in the order the general path does; `null` when the query stays as it is.
 */
function canonicalQuery(
  raw: string,
  bytes: Uint8Array,
  start: number,
  count: number,
  policy: CompiledPolicy,
  changes: NormalizeChange[],
): string | null {
  const store = pieces as Pieces;
  const { starts, ends, nameEnds, order, queryEnd, hadEmpty } = store;
  const dropping = policy.dropNames !== null || policy.dropPrefixes !== null;
  let kept = 0;
  for (let k = 0; k < count; k++) {
    if (dropping && isDropped(raw.slice(starts[k], nameEnds[k]), policy)) {
      changes.push({ rule: 'drop-parameter', before: raw.slice(starts[k], ends[k]), after: '' });
    } else {
      order[kept++] = k;
    }
  }
  if (hadEmpty) {
    const written = raw.slice(start, queryEnd);
    changes.push({ rule: 'remove-empty-pairs', before: written, after: written.split('&').filter((piece) => piece !== '').join('&') });
  }
  let sorted = true;
  for (let k = 1; k < kept && policy.sort; k++) {
    if (comparePieceNames(bytes, order[k - 1] as number, order[k] as number) > 0) {
      sorted = false;
      break;
    }
  }
  store.kept = kept;
  const asWritten = kept === count && !hadEmpty;
  if (sorted && asWritten) return null;

  const inOrder = asWritten ? raw.slice(start, queryEnd) : joinPieces(raw, order, kept);
  if (sorted) {
    if (inOrder === '') changes.push({ rule: 'remove-empty-query', before: '?', after: '' });
    return inOrder;
  }
  sortPieces(bytes, order, kept);
  const query = joinPieces(raw, order, kept);
  changes.push({ rule: 'sort-query', before: inOrder, after: query });
  return query;
}

/** Stable sort of `order[0, count)` by piece name. */
function sortPieces(bytes: Uint8Array, order: Int32Array, count: number): void {
  if (count > 16) {
    // Array.prototype.sort is stable; typed arrays' sort is not guaranteed to be.
    const sorted = Array.from(order.subarray(0, count)).sort((a, b) => comparePieceNames(bytes, a, b));
    order.set(sorted);
    return;
  }
  // Insertion sort: stable, and quick for the handful of parameters a URL holds.
  for (let k = 1; k < count; k++) {
    const current = order[k] as number;
    let at = k - 1;
    while (at >= 0 && comparePieceNames(bytes, order[at] as number, current) > 0) {
      order[at + 1] = order[at] as number;
      at--;
    }
    order[at + 1] = current;
  }
}

function joinPieces(raw: string, order: Int32Array, count: number): string {
  const { starts, ends } = pieces as Pieces;
  // Concatenation, not an array and join: a URL has a handful of pieces.
  let out = '';
  for (let k = 0; k < count; k++) {
    const piece = order[k] as number;
    out += (k === 0 ? '' : '&') + raw.slice(starts[piece] as number, ends[piece] as number);
  }
  return out;
}

/** Code unit order of two pieces' names, as `<` orders strings (the pieces are ASCII, so bytes are code units). */
function comparePieceNames(bytes: Uint8Array, a: number, b: number): number {
  const { starts, nameEnds } = pieces as Pieces;
  const aStart = starts[a] as number;
  const bStart = starts[b] as number;
  const aLength = (nameEnds[a] as number) - aStart;
  const bLength = (nameEnds[b] as number) - bStart;
  const common = aLength < bLength ? aLength : bLength;
  for (let k = 0; k < common; k++) {
    const difference = (bytes[aStart + k] as number) - (bytes[bStart + k] as number);
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

function isDropped(name: string, policy: CompiledPolicy): boolean {
  return policy.dropNames?.has(name) === true || policy.dropPrefixes?.some((prefix) => name.startsWith(prefix)) === true;
}

let canonicalPairs: Uint8Array | undefined;

/** 1 at `(high << 8) | low` for the two digit codes of each canonical escape. */
function canonicalPairTable(): Uint8Array {
  if (canonicalPairs === undefined) {
    canonicalPairs = new Uint8Array(1 << 16);
    const upper = '0123456789ABCDEF';
    for (let byte = 0; byte < 256; byte++) {
      if (!isUnreserved(byte)) canonicalPairs[(upper.charCodeAt(byte >> 4) << 8) | upper.charCodeAt(byte & 15)] = 1;
    }
  }
  return canonicalPairs;
}

/**
 * An escape that is already canonical: uppercase hex digits, of a byte that is not an
 * unreserved character (those are decoded). One lookup in a table indexed by the two
 * digit codes, as the normalizer asks this for every escape it meets. Browsers get the
 * same answers without the 64 KB table from `fast-path.browser.ts` (the tests compare both).
 */
export function isCanonicalEscape(text: string, i: number): boolean {
  const high = text.charCodeAt(i + 1);
  const low = text.charCodeAt(i + 2);
  return (high | low) < 0x100 && canonicalPairTable()[(high << 8) | low] === 1;
}

/** {@link isCanonicalEscape} for the `%` at `bytes[i]` of the first `n` bytes of an ASCII text. */
function isCanonicalEscapeByte(bytes: Uint8Array, i: number, n: number): boolean {
  return i + 2 < n && canonicalPairTable()[((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number)] === 1;
}

// --- Group keys, a 32-bit word at a time ------------------------------------------------

/** A byte buffer with a 32-bit view of the same memory, when the platform is little-endian. */
type KeyScratch = { bytes: Uint8Array; words: Int32Array | null };

let scratch: KeyScratch | undefined;

/**
 * The reused buffer, with room for `size` bytes plus the zero padding of the last word.
 * The fast path fills it with a URL's bytes and hashes them in place.
 */
function keyScratch(size: number): KeyScratch {
  if (scratch === undefined || scratch.bytes.length < size + 4) {
    // A multiple of 4, so the 32-bit view covers every byte.
    const buffer = new ArrayBuffer((Math.max(size, 1020) + 4) & ~3);
    // The words are read little-endian; a big-endian platform gets no view, and the key from the text.
    const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
    scratch = { bytes: new Uint8Array(buffer), words: littleEndian ? new Int32Array(buffer) : null };
  }
  return scratch;
}

/**
 * The key of `scratch.bytes[start, start + length)`: the same value {@link groupKey} gives
 * their text. `start` is a multiple of 4; the three bytes after the range are overwritten.
 */
function hashScratch(scratch: KeyScratch, start: number, length: number): string {
  const { bytes, words } = scratch;
  // Big-endian: the plain form, from the text again (the bytes are UTF-8 that encodeInto wrote, so this is exact).
  if (words === null) return groupKey(new TextDecoder().decode(bytes.subarray(start, start + length)));
  // The last word is padded with zeros.
  const end = start + length;
  bytes[end] = 0;
  bytes[end + 1] = 0;
  bytes[end + 2] = 0;
  let h1 = SEED_1 ^ length;
  let h2 = SEED_2 ^ length;
  const last = (end + 3) >> 2;
  for (let i = start >> 2; i < last; i++) {
    const word = words[i] as number;
    h1 = mixLane1(h1, word);
    h2 = mixLane2(h2, word);
  }
  return finishKey(h1, h2);
}
