/**
 * What is wrong with a share link's normalization policy, found by the codec's `checkPolicy`
 * (the one the command-line tool and the warehouse functions use), as a sentence in the
 * reader's language. Its own chunk: a page loads it only when a link's policy was not taken
 * as written (policy-link.ts).
 */
import { checkPolicy } from '../../codec/normalize/check-policy';
import { str, type Dict } from './view';

/** Form fields that are policy fields (`plus`: old links). */
const POLICY_FIELDS = ['model', 'order', 'caseInsensitive', 'trim', 'drop', 'fragment', 'plus'];

/**
 * A share link's first problem with its policy: a name that is neither a policy field nor
 * one of the widget's `own` fields (the input, Group's columns…), or a value none of the
 * controls has. Lists are comma-separated text in a link, so only their name can be wrong;
 * `trim` is `on` or empty. Null when the link's policy is sound.
 */
export function linkPolicyProblem(
  fields: Map<string, string>,
  own: string[],
): { field: string; value?: string } | null {
  const policy: Record<string, unknown> = {};
  for (const [k, v] of fields) {
    if (k === 'v' || (own.includes(k) && !POLICY_FIELDS.includes(k))) continue;
    // A list in a link is comma-separated text: always a list of names, whatever it holds
    // (not split here: policy.ts's `list` would split that module into a chunk of its own).
    policy[k] = k === 'caseInsensitive' || k === 'drop' ? [v] : k === 'trim' ? v === 'on' || (v === '' ? false : v) : v;
  }
  const checked = checkPolicy(policy);
  if (checked.ok || !('field' in checked.error)) return null;
  const e = checked.error;
  return e.problem === 'unknown-field' ? { field: e.field } : { field: e.field, value: fields.get(e.field) ?? '' };
}

/** {@link linkPolicyProblem} as a sentence in the reader's language, or null. */
export function linkPolicyNote(m: Dict, fields: Map<string, string>, own: string[]): string | null {
  const e = linkPolicyProblem(fields, own);
  return e && str(m, e.value === undefined ? 'normalize.linkField' : 'normalize.linkValue', e);
}
