/**
 * Where a line of Thai may break: between words, as `Intl.Segmenter` (ICU's dictionary)
 * finds them, except inside the terms the Thai glossary lists as unbreakable. Pure text in,
 * offsets out; `thai-breaks.ts` applies them to the built pages.
 *
 * ICU splits some loanwords into syllables (ซี|ริ|ล|ลิก, ออฟ|เซ็ต), and Chromium breaks
 * lines at those same places: the list is what keeps them whole.
 */

const WORDS = new Intl.Segmenter('th', { granularity: 'word' });

/** Any character of the Thai block: consonants, vowels, tone marks, digits, ฯ and ๆ. */
const THAI = /\p{Script=Thai}/u;
/**
 * What a line may start with in Thai: a consonant or a leading vowel (เ แ โ ใ ไ); never a
 * following vowel, a mark, ฯ or ๆ, so no break is offered before them whatever ICU says.
 */
const LINE_START = /[\u0E01-\u0E2E\u0E40-\u0E44]/;
/** A run without spaces holding URL punctuation: a URL, a domain (ตัวอย่าง.ไทย), a query, an escape. */
const URL_LIKE = /\S*[./:?#=&%@~+\\]\S*/gu;

/** The glossary heading whose bullets are the words no line may break inside. */
export const NO_SPLIT_HEADING = 'คำที่ห้ามตัดบรรทัด';

/**
 * The terms listed under `## คำที่ห้ามตัดบรรทัด` in a glossary, one per bullet (`- คำ`), up
 * to the next heading of level 1 or 2. No such section: no terms.
 */
export function noSplitTerms(markdown: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${NO_SPLIT_HEADING}`);
  if (start < 0) return [];
  const terms: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2}\s/.test(line)) break;
    const term = /^\s*[-*+]\s+(.+?)\s*$/.exec(line)?.[1]?.replace(/^`(.+)`$/, '$1');
    if (term) terms.push(term);
  }
  return [...new Set(terms)];
}

export type Span = readonly [start: number, end: number];

export interface ThaiBreaks {
  /** Offsets where a break may go (between two Thai words), ascending. */
  breaks: number[];
  /** Occurrences of listed terms outside `frozen`, to keep on one line, ascending. */
  keep: Span[];
}

const inside = (spans: readonly Span[], at: number) => spans.some(([start, end]) => start < at && at < end);
const overlaps = (spans: readonly Span[], [s, e]: Span) => spans.some(([start, end]) => start < e && s < end);

/** Every occurrence of the terms, longest term first, none overlapping another. */
function termSpans(text: string, terms: readonly string[]): Span[] {
  const found: Span[] = [];
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
      const span: Span = [at, at + term.length];
      if (!overlaps(found, span)) found.push(span);
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** Spans sorted and merged where they overlap or touch. */
function merged(spans: readonly Span[]): Span[] {
  const out: [number, number][] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * The word boundaries of `text`, a kept span counting as one known word: ICU reads the text
 * between kept spans on its own. Read whole, an unknown loanword also throws off the words
 * before it (อาจ|รา|ยงานแฟ|รก|เมน|ต์ for อาจ|รายงาน|แฟรกเมนต์).
 */
function boundaries(text: string, kept: readonly Span[]): Set<number> {
  const found = new Set<number>();
  let from = 0;
  for (const [start, end] of [...merged(kept), [text.length, text.length] as const]) {
    for (const { index } of WORDS.segment(text.slice(from, start))) found.add(from + index);
    found.add(start).add(end);
    from = end;
  }
  return found;
}

/**
 * The break opportunities to add to `text` and the term occurrences to keep whole.
 * A break goes only where a Thai word ends and another begins (never next to Latin, digits
 * or punctuation: browsers already break at spaces), never inside a listed term, a
 * URL-like run or a `frozen` span (text already kept whole).
 */
export function thaiWordBreaks(text: string, terms: readonly string[] = [], frozen: readonly Span[] = []): ThaiBreaks {
  if (!THAI.test(text)) return { breaks: [], keep: [] };
  const listed = termSpans(text, terms);
  const kept = [...frozen, ...listed];
  const urls = [...text.matchAll(URL_LIKE)].map((m): Span => [m.index, m.index + m[0].length]);
  const breaks = [...boundaries(text, kept)]
    .filter((at) => at > 0 && THAI.test(text[at - 1] ?? '') && LINE_START.test(text[at] ?? ''))
    .filter((at) => !inside(kept, at) && !inside(urls, at))
    .sort((a, b) => a - b);
  return { breaks, keep: listed.filter((span) => !overlaps(frozen, span)) };
}
