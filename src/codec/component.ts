import type { ChangeLog, NormalizeRule } from './changes.ts';
// Node gets a table-driven check (./fast-path.ts), browsers a compact one (./fast-path.browser.ts).
import { isCanonicalEscape } from '#codec/fast-path';
import { escapedByteAt, isUnreserved, percentEscape, urlSafeTable } from './sets.ts';
import { utf8Bytes } from './utf8.ts';

/**
 * The canonical form of one URL component, `text[start, end)`:
 * uppercase hex in escapes, unreserved escapes decoded, reserved escapes kept, escapes of
 * non-UTF-8 bytes kept byte for byte, and what may not appear raw (space, controls,
 * `" < > \ ^ ` { } |`, non-ASCII, a `%` starting no escape) escaped. With `plusAsSpace`,
 * a `+` is a space and becomes `%20`.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 (case)
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2 (percent-encoding)
 */
export function canonicalComponent(
  text: string,
  start: number,
  end: number,
  plusAsSpace: boolean,
  log: ChangeLog | null,
): string {
  const safe = urlSafeTable();
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && isCanonicalEscape(text, i)) i += 3;
    else if (c >= 0x80 || safe[c] === 0 || (c === 0x2b && plusAsSpace)) break;
    else i++;
  }
  // Already canonical: the common case for analytics URLs, with no copy.
  if (i >= end) return text.slice(start, end);

  const runs = log === null ? null : new ChangeRuns(text, log);
  let out = text.slice(start, i);
  let copyFrom = i;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && isCanonicalEscape(text, i)) {
      i += 3;
      continue;
    }
    if (c < 0x80 && safe[c] === 1 && !(c === 0x2b && plusAsSpace)) {
      i++;
      continue;
    }
    out += text.slice(copyFrom, i);
    const from = i;
    let rule: NormalizeRule;
    let replacement: string;
    if (c === 0x25) {
      const byte = escapedByteAt(text, i);
      if (byte < 0) {
        rule = 'escape-stray-percent';
        replacement = '%25';
        i++;
      } else {
        // Not canonical, so either an unreserved character or lowercase hex.
        rule = isUnreserved(byte) ? 'decode-unreserved' : 'uppercase-hex';
        replacement = rule === 'decode-unreserved' ? String.fromCharCode(byte) : percentEscape(byte);
        i += 3;
      }
    } else if (c === 0x2b) {
      rule = 'plus-as-space';
      replacement = '%20';
      i++;
    } else {
      const codePoint = text.codePointAt(i) as number;
      rule = 'escape-unsafe';
      replacement = escapeCodePoint(codePoint);
      i += codePoint > 0xffff ? 2 : 1;
    }
    out += replacement;
    runs?.add(rule, from, i, replacement);
    copyFrom = i;
  }
  runs?.flush();
  return out + text.slice(copyFrom, end);
}

/**
 * Merges character-level changes of one rule that touch each other in the input into one
 * entry (`%6c%61` → `la`), so a widget shows words, not single bytes.
 */
class ChangeRuns {
  private readonly text: string;
  private readonly log: ChangeLog;
  private rule: NormalizeRule | null = null;
  private from = 0;
  private to = 0;
  private after = '';

  constructor(text: string, log: ChangeLog) {
    this.text = text;
    this.log = log;
  }

  add(rule: NormalizeRule, from: number, to: number, after: string): void {
    if (rule === this.rule && from === this.to) {
      this.to = to;
      this.after += after;
      return;
    }
    this.flush();
    this.rule = rule;
    this.from = from;
    this.to = to;
    this.after = after;
  }

  flush(): void {
    if (this.rule !== null) this.log.note(this.rule, this.text.slice(this.from, this.to), this.after);
    this.rule = null;
  }
}

/** `%XX` for each UTF-8 byte; a lone surrogate is written as U+FFFD, as a UTF-8 encoder does. */
function escapeCodePoint(codePoint: number): string {
  // Only characters that were not canonical get here, so this is off the hot path.
  const bytes = utf8Bytes(codePoint >= 0xd800 && codePoint <= 0xdfff ? 0xfffd : codePoint);
  let out = '';
  for (let k = 0; k < bytes.length; k++) out += percentEscape(bytes[k] as number);
  return out;
}
