/**
 * Functions: the reader's text through every language function the codec models, one row
 * each, grouped by language: what it writes, and under its name how it writes a space and
 * what it does to an existing escape; a lone surrogate gets a notice in its row saying what
 * that function does with it (build and browser).
 */
import { encoders, type Encoder, type EncoderId, type EncoderResult } from '../../codec';
import { issueItem } from '../lib/issues';
import { figure, fmt, h, position, str, type Child, type Dict } from '../lib/view';
import { byLanguage, EXISTING_ESCAPE, shownReplacement, traits } from './traits';

/** Longest result shown in a cell; Copy still copies all of it. */
const CELL_LIMIT = 200_000;

const COLUMNS = ['functions.colFunction', 'functions.colResult'];

type MaybeWellFormed = { isWellFormed?: () => boolean };
const wellFormed = (s: string) =>
  (s as unknown as MaybeWellFormed).isWellFormed?.() ??
  !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

/** The first `units` code units of `text`, never ending between the two halves of a pair. */
const head = (text: string, units: number) =>
  text.slice(0, units + (/[\uD800-\uDBFF]/.test(text.charAt(units - 1)) ? 1 : 0));

/**
 * What `encoder` writes for as much of `text` as its cell shows, and whether that is only the
 * beginning. Seventeen encodings of a megabyte take the browser most of a second, so a long
 * text is encoded only until it fills CELL_LIMIT characters: each try shows how much the
 * characters grow and the next takes enough for the cell, with a margin (every character
 * becomes at least one, so CELL_LIMIT of them always do). A text with a lone surrogate is
 * encoded whole, so each row says what its function does with it (a function that refuses
 * one stops at the first, which is quick).
 */
function encodeForCell(encoder: Encoder, text: string): { result: EncoderResult; cut: boolean } {
  if (text.length <= CELL_LIMIT || !wellFormed(text)) return { result: encoder.encode(text), cut: false };
  for (let units = CELL_LIMIT / 8; ; ) {
    const result = encoder.encode(head(text, units));
    if (!result.ok || result.value.length >= CELL_LIMIT || units >= CELL_LIMIT) return { result, cut: true };
    units = Math.min(CELL_LIMIT, Math.ceil((units * CELL_LIMIT * 1.25) / result.value.length));
  }
}

/**
 * How many different results the functions write for the whole text, without encoding all of
 * it: each of them writes every character on its own, and the UTF-8 ones differ only on ASCII,
 * on a lone surrogate and in the case of their hex digits, so two of them agree on the text
 * exactly when they agree on each ASCII character in it, on the lone surrogates when there are
 * any, and on the hex case when there is a character beyond ASCII (each one's first byte is
 * `%C2` or above, a hex letter: `%c3%a9` is not `%C3%A9` to a signature). `escape()` writes
 * code units instead: on any non-ASCII text it differs from every UTF-8 function.
 */
function distinctResults(text: string, rows: { encoder: Encoder; result: EncoderResult }[]): number {
  const present = new Uint8Array(128);
  let beyondAscii = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) present[c] = 1;
    else beyondAscii = true;
  }
  const codes = [...present.keys()].filter((c) => present[c] === 1);
  const signatures = rows.flatMap(({ encoder, result }) => {
    if (!result.ok) return [];
    const rule = encoder.loneSurrogate;
    const units = encoder.writes === 'code-units' && beyondAscii ? encoder.id : '';
    const hex = beyondAscii ? encoder.hex : '';
    return [
      codes.map((c) => traits(encoder).ascii[c]).join(' ') +
        (result.notices.length && rule.kind === 'replaces' ? rule.replacement : '') +
        units +
        hex,
    ];
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
    exception: rule.kind === 'throws' ? rule.exception : '',
    replacement: rule.kind === 'replaces' ? shownReplacement(rule.replacement) : '',
  };
  // Replaced or written as a unit, the text still comes out: a notice, not an error.
  const role = rule.kind === 'replaces' || rule.kind === 'units' ? 'notice' : 'error';
  return h(
    'ul',
    { class: 'w-issues' },
    issueItem(m, role, 'lone-surrogate', fmt(m, `functions.${rule.kind}`, params)),
    more > 0 && h('li', { class: 'w-more' }, fmt(m, 'common.more', { count: figure(m, more) })),
  );
}

function resultCell(
  m: Dict,
  e: Encoder,
  r: EncoderResult,
  text: string,
  cut: boolean,
  copy: { describedBy: string; live: boolean },
): Child {
  if (!r.ok)
    return [h('code', { class: 'w-val', 'data-role': 'encoded' }, ''), loneSurrogate(m, e, text, r.error.index, 0)];
  const [first] = r.notices;
  return [
    h(
      'code',
      { class: 'w-val', 'data-role': 'encoded' },
      r.value.length > CELL_LIMIT ? r.value.slice(0, CELL_LIMIT) : r.value,
    ),
    (cut || r.value.length > CELL_LIMIT) &&
      h('p', { class: 'w-note', 'data-role': 'cut' }, str(m, 'functions.cut', { shown: figure(m, CELL_LIMIT) })),
    first && loneSurrogate(m, e, text, first.index, r.notices.length - 1),
    h(
      'button',
      {
        type: 'button',
        class: 'w-btn',
        'data-action': 'copy-encoded',
        'data-encoder': e.id,
        'aria-describedby': copy.describedBy,
        'data-js': true,
        hidden: !copy.live,
      },
      m['common.copy'],
    ),
  ];
}

/** What `id` writes for the whole of `text` (Copy, when the cell holds only its beginning). */
export function wholeResult(id: EncoderId, text: string): string {
  const r = encoders.find((e) => e.id === id)?.encode(text);
  return r?.ok ? r.value : '';
}

/**
 * The table and its summary for `text`. `values` holds each row's result, whole when
 * `complete`; `live` shows the Copy buttons (the static HTML keeps them hidden until the
 * script runs).
 */
export function functionsView(m: Dict, text: string, { id, live }: { id: string; live: boolean }) {
  const rows = encoders.map((encoder, k) => ({ encoder, ...encodeForCell(encoder, text), nameId: `${id}-fn-${k}` }));
  const failed = rows.filter(({ result }) => !result.ok).length;
  const body = byLanguage(rows).map(([language, group]) =>
    h(
      'tbody',
      null,
      h('tr', { class: 'w-group' }, h('th', { colspan: COLUMNS.length, scope: 'rowgroup' }, language)),
      group.map(({ encoder, result, cut, nameId }) => {
        const t = traits(encoder);
        // The two fixed rules sit under the name, so the table keeps two columns at 320 px.
        return h(
          'tr',
          { 'data-encoder': encoder.id },
          h(
            'th',
            { scope: 'row' },
            h('code', { id: nameId }, encoder.call),
            h(
              'span',
              { class: 'w-note' },
              fmt(m, 'functions.space', { space: h('code', { 'data-role': 'space' }, t.space) }),
            ),
            h(
              'span',
              { class: 'w-note' },
              fmt(m, 'functions.existing', {
                escape: EXISTING_ESCAPE,
                existing: h('code', { 'data-role': 'existing' }, t.existing),
              }),
            ),
          ),
          h(
            'td',
            null,
            h('div', { class: 'w-cell' }, resultCell(m, encoder, result, text, cut, { describedBy: nameId, live })),
          ),
        );
      }),
    ),
  );
  const summary = { count: rows.length, distinct: distinctResults(text, rows), failed };
  return {
    complete: rows.every(({ cut }) => !cut),
    values: new Map(rows.map(({ encoder, result }) => [encoder.id, result.ok ? result.value : ''])),
    summary: str(m, failed ? 'functions.summaryFailed' : 'functions.summary', summary),
    output: [
      h(
        'table',
        { class: 'w-table' },
        h('caption', { class: 'w-label' }, m['functions.caption']),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            COLUMNS.map((k) => h('th', { scope: 'col' }, m[k])),
          ),
        ),
        body,
      ),
      rows.every(({ encoder }) => !traits(encoder).keepsEscapes) &&
        h('p', { class: 'w-hint' }, fmt(m, 'functions.reescape', { escape: EXISTING_ESCAPE })),
    ],
  };
}
