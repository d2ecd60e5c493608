/** Normalize: canonical URL, group key and each rule that changed something (build and browser). */
import { normalize, type NormalizePolicy } from '../../codec';
import { issueItems } from '../lib/issues';
import { str, type Dict } from '../lib/view';
import { changesView } from './changes';

export function normalizeView(m: Dict, value: string, policy: NormalizePolicy) {
  const r = normalize(value, policy);
  if (!r.ok) return { output: '', key: '', summary: str(m, 'normalize.failed'), issues: issueItems(m, value, [], r.error), changes: null };
  return {
    output: r.canonical,
    key: r.key,
    summary: str(m, 'normalize.summary', { count: r.changes.length }),
    issues: [],
    changes: changesView(m, r.changes),
  };
}
