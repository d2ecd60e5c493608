/**
 * The two functions of the warehouse bundle (/downloads/canonical-url.js): the codec's
 * `normalize` behind the signature a SQL user-defined function has. SQL hands a UDF strings
 * or NULL (BigQuery: `null`; Snowflake: `undefined`) and expects a value or NULL back, and
 * an exception would fail the whole query, so nothing here throws.
 */
import { checkPolicy, createNormalizer, type NormalizePolicy, type NormalizeResult } from '../codec/index.ts';

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
 * rather than quietly grouping by the defaults; so does one the codec's `checkPolicy` refuses (see
 * {@link isPolicy}).
 */
export function readPolicy(policy: PolicyArgument): Partial<NormalizePolicy> | undefined | null {
  if (policy === null || policy === undefined) return undefined;
  if (typeof policy === 'string') return parsePolicy(policy);
  return isPolicy(policy) ? policy : null;
}

function parsePolicy(text: string): Partial<NormalizePolicy> | undefined | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null) return undefined;
  return isPolicy(value) ? value : null;
}

/**
 * Whether `value` is a policy object the codec's `checkPolicy` accepts. An unknown field
 * (`caseInsensitve`), a wrong type (`{"drop": "utm_"}`) or an unknown value (`"order":
 * "nonsense"`) makes every row NULL, as a malformed policy does: the codec alone would group
 * by the defaults, and a warehouse table filled that way looks right. NULL on every row,
 * valid URLs included, is what the SQL can see; throwing would fail the whole query, which a
 * UDF must never do (the CLI, which can, stops and names the field).
 */
function isPolicy(value: unknown): value is Partial<NormalizePolicy> {
  return typeof value === 'object' && value !== null && checkPolicy(value).ok;
}

type Normalizer = (url: string) => NormalizeResult;

/**
 * A query passes the same policy on every row, as the same string or, from a JSON or VARIANT
 * column, an equal object that may be a new one each row: the normalizer is made once per
 * policy text.
 */
let lastPolicyText: string | undefined;
let lastNormalizer: Normalizer | null = null;

function normalizerFor(policy: PolicyArgument): Normalizer | null {
  const text = typeof policy === 'string' ? policy : isPolicy(policy) ? JSON.stringify(policy) : null;
  if (text === null) {
    const rules = readPolicy(policy);
    return rules === null ? null : (defaultNormalizer ??= createNormalizer(undefined, { changes: false }));
  }
  if (text !== lastPolicyText) {
    const rules = typeof policy === 'string' ? readPolicy(policy) : (policy as Partial<NormalizePolicy>);
    lastPolicyText = text;
    lastNormalizer = rules === null ? null : createNormalizer(rules, { changes: false });
  }
  return lastNormalizer;
}

let defaultNormalizer: Normalizer | undefined;

function normalized(url: unknown, policy: PolicyArgument) {
  if (typeof url !== 'string') return null;
  try {
    const result = normalizerFor(policy)?.(url);
    return result?.ok ? result : null;
  } catch {
    // The codec never throws by design; a UDF must not fail a query if it ever did.
    return null;
  }
}
