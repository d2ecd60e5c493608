/**
 * Thai text split into dictionary words: the fewest words of `thai-dictionary.txt` (NECTEC's
 * word list, see README.md) plus any extra words, found by dynamic programming, so a
 * compound stays whole (ข้อมูล, not ข้อ|มูล). Where two splits have as few words, the one
 * whose boundaries ICU (`Intl.Segmenter`) also finds wins: ICU's dictionary knows which
 * words are common (บอก|ว่า, not บอ|กว่า; ข้อความ|ใน, not ข้อ|ความใน), though it cuts words
 * the dictionary keeps whole. Then the longer last word. Text no dictionary word covers is
 * one unknown segment, so a caller can keep it whole. Build time only (reads the file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ICU_WORDS = new Intl.Segmenter('th', { granularity: 'word' });

/** A Thai letter, vowel, tone mark, ฯ or ๆ: what a run of Thai words is made of (not digits). */
const THAI_LETTER = /[\u0E01-\u0E3A\u0E40-\u0E4E]/u;

export interface Segment {
  start: number;
  end: number;
  /** `word`: a dictionary (or extra) word; `unknown`: Thai no word covers; `other`: not Thai. */
  kind: 'word' | 'unknown' | 'other';
}

let dictionary: Set<string> | undefined;

/**
 * A file of the project: beside this module when it runs from its source (the build's
 * integrations, the tests), else under the working directory (a component bundled by Vite,
 * whose module URL is the bundle's).
 */
export function projectFile(path: string): string {
  const beside = fileURLToPath(new URL(`../../${path}`, import.meta.url));
  return readFileSync(existsSync(beside) ? beside : join(process.cwd(), path), 'utf8');
}

/** The dictionary's words, read once. */
export function thaiDictionary(): ReadonlySet<string> {
  dictionary ??= new Set(projectFile('src/integrations/thai-dictionary.txt').split('\n').filter(Boolean));
  return dictionary;
}

/** Whether `word` is in the dictionary or among `extra`. */
export const isThaiWord = (word: string, extra: ReadonlySet<string> = new Set()) =>
  thaiDictionary().has(word) || extra.has(word);

const maxLength = (words: Iterable<string>) => {
  let max = 0;
  for (const w of words) max = Math.max(max, w.length);
  return max;
};
let dictionaryMax: number | undefined;

/** One run of Thai letters split into the fewest known words, unknown text merged into runs. */
function segmentRun(text: string, from: number, extra: ReadonlySet<string>): Segment[] {
  const words = thaiDictionary();
  dictionaryMax ??= maxLength(words);
  const longest = Math.max(dictionaryMax, maxLength(extra));
  const n = text.length;
  const icu = new Set([...ICU_WORDS.segment(text)].map((s) => s.index));
  // For each end offset: unknown letters, segments, boundaries ICU disagrees with, where its
  // last segment starts, and its kind. Costs compare in that order.
  const unknown = new Array<number>(n + 1).fill(Infinity);
  const count = new Array<number>(n + 1).fill(Infinity);
  const disagree = new Array<number>(n + 1).fill(Infinity);
  const start = new Array<number>(n + 1).fill(0);
  const known = new Array<boolean>(n + 1).fill(false);
  unknown[0] = 0;
  count[0] = 0;
  disagree[0] = 0;
  const better = (u: number, c: number, d: number, i: number) =>
    u < unknown[i]! || (u === unknown[i] && (c < count[i]! || (c === count[i] && d < disagree[i]!)));
  for (let i = 1; i <= n; i++) {
    // Ascending j: among equal costs the first found, the longest last word, is kept.
    for (let j = Math.max(0, i - longest); j < i; j++) {
      const piece = text.slice(j, i);
      if (!(words.has(piece) || extra.has(piece))) continue;
      const d = disagree[j]! + (j > 0 && !icu.has(j) ? 1 : 0);
      if (better(unknown[j]!, count[j]! + 1, d, i)) {
        unknown[i] = unknown[j]!;
        count[i] = count[j]! + 1;
        disagree[i] = d;
        start[i] = j;
        known[i] = true;
      }
    }
    // One more unknown letter, which joins an unknown segment just before it.
    const u = unknown[i - 1]! + 1;
    const c = count[i - 1]! + (i - 1 > 0 && !known[i - 1] ? 0 : 1);
    if (better(u, c, disagree[i - 1]!, i)) {
      unknown[i] = u;
      count[i] = c;
      disagree[i] = disagree[i - 1]!;
      start[i] = i - 1;
      known[i] = false;
    }
  }
  const out: Segment[] = [];
  for (let i = n; i > 0; i = start[i]!) {
    const segment: Segment = { start: from + start[i]!, end: from + i, kind: known[i] ? 'word' : 'unknown' };
    const next = out[0];
    if (segment.kind === 'unknown' && next?.kind === 'unknown') next.start = segment.start;
    else out.unshift(segment);
  }
  return out;
}

/**
 * `text` as segments that cover it end to end: each run of Thai letters split into
 * dictionary words (and `extra` words), everything else in `other` segments.
 */
export function segmentThai(text: string, extra: ReadonlySet<string> = new Set()): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  while (at < text.length) {
    const thai = THAI_LETTER.test(text[at]!);
    let end = at + 1;
    while (end < text.length && THAI_LETTER.test(text[end]!) === thai) end++;
    if (thai) out.push(...segmentRun(text.slice(at, end), at, extra));
    else out.push({ start: at, end, kind: 'other' });
    at = end;
  }
  return out;
}
