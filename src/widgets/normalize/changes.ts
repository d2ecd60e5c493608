/**
 * The rules a normalization applied, one list item each (Normalize and Compare). A module
 * of its own so that Compare does not also load Normalize's view.
 */
import type { NormalizeChange, Normalized } from '../../codec';
import { figure, fmt, h, markHidden, type Child, type Dict } from '../lib/view';

const MAX_CHANGES = 50;
const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

export const ruleName = (m: Dict, rule: string): Child =>
  `rule.${rule}` in m ? m[`rule.${rule}`] : fmt(m, 'rule.other', { rule });

/** Each change as "rule: before X → after Y". */
export function changesView(m: Dict, changes: NormalizeChange[]): Child {
  if (!changes.length) return h('p', { class: 'w-hint' }, m['normalize.none']);
  const code = (s: string) => (s ? h('code', { class: 'w-val' }, markHidden(clip(s))) : m['common.empty']);
  return [
    h(
      'ol',
      { class: 'w-list' },
      changes
        .slice(0, MAX_CHANGES)
        .map((c) =>
          h(
            'li',
            { 'data-role': 'change', 'data-rule': c.rule },
            h('strong', null, ruleName(m, c.rule)),
            ': ',
            m['normalize.before'],
            ' ',
            code(c.before),
            ' → ',
            c.after ? [m['normalize.after'], ' ', code(c.after)] : m['normalize.removed'],
          ),
        ),
    ),
    changes.length > MAX_CHANGES &&
      h('p', { class: 'w-hint' }, fmt(m, 'common.more', { count: figure(m, changes.length - MAX_CHANGES) })),
  ];
}

/**
 * What the data model kept as written because a server stack reads it apart (the codec's
 * `kept`): one `[data-role=kept]` item each, `data-rule` = the codec's rule, the stacks named
 * in the rule's sentence.
 */
export function keptView(m: Dict, kept: Normalized['kept']): Child {
  if (!kept?.length) return null;
  return h(
    'ul',
    { class: 'w-list' },
    kept
      .slice(0, MAX_CHANGES)
      .map((k) =>
        h(
          'li',
          { 'data-role': 'kept', 'data-rule': k.rule },
          h('strong', null, m['normalize.kept']),
          ': ',
          h('code', { class: 'w-val' }, clip(k.text)),
          ' — ',
          ruleName(m, k.rule),
        ),
      ),
  );
}
