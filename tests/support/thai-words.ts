import { isThaiWord, segmentThai } from '../../src/integrations/thai-segment.ts';

/** What Thai words are written with: the Thai block without its digits and signs. */
const THAI_LETTER = /[\u0E01-\u0E3A\u0E40-\u0E4E]/u;

export interface Stretch {
  /** The Thai between two breaks, or between a break and the edge of its run of Thai. */
  text: string;
  /** Breaks at its start and its end. */
  before: boolean;
  after: boolean;
}

/**
 * The stretches of a text that touch a break: each run of Thai letters cut at `breaks`
 * (offsets into `text`), keeping only the pieces with a break at one end or both.
 */
export function stretchesAtBreaks(text: string, breaks: Iterable<number>): Stretch[] {
  const at = new Set(breaks);
  const out: Stretch[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const thai = i < text.length && THAI_LETTER.test(text[i]!);
    if (start >= 0 && (!thai || at.has(i))) {
      const stretch = { text: text.slice(start, i), before: at.has(start), after: thai && at.has(i) };
      if (stretch.before || stretch.after) out.push(stretch);
      start = -1;
    }
    if (thai && start < 0) start = i;
  }
  return out;
}

/**
 * Why a stretch beside a break is not a clean cut between dictionary words, or undefined:
 * a stretch is one word of the dictionary (or of `extra`); only Thai that no word covers
 * may make it longer, and then the word at each break is still a dictionary word.
 */
export function breakProblem({ text, before, after }: Stretch, extra: ReadonlySet<string>): string | undefined {
  if (isThaiWord(text, extra)) return undefined;
  const segments = segmentThai(text, extra);
  if (!segments.some((s) => s.kind === 'unknown'))
    return `${before ? '|' : ''}${text}${after ? '|' : ''}: not one word`;
  const first = segments[0]!;
  const last = segments.at(-1)!;
  if ((before && first.kind !== 'word') || (after && last.kind !== 'word'))
    return `${before ? '|' : ''}${text}${after ? '|' : ''}: a break beside Thai no word covers`;
  return undefined;
}
