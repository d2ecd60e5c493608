/**
 * The one description of a widget's result, shared by the build and the browser.
 *
 * A widget's `view.ts` turns codec results into a small tree of `h()` nodes. At build time
 * `html.ts` serialises the tree (escaping every text and attribute), so the result is in
 * the static page; in the browser `dom.ts` turns the same tree into DOM nodes with
 * `createTextNode`/`setAttribute`. Reader data is never parsed as HTML on either side.
 */
import { hasHidden, hexOf, HIDDEN_SOURCE } from '../../lib/hidden';

export type Attrs = Record<string, string | number | boolean | null | undefined>;
export interface VNode {
  t: string;
  a: Attrs | null;
  c: Child[];
}
export type Child = string | number | VNode | null | undefined | false | Child[];

export const h = (t: string, a: Attrs | null = null, ...c: Child[]): VNode => ({ t, a, c });

/** Hidden characters drawn as boxes in one text; past this many, as plain `[U+XXXX]` text. */
const MAX_MARKS = 1000;
const HIDDEN_ALL = new RegExp(HIDDEN_SOURCE, 'g');
/** Splits a text around each hidden character, keeping it (odd indices). */
const HIDDEN_SPLIT = new RegExp(`(${HIDDEN_SOURCE})`);

/**
 * `text` with each hidden character (src/lib/hidden.ts: controls, NUL, CR, LF, bidi
 * controls, zero-width characters) drawn as a boxed `U+XXXX`, never applied: a U+202E in a
 * value would otherwise show `\u202Egnp.exe` as `exe.png`. `data-cp` keeps the code point,
 * so Copy can give back the text as it is. Text without any comes back unchanged.
 */
export const markHidden = (text: string): Child =>
  hasHidden(text)
    ? text
        .split(HIDDEN_SPLIT)
        .map((s, i) =>
          i % 2 === 0
            ? s
            : i < 2 * MAX_MARKS
              ? h('span', { class: 'w-hidden', 'data-role': 'hidden', 'data-cp': hexOf(s) }, `U+${hexOf(s)}`)
              : `[U+${hexOf(s)}]`,
        )
    : text;

/** How many hidden characters {@link markHidden} would mark in `text`. */
export const countHidden = (text: string): number => (hasHidden(text) ? (text.match(HIDDEN_ALL)?.length ?? 0) : 0);

/** UI strings of one widget in one locale: `widgets.*` keys flattened (`issue.invalid-utf8`). */
export type Dict = Record<string, string>;
export type Params = Record<string, string | number | VNode | Child[]>;

/**
 * A `.w-table`: an optional caption and the column headings (message keys), then the rows.
 * Every widget's tables share this one shape.
 */
export const table = (m: Dict, caption: string | null, cols: string[], rows: Child[]): VNode =>
  h(
    'table',
    { class: 'w-table' },
    caption && h('caption', { class: 'w-label' }, m[caption]),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        cols.map((k) => h('th', { scope: 'col' }, m[k])),
      ),
    ),
    h('tbody', null, rows),
  );

/**
 * A message with its `{{placeholders}}` filled in. Numbers stay plain text; strings are
 * reader data or code and are set in `<code>`, so the quoted text is unmistakable; view
 * nodes are inserted as they are.
 */
export function fmt(m: Dict, key: string, p: Params = {}): Child[] {
  return (m[key] ?? key).split(/\{\{(\w+)\}\}/).map((s, i) => {
    const v = p[s];
    return i % 2 === 0 ? s : typeof v === 'string' ? h('code', null, v) : typeof v === 'object' ? v : String(v ?? '');
  });
}

/**
 * The same message as plain text (for aria-live summaries and attributes). A string value
 * is reader data (a file name): it is set between U+2068 and U+2069 (first-strong isolate,
 * pop directional isolate), so a right-to-left override in it cannot reorder the sentence.
 */
export const str = (m: Dict, key: string, p: Params = {}): string =>
  (m[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
    typeof p[k] === 'string' ? `\u2068${p[k]}\u2069` : String(p[k] ?? ''),
  );

/** A 1-based character position for people: code points before `index`, plus one. */
export const position = (text: string, index: number): number => [...text.slice(0, index)].length + 1;

/**
 * Longest text laid out in full: an output longer than this shows its beginning and a
 * `[data-role=cut]` note (laying out megabytes would freeze the page).
 */
export const CUT = 200_000;

/**
 * A count as the page's language writes it (`m.locale`, set by dictFor: 200,000, 2,00,000,
 * 200 000), as a view node, so str() does not isolate it as reader data.
 */
export const figure = (m: Dict, n: number): Child[] => [n.toLocaleString(m.locale)];

/** The `[data-role=cut]` note (message `key`) for a text of `length` characters, or `false` when it is shown whole. */
export const cutNote = (m: Dict, key: string, length: number): string | false =>
  length > CUT && str(m, key, { shown: figure(m, CUT), length: figure(m, length) });

/** Longest table cell shown whole: a hundred rows of 500-character cells lay out in ~50 ms. */
export const CELL = 500;

/** A long text cut to its two ends around "…" (quotes in sentences, table cells). */
export const clip = (s: string, max = 60): string =>
  s.length > max ? `${s.slice(0, max / 2 - 2)}…${s.slice(2 - max / 2)}` : s;

/**
 * A widget's custom-element name, from its kind (`encode` → `pe-encode`), for Shell (which
 * renders it) and define. lib/on-use.ts writes it out again, as it imports nothing.
 */
export const widgetTag = (kind: string): string => `pe-${kind}`;
