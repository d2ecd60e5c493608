/** Group: the grouped table, capped, with counts of what is not shown (build and browser). */
import type { GroupData } from './engine';
import { issueItem, issueText } from '../lib/issues';
import { fmt, h, str, table, type Child, type Dict } from '../lib/view';

export function groupView(m: Dict, d: GroupData) {
  const rows = d.groups.map((g) =>
    h('tr', { 'data-role': 'group', 'data-count': g.count },
      h('td', null, h('code', { class: 'w-val', 'data-role': 'canonical' }, g.canonical), h('br'), h('code', { class: 'w-note', 'data-role': 'key' }, g.key)),
      h('td', null, String(g.count)),
      h('td', null,
        h('ul', { class: 'w-list' }, g.variants.map((v) => h('li', { 'data-role': 'variant', 'data-count': v.count }, h('code', { class: 'w-val' }, v.raw), ` ×${v.count}`))),
        g.variantCount > g.variants.length && h('p', { class: 'w-note' }, fmt(m, 'group.moreVariants', { count: g.variantCount - g.variants.length })),
      ),
    ),
  );
  const rejected: Child = d.rejectedCount > 0 && [
    h('p', { class: 'w-label' }, m['group.rejected']),
    h('ul', { class: 'w-issues' }, d.rejected.map((x) => issueItem(m, 'error', x.error.code, [h('code', { class: 'w-val' }, x.raw), ` ×${x.count} — `, issueText(m, x.raw, x.error)]))),
    d.rejectedCount > d.rejected.length && h('p', { class: 'w-note' }, fmt(m, 'common.more', { count: d.rejectedCount - d.rejected.length })),
  ];
  return {
    summary: str(m, 'group.summary', { lines: d.lines, groups: d.groupCount, rejected: d.rejectedLines }),
    output: [
      rows.length > 0 &&
        table(m, null, ['group.colCanonical', 'group.colCount', 'group.colVariants'], rows),
      d.groupCount > d.groups.length && h('p', { class: 'w-hint' }, fmt(m, 'group.more', { count: d.groupCount - d.groups.length })),
      rejected,
    ],
  };
}
