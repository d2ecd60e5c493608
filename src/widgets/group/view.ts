/**
 * Group: the grouped table, capped, with counts of what is not shown, and the rules behind
 * each merge (build and browser). Numbers are written the way the page's locale groups
 * digits.
 */
import type { UrlGroup } from '../../codec';
import type { Explained, GroupData } from './engine';
import { hiddenNotice, issueItem, issueText } from '../lib/issues';
import { CELL, clip, countHidden, fmt, h, markHidden, str, table, type Child, type Dict } from '../lib/view';
import { changesView } from '../normalize/changes';

/**
 * A URL as a cell shows it: a long one cut to its two ends (a 2 MB line laid out in full
 * froze the tab for seconds; the report and the CSV keep it whole), hidden characters marked.
 */
const shown = (s: string): Child => markHidden(s.length > CELL ? clip(s, CELL) : s);

/** Whether any value of the table is longer than a cell shows. */
const anyClipped = (d: GroupData) =>
  d.groups.some((g) => g.canonical.length > CELL || g.variants.some((v) => v.raw.length > CELL)) ||
  d.rejected.some((x) => x.raw.length > CELL);

/** Whether a group has anything to explain: more than one spelling, or one that changed. */
const explainable = (g: UrlGroup) => g.variants.length > 1 || g.variants[0]?.raw !== g.canonical;

/** The rules that changed each of a group's variants, as Normalize lists them. */
export const whyView = (m: Dict, variants: Explained[]): Child =>
  h(
    'ul',
    { class: 'w-list w-why' },
    variants.map((v) =>
      h('li', { 'data-role': 'why-variant' }, h('code', { class: 'w-val' }, shown(v.raw)), changesView(m, v.changes)),
    ),
  );

/**
 * The table rows of some groups: each group's row, then (when it has one) a full-width row
 * with its explanation, so the rules have the table's width to wrap in, even at 320 px.
 * `why` gives a group's explanation when it is known (at build time); in the browser each
 * disclosure is filled when it is first opened.
 */
export function groupRows(
  m: Dict,
  groups: GroupData['groups'],
  locale: string,
  why?: (g: UrlGroup) => Explained[],
): Child[] {
  const n = new Intl.NumberFormat(locale);
  return groups.flatMap((g) => [
    h(
      'tr',
      { 'data-role': 'group', 'data-count': g.count, 'data-spellings': g.variantCount },
      h(
        'td',
        null,
        h('code', { class: 'w-val', 'data-role': 'canonical' }, shown(g.canonical)),
        h('br'),
        h('code', { class: 'w-note', 'data-role': 'key' }, g.key),
      ),
      h('td', null, n.format(g.count)),
      h(
        'td',
        null,
        h(
          'ul',
          { class: 'w-list' },
          g.variants.map((v) =>
            h(
              'li',
              { 'data-role': 'variant', 'data-count': v.count },
              h('code', { class: 'w-val' }, shown(v.raw)),
              ` ×${n.format(v.count)}`,
            ),
          ),
        ),
        g.variantCount > g.variants.length &&
          h(
            'p',
            { class: 'w-note' },
            fmt(m, 'group.moreVariants', { count: [n.format(g.variantCount - g.variants.length)] }),
          ),
      ),
    ),
    explainable(g) &&
      h(
        'tr',
        { class: 'w-why-row' },
        h(
          'td',
          { colspan: 3 },
          h(
            'details',
            { 'data-role': 'why', 'data-key': g.key },
            h('summary', null, m[g.variants.length > 1 ? 'group.why' : 'group.whyOne']),
            h('div', { class: 'w-why-body' }, why?.(g) && whyView(m, why(g))),
          ),
        ),
      ),
  ]);
}

/**
 * The table (with the rows of its first `rowsNow` groups: the browser draws the rest a
 * batch per frame with {@link groupRows}) and its summary.
 */
export function groupView(
  m: Dict,
  d: GroupData,
  locale: string,
  why?: (g: UrlGroup) => Explained[],
  rowsNow = d.groups.length,
) {
  const n = new Intl.NumberFormat(locale);
  // A figure as a view node: fmt() would set a string in <code>, and str() isolate it, as
  // they do reader data.
  const num = (x: number): Child[] => [n.format(x)];
  const rows = groupRows(m, d.groups.slice(0, rowsNow), locale, why);
  const rejected: Child = d.rejectedCount > 0 && [
    h('p', { class: 'w-label' }, m['group.rejected']),
    h(
      'ul',
      { class: 'w-issues' },
      d.rejected.map((x) =>
        issueItem(m, 'error', x.error.code, [
          h('code', { class: 'w-val' }, shown(x.raw)),
          ` ×${n.format(x.count)} — `,
          issueText(m, x.raw, x.error),
        ]),
      ),
    ),
    d.rejectedCount > d.rejected.length &&
      h('p', { class: 'w-note' }, fmt(m, 'common.more', { count: num(d.rejectedCount - d.rejected.length) })),
  ];
  const summary = str(m, 'group.summary', {
    lines: num(d.lines),
    groups: num(d.groupCount),
    split: num(d.splitCount),
    rejected: num(d.rejectedLines),
  });
  // With a count column the "Lines" heading names the column that is added up.
  const heads = d.sumOf == null ? m : { ...m, 'group.colCount': str(m, 'group.colSum', { column: d.sumOf }) };
  // Hidden characters in the spellings and lines shown (canonical URLs escape them).
  const hidden =
    d.groups.reduce((c, g) => g.variants.reduce((c, v) => c + countHidden(v.raw), c), 0) +
    d.rejected.reduce((c, x) => c + countHidden(x.raw), 0);
  return {
    summary:
      d.sumOf == null ? summary : `${summary} ${str(m, 'group.summarySum', { column: d.sumOf, sum: num(d.sum) })}`,
    output: [
      hidden > 0 && h('ul', { class: 'w-issues' }, hiddenNotice(m, hidden)),
      d.unreadable > 0 &&
        h(
          'p',
          { class: 'w-hint', 'data-role': 'unreadable' },
          fmt(m, 'group.unreadable', { column: d.sumOf ?? '', count: num(d.unreadable) }),
        ),
      d.narrowed &&
        h(
          'p',
          { class: 'w-hint', 'data-role': 'matching' },
          fmt(m, d.matchCount ? 'group.matching' : 'group.noMatch', {
            count: num(d.matchCount),
            groups: num(d.groupCount),
          }),
        ),
      rows.length > 0 && table(heads, null, ['group.colCanonical', 'group.colCount', 'group.colVariants'], rows),
      d.matchCount > d.groups.length &&
        h('p', { class: 'w-hint' }, fmt(m, 'group.more', { count: num(d.matchCount - d.groups.length) })),
      anyClipped(d) && h('p', { class: 'w-hint', 'data-role': 'clipped' }, m['group.clipped']),
      rejected,
    ],
  };
}
