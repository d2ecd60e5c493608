/**
 * Browser sets: the reader's text as a browser writes it in each part of a URL, one row per
 * part, from the codec's `browserEncode` (the WHATWG URL Standard's percent-encode sets)
 * (build and browser).
 */
import { browserEncode, browserParts, type BrowserPart } from '../../codec';
import { issueItem } from '../lib/issues';
import { figure, fmt, h, position, str, type Dict } from '../lib/view';

/** Longest text encoded and shown per cell: a megabyte paste stays quick (every character writes at least one). */
export const CELL_LIMIT = 200_000;

/** The first `units` code units of `text`, never ending between the two halves of a pair. */
const head = (text: string, units: number) =>
  text.slice(0, units + (/[\uD800-\uDBFF]/.test(text.charAt(units - 1)) ? 1 : 0));

const written = (text: string, part: BrowserPart) => {
  const r = browserEncode(text, part);
  return r.ok ? r.value : '';
};

/**
 * How many different results the parts give for the whole text, without encoding all of it:
 * the sets differ only on ASCII, so two parts agree on the text exactly when they agree on
 * each ASCII character in it.
 */
function distinctResults(text: string): number {
  const present = new Set<string>();
  for (const c of text) if (c < '\x80') present.add(c);
  return new Set(browserParts.map((part) => [...present].map((c) => written(c, part)).join(' '))).size;
}

export function browserSetsView(m: Dict, text: string) {
  const cut = text.length > CELL_LIMIT;
  const shown = cut ? head(text, CELL_LIMIT) : text;
  const rows = browserParts.map((part) => {
    const r = browserEncode(shown, part);
    const value = r.ok ? r.value : '';
    return h(
      'tr',
      { 'data-part': part },
      h('th', { scope: 'row' }, m[`browserSets.${part}`], h('span', { class: 'w-note' }, m[`browserSets.${part}Set`])),
      h(
        'td',
        null,
        h(
          'div',
          { class: 'w-cell' },
          h(
            'code',
            { class: 'w-val', 'data-role': 'encoded' },
            value.length > CELL_LIMIT ? value.slice(0, CELL_LIMIT) : value,
          ),
          (cut || value.length > CELL_LIMIT) &&
            h(
              'p',
              { class: 'w-note', 'data-role': 'cut' },
              str(m, 'browserSets.cut', { shown: figure(m, CELL_LIMIT) }),
            ),
        ),
      ),
    );
  });
  // Every part replaces a lone surrogate the same way, so the notice is said once.
  const lone = browserEncode(shown, 'fragment').notices;
  const [first] = lone;
  return {
    summary: str(m, 'browserSets.summary', { count: browserParts.length, distinct: distinctResults(text) }),
    issues: first
      ? [
          issueItem(
            m,
            'notice',
            'lone-surrogate',
            fmt(m, 'browserSets.replaced', {
              text: `U+${shown.charCodeAt(first.index).toString(16).toUpperCase()}`,
              position: position(shown, first.index),
            }),
          ),
          lone.length > 1 && h('li', { class: 'w-more' }, fmt(m, 'common.more', { count: figure(m, lone.length - 1) })),
        ]
      : [],
    output: h(
      'table',
      { class: 'w-table' },
      h('caption', { class: 'w-label' }, m['browserSets.caption']),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['browserSets.colPart', 'browserSets.colResult'].map((k) => h('th', { scope: 'col' }, m[k])),
        ),
      ),
      h('tbody', null, rows),
    ),
  };
}
