/** Normalization policies: their defaults, and their compiled form for the pipeline. */
import { dataQuerySet, rfc3986ComponentSet } from '../sets.ts';
import { canonicalComponent } from './component.ts';
import { modelOf } from './model.ts';
import type { NormalizeModel, NormalizePolicy } from './types.ts';

/** The defaults of every policy field. */
export const DEFAULT_POLICY: Readonly<NormalizePolicy> = {
  model: 'data',
  order: 'sort',
  caseInsensitive: [],
  trim: false,
  drop: [],
  fragment: 'drop',
};

/** The parameter names a policy lists, in one model's canonical form (how it writes names). */
export type PolicyNames = {
  caseInsensitive: ReadonlySet<string> | null;
  dropNames: ReadonlySet<string> | null;
  dropPrefixes: readonly string[] | null;
};

/** A policy ready for use: flags resolved, listed names canonical in each model. */
export type CompiledPolicy = {
  /** The model for http(s) URLs and references; every other scheme is always `rfc3986`. */
  model: NormalizeModel;
  sort: boolean;
  trim: boolean;
  keepFragment: boolean;
  /** Whether any per-parameter rule (case, drop) is set. */
  perParameter: boolean;
  names: Readonly<Record<NormalizeModel, PolicyNames>>;
};

let defaultCompiled: CompiledPolicy | undefined;

/**
 * Resolves a partial policy against the defaults. Unknown values fall back to the default,
 * so a policy read from a URL fragment or a saved file can never make normalization throw.
 * The old `plus: 'literal'` reads as `model: 'rfc3986'` (model.ts).
 */
export function compilePolicy(policy?: Partial<NormalizePolicy> | null): CompiledPolicy {
  if (typeof policy !== 'object' || policy === null) return (defaultCompiled ??= compilePolicy({}));
  const model = modelOf(policy);
  const caseInsensitive = stringsOf(policy.caseInsensitive);
  const drop = stringsOf(policy.drop);
  return {
    model,
    sort: policy.order !== 'keep',
    trim: policy.trim === true,
    keepFragment: policy.fragment === 'keep',
    perParameter: caseInsensitive.length > 0 || drop.length > 0,
    names: { data: namesIn('data', caseInsensitive, drop), rfc3986: namesIn('rfc3986', caseInsensitive, drop) },
  };
}

function stringsOf(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** Listed names as the model writes them, so `utm_source` also matches `%75tm_source`. */
function namesIn(model: NormalizeModel, caseInsensitive: string[], drop: string[]): PolicyNames {
  const set = model === 'data' ? dataQuerySet() : rfc3986ComponentSet();
  const canonicalName = (name: string) => canonicalComponent(name, 0, name.length, set, null);
  const dropNames = new Set<string>();
  const dropPrefixes: string[] = [];
  for (const entry of drop) {
    if (entry.endsWith('*')) dropPrefixes.push(canonicalName(entry.slice(0, -1)));
    else if (entry.endsWith('_')) dropPrefixes.push(canonicalName(entry));
    else dropNames.add(canonicalName(entry));
  }
  const lowered = new Set(caseInsensitive.map(canonicalName));
  return {
    caseInsensitive: lowered.size > 0 ? lowered : null,
    dropNames: dropNames.size > 0 ? dropNames : null,
    dropPrefixes: dropPrefixes.length > 0 ? dropPrefixes : null,
  };
}
