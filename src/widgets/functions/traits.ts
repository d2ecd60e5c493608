/**
 * What sets the language functions apart, read off their models (`encoders` in the codec):
 * what each writes for every ASCII character (so which punctuation it leaves raw and what a
 * space becomes), and what it does to an escape already in the text. Computed, never typed:
 * the widget and the article's table (components/content/EncoderTable.astro) both show these
 * (build and browser).
 */
import type { Encoder } from '../../codec';

/** An escape already in the text: what a function does to it shows whether it double-encodes. */
export const EXISTING_ESCAPE = '%41';

export interface Traits {
  /** What it writes for each ASCII code (a lone character); '' where it fails. */
  ascii: string[];
  /** The printable punctuation written as it is (letters and digits always are). */
  raw: string[];
  /** What a space becomes: `+` or its escape. */
  space: string;
  /** What {@link EXISTING_ESCAPE} becomes. */
  existing: string;
  keepsEscapes: boolean;
}

const written = (e: Encoder, s: string) => {
  const r = e.encode(s);
  return r.ok ? r.value : '';
};

const known = new Map<Encoder, Traits>();

export function traits(e: Encoder): Traits {
  let t = known.get(e);
  if (!t) {
    const ascii = Array.from({ length: 128 }, (_, c) => written(e, String.fromCharCode(c)));
    const existing = written(e, EXISTING_ESCAPE);
    const punctuation = ascii.flatMap((out, c) =>
      c > 0x20 && c < 0x7f && !/[A-Za-z0-9]/.test(out) && out === String.fromCharCode(c) ? [out] : [],
    );
    t = { ascii, raw: punctuation, space: ascii[0x20] ?? '', existing, keepsEscapes: existing === EXISTING_ESCAPE };
    known.set(e, t);
  }
  return t;
}

/** A lone surrogate's replacement as a reader can see it: U+FFFD by name, `?` as it is. */
export const shownReplacement = (replacement: string) => (replacement === '\uFFFD' ? 'U+FFFD' : replacement);

/** Rows by the language of their encoder, in the codec's order. */
export function byLanguage<T extends { encoder: Encoder }>(rows: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.encoder.language, [...(groups.get(row.encoder.language) ?? []), row]);
  return [...groups];
}
