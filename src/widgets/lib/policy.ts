/** The normalization policy as form values and as props (shared by Normalize, Group, Compare). */
import type { NormalizePolicy } from '../../codec';
import { modelOf } from '../../codec/normalize/model';

/** Splits a comma-separated prop or field ("utm_source, utm_medium") into names. */
const list = (s = ''): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Props and form fields: lists are comma-separated text, `trim` a boolean or "on". `plus`
 * is the option before `model` (old share links and props): `literal` means `rfc3986`.
 */
export type PolicyProps = {
  model?: 'data' | 'rfc3986';
  plus?: 'form' | 'literal';
  order?: 'sort' | 'keep';
  caseInsensitive?: string;
  trim?: boolean | string;
  drop?: string;
  fragment?: 'drop' | 'keep';
};

export const policyOf = (v: PolicyProps | Record<string, string | undefined>): NormalizePolicy => ({
  model: modelOf(v),
  order: v.order === 'keep' ? 'keep' : 'sort',
  caseInsensitive: list(String(v.caseInsensitive ?? '')),
  trim: v.trim === true || v.trim === 'on',
  drop: list(String(v.drop ?? '')),
  fragment: v.fragment === 'keep' ? 'keep' : 'drop',
});
