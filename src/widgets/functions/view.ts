/**
 * Functions: the reader's text through every language function the codec models, one row
 * each, grouped by language: what it writes, and under its name how it writes a space and
 * what it does to an existing escape; a lone surrogate gets a notice in its row saying what
 * that function does with it (build and browser).
 */
import { encoders, type Encoder, type EncoderId, type EncoderResult } from '../../codec';
import { issueItem } from '../lib/issues';
import { fmt, h, position, str, type Child, type Dict } from '../lib/view';
import { byLanguage, EXISTING_ESCAPE, traits } from './traits';

/** Longest result shown in a cell; Copy still copies all of it. */
export const CELL_LIMIT = 200_000;

const COLUMNS = ['functions.colFunction', 'functions.colResult'];

type MaybeWellFormed = { isWellFormed?: () => boolean };
const wellFormed = (s: string) => (s as unknown as MaybeWellFormed).isWellFormed?.() ?? !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

/**
 * The part of `text` each row encodes. Every character becomes at least one, so the first
 * CELL_LIMIT fill a cell: fourteen encodings of a megabyte would take the browser most of a
 * second. A text with a lone surrogate is encoded whole, so that each row says what its
 * function does with it (a function that refuses it stops at the first one, which is quick).
 */
function encodedPart(text: string): string {
  if (text.length <= CELL_LIMIT || !wellFormed(text)) return text;
  // At least CELL_LIMIT units, and never between the two halves of a surrogate pair.
  const end = CELL_LIMIT + (/[\uD800-\uDBFF]/.test(text.charAt(CELL_LIMIT - 1)) ? 1 : 0);
  return text.slice(0, end);
}

/**
 * How many different results the functions write for the whole text, without encoding all of
 * it: each of them writes every character on its own, and they differ only on ASCII and on a
 * lone surrogate, so two of them agree on the text exactly when they agree on each ASCII
 * character in it (and on the lone surrogates, when there are any).
 */
function distinctResults(text: string, rows: { encoder: Encoder; result: EncoderResult }[]): number {
  const present = new Uint8Array(128);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) present[c] = 1;
  }
  const codes = present.reduce<number[]>((all, on, c) => (on ? [...all, c] : all), []);
  const signatures = rows.flatMap(({ encoder, result }) => {
    if (!result.ok) return [];
    const rule = encoder.loneSurrogate;
    return [codes.map((c) => traits(encoder).ascii[c]).join(' ') + (result.notices.length && rule.kind == 'replaces' ? rule.replacement : '')];
  });
  return new Set(signatures).size;
}

/** The sentence for a lone surrogate at `index`, worded by what this function does with it. */
function loneSurrogate(m: Dict, e: Encoder, text: string, index: number, more: number): Child {
  const rule = e.loneSurrogate;
  const params = {
    name: e.name,
    language: [e.language],
    text: `U+${text.charCodeAt(index).toString(16).toUpperCase()}`,
    position: position(text, index),
    exception: rule.kind == 'throws' ? rule.exception : '',
    replacement: rule.kind == 'replaces' ? (rule.replacement == '?' ? '?' : 'U+FFFD') : '',
  };
  const role = rule.kind == 'replaces' ? 'notice' : 'error';
  return h('ul', { class: 'w-issues' },
    issueItem(m, role, 'lone-surrogate', fmt(m, `functions.${rule.kind}`, params)),
    more > 0 && h('li', { class: 'w-more' }, fmt(m, 'common.more', { count: more })));
}

function resultCell(m: Dict, e: Encoder, r: EncoderResult, text: string, cut: boolean, copy: { describedBy: string; live: boolean }): Child {
  if (!r.ok) return [h('code', { class: 'w-val', 'data-role': 'encoded' }, ''), loneSurrogate(m, e, text, r.error.index, 0)];
  const [first] = r.notices;
  return [
    h('code', { class: 'w-val', 'data-role': 'encoded' }, r.value.length > CELL_LIMIT ? r.value.slice(0, CELL_LIMIT) : r.value),
    (cut || r.value.length > CELL_LIMIT) && h('p', { class: 'w-note', 'data-role': 'cut' }, str(m, 'functions.cut', { shown: CELL_LIMIT })),
    first && loneSurrogate(m, e, text, first.index, r.notices.length - 1),
    h('button', { type: 'button', class: 'w-btn', 'data-action': 'copy-encoded', 'data-encoder': e.id, 'aria-describedby': copy.describedBy, 'data-js': true, hidden: !copy.live }, m['common.copy']),
  ];
}

/** What `id` writes for the whole of `text` (Copy, when the cell holds only its beginning). */
export function wholeResult(id: EncoderId, text: string): string {
  const r = encoders.find((e) => e.id == id)?.encode(text);
  return r?.ok ? r.value : '';
}

/**
 * The table and its summary for `text`. `values` holds each row's result, whole when
 * `complete`; `live` shows the Copy buttons (the static HTML keeps them hidden until the
 * script runs).
 */
export function functionsView(m: Dict, text: string, { id, live }: { id: string; live: boolean }) {
  const part = encodedPart(text);
  const cut = part.length < text.length;
  const rows = encoders.map((encoder, k) => ({ encoder, result: encoder.encode(part), nameId: `${id}-fn-${k}` }));
  const failed = rows.filter(({ result }) => !result.ok).length;
  const body = byLanguage(rows).map(([language, group]) =>
    h('tbody', null,
      h('tr', { class: 'w-group' }, h('th', { colspan: COLUMNS.length, scope: 'rowgroup' }, language)),
      group.map(({ encoder, result, nameId }) => {
        const t = traits(encoder);
        // The two fixed rules sit under the name, so the table keeps two columns at 320 px.
        return h('tr', { 'data-encoder': encoder.id },
          h('th', { scope: 'row' },
            h('code', { id: nameId }, encoder.call),
            h('span', { class: 'w-note' }, fmt(m, 'functions.space', { space: h('code', { 'data-role': 'space' }, t.space) })),
            h('span', { class: 'w-note' }, fmt(m, 'functions.existing', { escape: EXISTING_ESCAPE, existing: h('code', { 'data-role': 'existing' }, t.existing) }))),
          h('td', null, h('div', { class: 'w-cell' }, resultCell(m, encoder, result, text, cut, { describedBy: nameId, live }))),
        );
      }),
    ),
  );
  const summary = { count: rows.length, distinct: distinctResults(text, rows), failed };
  return {
    complete: !cut,
    values: new Map(rows.map(({ encoder, result }) => [encoder.id, result.ok ? result.value : ''])),
    summary: str(m, failed ? 'functions.summaryFailed' : 'functions.summary', summary),
    output: [
      h('table', { class: 'w-table' },
        h('caption', { class: 'w-label' }, m['functions.caption']),
        h('thead', null, h('tr', null, COLUMNS.map((k) => h('th', { scope: 'col' }, m[k])))),
        body),
      rows.every(({ encoder }) => !traits(encoder).keepsEscapes) && h('p', { class: 'w-hint' }, fmt(m, 'functions.reescape', { escape: EXISTING_ESCAPE })),
    ],
  };
}
