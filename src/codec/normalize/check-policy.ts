/**
 * A policy read from outside the code (a command-line flag, a saved file) checked field by
 * field: `normalize` itself resolves anything it does not know to the defaults, so that a
 * share link can never make it throw, which would turn a typo (`{"drop":"utm_"}`,
 * `caseInsensitve`) into a run with the defaults and no signal. The command-line tool stops
 * on the first problem found here, which names the field.
 */
import type { NormalizePolicy } from './types.ts';

/** What is wrong with a policy, and where. */
export type PolicyProblem =
  | { problem: 'not-an-object' }
  | { problem: 'unknown-field'; field: string; suggestion: string | null }
  | { problem: 'wrong-type'; field: string; expected: 'string' | 'boolean' | 'array of strings' }
  | { problem: 'unknown-value'; field: string; value: string; allowed: readonly string[] };

const CHOICES = {
  model: ['data', 'rfc3986'],
  order: ['sort', 'keep'],
  fragment: ['drop', 'keep'],
  plus: ['form', 'literal'],
} as const;
const LISTS = ['caseInsensitive', 'drop'] as const;
const FIELDS = ['model', 'order', 'caseInsensitive', 'trim', 'drop', 'fragment', 'plus'];

/**
 * `value` as a policy (null and undefined: the defaults), or the first problem: not an object,
 * an unknown field (with the field it is closest to), a wrong type, an unknown value.
 *
 * @example
 * checkPolicy({ drop: 'utm_' }) // { ok: false, error: { problem: 'wrong-type', field: 'drop', expected: 'array of strings' } }
 * checkPolicy({ drop: ['utm_'] }) // { ok: true, policy: { drop: ['utm_'] } }
 */
export function checkPolicy(
  value: unknown,
): { ok: true; policy: Partial<NormalizePolicy> | undefined } | { ok: false; error: PolicyProblem } {
  if (value === null || value === undefined) return { ok: true, policy: undefined };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: { problem: 'not-an-object' } };
  const fields = value as Record<string, unknown>;
  for (const [field, v] of Object.entries(fields)) {
    if (!FIELDS.includes(field))
      return { ok: false, error: { problem: 'unknown-field', field, suggestion: closest(field) } };
    if (field in CHOICES) {
      const allowed = CHOICES[field as keyof typeof CHOICES];
      if (typeof v !== 'string') return { ok: false, error: { problem: 'wrong-type', field, expected: 'string' } };
      if (!(allowed as readonly string[]).includes(v))
        return { ok: false, error: { problem: 'unknown-value', field, value: v, allowed } };
    } else if ((LISTS as readonly string[]).includes(field)) {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
        return { ok: false, error: { problem: 'wrong-type', field, expected: 'array of strings' } };
    } else if (typeof v !== 'boolean')
      return { ok: false, error: { problem: 'wrong-type', field, expected: 'boolean' } };
  }
  return { ok: true, policy: fields as Partial<NormalizePolicy> };
}

/** The known field a misspelled one is closest to (at most two edits, ignoring case), or null. */
function closest(field: string): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const known of FIELDS) {
    const d = distance(field.toLowerCase(), known.toLowerCase());
    if (d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance (the names are short). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}
