import { canonicalComponent } from './component.ts';

/** Business rules for grouping analytics URLs. Every field is optional when passed in. */
export type NormalizePolicy = {
  /** `form` (default): a `+` in the query is a space (canonical `%20`); `literal`: a plus. */
  plus: 'form' | 'literal';
  /** `sort` (default): stable sort of parameters by encoded name; `keep`: input order. */
  order: 'sort' | 'keep';
  /** Parameter names whose values are lowercased, e.g. `['utm_source', 'utm_medium']`. Default none. */
  caseInsensitive: readonly string[];
  /** Strip leading and trailing spaces from values. Default `false`. */
  trim: boolean;
  /** Parameters to remove: exact names, or prefixes when an entry ends in `_` or `*` (`utm_`, `utm_*`). Default none. */
  drop: readonly string[];
  /** `drop` (default) or `keep` the fragment. */
  fragment: 'drop' | 'keep';
};

/** The defaults of every policy field. */
export const DEFAULT_POLICY: Readonly<NormalizePolicy> = {
  plus: 'form',
  order: 'sort',
  caseInsensitive: [],
  trim: false,
  drop: [],
  fragment: 'drop',
};

/** A policy ready for use: names in their canonical encoded form, flags resolved. */
export type CompiledPolicy = {
  plusAsSpace: boolean;
  sort: boolean;
  trim: boolean;
  keepFragment: boolean;
  caseInsensitive: ReadonlySet<string> | null;
  dropNames: ReadonlySet<string> | null;
  dropPrefixes: readonly string[] | null;
};

let defaultCompiled: CompiledPolicy | undefined;

/**
 * Resolves a partial policy against the defaults. Unknown values fall back to the default,
 * so a policy read from a URL fragment can never make normalization throw.
 */
export function compilePolicy(policy?: Partial<NormalizePolicy>): CompiledPolicy {
  if (typeof policy !== 'object' || policy === null) return (defaultCompiled ??= compilePolicy({}));
  const plusAsSpace = policy.plus !== 'literal';
  const canonicalName = (name: string) => canonicalComponent(name, 0, name.length, plusAsSpace, null);
  const names = (list: unknown): string[] => (Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);

  const caseInsensitive = new Set(names(policy.caseInsensitive).map(canonicalName));
  const dropNames = new Set<string>();
  const dropPrefixes: string[] = [];
  for (const entry of names(policy.drop)) {
    if (entry.endsWith('*')) dropPrefixes.push(canonicalName(entry.slice(0, -1)));
    else if (entry.endsWith('_')) dropPrefixes.push(canonicalName(entry));
    else dropNames.add(canonicalName(entry));
  }
  return {
    plusAsSpace,
    sort: policy.order !== 'keep',
    trim: policy.trim === true,
    keepFragment: policy.fragment === 'keep',
    caseInsensitive: caseInsensitive.size > 0 ? caseInsensitive : null,
    dropNames: dropNames.size > 0 ? dropNames : null,
    dropPrefixes: dropPrefixes.length > 0 ? dropPrefixes : null,
  };
}
