/**
 * What the data model keeps apart in a query or a path because some server stack reads it
 * differently from the form it would otherwise merge with (measured: tests/fixtures/servers/),
 * noted so a reader sees why two URLs stay in two rows.
 */
import type { PathStackId } from '../servers/paths.ts';
import type { StackId } from '../servers/types.ts';
import type { ChangeLog } from './changes.ts';
import type { KeptRule } from './types.ts';

/** The stacks that read each kept form apart from the form it would merge with (checked against the models). */
export const keptApartBy: Readonly<Record<KeptRule, readonly (StackId | PathStackId)[]>> = {
  'keep-semicolon': ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET'],
  'keep-missing-value': ['rack:parse_query', 'rails:ActionDispatch::Request#GET'],
  'keep-stray-percent': ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET', 'java:tomcat'],
  'keep-raw-for-tomcat': ['java:tomcat'],
  'keep-path-parameter': ['java:tomcat'],
  'keep-path-stray-percent': ['go:net/http', 'java:tomcat'],
};

/**
 * Notes, pair by pair, what the data model kept as written in the query `text[start, end)`.
 * One pass over the characters, allocating only for a pair that has something to note.
 */
export function noteKeptApart(text: string, start: number, end: number, log: ChangeLog): void {
  let pairStart = start;
  let equals = false;
  let semicolon = false;
  let stray = false;
  let tomcat = false;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charCodeAt(i) : 0x26;
    if (c === 0x26) {
      if (i > pairStart && (semicolon || !equals || stray || tomcat)) {
        const pair = text.slice(pairStart, i);
        const note = (rule: KeptRule) => log.kept.push({ rule, text: pair, stacks: keptApartBy[rule] });
        if (semicolon) note('keep-semicolon');
        if (!equals) note('keep-missing-value');
        if (stray) note('keep-stray-percent');
        if (tomcat) note('keep-raw-for-tomcat');
      }
      pairStart = i + 1;
      equals = semicolon = stray = tomcat = false;
    } else if (c === 0x3d) {
      equals = true;
    } else if (c === 0x3b) {
      semicolon = true;
    } else if (c === 0x25) {
      const high = text.charCodeAt(i + 1);
      const low = text.charCodeAt(i + 2);
      if (i + 2 < end && isHex(high) && isHex(low)) semicolon ||= high === 0x33 && (low | 0x20) === 0x62;
      else stray = true;
    } else if (refusedRawByTomcat(c)) {
      tomcat = true;
    }
  }
}

/**
 * Notes, segment by segment, what the data model kept as written in the path `text[start, end)`:
 * a `;` raw or escaped, a stray `%`, a character Tomcat refuses raw and reads escaped.
 */
export function notePathKeptApart(text: string, start: number, end: number, log: ChangeLog): void {
  let segmentStart = start;
  let semicolon = false;
  let stray = false;
  let tomcat = false;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charCodeAt(i) : 0x2f;
    if (c === 0x2f) {
      if (semicolon || stray || tomcat) {
        const segment = text.slice(segmentStart, i);
        const note = (rule: KeptRule) => log.kept.push({ rule, text: segment, stacks: keptApartBy[rule] });
        if (semicolon) note('keep-path-parameter');
        if (stray) note('keep-path-stray-percent');
        if (tomcat) note('keep-raw-for-tomcat');
      }
      segmentStart = i + 1;
      semicolon = stray = tomcat = false;
    } else if (c === 0x3b) {
      semicolon = true;
    } else if (c === 0x25) {
      const high = text.charCodeAt(i + 1);
      const low = text.charCodeAt(i + 2);
      if (i + 2 < end && isHex(high) && isHex(low)) semicolon ||= high === 0x33 && (low | 0x20) === 0x62;
      else stray = true;
    } else if (c !== 0x5c && refusedRawByTomcat(c)) {
      // A raw `\` is escaped in a path: Tomcat refuses `%5C` there too (see sets.ts).
      tomcat = true;
    }
  }
}

/** ``[ \ ] ^ ` { | }``: Tomcat answers 400 to a request holding one raw. */
function refusedRawByTomcat(c: number): boolean {
  return c === 0x5b || c === 0x5c || c === 0x5d || c === 0x5e || c === 0x60 || c === 0x7b || c === 0x7c || c === 0x7d;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}
