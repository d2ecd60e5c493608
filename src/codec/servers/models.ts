/**
 * What each stack reads from a query's bytes, modelled on its source and checked against
 * readings of the real runtime (tests/fixtures/servers/queries.json).
 */
import {
  grouped,
  isEscapeAt,
  latin1Bytes,
  latin1Text,
  replacedText,
  splitBytes,
  textOrBytes,
  unescapeBytes,
} from './bytes.ts';
import type { ServerReading, ServerText, ServerValue } from './types.ts';

/**
 * The WHATWG form parser (`URLSearchParams`): split at `&`, skip empty pieces, split at the
 * first `=`, `+` is a space, escapes are bytes, invalid UTF-8 becomes U+FFFD. Node's
 * `querystring.parse` reads the same: it decodes with `decodeURIComponent` and, where that
 * throws, with its byte unescaper, which keeps a stray `%` and replaces invalid UTF-8.
 */
export function readWhatwg(bytes: Uint8Array): ServerReading {
  const pairs: [ServerText, ServerValue][] = [];
  for (const [from, to] of splitBytes(bytes, 0x26)) {
    if (from === to) continue;
    const equals = bytes.subarray(from, to).indexOf(0x3d);
    const nameEnd = equals < 0 ? to : from + equals;
    const value = equals < 0 ? '' : replacedText(unescapeBytes(bytes, nameEnd + 1, to, true, false) as Uint8Array);
    pairs.push([replacedText(unescapeBytes(bytes, from, nameEnd, true, false) as Uint8Array), value]);
  }
  return { params: grouped(pairs) };
}

/**
 * Python's `parse_qsl` (3.11, its defaults: a pair without a value is dropped) over what a
 * WSGI server hands on: the raw bytes as Latin-1 text. `unquote` reads each run of ASCII on
 * its own (escapes as UTF-8, invalid as U+FFFD) and leaves other characters as they are, so
 * raw UTF-8 arrives as Latin-1 mojibake. Django's `QueryDict` first reads the bytes as UTF-8
 * (Latin-1 if they are not) and keeps blank values.
 */
export function readPython(bytes: Uint8Array, django: boolean): ServerReading {
  let text = latin1Text(bytes);
  if (django) {
    const decoded = textOrBytes(bytes);
    if (typeof decoded === 'string') text = decoded;
  }
  const pairs: [ServerText, ServerValue][] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    if (equals < 0 && !django) continue;
    const value = equals < 0 ? '' : piece.slice(equals + 1);
    if (value === '' && !django) continue;
    pairs.push([unquotePlus(equals < 0 ? piece : piece.slice(0, equals)), unquotePlus(value)]);
  }
  return { params: grouped(pairs) };
}

function unquotePlus(text: string): string {
  const plain = text.replaceAll('+', ' ');
  if (!plain.includes('%')) return plain;
  // eslint-disable-next-line no-control-regex
  return plain.replace(/[\u0000-\u007f]+/g, (run) =>
    replacedText(unescapeBytes(latin1Bytes(run), 0, run.length, false, false) as Uint8Array),
  );
}

/**
 * PHP's `$_GET` (`php_default_treat_data` and `php_register_variable_ex`, PHP 8.2): split at
 * `&` (empty pieces skipped), escapes and `+` decoded, the name cut at a NUL, leading spaces
 * dropped, ` ` and `.` before a `[` written `_`, brackets building arrays, the last value of
 * a name kept. Values are bytes.
 */
export function readPhp(bytes: Uint8Array): ServerReading {
  const top = newPhpArray();
  // The built-in server's request parser takes a `?` right after the first as part of the separator.
  for (const [from, to] of splitBytes(bytes, 0x26, bytes[0] === 0x3f ? 1 : 0)) {
    if (from === to) continue;
    const equals = bytes.subarray(from, to).indexOf(0x3d);
    const nameEnd = equals < 0 ? to : from + equals;
    const name = latin1Text(unescapeBytes(bytes, from, nameEnd, true, false) as Uint8Array);
    const value = equals < 0 ? '' : latin1Text(unescapeBytes(bytes, nameEnd + 1, to, true, false) as Uint8Array);
    registerPhp(top, name.split('\u0000')[0] as string, value);
  }
  return { params: [...top.entries].map(([key, value]) => [phpText(key), [phpValue(value)]]) };
}

type PhpArray = { entries: Map<string, PhpValue>; next: number };
type PhpValue = string | PhpArray;

const newPhpArray = (): PhpArray => ({ entries: new Map(), next: 0 });

/** A numeric string key is an integer key in a PHP array; `'01'` and `'-0'` stay strings. */
function phpKey(key: string): string {
  return /^(0|-?[1-9][0-9]{0,18})$/.test(key) && Number.isSafeInteger(Number(key)) ? String(Number(key)) : key;
}

function phpSet(array: PhpArray, key: string | null, value: PhpValue): void {
  const k = key === null ? String(array.next) : phpKey(key);
  array.entries.set(k, value);
  if (/^-?[0-9]+$/.test(k) && Number(k) >= array.next) array.next = Number(k) + 1;
}

function registerPhp(top: PhpArray, rawName: string, value: string): void {
  let name = rawName.replace(/^ +/, '');
  let bracket = -1;
  let mangled = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i] as string;
    if (c === '[') {
      bracket = i;
      break;
    }
    mangled += c === ' ' || c === '.' ? '_' : c;
  }
  if (bracket < 0) {
    if (mangled === '') return;
    phpSet(top, mangled, value);
    return;
  }
  if (mangled === '') return;
  name = name.slice(bracket);
  // Walk `[index]` groups: each opens (or reuses) an array under the current index.
  let table = top;
  let index: string | null = mangled;
  let at = 0; // at a `[`
  for (;;) {
    let start = at + 1;
    if (name[start] === ' ') start++;
    let close: number;
    let next: string | null;
    if (name[start] === ']') {
      close = start;
      next = null;
    } else {
      close = name.indexOf(']', start);
      if (close < 0) {
        // Not an index: the `[` and what follows join the name, with ` . [` written `_`.
        const tail = name.slice(at + 1).replace(/[ .[]/g, '_');
        phpSet(table, index === null ? null : index + '_' + tail, value);
        return;
      }
      next = name.slice(at + 1, close);
    }
    const existing = index === null ? undefined : table.entries.get(phpKey(index));
    let child: PhpArray;
    if (existing !== undefined && typeof existing !== 'string') child = existing;
    else {
      child = newPhpArray();
      phpSet(table, index, child);
    }
    table = child;
    index = next;
    at = close + 1;
    if (name[at] !== '[') break;
  }
  phpSet(table, index, value);
}

function phpText(binary: string): ServerText {
  return textOrBytes(latin1Bytes(binary));
}

function phpValue(value: PhpValue): ServerValue {
  return typeof value === 'string'
    ? phpText(value)
    : { array: [...value.entries].map(([k, v]) => [phpText(k), phpValue(v)]) };
}

/**
 * Go's `url.ParseQuery` (1.17+): split at `&`; a piece holding `;` is dropped with an error,
 * as is one with an escape that is not `%XX`; `+` is a space; values are bytes. `r.URL.Query()`
 * drops the error; the names come back as a map, listed here in byte order.
 */
export function readGo(bytes: Uint8Array): ServerReading {
  const values = new Map<string, [ServerText, ServerValue[]]>();
  let warning: string | undefined;
  for (const [from, to] of splitBytes(bytes, 0x26)) {
    if (to === bytes.length && from === to) break;
    if (holds(bytes, from, to, 0x3b)) {
      warning = 'invalid semicolon separator in query';
      continue;
    }
    if (from === to) continue;
    const equals = bytes.subarray(from, to).indexOf(0x3d);
    const nameEnd = equals < 0 ? to : from + equals;
    const name = goUnescape(bytes, from, nameEnd);
    const value = name instanceof Uint8Array ? goUnescape(bytes, equals < 0 ? to : nameEnd + 1, to) : name;
    if (!(name instanceof Uint8Array) || !(value instanceof Uint8Array)) {
      warning ??= (name instanceof Uint8Array ? value : name) as string;
      continue;
    }
    const key = latin1Text(name);
    const entry = values.get(key) ?? [textOrBytes(name), []];
    entry[1].push(textOrBytes(value));
    values.set(key, entry);
  }
  const params = [...values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
  return warning === undefined ? { params } : { params, warning };
}

function holds(bytes: Uint8Array, from: number, to: number, byte: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] === byte) return true;
  return false;
}

/** Go's `unescape` in query mode: the bytes, or its error message. */
function goUnescape(bytes: Uint8Array, from: number, to: number): Uint8Array | string {
  for (let i = from; i < to; i++) {
    if (bytes[i] === 0x25 && !isEscapeAt(bytes, i, to))
      return `invalid URL escape ${goQuote(bytes.subarray(i, Math.min(i + 3, to)))}`;
  }
  return unescapeBytes(bytes, from, to, true, false) as Uint8Array;
}

/** `strconv.Quote` for the few bytes of an escape error. */
function goQuote(bytes: Uint8Array): string {
  let out = '"';
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i] as number;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte < 0xe0
          ? 2
          : byte >= 0xe0 && byte < 0xf0
            ? 3
            : byte >= 0xf0 && byte < 0xf5
              ? 4
              : 0;
    const rune = length > 0 && i + length <= bytes.length ? textOrBytes(bytes.subarray(i, i + length)) : null;
    if (typeof rune !== 'string') {
      out += '\\x' + byte.toString(16).padStart(2, '0');
      i++;
      continue;
    }
    const code = rune.codePointAt(0) as number;
    if (rune === '"' || rune === '\\') out += '\\' + rune;
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else if ((code >= 0x80 && code <= 0xa0) || code === 0xad) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += rune;
    i += length;
  }
  return out + '"';
}

/**
 * Rack 2's `Rack::Request#GET` (`parse_nested_query` with `&;`): split at `&` or `;` and the
 * spaces after it, each piece at its first `=`, every `%` must start an escape (else the whole
 * query raises), brackets build hashes and arrays, a name without `=` reads as `nil`.
 * Rails' `ActionDispatch::Request#GET` turns Rack's errors and values that are not UTF-8 into
 * a 400, and removes `nil` from arrays.
 */
export function readRack(bytes: Uint8Array, rails: boolean): ServerReading {
  const text = latin1Text(bytes);
  const params: RubyHash = new Map();
  try {
    const pieces = text.split(/[&;] */);
    while (pieces.length > 0 && pieces[pieces.length - 1] === '') pieces.pop();
    for (const piece of pieces) {
      const equals = piece.indexOf('=');
      const parts = piece === '' ? [] : equals < 0 ? [piece] : [piece.slice(0, equals), piece.slice(equals + 1)];
      const [name, value] = parts.map(rubyUnescape);
      normalizeParams(params, name ?? null, value ?? null, 100);
    }
  } catch (error) {
    const name = (error as Error).message;
    if (!rails) return { error: name };
    return { error: 'ActionController::BadRequest', status: 400 };
  }
  if (rails && !validUtf8(params)) return { error: 'ActionController::BadRequest', status: 400 };
  return { params: [...params].map(([key, value]) => [rubyText(key), [rubyValue(value, rails)]]) };
}

type RubyValue = string | null | RubyHash | RubyValue[];
type RubyHash = Map<string, RubyValue>;

const INVALID = 'Rack::QueryParser::InvalidParameterError';
const TYPE = 'Rack::QueryParser::ParameterTypeError';

function rubyUnescape(text: string): string {
  if (/%(?![0-9a-fA-F]{2})/.test(text)) throw new Error(INVALID);
  return latin1Text(unescapeBytes(latin1Bytes(text), 0, text.length, true, false) as Uint8Array);
}

/** Rack 2.2's `normalize_params`, on binary strings. */
function normalizeParams(
  params: RubyHash,
  name: string | null,
  v: string | null,
  depth: number,
): RubyHash | RubyValue[] | undefined {
  if (depth <= 0) throw new Error('Rack::QueryParser::ParamsTooDeepError');
  // Matching a regular expression against a name that is not UTF-8 raises.
  if (name !== null && typeof rubyText(name) !== 'string') throw new Error(INVALID);
  const match = name === null ? null : /^[[\]]*([^[\]]+)\]*/.exec(name);
  const k = match?.[1] ?? '';
  const after = match === null || name === null ? '' : name.slice(match[0].length);
  if (k === '') return v !== null && name === '[]' ? [v] : undefined;
  if (after === '') params.set(k, v);
  else if (after === '[') params.set(name as string, v);
  else if (after === '[]') {
    if (!params.has(k) || params.get(k) === null) params.set(k, []);
    const list = params.get(k);
    if (!Array.isArray(list)) throw new Error(TYPE);
    list.push(v);
  } else {
    const arrayChild = /^\[\]\[([^[\]]+)\]$/.exec(after) ?? /^\[\](.+)$/.exec(after);
    if (arrayChild) {
      const childKey = arrayChild[1] as string;
      if (!params.has(k) || params.get(k) === null) params.set(k, []);
      const list = params.get(k);
      if (!Array.isArray(list)) throw new Error(TYPE);
      const last = list[list.length - 1];
      if (last instanceof Map && !last.has(childKey)) normalizeParams(last, childKey, v, depth - 1);
      else list.push((normalizeParams(new Map(), childKey, v, depth - 1) as RubyHash | undefined) ?? null);
    } else {
      if (!params.has(k) || params.get(k) === null) params.set(k, new Map());
      const hash = params.get(k);
      if (!(hash instanceof Map)) throw new Error(TYPE);
      // A child name that names nothing (`[[`) returns Ruby's nil, which Rack stores as the value.
      params.set(k, (normalizeParams(hash, after, v, depth - 1) as RubyHash | undefined) ?? null);
    }
  }
  return params;
}

/** Whether every key and value is UTF-8 (Rails checks the values; Rack has refused names that are not). */
function validUtf8(value: RubyValue): boolean {
  if (value === null) return true;
  if (typeof value === 'string') return typeof rubyText(value) === 'string';
  if (Array.isArray(value)) return value.every(validUtf8);
  return [...value].every(([key, v]) => typeof rubyText(key) === 'string' && validUtf8(v));
}

function rubyText(binary: string): ServerText {
  return textOrBytes(latin1Bytes(binary));
}

function rubyValue(value: RubyValue, rails: boolean): ServerValue {
  if (value === null) return null;
  if (typeof value === 'string') return rubyText(value);
  if (Array.isArray(value))
    return { list: (rails ? value.filter((x) => x !== null) : value).map((x) => rubyValue(x, rails)) };
  return { hash: [...value].map(([k, v]) => [rubyText(k), rubyValue(v, rails)]) };
}

/**
 * Tomcat's `Parameters.processParameters` (10.1): split at `&`, each piece at its first `=`;
 * a piece without a name is skipped, and so is one whose escapes do not decode (`%` without
 * two hex digits); `+` is a space; invalid UTF-8 becomes U+FFFD.
 */
export function readTomcat(bytes: Uint8Array): ServerReading {
  const pairs: [ServerText, ServerValue][] = [];
  for (const [from, to] of splitBytes(bytes, 0x26)) {
    const equals = bytes.subarray(from, to).indexOf(0x3d);
    const nameEnd = equals < 0 ? to : from + equals;
    if (nameEnd === from) continue;
    const name = unescapeBytes(bytes, from, nameEnd, true, true);
    const value = equals < 0 ? new Uint8Array(0) : unescapeBytes(bytes, nameEnd + 1, to, true, true);
    if (name === null || value === null) continue;
    pairs.push([javaText(name), javaText(value)]);
  }
  return { params: grouped(pairs) };
}

/** Java's UTF-8 decoder: as the WHATWG one, but an encoded surrogate (`ED A0..BF xx`) is one U+FFFD, not three. */
function javaText(bytes: Uint8Array): string {
  let out = '';
  let from = 0;
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (
      bytes[i] === 0xed &&
      (bytes[i + 1] as number) >= 0xa0 &&
      (bytes[i + 1] as number) <= 0xbf &&
      ((bytes[i + 2] as number) & 0xc0) === 0x80
    ) {
      out += replacedText(bytes.subarray(from, i)) + '\uFFFD';
      from = i + 3;
      i += 2;
    }
  }
  return out + replacedText(bytes.subarray(from));
}
