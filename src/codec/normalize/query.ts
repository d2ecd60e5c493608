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

type Parameter = { name: string; value: string | null };

/**
 * The canonical query of `text[start, end)` (without the `?`; `chars`: its bytes, see
 * `charBytes`): `null` when it is written so already, `''` when nothing is left (so the `?`
 * goes too), else the new query.
 *
 * In the data model a pair is what a form parser reads: `+` is a space, and escaped `& = +`
 * stay escaped because raw they are structure; what some server stack reads apart stays as
 * written (`?a` is not `?a=`, `;` is not `%3B`: see `noteKeptApart`). In the rfc3986 model the query is text: `?a` stays `?a`, `+` stays a plus.
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
  const pieces = (reused ??= newPieces(64));
  if (log !== null && model === 'data') noteKeptApart(text, start, end, log);
  const count = scanPieces(pieces, chars, start, end, set);
  const { hadEmpty, allClean } = pieces;
  if (count === 0) {
    // Nothing but `?` and `&`s: the query goes.
    if (log !== null) log.part = 'query';
    if (hadEmpty) log?.note('remove-empty-pairs', text.slice(start, end), '');
    log?.note('remove-empty-query', '?', '');
    return '';
  }
  if (allClean && !policy.trim && !policy.perParameter) {
    // Every pair is canonical already: at most empty pieces to remove and the order to fix, done on offsets, so a URL that needs only
    // sorting allocates only its new query. The changes are noted as the general path notes them.
    const sorted = !policy.sort || isSortedPieces(pieces, chars, count);
    if (sorted && !hadEmpty) return null;
    if (log !== null) {
      log.part = 'query';
      if (hadEmpty) log.note('remove-empty-pairs', text.slice(start, end), joinPieces(pieces, text, count));
    }
    const inOrder = !hadEmpty ? (log !== null ? text.slice(start, end) : '') : sorted || log !== null ? joinPieces(pieces, text, count) : '';
    if (sorted) return inOrder;
    sortPieces(pieces, chars, count);
    const query = joinPieces(pieces, text, count);
    log?.note('sort-query', inOrder, query);
    return query;
  }
  return rebuildQuery(pieces, text, start, end, count, set, model, policy, log);
}

/** Where the non-empty pieces of the query lie, reused between calls and grown on demand. */
type Pieces = {
  starts: Int32Array;
  nameEnds: Int32Array;
  ends: Int32Array;
  /** The order to write the pieces in: indices into the three arrays above. */
  order: Int32Array;
  hadEmpty: boolean;
  /** Every piece canonical as written. */
  allClean: boolean;
};

// Created on first use: the codec has no top-level side effects, so bundlers can leave it out.
let reused: Pieces | undefined;

function newPieces(size: number): Pieces {
  return { starts: new Int32Array(size), nameEnds: new Int32Array(size), ends: new Int32Array(size), order: new Int32Array(size), hadEmpty: false, allClean: true };
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
 * Records the query's non-empty `&`-separated pieces and where each name ends (its first
 * `=`, or the piece's end), whether there were empty pieces and whether every piece is
 * canonical as written; returns how many pieces there are. One pass over the query.
 */
function scanPieces(pieces: Pieces, chars: CharBytes, start: number, end: number, set: ComponentSet): number {
  const classes = classTable(set);
  // A raw `=` after a name's end is data: canonical where the set writes `=` raw (rfc3986), not in the data model.
  const equalsInValueIsRaw = set.raw[0x3d] === 1;
  let { starts, nameEnds, ends, order } = pieces;
  let count = 0;
  let hadEmpty = false;
  let allClean = true;
  let pieceStart = start;
  let nameEnd = -1;
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
        if (count === starts.length) ({ starts, nameEnds, ends, order } = grow(pieces));
        starts[count] = pieceStart;
        nameEnds[count] = nameEnd < 0 ? i : nameEnd;
        ends[count] = i;
        order[count] = count;
        count++;
      }
      if (i >= end) break;
      pieceStart = ++i;
      nameEnd = -1;
    } else if (kind === EQUALS) {
      if (nameEnd < 0) nameEnd = i;
      else if (!equalsInValueIsRaw) allClean = false;
      i++;
    } else if (kind === PERCENT && i + 3 <= end && isCanonicalEscape(chars[i + 1] as number, chars[i + 2] as number, set)) {
      i += 3;
    } else {
      allClean = false;
      i++;
    }
  }
  pieces.hadEmpty = hadEmpty;
  pieces.allClean = allClean;
  return count;
}

/** Doubles the room for pieces, keeping those recorded; returns `pieces`. */
function grow(pieces: Pieces): Pieces {
  const bigger = newPieces(pieces.starts.length * 2);
  bigger.starts.set(pieces.starts);
  bigger.nameEnds.set(pieces.nameEnds);
  bigger.ends.set(pieces.ends);
  bigger.order.set(pieces.order);
  return Object.assign(pieces, { starts: bigger.starts, nameEnds: bigger.nameEnds, ends: bigger.ends, order: bigger.order });
}

function isSortedPieces(pieces: Pieces, chars: CharBytes, count: number): boolean {
  for (let k = 1; k < count; k++) if (comparePieceNames(pieces, chars, k - 1, k) > 0) return false;
  return true;
}

/** Code unit order of two pieces' names, as `<` orders strings. */
function comparePieceNames(pieces: Pieces, chars: CharBytes, a: number, b: number): number {
  const { starts, nameEnds } = pieces;
  return compareRanges(chars, starts[a] as number, nameEnds[a] as number, starts[b] as number, nameEnds[b] as number);
}

/** Stable sort of the piece order by name. */
function sortPieces(pieces: Pieces, chars: CharBytes, count: number): void {
  const order = pieces.order;
  if (count > 16) {
    // Array.prototype.sort is stable; a typed array's sort need not be.
    order.set(Array.from(order.subarray(0, count)).sort((a, b) => comparePieceNames(pieces, chars, a, b)));
    return;
  }
  // Insertion sort: stable, and quick for the handful of parameters a URL holds.
  for (let k = 1; k < count; k++) {
    const current = order[k] as number;
    let at = k - 1;
    while (at >= 0 && comparePieceNames(pieces, chars, order[at] as number, current) > 0) {
      order[at + 1] = order[at] as number;
      at--;
    }
    order[at + 1] = current;
  }
}

/** The pieces in their order, `&` between them. */
function joinPieces(pieces: Pieces, text: string, count: number): string {
  const { starts, ends, order } = pieces;
  let out = '';
  for (let k = 0; k < count; k++) {
    const piece = order[k] as number;
    out += (k === 0 ? '' : '&') + text.slice(starts[piece], ends[piece]);
  }
  return out;
}

/** The general case: each pair canonicalized into a string, then the policy's rules. */
function rebuildQuery(
  pieces: Pieces,
  text: string,
  start: number,
  end: number,
  count: number,
  set: ComponentSet,
  model: NormalizeModel,
  policy: CompiledPolicy,
  log: ChangeLog | null,
): string | null {
  if (log !== null) log.part = 'query';
  const names = policy.names[model];
  const parameters: Parameter[] = [];
  const { starts, nameEnds, ends } = pieces;
  for (let k = 0; k < count; k++) {
    const from = starts[k] as number;
    const nameEnd = nameEnds[k] as number;
    const to = ends[k] as number;
    const mark = log?.changes.length ?? 0;
    const name = canonicalComponent(text, from, nameEnd, set, log);
    // A name without `=` keeps none: Rack and Rails read it as nil, not as an empty value.
    const value = nameEnd < to ? canonicalComponent(text, nameEnd + 1, to, set, log) : null;
    const parameter: Parameter = { name, value };
    if (applyPolicy(parameter, names, policy.trim, set, log)) parameters.push(parameter);
    // Each change to the pair says whose it was (its canonical name), once the pair is done.
    if (log !== null && log.changes.length > mark) log.nameSince(mark, name);
  }
  if (pieces.hadEmpty && log !== null) {
    const written = text.slice(start, end);
    log.note('remove-empty-pairs', written, written.split('&').filter((piece) => piece !== '').join('&'));
  }
  if (policy.sort && !isSortedByName(parameters)) {
    const before = log === null ? '' : serialize(parameters);
    sortByName(parameters);
    log?.note('sort-query', before, serialize(parameters));
  }
  if (parameters.length === 0) {
    log?.note('remove-empty-query', '?', '');
    return '';
  }
  const query = serialize(parameters);
  return query.length === end - start && text.startsWith(query, start) ? null : query;
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

/** Applies drop, case and trim rules; `false` when the parameter is dropped. */
function applyPolicy(parameter: Parameter, names: PolicyNames, trim: boolean, set: ComponentSet, log: ChangeLog | null): boolean {
  const { name } = parameter;
  if (names.dropNames?.has(name) || names.dropPrefixes?.some((prefix) => name.startsWith(prefix))) {
    log?.note('drop-parameter', serialize([parameter]), '');
    return false;
  }
  if (parameter.value === null) return true;
  if (names.caseInsensitive?.has(name)) {
    const lowered = lowercaseCanonical(parameter.value, set);
    if (lowered !== parameter.value) log?.note('lowercase-value', parameter.value, lowered);
    parameter.value = lowered;
  }
  if (trim) {
    const trimmed = trimSpaces(parameter.value);
    if (trimmed !== parameter.value) log?.note('trim-value', parameter.value, trimmed);
    parameter.value = trimmed;
  }
  return true;
}

function serialize(parameters: readonly Parameter[]): string {
  let out = '';
  for (let k = 0; k < parameters.length; k++) {
    const { name, value } = parameters[k] as Parameter;
    out += (k === 0 ? '' : '&') + (value === null ? name : name + '=' + value);
  }
  return out;
}

function isSortedByName(parameters: readonly Parameter[]): boolean {
  for (let k = 1; k < parameters.length; k++) {
    if ((parameters[k - 1] as Parameter).name > (parameters[k] as Parameter).name) return false;
  }
  return true;
}

/** Stable sort by name in code unit order (canonical names are ASCII, so this is byte order). */
function sortByName(parameters: Parameter[]): void {
  if (parameters.length > 16) {
    // Array.prototype.sort is stable.
    parameters.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return;
  }
  // Insertion sort: stable, and faster than the built-in sort for a handful of parameters.
  for (let k = 1; k < parameters.length; k++) {
    const current = parameters[k] as Parameter;
    let at = k - 1;
    while (at >= 0 && (parameters[at] as Parameter).name > current.name) {
      parameters[at + 1] = parameters[at] as Parameter;
      at--;
    }
    parameters[at + 1] = current;
  }
}

/**
 * Lowercases a value canonical under `set`: ASCII letters directly, and each run of escapes
 * that spells non-ASCII UTF-8 text by decoding, lowercasing and writing it canonically
 * again. Escapes of ASCII bytes (`%26`, `%2B`...) and bytes that are not UTF-8 are left as
 * they are.
 */
export function lowercaseCanonical(value: string, set: ComponentSet): string {
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
export function trimSpaces(value: string): string {
  let start = 0;
  let end = value.length;
  while (value.startsWith('%20', start)) start += 3;
  while (end - 3 >= start && value.startsWith('%20', end - 3)) end -= 3;
  return value.slice(start, end);
}
