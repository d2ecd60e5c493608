/** Which model a policy names, including the field that came before `model`. */
import type { NormalizeModel } from './types.ts';

/**
 * The model of a policy, form or share link: `model` when it names one; otherwise the old
 * `plus: 'literal'` (from before the models) reads as `rfc3986`; anything else is `data`.
 */
export function modelOf(policy: { model?: unknown; plus?: unknown }): NormalizeModel {
  if (policy.model === 'rfc3986' || policy.model === 'data') return policy.model;
  return policy.plus === 'literal' ? 'rfc3986' : 'data';
}
