/**
 * The query: split into pairs at `&` and at each pair's first `=`, each name and value
 * written canonically under the model's set, then the policy's rules.
 */
import { decode } from '../decode.ts';
import { encode } from '../encode.ts';
import { escapedByteAt, isCanonicalEscape, type ComponentSet } from '../sets.ts';
import type { CharBytes } from '../char-bytes.ts';
import type { ChangeLog } from './changes.ts';
import { canonicalComponent, canonicalEnd } from './component.ts';
import type { Splice } from './splice.ts';
import type { CompiledPolicy, PolicyNames } from './policy.ts';
import type { NormalizeModel } from './types.ts';

/**
 * A pair of the query, by offsets into the text, with strings only for what changed: its
 * name and value are `text[nameStart, nameEnd)` and `text[valueStart, valueEnd)` unless
 * `name` or `value` holds their canonical form.
 */
type Parameter = {
  nameStart: number;
  nameEnd: number;
  name: string | null;
  /** -1 when the pair has no `=`. */
  valueStart: number;
  valueEnd: number;
  value: string | null;
  /** Whether it is written with a value (`a=`, `a=b`): in the data model, always. */
  hasValue: boolean;
};

/**
 * Writes the canonical query of `url.text[start, end)` (without the `?`) into `url`:
 * nothing when it is written so already, and without its `?` when nothing is left of it.
 *
 * In the data model a pair is what a form parser reads: `+` is a space, a pair without `=`
 * has an empty value (`?a` is `?a=`), and escaped `& = +` stay escaped because raw they are
 * structure. In the rfc3986 model the query is text: `?a` stays `?a`, `+` stays a plus.
 * In both, names and values are canonicalized apart, so `%26` and `%3D` never become separators.
 *
 * https://url.spec.whatwg.org/#urlencoded-parsing (data)
 * https://www.rfc-editor.org/rfc/rfc3986#section-3.4 (rfc3986)
 */
export function canonicalQuery(
  url: Splice,
  start: number,
  end: number,
  set: ComponentSet,
  model: NormalizeModel,
  policy: CompiledPolicy,
  log: ChangeLog | null,
): void {
  const { text, chars } = url;
  const pieces = (reused ??= newPieces(64));
  const count = scanPieces(pieces, chars, start, end, set, model === 'data');
  const { hadEmpty, allClean } = pieces;
  if (count === 0) {
    // Nothing but `?` and `&`s: the query goes.
    if (log !== null) log.part = 'query';
    if (hadEmpty) log?.note('remove-empty-pairs', text.slice(start, end), '');
    log?.note('remove-empty-query', '?', '');
    url.replace(start - 1, end, '');
    return;
  }
  if (allClean && !policy.trim && !policy.perParameter) {
    // Every pair is canonical already: at most empty pieces to remove and the order to fix,
    // done on offsets, so the pieces are copied into the URL, not made into strings.
    const sorted = !policy.sort || isSortedPieces(pieces, chars, count);
    if (sorted && !hadEmpty) return;
    const inOrder = log === null ? '' : hadEmpty ? joinPieces(pieces, text, count) : text.slice(start, end);
    if (!sorted) sortPieces(pieces, chars, count);
    url.keepUntil(start);
    const query = url.addJoined(pieces.starts, pieces.ends, pieces.order, count);
    url.skipTo(end);
    if (log !== null) {
      log.part = 'query';
      if (hadEmpty) log.note('remove-empty-pairs', text.slice(start, end), inOrder);
      if (!sorted) log.note('sort-query', inOrder, query);
    }
    return;
  }
  rebuildQuery(url, pieces, start, end, count, set, model, policy, log);
}

/** Where the non-empty pieces of the query lie, reused between calls and grown on demand. */
type Pieces = {
  starts: Int32Array;
  nameEnds: Int32Array;
  ends: Int32Array;
  /** The order to write the pieces in: indices into the three arrays above. */
  order: Int32Array;
  hadEmpty: boolean;
  /** Every piece canonical as written (and, in the data model, with an `=`). */
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
function scanPieces(pieces: Pieces, chars: CharBytes, start: number, end: number, set: ComponentSet, everyPairHasValue: boolean): number {
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
        if (nameEnd < 0 && everyPairHasValue) allClean = false;
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

function joinPieces(pieces: Pieces, text: string, count: number): string {
  const { starts, ends, order } = pieces;
  let out = '';
  for (let k = 0; k < count; k++) {
    const piece = order[k] as number;
    out += (k === 0 ? '' : '&') + text.slice(starts[piece], ends[piece]);
  }
  return out;
}

/**
 * The general case: each name and value written canonically (a string only for those that
 * change), then the policy's rules, then the query written into `url` unless it is as written.
 */
function rebuildQuery(
  url: Splice,
  pieces: Pieces,
  start: number,
  end: number,
  count: number,
  set: ComponentSet,
  model: NormalizeModel,
  policy: CompiledPolicy,
  log: ChangeLog | null,
): void {
  const { text, chars } = url;
  if (log !== null) log.part = 'query';
  const names = policy.names[model];
  const parameters: Parameter[] = [];
  const { starts, nameEnds, ends } = pieces;
  let changed = pieces.hadEmpty;
  for (let k = 0; k < count; k++) {
    const from = starts[k] as number;
    const nameEnd = nameEnds[k] as number;
    const to = ends[k] as number;
    const mark = log?.changes.length ?? 0;
    const name = canonicalEnd(chars, from, nameEnd, set) === nameEnd ? null : canonicalComponent(text, from, nameEnd, set, log);
    const parameter: Parameter = { nameStart: from, nameEnd, name, valueStart: -1, valueEnd: -1, value: null, hasValue: nameEnd < to };
    if (nameEnd < to) {
      parameter.valueStart = nameEnd + 1;
      parameter.valueEnd = to;
      if (canonicalEnd(chars, nameEnd + 1, to, set) !== to) parameter.value = canonicalComponent(text, nameEnd + 1, to, set, log);
    } else if (model === 'data') {
      parameter.value = '';
      parameter.hasValue = true;
      if (log !== null) log.note('add-empty-value', nameOf(parameter, text), nameOf(parameter, text) + '=');
    }
    if (applyPolicy(parameter, text, names, policy.trim, log)) parameters.push(parameter);
    else changed = true;
    changed ||= parameter.name !== null || parameter.value !== null;
    // Each change to the pair says whose it was (its canonical name), once the name is known.
    if (log !== null && log.changes.length > mark) log.nameSince(mark, nameOf(parameter, text));
  }
  if (pieces.hadEmpty && log !== null) {
    const written = text.slice(start, end);
    log.note('remove-empty-pairs', written, written.split('&').filter((piece) => piece !== '').join('&'));
  }
  if (policy.sort && !isSortedByName(parameters, text, chars)) {
    changed = true;
    const before = log === null ? '' : serialize(parameters, text);
    sortByName(parameters, text, chars);
    log?.note('sort-query', before, serialize(parameters, text));
  }
  if (!changed) return;
  if (parameters.length === 0) {
    log?.note('remove-empty-query', '?', '');
    url.replace(start - 1, end, '');
    return;
  }
  url.keepUntil(start);
  for (let k = 0; k < parameters.length; k++) {
    const p = parameters[k] as Parameter;
    if (k > 0) url.add('&');
    if (p.name === null && p.value === null) {
      // As written, `=` and all: one range.
      url.addRange(p.nameStart, p.hasValue ? p.valueEnd : p.nameEnd);
      continue;
    }
    if (p.name === null) url.addRange(p.nameStart, p.nameEnd);
    else url.add(p.name);
    if (!p.hasValue) continue;
    url.add('=');
    if (p.value === null) url.addRange(p.valueStart, p.valueEnd);
    else url.add(p.value);
  }
  url.skipTo(end);
}

function nameOf(parameter: Parameter, text: string): string {
  return parameter.name ?? text.slice(parameter.nameStart, parameter.nameEnd);
}

function valueOf(parameter: Parameter, text: string): string {
  return parameter.value ?? text.slice(parameter.valueStart, parameter.valueEnd);
}

function pairText(parameter: Parameter, text: string): string {
  const name = nameOf(parameter, text);
  return parameter.hasValue ? name + '=' + valueOf(parameter, text) : name;
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
function applyPolicy(parameter: Parameter, text: string, names: PolicyNames, trim: boolean, log: ChangeLog | null): boolean {
  if (names.dropNames !== null || names.dropPrefixes !== null || names.caseInsensitive !== null) {
    const name = nameOf(parameter, text);
    if (names.dropNames?.has(name) || names.dropPrefixes?.some((prefix) => name.startsWith(prefix))) {
      log?.note('drop-parameter', pairText(parameter, text), '');
      return false;
    }
    if (parameter.hasValue && names.caseInsensitive?.has(name)) {
      const value = valueOf(parameter, text);
      const lowered = lowercaseCanonical(value);
      if (lowered !== value) {
        log?.note('lowercase-value', value, lowered);
        parameter.value = lowered;
      }
    }
  }
  if (trim && parameter.hasValue) {
    const value = valueOf(parameter, text);
    const trimmed = trimSpaces(value);
    if (trimmed !== value) {
      log?.note('trim-value', value, trimmed);
      parameter.value = trimmed;
    }
  }
  return true;
}

function serialize(parameters: readonly Parameter[], text: string): string {
  let out = '';
  for (let k = 0; k < parameters.length; k++) out += (k === 0 ? '' : '&') + pairText(parameters[k] as Parameter, text);
  return out;
}

/** Code unit order of two parameters' canonical names, as `<` orders strings; a name as written is read from `chars`. */
function compareNames(a: Parameter, b: Parameter, text: string, chars: CharBytes): number {
  if (a.name === null && b.name === null) return compareRanges(chars, a.nameStart, a.nameEnd, b.nameStart, b.nameEnd);
  const x = nameOf(a, text);
  const y = nameOf(b, text);
  return x < y ? -1 : x > y ? 1 : 0;
}

function isSortedByName(parameters: readonly Parameter[], text: string, chars: CharBytes): boolean {
  for (let k = 1; k < parameters.length; k++) {
    if (compareNames(parameters[k - 1] as Parameter, parameters[k] as Parameter, text, chars) > 0) return false;
  }
  return true;
}

/** Stable sort by name in code unit order (canonical names are ASCII, so this is byte order). */
function sortByName(parameters: Parameter[], text: string, chars: CharBytes): void {
  if (parameters.length > 16) {
    // Array.prototype.sort is stable.
    parameters.sort((a, b) => compareNames(a, b, text, chars));
    return;
  }
  // Insertion sort: stable, and faster than the built-in sort for a handful of parameters.
  for (let k = 1; k < parameters.length; k++) {
    const current = parameters[k] as Parameter;
    let at = k - 1;
    while (at >= 0 && compareNames(parameters[at] as Parameter, current, text, chars) > 0) {
      parameters[at + 1] = parameters[at] as Parameter;
      at--;
    }
    parameters[at + 1] = current;
  }
}

/**
 * Lowercases a canonical value: ASCII letters directly, and each run of escapes that
 * spells non-ASCII UTF-8 text by decoding, lowercasing and re-encoding it. Escapes of
 * ASCII bytes (`%26`, `%2B`...) and bytes that are not UTF-8 are left as they are.
 */
export function lowercaseCanonical(value: string): string {
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
        const encoded = lowered === decoded.value ? null : encode(lowered, 'component');
        if (encoded?.ok) {
          out += value.slice(copied, i) + encoded.value;
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
