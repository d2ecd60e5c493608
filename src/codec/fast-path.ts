import type { NormalizeChange } from './changes.ts';
import { groupKey } from './key.ts';
import type { Normalized } from './normalize.ts';
import type { CompiledPolicy } from './policy.ts';
import { isCanonicalEscape } from './component.ts';
import { isAsciiAlpha, isAsciiDigit, urlSafeTable } from './sets.ts';
import { findLoneSurrogate } from './utf8.ts';

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
  if (policy.caseInsensitive !== null || n === 0 || raw.charCodeAt(n - 1) <= 0x20) return null;
  const origin = scanOrigin(raw);
  if (origin === null) return null;

  // Path: raw-safe characters and canonical escapes, no dot segment, not empty.
  const safe = urlSafeTable();
  let at = origin.pathStart;
  for (; at < n; at++) {
    const c = raw.charCodeAt(at);
    if (c === 0x3f || c === 0x23) break;
    if (c === 0x25 && isCanonicalEscape(raw, at)) at += 2;
    else if (c >= 0x80 || safe[c] === 0) return null;
    else if (c === 0x2e && raw.charCodeAt(at - 1) === 0x2f) return null;
  }
  if (at === origin.pathStart) return null;
  const pathEnd = at;

  let end = pathEnd;
  let count = 0;
  if (raw.charCodeAt(pathEnd) === 0x3f) {
    count = scanQuery(raw, pathEnd + 1, policy.plusAsSpace, policy.trim);
    if (count <= 0) return null;
    end = (pieces as Pieces).queryEnd;
  }
  // A dropped fragment may hold anything, but a lone surrogate anywhere fails normalization.
  if (end < n && (policy.keepFragment || findLoneSurrogate(raw, end) >= 0)) return null;

  const changes: NormalizeChange[] = [];
  const prefix = canonicalOrigin(raw, origin, changes);
  const query = count > 0 ? canonicalQuery(raw, pathEnd + 1, count, policy, changes) : null;
  let canonical = raw;
  if (prefix !== null || query !== null || end < n) {
    const path = prefix === null ? raw.slice(0, pathEnd) : prefix + raw.slice(origin.pathStart, pathEnd);
    const finalQuery = query ?? (count > 0 ? raw.slice(pathEnd + 1, end) : '');
    canonical = finalQuery === '' ? path : path + '?' + finalQuery;
  }
  if (end < n) changes.push({ rule: 'drop-fragment', before: raw.slice(end), after: '' });
  return { ok: true, canonical, key: groupKey(canonical), raw, changes };
}

/** Where the parts before the path lie; -1 (and `pathStart` 0) for a path-only reference. */
type Origin = { hostStart: number; hostEnd: number; portStart: number; pathStart: number };

/**
 * The origin of an `http(s)` URL with a plain host and no userinfo, or of a path-only
 * reference; `null` when the fast path does not apply.
 */
function scanOrigin(raw: string): Origin | null {
  if (raw.charCodeAt(0) === 0x2f) {
    return raw.charCodeAt(1) === 0x2f ? null : { hostStart: -1, hostEnd: -1, portStart: -1, pathStart: 0 };
  }
  const https = raw.startsWith('https://');
  if (!https && !raw.startsWith('http://')) return null;
  const hostStart = https ? 8 : 7;
  let labelStart = hostStart;
  let at = hostStart;
  for (; at < raw.length; at++) {
    const c = raw.charCodeAt(at);
    if (c === 0x2f || c === 0x3a) break;
    if (c === 0x2e) labelStart = at + 1;
    else if (!(isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2d || c === 0x5f)) return null;
  }
  // A name ending in a number is read as IPv4 by WHATWG; leave it to the platform.
  if (at === hostStart || labelStart === at || isAsciiDigit(raw.charCodeAt(labelStart))) return null;
  const hostEnd = at;
  let portStart = -1;
  if (raw.charCodeAt(at) === 0x3a) {
    // Only a port that normalization removes: empty, or the scheme's default.
    portStart = at + 1;
    at = raw.indexOf('/', portStart);
    const digits = raw.slice(portStart, at);
    if (at < 0 || (digits !== '' && digits !== (https ? '443' : '80'))) return null;
  }
  return { hostStart, hostEnd, portStart, pathStart: at };
}

/**
 * The canonical text before the path when it differs from the input (host lowercased,
 * default or empty port removed), noting the changes as the general path does; `null`
 * when the input's own text is canonical.
 */
function canonicalOrigin(raw: string, origin: Origin, changes: NormalizeChange[]): string | null {
  if (origin.hostStart < 0) return null;
  const host = raw.slice(origin.hostStart, origin.hostEnd);
  const lower = host.toLowerCase();
  if (lower !== host) changes.push({ rule: 'lowercase-host', before: host, after: lower });
  if (origin.portStart >= 0) {
    const digits = raw.slice(origin.portStart, origin.pathStart);
    if (digits === '') changes.push({ rule: 'remove-empty-port', before: ':', after: '' });
    else changes.push({ rule: 'remove-default-port', before: ':' + digits, after: '' });
  } else if (lower === host) {
    return null;
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
    };
  }
  return pieces;
}

/**
 * Records the non-empty `&`-separated pieces of the query starting at `start` (it ends at
 * `#` or the end of the text) and returns their number, or -1 when a character is not
 * raw-safe or (with trim) an escape could be a space to trim.
 */
function scanQuery(raw: string, start: number, plusAsSpace: boolean, trim: boolean): number {
  const safe = urlSafeTable();
  let store = piecesFor(16);
  store.hadEmpty = false;
  let count = 0;
  let pieceStart = start;
  let nameEnd = -1;
  for (let at = start; ; at++) {
    const c = at < raw.length ? raw.charCodeAt(at) : 0x23;
    if (c === 0x26 || c === 0x23) {
      if (at === pieceStart) {
        store.hadEmpty ||= at > start || c === 0x26;
      } else {
        if (count === store.starts.length) store = grow(store);
        store.starts[count] = pieceStart;
        store.ends[count] = at;
        store.nameEnds[count] = nameEnd < 0 ? at : nameEnd;
        count++;
      }
      if (c === 0x23) {
        store.queryEnd = Math.min(at, raw.length);
        return count;
      }
      pieceStart = at + 1;
      nameEnd = -1;
    } else if (c === 0x25) {
      // With trim on, an escaped space at either end of a value would change; let the general path see escapes.
      if (trim || !isCanonicalEscape(raw, at)) return -1;
      at += 2;
    } else if (c >= 0x80 || safe[c] === 0 || (c === 0x2b && plusAsSpace)) {
      return -1;
    } else if (c === 0x3d && nameEnd < 0) {
      nameEnd = at;
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
function canonicalQuery(raw: string, start: number, count: number, policy: CompiledPolicy, changes: NormalizeChange[]): string | null {
  const { starts, ends, nameEnds, order, queryEnd, hadEmpty } = pieces as Pieces;
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
    if (comparePieceNames(raw, order[k - 1] as number, order[k] as number) > 0) {
      sorted = false;
      break;
    }
  }
  if (sorted && kept === count && !hadEmpty) return null;

  const inOrder = kept === count && !hadEmpty ? raw.slice(start, queryEnd) : joinPieces(raw, order, kept);
  if (sorted) {
    if (inOrder === '') changes.push({ rule: 'remove-empty-query', before: '?', after: '' });
    return inOrder;
  }
  sortPieces(raw, order, kept);
  const query = joinPieces(raw, order, kept);
  changes.push({ rule: 'sort-query', before: inOrder, after: query });
  return query;
}

/** Stable sort of `order[0, count)` by piece name. */
function sortPieces(raw: string, order: Int32Array, count: number): void {
  if (count > 16) {
    // Array.prototype.sort is stable; typed arrays' sort is not guaranteed to be.
    const sorted = Array.from(order.subarray(0, count)).sort((a, b) => comparePieceNames(raw, a, b));
    order.set(sorted);
    return;
  }
  // Insertion sort: stable, and quick for the handful of parameters a URL holds.
  for (let k = 1; k < count; k++) {
    const current = order[k] as number;
    let at = k - 1;
    while (at >= 0 && comparePieceNames(raw, order[at] as number, current) > 0) {
      order[at + 1] = order[at] as number;
      at--;
    }
    order[at + 1] = current;
  }
}

function joinPieces(raw: string, order: Int32Array, count: number): string {
  const { starts, ends } = pieces as Pieces;
  const parts = new Array<string>(count);
  for (let k = 0; k < count; k++) parts[k] = raw.slice(starts[order[k] as number], ends[order[k] as number]);
  return parts.join('&');
}

/** Code unit order of two pieces' names, as `<` orders strings. */
function comparePieceNames(raw: string, a: number, b: number): number {
  const { starts, nameEnds } = pieces as Pieces;
  const aStart = starts[a] as number;
  const bStart = starts[b] as number;
  const aLength = (nameEnds[a] as number) - aStart;
  const bLength = (nameEnds[b] as number) - bStart;
  const common = aLength < bLength ? aLength : bLength;
  for (let k = 0; k < common; k++) {
    const difference = raw.charCodeAt(aStart + k) - raw.charCodeAt(bStart + k);
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

function isDropped(name: string, policy: CompiledPolicy): boolean {
  return policy.dropNames?.has(name) === true || policy.dropPrefixes?.some((prefix) => name.startsWith(prefix)) === true;
}
