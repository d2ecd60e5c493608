/**
 * One URL component written canonically under a {@link ComponentSet}: the percent-encoding
 * rules of RFC 3986 section 6.2.2, which both models share, with the set deciding which
 * characters stay raw and which escapes are decoded.
 */
import {
  escapedByteAt,
  isCanonicalEscape,
  isUnreserved,
  isUrlSafe,
  percentEscape,
  type ComponentSet,
} from '../sets.ts';
import type { CharBytes } from '../char-bytes.ts';
import { utf8Bytes } from '../utf8.ts';
import { ChangeRuns, type ChangeLog } from './changes.ts';
import type { NormalizeRule } from './types.ts';

/**
 * Where the text whose bytes (see `charBytes`) are `chars` stops being canonical under `set` in
 * `[start, end)`: `end` when all of it is. Canonical means: each character raw in the set,
 * or a `%` starting a canonical escape (uppercase hex, of a byte the set keeps escaped).
 * Allocates nothing, so a clean URL costs one pass.
 */
export function canonicalEnd(chars: CharBytes, start: number, end: number, set: ComponentSet): number {
  const raw = set.raw;
  let i = start;
  while (i < end) {
    const c = chars[i] as number;
    if (c < 0x80 && raw[c] === 1) i++;
    else if (c === 0x25 && i + 3 <= end && isCanonicalEscape(chars[i + 1] as number, chars[i + 2] as number, set))
      i += 3;
    else return i;
  }
  return i;
}

/**
 * The canonical form of `text[start, end)` under `set`, noting each change in `log`:
 *
 * - an escape with lowercase hex gets uppercase hex (`uppercase-hex`);
 * - an escape of a character the set writes raw is decoded (`decode-unreserved`, or in the
 *   data model `decode-reserved`), which RFC 3986 allows for unreserved characters and the
 *   data model for reserved ones that carry no structure where they stand;
 * - a character the set does not write raw is escaped as UTF-8 (`escape-unsafe` for what may
 *   never appear raw, `escape-reserved` for a reserved character that would carry structure);
 * - a `%` that starts no escape becomes `%25` (`escape-stray-percent`);
 * - with `set.plusIsSpace`, a `+` is a space, written `%20` (`plus-as-space`).
 *
 * Escapes of bytes that stay escaped keep their byte, so bytes that are not UTF-8 survive.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 (case)
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2 (percent-encoding)
 */
export function canonicalComponent(
  text: string,
  start: number,
  end: number,
  set: ComponentSet,
  log: ChangeLog | null,
): string {
  const mark = log?.changes.length ?? 0;
  // Where the component holds a raw `;`, found when first needed.
  let semicolonAt: number | undefined;
  let runs: ChangeRuns | null = null;
  let out = '';
  let copyFrom = start;
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c < 0x80 && set.raw[c] === 1) {
      i++;
      continue;
    }
    const byte = c === 0x25 && i + 3 <= end ? escapedByteAt(text, i) : -1;
    if (byte >= 0 && set.decode[byte] === 0 && isCanonicalEscape(text.charCodeAt(i + 1), text.charCodeAt(i + 2), set)) {
      i += 3;
      continue;
    }
    out += text.slice(copyFrom, i);
    const from = i;
    let rule: NormalizeRule;
    let replacement: string;
    if (byte >= 0) {
      const decoded = set.decode[byte] === 1;
      rule = !decoded ? 'uppercase-hex' : isUnreserved(byte) ? 'decode-unreserved' : 'decode-reserved';
      replacement = decoded ? String.fromCharCode(byte) : percentEscape(byte);
      i += 3;
    } else if (c === 0x25 && set.keepsStray === true) {
      // Some stacks refuse this name or value whatever else it holds: it stays as written.
      if (log !== null) log.changes.length = mark;
      return keptAsWritten(text, start, end, set, log);
    } else if (c === 0x25) {
      rule = 'escape-stray-percent';
      replacement = '%25';
      i++;
    } else if (c === 0x2b && set.plusIsSpace) {
      rule = 'plus-as-space';
      replacement = '%20';
      i++;
    } else if (c === 0x3d && set.keepsStray === true && (semicolonAt ??= indexIn(text, 0x3b, start, end)) >= 0) {
      // Rack splits pairs at a raw `;`, so an `=` after one is structure to it: kept as written.
      i++;
      continue;
    } else if (c < 0x80) {
      rule = isUrlSafe(c) ? 'escape-reserved' : 'escape-unsafe';
      replacement = percentEscape(c);
      i++;
    } else {
      const codePoint = text.codePointAt(i) as number;
      rule = 'escape-unsafe';
      replacement = escapeCodePoint(codePoint);
      i += codePoint > 0xffff ? 2 : 1;
    }
    out += replacement;
    if (log !== null) (runs ??= new ChangeRuns(text, log)).add(rule, from, i, replacement);
    copyFrom = i;
  }
  // Already canonical (copyFrom never moved): the common case for analytics URLs.
  if (copyFrom === start) return text.slice(start, end);
  runs?.flush();
  return out + text.slice(copyFrom, end);
}

function indexIn(text: string, code: number, start: number, end: number): number {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/**
 * `text[start, end)` as written but for what a browser escapes in a query before sending it
 * (controls, space, `" < >`, DEL, non-ASCII), so the result is what every server receives.
 * A path kept so keeps its raw `` ` { } `` too, which a browser would escape: Tomcat refuses
 * them raw, so they stay apart from their escapes (see `dataPathSet`); a path's `\` is escaped.
 */
function keptAsWritten(text: string, start: number, end: number, set: ComponentSet, log: ChangeLog | null): string {
  let runs: ChangeRuns | null = null;
  let out = '';
  let copyFrom = start;
  for (let i = start; i < end; ) {
    const c = text.charCodeAt(i);
    // A `\` the set escapes (a path's) is escaped here too: no stack reads it apart from `%5C`.
    if (c > 0x20 && c < 0x7f && c !== 0x22 && c !== 0x3c && c !== 0x3e && (c !== 0x5c || set.raw[0x5c] === 1)) {
      i++;
      continue;
    }
    const codePoint = text.codePointAt(i) as number;
    const replacement = escapeCodePoint(codePoint);
    out += text.slice(copyFrom, i) + replacement;
    const from = i;
    i += codePoint > 0xffff ? 2 : 1;
    if (log !== null) (runs ??= new ChangeRuns(text, log)).add('escape-unsafe', from, i, replacement);
    copyFrom = i;
  }
  runs?.flush();
  return copyFrom === start ? text.slice(start, end) : out + text.slice(copyFrom, end);
}

/** `%XX` for each UTF-8 byte of a code point (normalize rejects lone surrogates before this). */
function escapeCodePoint(codePoint: number): string {
  const bytes = utf8Bytes(codePoint);
  let out = '';
  for (let k = 0; k < bytes.length; k++) out += percentEscape(bytes[k] as number);
  return out;
}
