/** Normalize: canonical URL, group key and each rule that changed something (build and browser). */
import { normalize, type NormalizePolicy } from '../../codec';
import { hiddenNotice, issueItems } from '../lib/issues';
import { countHidden, figure, fmt, h, str, type Dict } from '../lib/view';
import { changesView, keptView } from './changes';

export function normalizeView(m: Dict, value: string, policy: NormalizePolicy) {
  const r = normalize(value, policy);
  if (!r.ok)
    return {
      output: '',
      key: '',
      summary: str(m, 'normalize.failed'),
      issues: issueItems(m, value, [], r.error),
      changes: null,
    };
  // Every scheme but http(s) is compared as text, whatever the policy says: say so.
  const scheme = r.model !== policy.model ? /^[^:]*:/.exec(r.canonical)?.[0] : undefined;
  return {
    output: r.canonical,
    key: r.key,
    summary: str(m, 'normalize.summary', { count: figure(m, r.changes.length) }),
    // The rules quote the input's parts: its hidden characters are marked there.
    issues: [
      hiddenNotice(m, countHidden(value)),
      scheme && h('li', { class: 'w-hint', 'data-role': 'model-note' }, fmt(m, 'normalize.modelForced', { scheme })),
    ],
    changes: [changesView(m, r.changes), keptView(m, r.kept)],
  };
}
