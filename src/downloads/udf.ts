/**
 * The two functions of the warehouse bundle (/downloads/canonical-url.js): the codec's
 * `normalize` behind the signature a SQL user-defined function has. SQL hands a UDF strings
 * or NULL (BigQuery: `null`; Snowflake: `undefined`) and expects a value or NULL back, and
 * an exception would fail the whole query, so nothing here throws.
 */
import { normalize, type NormalizePolicy } from '../codec/index.ts';

/** A policy as SQL can pass one: NULL, a JSON string, or an object (BigQuery JSON, Snowflake VARIANT). */
export type PolicyArgument = unknown;

/**
 * The canonical URL of `url` under `policy`, or `null` when `url` is not a URL the codec
 * accepts (a relative path, a bad host or port, a lone surrogate, not a string) or `policy`
 * is not a policy (see {@link readPolicy}).
 *
 * @example
 * canonicalUrl('/landing?utm_source=%65mail', null) // '/landing?utm_source=email'
 */
export function canonicalUrl(url: unknown, policy: PolicyArgument): string | null {
  return normalized(url, policy)?.canonical ?? null;
}

/** The 16-hex-digit group key of {@link canonicalUrl}'s result, or `null` where that is `null`. */
export function urlGroupKey(url: unknown, policy: PolicyArgument): string | null {
  return normalized(url, policy)?.key ?? null;
}

/**
 * The policy that `policy` stands for: `undefined` (the defaults) for SQL NULL or JSON
 * `null`; the object itself for an object or a JSON object; `null` for anything else (JSON
 * that does not parse, an array, a number...). A malformed policy makes every row NULL
 * rather than quietly grouping by the defaults. Fields are passed to the codec unchanged,
 * which resolves unknown values to their defaults.
 */
export function readPolicy(policy: PolicyArgument): Partial<NormalizePolicy> | undefined | null {
  if (policy === null || policy === undefined) return undefined;
  if (typeof policy === 'string') {
    // A query passes the same policy on every row: parse it once.
    if (policy !== lastText) {
      lastText = policy;
      lastPolicy = parsePolicy(policy);
    }
    return lastPolicy;
  }
  return isPlainObject(policy) ? policy : null;
}

let lastText: string | undefined;
let lastPolicy: Partial<NormalizePolicy> | undefined | null;

function parsePolicy(text: string): Partial<NormalizePolicy> | undefined | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null) return undefined;
  return isPlainObject(value) ? value : null;
}

function isPlainObject(value: unknown): value is Partial<NormalizePolicy> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalized(url: unknown, policy: PolicyArgument) {
  if (typeof url !== 'string') return null;
  const rules = readPolicy(policy);
  if (rules === null) return null;
  try {
    const result = normalize(url, rules);
    return result.ok ? result : null;
  } catch {
    // The codec never throws by design; a UDF must not fail a query if it ever did.
    return null;
  }
}
