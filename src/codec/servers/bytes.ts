/** Bytes as the stacks see them: a query's UTF-8 bytes, escapes read to bytes, bytes read as text. */
import type { ServerText } from './types.ts';

/** The bytes a client sends for `text`: its UTF-8. */
let encoder: TextEncoder | undefined;

export function queryBytes(text: string): Uint8Array {
  return (encoder ??= new TextEncoder()).encode(text);
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** Whether `bytes[at]` is `%` followed by two hex digits. */
export function isEscapeAt(bytes: Uint8Array, at: number, end = bytes.length): boolean {
  return (
    bytes[at] === 0x25 &&
    at + 2 < end &&
    hexValue(bytes[at + 1] as number) >= 0 &&
    hexValue(bytes[at + 2] as number) >= 0
  );
}

/**
 * `bytes[from, to)` with each `%XX` read as its byte (and `+` as a space with `plus`); a `%`
 * that starts no escape stays, or with `strict` makes the result `null`.
 */
export function unescapeBytes(
  bytes: Uint8Array,
  from: number,
  to: number,
  plus: boolean,
  strict: boolean,
): Uint8Array | null {
  // Most names and values hold nothing to unescape: no copy then.
  let plain = true;
  for (let i = from; i < to && plain; i++) plain = bytes[i] !== 0x25 && !(plus && bytes[i] === 0x2b);
  if (plain) return bytes.subarray(from, to);
  const out = new Uint8Array(to - from);
  let length = 0;
  for (let i = from; i < to; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x25 && isEscapeAt(bytes, i, to)) {
      out[length++] = hexValue(bytes[i + 1] as number) * 16 + hexValue(bytes[i + 2] as number);
      i += 2;
    } else if (byte === 0x25 && strict) {
      return null;
    } else {
      out[length++] = plus && byte === 0x2b ? 0x20 : byte;
    }
  }
  return out.subarray(0, length);
}

let strictDecoder: TextDecoder | undefined;
let lenientDecoder: TextDecoder | undefined;

/** The bytes as UTF-8 text, each maximal invalid subsequence as U+FFFD (a byte order mark kept). */
export function replacedText(bytes: Uint8Array): string {
  if (isAscii(bytes)) return latin1Text(bytes);
  return (lenientDecoder ??= new TextDecoder('utf-8', { ignoreBOM: true })).decode(bytes);
}

/** The bytes as UTF-8 text, or as `{ bytes }` when they are not UTF-8. */
export function textOrBytes(bytes: Uint8Array): ServerText {
  if (isAscii(bytes)) return latin1Text(bytes);
  try {
    return (strictDecoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })).decode(bytes);
  } catch {
    let hex = '';
    for (const byte of bytes) hex += (byte < 0x10 ? '0' : '') + byte.toString(16);
    return { bytes: hex };
  }
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

let utf16Decoder: TextDecoder | undefined;

/** The bytes as Latin-1 text, one character each (how a PEP 3333 server hands over the raw query). */
export function latin1Text(bytes: Uint8Array): string {
  if (bytes.length <= 32) {
    let out = '';
    for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(bytes[i] as number);
    return out;
  }
  // Each byte widened to a UTF-16 code unit: the platform decoder is far quicker than a loop.
  return (utf16Decoder ??= new TextDecoder('utf-16le')).decode(new Uint16Array(bytes));
}

/** The Latin-1 text's bytes (its characters are all below U+0100). */
export function latin1Bytes(text: string): Uint8Array {
  // ASCII is its own UTF-8: the platform encoder is far quicker than a loop.
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(text)) return queryBytes(text);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** The pieces of `bytes[from, to)` between separators, empty ones included. */
export function splitBytes(bytes: Uint8Array, separator: number, from = 0, to = bytes.length): [number, number][] {
  const pieces: [number, number][] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i === to || bytes[i] === separator) {
      pieces.push([start, i]);
      start = i + 1;
    }
  }
  return pieces;
}

/** Each name with its values in order of first appearance. */
export function grouped<T>(pairs: Iterable<[ServerText, T]>): [ServerText, T[]][] {
  const byName = new Map<string, [ServerText, T[]]>();
  for (const [name, value] of pairs) {
    const key = typeof name === 'string' ? name : '\u0000' + name.bytes;
    const entry = byName.get(key);
    if (entry) entry[1].push(value);
    else byName.set(key, [name, [value]]);
  }
  return [...byName.values()];
}
