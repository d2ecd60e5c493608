/**
 * Where a line of Thai may break: only between two words of a real Thai dictionary
 * (`thai-segment.ts`: NECTEC's word list, plus the loanwords the Thai glossary lists as
 * unbreakable). Pure text in, offsets out; `thai-breaks.ts` applies them to the built pages.
 *
 * Chromium breaks Thai lines where ICU's own dictionary (`Intl.Segmenter`) finds words, and
 * ICU cuts some words: loanwords into syllables (ซี|ริ|ล|ลิก, ออฟ|เซ็ต) and plain Thai words
 * after a wrong guess (เป็นก|ลุ่ม, บนม|อง, ข้อ|มูล). Each stretch of text between two of our
 * breaks where ICU would break inside is therefore kept on one line, as every listed term is.
 */
import { segmentThai } from './thai-segment.ts';

const WORDS = new Intl.Segmenter('th', { granularity: 'word' });

/** Any character of the Thai block: consonants, vowels, tone marks, digits, ฯ and ๆ. */
const THAI = /\p{Script=Thai}/u;
/** What Thai words are written with (segmentThai's runs): the block without its digits and signs. */
const THAI_LETTER = /[\u0E01-\u0E3A\u0E40-\u0E4E]/u;
/**
 * What a line may start with in Thai: a consonant or a leading vowel (เ แ โ ใ ไ); never a
 * following vowel, a mark, ฯ or ๆ, so no break is offered before them whatever ICU says.
 */
const LINE_START = /[\u0E01-\u0E2E\u0E40-\u0E44]/;
/**
 * A run without spaces holding URL punctuation between two other characters: a URL, a
 * domain (ตัวอย่าง.ไทย), a query, an escape. Punctuation that ends a run is prose
 * (ข้อความเพี้ยน: …), which must still break between its words.
 */
const URL_LIKE = /\S*[./:?#=&%@~+\\](?=\S)\S*/gu;

/** The glossary heading whose bullets are the words no line may break inside. */
const NO_SPLIT_HEADING = 'คำที่ห้ามตัดบรรทัด';

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

/**
 * The Thai terms of a glossary's table (its second column): each cell split at `,` `/` `;`,
 * without parenthesized notes or quotes, keeping the terms of Thai letters only. A diagram
 * keeps these on one line where it can (รหัสเปอร์เซ็นต์, อักขระไม่สงวน).
 */
export function glossaryTerms(markdown: string): string[] {
  const terms = markdown
    .split(/\r?\n/)
    .filter((line) => /^\|[^|]*\|[^|]*\|/.test(line))
    .flatMap((line) => (line.split('|')[2] ?? '').replace(/\([^)]*\)|["“”`]/g, '').split(/[,/;]/))
    .map((term) => term.trim())
    .filter((term) => /^[\u0E01-\u0E3A\u0E40-\u0E4E]{4,}$/u.test(term));
  return [...new Set(terms)];
}

export type Span = readonly [start: number, end: number];

export interface ThaiBreaks {
  /** Offsets where a break may go (between two Thai dictionary words), ascending. */
  breaks: number[];
  /**
   * Spans outside `frozen` to keep on one line, ascending: every occurrence of a listed term,
   * and the other stretches between two breaks that ICU, and so Chromium, would cut.
   */
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
 * Where ICU, and so Chromium, finds word boundaries in `text`: read whole, and read between
 * the listed terms (a term's span is its own box on the page). Both, as Chromium may do
 * either; an unknown loanword read whole throws off the words before it (อาจ|รา|ยงานแฟ|รก).
 */
function icuBoundaries(text: string, listed: readonly Span[]): Set<number> {
  const found = new Set<number>();
  for (const { index } of WORDS.segment(text)) found.add(index);
  let from = 0;
  for (const [start, end] of [...merged(listed), [text.length, text.length] as const]) {
    for (const { index } of WORDS.segment(text.slice(from, start))) found.add(from + index);
    from = end;
  }
  return found;
}

/**
 * The dictionary-word boundaries of `text`: each listed term is one word, and the text
 * between terms is split into the fewest dictionary words (`segmentThai`, the terms counting
 * as words too). A boundary counts only between two known words: next to Thai that no word
 * covers (a loanword nobody listed), no break goes.
 */
function wordBoundaries(text: string, terms: readonly string[], listed: readonly Span[]): Set<number> {
  const extra = new Set(terms);
  const found = new Set<number>();
  let from = 0;
  let previousKnown = false;
  const add = (start: number, known: boolean) => {
    if (known && previousKnown) found.add(start);
    previousKnown = known;
  };
  // Listed spans never overlap (termSpans); two that touch are two words.
  for (const [start, end] of [...listed, [text.length, text.length] as const]) {
    for (const s of segmentThai(text.slice(from, start), extra)) add(from + s.start, s.kind === 'word');
    if (end > start) add(start, true);
    from = end;
  }
  return found;
}

/**
 * The break opportunities to add to `text` and the spans to keep whole.
 * A break goes only between two Thai dictionary words (never next to Latin, digits or
 * punctuation: browsers already break at spaces), never inside a listed term, a URL-like
 * run or a `frozen` span (text already kept whole). Listed terms are always kept whole;
 * any other stretch between two breaks is kept whole where ICU would break inside it.
 */
export function thaiWordBreaks(text: string, terms: readonly string[] = [], frozen: readonly Span[] = []): ThaiBreaks {
  if (!THAI.test(text)) return { breaks: [], keep: [] };
  const listed = termSpans(text, terms);
  const kept = [...frozen, ...listed];
  const urls = [...text.matchAll(URL_LIKE)].map((m): Span => [m.index, m.index + m[0].length]);
  const breaks = [...wordBoundaries(text, terms, listed)]
    .filter((at) => at > 0 && THAI.test(text[at - 1] ?? '') && LINE_START.test(text[at] ?? ''))
    .filter((at) => !inside(kept, at) && !inside(urls, at))
    .sort((a, b) => a - b);
  return {
    breaks,
    keep: [...listed, ...cutStretches(text, breaks, listed, urls)]
      .filter((span) => !overlaps(frozen, span))
      .sort((a, b) => a[0] - b[0]),
  };
}

/**
 * The stretches of Thai between two of `breaks` (or a run's edge) where ICU finds a
 * boundary inside: Chromium would break a line there, in the middle of a word. A stretch
 * that holds a listed term (kept on its own) or lies in a URL-like run is left alone.
 */
function cutStretches(text: string, breaks: readonly number[], listed: readonly Span[], urls: readonly Span[]): Span[] {
  const icu = icuBoundaries(text, listed);
  const edges = new Set(breaks);
  const out: Span[] = [];
  let start = -1;
  for (let at = 0; at <= text.length; at++) {
    const thai = at < text.length && THAI_LETTER.test(text[at]!);
    if (start >= 0 && (!thai || edges.has(at))) {
      const span: Span = [start, at];
      const cut = [...icu].some((b) => start < b && b < at && LINE_START.test(text[b] ?? ''));
      if (cut && !overlaps(listed, span) && !overlaps(urls, span)) out.push(span);
      start = -1;
    }
    if (thai && start < 0) start = at;
  }
  return out;
}
