/**
 * Text sizes for the diagrams, estimated at build time without a browser or font files.
 *
 * A diagram's boxes are laid out before any reader's font is known (system fonts differ by
 * platform), so every estimate errs wide: per script, an advance a little above what the
 * common system and Noto fonts use, zero for combining marks (Thai vowel and tone marks,
 * Devanagari virama and matras above or below), and taller lines wherever a string holds
 * Thai or Devanagari, whose marks stack above and below the line.
 * `tests/e2e/diagrams.spec.ts` checks the estimates against Chromium's real text boxes.
 */

/** Sizes in CSS pixels; the diagrams' stylesheet sets the same sizes on their classes. */
export const SIZE = { small: 12, label: 13, code: 14, glyph: 26 } as const;

export type TextStyle = { size: number; mono?: boolean; bold?: boolean };

import { projectFile, segmentThai } from '../../integrations/thai-segment';
import { glossaryTerms, noSplitTerms, thaiWordBreaks } from '../../integrations/thai-words';

const MARK = /[\p{Mn}\p{Me}\p{Cf}]/u;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const TALL_SCRIPT = /[\p{Script=Thai}\p{Script=Devanagari}]/u;
const NARROW = /[ijlI.,:;'!|`()[\]{}ftr]/;
const WIDE_LATIN = /[mwMW@]/;

/** Wide (East Asian) ranges: Hangul Jamo, CJK, Hangul syllables, fullwidth forms, planes 2-3. */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Advance of one code point in em, in a sans-serif font (monospace: at least one cell). */
function advance(c: string, mono: boolean): number {
  const cp = c.codePointAt(0) ?? 0;
  if (MARK.test(c) || cp === 0xfe0f) return 0;
  let em: number;
  if (EMOJI.test(c)) em = 1.3;
  else if (isWide(cp)) em = 1.05;
  else if (cp >= 0x0e00 && cp <= 0x0e7f)
    em = 0.66; // Thai letters and spacing vowels
  else if (cp >= 0x0900 && cp <= 0x097f)
    em = /\p{Mc}/u.test(c) ? 0.3 : 0.68; // Devanagari
  else if (cp >= 0x0400 && cp <= 0x04ff) em = /[жшщюмЖШЩЮМыЫ]/.test(c) ? 0.86 : c === c.toUpperCase() ? 0.74 : 0.62;
  else if (c === ' ') em = 0.3;
  else if (NARROW.test(c)) em = 0.34;
  else if (WIDE_LATIN.test(c)) em = 0.92;
  else if (/[A-Z]/.test(c)) em = 0.72;
  else if (/[0-9]/.test(c)) em = 0.6;
  else em = 0.6;
  // A monospace font lays ASCII out in cells of 0.6 em (DejaVu Sans Mono, Menlo, SF Mono);
  // other scripts fall back to a proportional font and keep their own advance.
  return mono ? Math.max(em, 0.62) : em;
}

/** Estimated width of `text` in pixels. */
export function textWidth(text: string, style: TextStyle): number {
  let em = 0;
  for (const c of text) em += advance(c, style.mono ?? false);
  return Math.ceil(em * style.size * (style.bold ? 1.08 : 1));
}

/** Does the text hold a script whose marks need a taller line (Thai, Devanagari)? */
export const isTall = (text: string): boolean => TALL_SCRIPT.test(text);

/** Line height in pixels: room for marks above and below in Thai and Devanagari. */
export const lineHeight = (text: string, style: TextStyle): number =>
  Math.ceil(style.size * (isTall(text) ? 1.8 : 1.35));

/**
 * Prose wrapped to lines no wider than `maxWidth`, at word boundaries found by
 * `Intl.Segmenter`, or for Thai, which writes no spaces, by `thaiPieces`. A word wider than
 * the line is cut between graphemes.
 */
export function wrapWords(text: string, maxWidth: number, style: TextStyle, locale: string): string[] {
  if (locale === 'th') return fill(thaiPieces(text, maxWidth, style), maxWidth, style, locale);
  const words = [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)].map((s) => s.segment);
  return fill(words, maxWidth, style, locale);
}

let thaiTerms: { noSplit: string[]; phrases: string[] } | undefined;

/** The Thai glossary's no-split list, and its terms, which a label keeps whole where it can. */
function thaiGlossary() {
  if (!thaiTerms) {
    const markdown = projectFile('content/th/GLOSSARY.md');
    const noSplit = noSplitTerms(markdown);
    thaiTerms = { noSplit, phrases: [...new Set([...noSplit, ...glossaryTerms(markdown)])] };
  }
  return thaiTerms;
}

/** `text` cut at `cuts` (offsets), in order. */
const cutAt = (text: string, cuts: Iterable<number>): string[] => {
  const at = [...new Set([0, ...cuts, text.length])].sort((a, b) => a - b);
  return at
    .slice(1)
    .map((end, i) => text.slice(at[i], end))
    .filter(Boolean);
};

/**
 * A Thai label in pieces a line may end after: phrases (a space ends one; ๆ stays with its
 * word) where they fit, else the phrase's dictionary words with the glossary's terms kept
 * whole (so no line ends inside รหัสเปอร์เซ็นต์ or อักขระไม่สงวน), else its bare words, and
 * a compound still too wide at the words it is made of (รูปแบบ|มาตรฐาน).
 */
function thaiPieces(text: string, maxWidth: number, style: TextStyle): string[] {
  const { noSplit, phrases } = thaiGlossary();
  const fits = (piece: string) => textWidth(piece.trim(), style) <= maxWidth;
  const spaces = [...text.matchAll(/ (?!ๆ)/g)].map((m) => m.index + 1);
  return cutAt(text, spaces).flatMap((phrase) => {
    if (fits(phrase)) return [phrase];
    return cutAt(phrase, thaiWordBreaks(phrase, phrases).breaks).flatMap((piece) =>
      fits(piece)
        ? [piece]
        : cutAt(piece, thaiWordBreaks(piece, noSplit).breaks).flatMap((word) =>
            fits(word) ? [word] : compoundParts(word),
          ),
    );
  });
}

/**
 * A word cut where both sides are made of whole dictionary words, as evenly as it can be
 * (รูปแบบมาตรฐาน → รูปแบบ, มาตรฐาน); a word that has no such cut stays as it is.
 */
function compoundParts(word: string): string[] {
  const whole = (part: string) => segmentThai(part).every((s) => s.kind !== 'unknown');
  let best: number | undefined;
  for (let at = 1; at < word.length; at++) {
    if (!/[\u0E01-\u0E2E\u0E40-\u0E44]/u.test(word[at]!) || !whole(word.slice(0, at)) || !whole(word.slice(at)))
      continue;
    if (best === undefined || Math.abs(word.length / 2 - at) < Math.abs(word.length / 2 - best)) best = at;
  }
  return best === undefined ? [word] : [word.slice(0, best), word.slice(best)];
}

/**
 * A URL or escape string wrapped to lines no wider than `maxWidth`: breaks go before a
 * `%` escape or after `/ ? & = #`, and between any two graphemes if nothing else fits.
 */
export function wrapCode(text: string, maxWidth: number, style: TextStyle, locale = 'en'): string[] {
  const pieces = text.split(/(?=%[0-9A-Fa-f]{2})|(?<=[/?&=#])/);
  return fill(pieces, maxWidth, { ...style, mono: true }, locale);
}

function fill(pieces: string[], maxWidth: number, style: TextStyle, locale: string): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    if (line !== '' && textWidth(line + piece, style) > maxWidth) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else {
      line += piece;
    }
  };
  const graphemes = new Intl.Segmenter(locale, { granularity: 'grapheme' });
  for (const piece of pieces) {
    if (textWidth(piece.trim(), style) <= maxWidth) push(piece);
    else for (const { segment } of graphemes.segment(piece)) push(segment);
  }
  if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
