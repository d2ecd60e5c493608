/**
 * Characters that change how text reads, or where it breaks, without being seen: C0 controls
 * (NUL, TAB, LF, CR…), DEL and the C1 controls; the bidi controls (U+202E RIGHT-TO-LEFT
 * OVERRIDE makes `\u202Egnp.exe` show as `exe.png`); zero-width and other invisible format
 * characters (U+200B, U+2060, U+FEFF, the soft hyphen). A page that shows what a server
 * receives must show these, never apply them (the widgets draw each as a boxed `U+XXXX`).
 */
/**
 * The hidden characters as a regular expression's source (a character class; escapes only,
 * no raw controls): C0 and C1 controls and DEL, the soft hyphen, the Arabic letter mark,
 * the Mongolian vowel separator, zero-width spaces and joiners, LRM and RLM, the bidi
 * embeddings, overrides and isolates, word joiner and invisible operators, the byte order
 * mark (zero-width no-break space), interlinear annotation marks.
 */
export const HIDDEN_SOURCE =
  '[\\0-\\x1f\\x7f-\\x9f\\xad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]';
const HIDDEN = new RegExp(HIDDEN_SOURCE);

/** Whether `text` holds a hidden character (one search; most text has none). */
export const hasHidden = (text: string): boolean => HIDDEN.test(text);

/** A hidden character's code point in four hex digits (`202E`); they are all in the BMP. */
export const hexOf = (char: string): string => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
