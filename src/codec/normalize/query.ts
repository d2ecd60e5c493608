/**
 * The query: split into pairs at `&` and at each pair's first `=`, each name and value
 * written canonically under the model's set, then the policy's rules.
 */
import { decode } from '../decode.ts';
import { escapedByteAt, isCanonicalEscape, type ComponentSet } from '../sets.ts';
import type { CharBytes } from '../char-bytes.ts';
import type { ChangeLog } from './changes.ts';
import { canonicalComponent } from './component.ts';
import type { CompiledPolicy, PolicyNames } from './policy.ts';
import { noteKeptApart } from './kept.ts';
import type { NormalizeModel } from './types.ts';

/**
 * The canonical query of `text[start, end)` (without the `?`; `chars`: its bytes, see
 * `charBytes`): `null` when it is written so already, `''` when nothing is left (so the `?`
 * goes too), else the new query.
 *
 * In the data model a pair is what a form parser reads: `+` is a space, and escaped `& = +`
 * stay escaped because raw they are structure; what some server stack reads apart stays as
 * written (`?a` is not `?a=`, `;` is not `%3B`: see `noteKeptApart`). In the rfc3986 model
 * the query is text: `?a` stays `?a`, `+` stays a plus.
 * In both, names and values are canonicalized apart, so `%26` and `%3D` never become separators.
 *
 * https://url.spec.whatwg.org/#urlencoded-parsing (data)
 * https://www.rfc-editor.org/rfc/rfc3986#section-3.4 (rfc3986)
 */
export function canonicalQuery(
  text: string,
  chars: CharBytes,
  start: number,
  end: number,
  set: ComponentSet,
  model: NormalizeModel,
  policy: CompiledPolicy,
  log: ChangeLog | null,
): string | null {
  if (log !== null && model === 'data') noteKeptApart(text, start, end, log);
  const pairs = (reused ??= newPairs(64));
  const count = scanPairs(pairs, chars, start, end, set);
  // Names written canonically keep their order (no rule changes a name), so it is known now.
  const inOrder = !policy.sort || (pairs.dirty === 0 ? isSorted(pairs, chars, count) : null);
  // Written canonically already, the common case: nothing to rewrite, add, remove or reorder.
  const asWritten = pairs.dirty === 0 && !pairs.hadEmpty && !policy.trim && !policy.perParameter;
  if (count > 0 && asWritten && inOrder === true) return null;
  return writeQuery(pairs, text, chars, start, end, count, set, model, policy, log, inOrder);
}

/**
 * The query's non-empty `&`-separated pieces, as offsets into the text, reused between calls
 * and grown on demand. A pair's name or value is written as it stands in the text unless the
 * writer gives it a new text (`names`, `values`), so a query that only needs reordering
 * allocates nothing but its new text.
 */
type Pairs = {
  starts: Int32Array;
  /** Where each name ends: its first `=`, or the piece's end. */
  nameEnds: Int32Array;
  ends: Int32Array;
  /** 1 where a piece is not canonical as written (a character to escape, an escape to rewrite). */
  dirtyPieces: Uint8Array;
  /** 1 where the policy drops the pair. */
  dropped: Uint8Array;
  /** The order to write the pairs in: indices into the arrays above. */
  order: Int32Array;
  /** A pair's name written anew, or `undefined`: as written. */
  names: (string | undefined)[];
  /** A pair's value written anew (`null`: no `=`), or `undefined`: as written. */
  values: (string | null | undefined)[];
  /** How many pieces are dirty. */
  dirty: number;
  hadEmpty: boolean;
};

// Created on first use: the codec has no top-level side effects, so bundlers can leave it out.
let reused: Pairs | undefined;

function newPairs(size: number): Pairs {
  return {
    starts: new Int32Array(size),
    nameEnds: new Int32Array(size),
    ends: new Int32Array(size),
    dirtyPieces: new Uint8Array(size),
    dropped: new Uint8Array(size),
    order: new Int32Array(size),
    names: [],
    values: [],
    dirty: 0,
    hadEmpty: false,
  };
}

/** Doubles the room for pairs, keeping those recorded. */
function grow(pairs: Pairs): void {
  const bigger = newPairs(pairs.starts.length * 2);
  bigger.starts.set(pairs.starts);
  bigger.nameEnds.set(pairs.nameEnds);
  bigger.ends.set(pairs.ends);
  bigger.dirtyPieces.set(pairs.dirtyPieces);
  Object.assign(pairs, {
    starts: bigger.starts,
    nameEnds: bigger.nameEnds,
    ends: bigger.ends,
    dirtyPieces: bigger.dirtyPieces,
    dropped: bigger.dropped,
    order: bigger.order,
  });
}

// What each ASCII character means to the query scan below, so a plain one costs one lookup.
const PLAIN = 0; // raw in the set: no role, nothing to change
const AMPERSAND = 1;
const EQUALS = 2;
const PERCENT = 3;
const CHANGED = 4; // not raw in the set: normalization rewrites it

let classTables: WeakMap<ComponentSet, Uint8Array> | undefined;
// The last set's table: a query scan asks for it on every URL, a WeakMap lookup each time showed.
let lastSet: ComponentSet | undefined;
let lastTable: Uint8Array | undefined;

function classTable(set: ComponentSet): Uint8Array {
  if (set === lastSet) return lastTable as Uint8Array;
  classTables ??= new WeakMap();
  let table = classTables.get(set);
  if (table === undefined) {
    table = new Uint8Array(128);
    for (let c = 0; c < 128; c++) table[c] = set.raw[c] === 1 ? PLAIN : CHANGED;
    table[0x26] = AMPERSAND;
    table[0x3d] = EQUALS;
    table[0x25] = PERCENT;
    classTables.set(set, table);
  }
  lastSet = set;
  lastTable = table;
  return table;
}

/**
 * Records the query's non-empty pieces, where each name ends and which pieces are not
 * canonical as written; returns how many pieces there are. One pass, allocating nothing.
 */
function scanPairs(pairs: Pairs, chars: CharBytes, start: number, end: number, set: ComponentSet): number {
  const classes = classTable(set);
  // A raw `=` after a name's end is data: canonical where the set writes `=` raw (rfc3986), not in the data model.
  const equalsInValueIsRaw = set.raw[0x3d] === 1;
  let count = 0;
  let dirty = 0;
  let hadEmpty = false;
  let pieceStart = start;
  let nameEnd = -1;
  let clean = true;
  let i = start;
  for (;;) {
    // Plain characters first, the bulk of a query: one load and one lookup each.
    let kind = AMPERSAND; // the end of the query ends the last piece as a `&` would
    while (i < end) {
      const c = chars[i] as number;
      kind = c < 0x80 ? (classes[c] as number) : CHANGED;
      if (kind !== PLAIN) break;
      i++;
    }
    if (i >= end) kind = AMPERSAND;
    if (kind === AMPERSAND) {
      if (i === pieceStart) {
        hadEmpty ||= i < end || pieceStart > start;
      } else {
        if (count === pairs.starts.length) grow(pairs);
        pairs.starts[count] = pieceStart;
        pairs.nameEnds[count] = nameEnd < 0 ? i : nameEnd;
        pairs.ends[count] = i;
        pairs.dirtyPieces[count] = clean ? 0 : 1;
        if (!clean) dirty++;
        count++;
      }
      if (i >= end) break;
      pieceStart = ++i;
      nameEnd = -1;
      clean = true;
    } else if (kind === EQUALS) {
      if (nameEnd < 0) nameEnd = i;
      else if (!equalsInValueIsRaw) clean = false;
      i++;
    } else if (
      kind === PERCENT &&
      i + 3 <= end &&
      isCanonicalEscape(chars[i + 1] as number, chars[i + 2] as number, set)
    ) {
      i += 3;
    } else {
      clean = false;
      i++;
    }
  }
  pairs.dirty = dirty;
  pairs.hadEmpty = hadEmpty;
  return count;
}

/**
 * The query written anew: each dirty pair canonicalized, the policy's rules applied, empty
 * pieces left out, the pairs sorted; `null` when that is the query as written, `''` when
 * nothing is left of it (so the `?` goes too).
 */
function writeQuery(
  pairs: Pairs,
  text: string,
  chars: CharBytes,
  start: number,
  end: number,
  count: number,
  set: ComponentSet,
  model: NormalizeModel,
  policy: CompiledPolicy,
  log: ChangeLog | null,
  inOrder: boolean | null,
): string | null {
  if (log !== null) log.part = 'query';
  const listed = policy.names[model];
  const { starts, nameEnds, ends, dirtyPieces, dropped, order, names, values } = pairs;
  const readsStrings = policy.perParameter || policy.trim;
  let kept = 0;
  for (let k = 0; k < count; k++) {
    const from = starts[k] as number;
    const nameEnd = nameEnds[k] as number;
    const to = ends[k] as number;
    const dirty = dirtyPieces[k] === 1;
    const mark = log?.changes.length ?? 0;
    let name = dirty ? canonicalComponent(text, from, nameEnd, set, log) : undefined;
    // A name without `=` keeps none: Rack and Rails read it as nil, not as an empty value.
    let value = nameEnd < to ? (dirty ? canonicalComponent(text, nameEnd + 1, to, set, log) : undefined) : null;
    dropped[k] = 0;
    if (readsStrings) {
      name ??= text.slice(from, nameEnd);
      if (value === undefined) value = text.slice(nameEnd + 1, to);
      const written = applyPolicy(name, value, listed, policy.trim, set, log);
      if (written === DROPPED) dropped[k] = 1;
      else value = written;
    }
    names[k] = name;
    values[k] = value;
    if (dropped[k] === 0) order[kept++] = k;
    // Each change to the pair says whose it was (its canonical name), once the pair is done.
    if (log !== null && log.changes.length > mark) log.nameSince(mark, name ?? text.slice(from, nameEnd));
  }
  if (pairs.hadEmpty && log !== null)
    log.note('remove-empty-pairs', text.slice(start, end), piecesAsWritten(pairs, text, count));
  let query: string | undefined;
  if (!(inOrder ?? isInOrder(pairs, text, chars, kept))) {
    // Before sorting: the query as written, unless a rule above changed it.
    const asWritten = pairs.dirty === 0 && !pairs.hadEmpty && !readsStrings;
    const before = log === null ? '' : asWritten ? text.slice(start, end) : serialize(pairs, text, kept);
    sortPairs(pairs, text, chars, kept);
    query = serialize(pairs, text, kept);
    log?.note('sort-query', before, query);
  }
  if (kept === 0) {
    log?.note('remove-empty-query', '?', '');
    return '';
  }
  query ??= serialize(pairs, text, kept);
  return query.length === end - start && text.startsWith(query, start) ? null : query;
}

const DROPPED = Symbol('dropped');

/** Applies the policy's drop, case and trim rules to one pair: its value, or {@link DROPPED}. */
function applyPolicy(
  name: string,
  value: string | null,
  listed: PolicyNames,
  trim: boolean,
  set: ComponentSet,
  log: ChangeLog | null,
): string | null | typeof DROPPED {
  if (listed.dropNames?.has(name) || listed.dropPrefixes?.some((prefix) => name.startsWith(prefix))) {
    log?.note('drop-parameter', value === null ? name : name + '=' + value, '');
    return DROPPED;
  }
  if (value === null) return null;
  if (listed.caseInsensitive?.has(name)) {
    const lowered = lowercaseCanonical(value, set);
    if (lowered !== value) log?.note('lowercase-value', value, lowered);
    value = lowered;
  }
  if (trim) {
    const trimmed = trimSpaces(value);
    if (trimmed !== value) log?.note('trim-value', value, trimmed);
    value = trimmed;
  }
  return value;
}

/** The non-empty pieces as written, in their order, with `&` between them. */
function piecesAsWritten(pairs: Pairs, text: string, count: number): string {
  let out = '';
  for (let k = 0; k < count; k++) out += (k === 0 ? '' : '&') + text.slice(pairs.starts[k], pairs.ends[k]);
  return out;
}

/** The first `count` pairs of `order`, written with `&` between them. */
function serialize(pairs: Pairs, text: string, count: number): string {
  const { starts, nameEnds, ends, order, names, values } = pairs;
  let out = '';
  for (let k = 0; k < count; k++) {
    const pair = order[k] as number;
    const name = names[pair];
    const value = values[pair];
    if (k > 0) out += '&';
    if (name === undefined && value === undefined) {
      out += text.slice(starts[pair], ends[pair]);
      continue;
    }
    out += name ?? text.slice(starts[pair], nameEnds[pair]);
    if (value === undefined) out += text.slice(nameEnds[pair], ends[pair]);
    else if (value !== null) out += '=' + value;
  }
  return out;
}

/**
 * Code unit order of two pairs' canonical names, as `<` orders strings; from the bytes when
 * both are written as they stand (canonical names are ASCII, so bytes are code units).
 */
function compareNames(pairs: Pairs, text: string, chars: CharBytes, a: number, b: number): number {
  const { starts, nameEnds, names } = pairs;
  const nameA = names[a];
  const nameB = names[b];
  if (nameA === undefined && nameB === undefined) {
    return compareRanges(chars, starts[a] as number, nameEnds[a] as number, starts[b] as number, nameEnds[b] as number);
  }
  const first = nameA ?? text.slice(starts[a], nameEnds[a]);
  const second = nameB ?? text.slice(starts[b], nameEnds[b]);
  return first < second ? -1 : first > second ? 1 : 0;
}

/** The order of `chars[a, aEnd)` and `chars[b, bEnd)`, ASCII both, as `<` orders strings. */
function compareRanges(chars: CharBytes, a: number, aEnd: number, b: number, bEnd: number): number {
  const common = Math.min(aEnd - a, bEnd - b);
  for (let k = 0; k < common; k++) {
    const difference = (chars[a + k] as number) - (chars[b + k] as number);
    if (difference !== 0) return difference;
  }
  return aEnd - a - (bEnd - b);
}

/** Whether the pieces as scanned are in order by name, all canonical as written (so ASCII). */
function isSorted(pairs: Pairs, chars: CharBytes, count: number): boolean {
  const { starts, nameEnds } = pairs;
  for (let k = 1; k < count; k++) {
    if (
      compareRanges(
        chars,
        starts[k - 1] as number,
        nameEnds[k - 1] as number,
        starts[k] as number,
        nameEnds[k] as number,
      ) > 0
    )
      return false;
  }
  return true;
}

/** Whether the first `count` pairs of `order` are sorted by name. */
function isInOrder(pairs: Pairs, text: string, chars: CharBytes, count: number): boolean {
  const order = pairs.order;
  for (let k = 1; k < count; k++)
    if (compareNames(pairs, text, chars, order[k - 1] as number, order[k] as number) > 0) return false;
  return true;
}

/** Stable sort of the first `count` pairs of `order` by name. */
function sortPairs(pairs: Pairs, text: string, chars: CharBytes, count: number): void {
  const order = pairs.order;
  if (count > 16) {
    // Array.prototype.sort is stable; a typed array's sort need not be.
    order.set(Array.from(order.subarray(0, count)).sort((a, b) => compareNames(pairs, text, chars, a, b)));
    return;
  }
  // Insertion sort: stable, and quick for the handful of parameters a URL holds.
  for (let k = 1; k < count; k++) {
    const current = order[k] as number;
    let at = k - 1;
    while (at >= 0 && compareNames(pairs, text, chars, order[at] as number, current) > 0) {
      order[at + 1] = order[at] as number;
      at--;
    }
    order[at + 1] = current;
  }
}

/**
 * Lowercases a value canonical under `set`: ASCII letters directly, and each run of escapes
 * that spells non-ASCII UTF-8 text by decoding, lowercasing and writing it canonically
 * again. Escapes of ASCII bytes (`%26`, `%2B`...) and bytes that are not UTF-8 are left as
 * they are.
 */
function lowercaseCanonical(value: string, set: ComponentSet): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < value.length; ) {
    const c = value.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      out += value.slice(copied, i) + String.fromCharCode(c + 0x20);
      copied = ++i;
    } else if (c === 0x25 && escapedByteAt(value, i) >= 0x80) {
      let runEnd = i;
      while (escapedByteAt(value, runEnd) >= 0x80) runEnd += 3;
      const decoded = decode(value.slice(i, runEnd));
      if (decoded.ok) {
        const lowered = decoded.value.toLowerCase();
        if (lowered !== decoded.value) {
          // The component writer, not the encoder: the value must be canonical under its set again.
          out += value.slice(copied, i) + canonicalComponent(lowered, 0, lowered.length, set, null);
          copied = runEnd;
        }
      }
      i = runEnd;
    } else {
      i += escapedByteAt(value, i) >= 0 ? 3 : 1;
    }
  }
  return copied === 0 ? value : out + value.slice(copied);
}

/** Removes leading and trailing spaces, which a canonical value holds as `%20`. */
function trimSpaces(value: string): string {
  let start = 0;
  let end = value.length;
  while (value.startsWith('%20', start)) start += 3;
  while (end - 3 >= start && value.startsWith('%20', end - 3)) end -= 3;
  return value.slice(start, end);
}
