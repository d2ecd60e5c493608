/**
 * Normalization for analytics grouping, one rule per place: the pipeline over the URL's
 * parts (`authority.ts`, `path.ts`, `query.ts`, each using `component.ts` for escapes), the
 * change list and the group key.
 */
import { failure, type IssueCode } from '../issues.ts';
import { groupKey, groupKeyOfBytes } from '../key.ts';
import { isIssue, scanUrl } from '../scan.ts';
import { dataPathSet, dataQuerySet, rfc3986ComponentSet } from '../sets.ts';
import { charBytes, type CharBytes } from '../char-bytes.ts';
import { findLoneSurrogate } from '../utf8.ts';
import { canonicalAuthority, canonicalScheme, defaultPort } from './authority.ts';
import { ChangeLog } from './changes.ts';
import { canonicalComponent, canonicalEnd } from './component.ts';
import { readAsBrowser } from './browser-reading.ts';
import { notePathKeptApart } from './kept.ts';
import { canonicalPath } from './path.ts';
import { compilePolicy, type CompiledPolicy } from './policy.ts';
import { canonicalQuery } from './query.ts';
import type { NormalizeChange, NormalizeModel, NormalizePolicy, NormalizeResult } from './types.ts';

/**
 * Canonicalizes an absolute URL or a path-only reference (`/landing?x=1`) for analytics
 * grouping. Two models of "the same URL" (policy `model`): `data` (the default for http(s)
 * and references) merges spellings every modelled server stack reads as the same path
 * segments and query pairs (`?next=%2Fhome` and `?next=/home`, `+` and `%20`) and keeps apart
 * those one stack reads differently (`?a` and `?a=`, `;` and `%3B`: see `kept`), `rfc3986` applies
 * RFC 3986 section 6.2.2 only; every other scheme is compared the rfc3986 way. Both lowercase
 * scheme and host, drop the default port, uppercase hex, decode unreserved escapes, escape
 * what must be, remove dot segments; then the policy's business rules. Idempotent. Never
 * applies Unicode normalization, never decodes twice, never drops `www.`, a trailing slash,
 * a trailing dot of the host or userinfo. Fails with `invalid-url` (empty, or a relative
 * path like `landing`), `invalid-host`, `invalid-port` or `lone-surrogate`.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2
 *
 * @example
 * normalize('HTTP://Example.COM:80/%7euser/./a/../b?utm_source=%65mail&next=%2Fhome#top')
 * // { ok: true, canonical: 'http://example.com/~user/b?next=/home&utm_source=email', model: 'data', changes: [
 * //   { rule: 'lowercase-scheme', before: 'HTTP', after: 'http', part: 'scheme' }, … ] }
 * normalize('/go?next=%2Fhome', { model: 'rfc3986' }).canonical   // '/go?next=%2Fhome'
 * normalize('/page?utm_source=EMAIL', { caseInsensitive: ['utm_source'] }).canonical // '/page?utm_source=email'
 */
export function normalize(url: string, policy?: Partial<NormalizePolicy>): NormalizeResult {
  return normalizeWith(url, compilePolicy(policy), true);
}

/** Options of {@link createNormalizer}. */
export type NormalizerOptions = {
  /** Record the change list (default true); grouping many URLs does not need it. */
  changes?: boolean;
};

/**
 * {@link normalize} with the policy compiled once, for many URLs: the names a policy lists
 * are put in canonical form when the normalizer is made, not for every URL.
 *
 * @example
 * const canonical = createNormalizer({ drop: ['utm_*'] }, { changes: false });
 * rows.map((row) => canonical(row.url));
 */
export function createNormalizer(
  policy?: Partial<NormalizePolicy> | null,
  options: NormalizerOptions = {},
): (url: string) => NormalizeResult {
  const compiled = compilePolicy(policy);
  const withChanges = options.changes !== false;
  return (url) => normalizeWith(url, compiled, withChanges);
}

const NO_CHANGES: NormalizeChange[] = [];

/** The lowercase scheme `text[0, end)`; http and https without a copy, as most URLs have them. */
function schemeAsWritten(text: string, chars: CharBytes, end: number): string {
  const http = end >= 4 && chars[0] === 0x68 && chars[1] === 0x74 && chars[2] === 0x74 && chars[3] === 0x70;
  if (http && end === 4) return 'http';
  if (http && end === 5 && chars[4] === 0x73) return 'https';
  return text.slice(0, end);
}

/**
 * The pipeline, with a compiled policy. Without `withChanges`, the result's `changes` is an
 * empty list and no change is recorded.
 */
function normalizeWith(raw: string, policy: CompiledPolicy, withChanges: boolean): NormalizeResult {
  // https://url.spec.whatwg.org/#concept-basic-url-parser (strip leading and trailing C0 control or space)
  // The scans below read the characters as bytes, not the string (see `charBytes`).
  let view = charBytes(raw);
  let start = 0;
  let stop = raw.length;
  while (start < stop && (view.bytes[start] as number) <= 0x20) start++;
  while (stop > start && (view.bytes[stop - 1] as number) <= 0x20) stop--;
  const stripped = start === 0 && stop === raw.length ? raw : raw.slice(start, stop);
  if (stripped !== raw) view = charBytes(stripped);
  // ASCII text (stripped spaces aside) has no lone surrogate.
  if (!view.ascii) {
    const lone = findLoneSurrogate(raw);
    if (lone >= 0) return failure('lone-surrogate', lone, 1);
  }
  const log = withChanges ? new ChangeLog() : null;
  if (stripped !== raw) log?.note('strip-whitespace', raw, stripped);

  // A tab, slashes or a `\` where a browser reads them otherwise: the rest of the pipeline reads the URL as it would.
  const browser = readAsBrowser(stripped, view.bytes, log);
  const text = browser === null ? stripped : browser.text;
  const chars = browser === null ? view.bytes : browser.chars;
  const ascii = view.ascii;
  /** A problem at `index` of `text`, pointing into the input. */
  const problem = (code: IssueCode, index: number, length: number) =>
    failure(code, (browser === null ? index : browser.inputIndex(index)) + start, length);

  const layout = scanUrl(text, chars);
  if (isIssue(layout)) return problem(layout.code, layout.index, layout.length);
  if (layout.kind === 'relative-path') return failure('invalid-url', start, stripped.length);

  // The canonical URL is the text with the parts that changed spliced in: `out` holds
  // everything before `copied`, so unchanged stretches are copied once, in one slice.
  let out = '';
  let copied = 0;

  // Scheme. https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1
  const hasScheme = layout.schemeEnd >= 0;
  const lowered = hasScheme ? canonicalScheme(text, chars, layout.schemeEnd, log) : null;
  if (lowered !== null) {
    out = lowered;
    copied = layout.schemeEnd;
  }
  const scheme = hasScheme ? (lowered ?? schemeAsWritten(text, chars, layout.schemeEnd)) : null;
  const model: NormalizeModel = scheme === null || scheme === 'http' || scheme === 'https' ? policy.model : 'rfc3986';

  // Authority.
  const hasAuthority = layout.authorityStart >= 0;
  if (hasAuthority) {
    const authority = canonicalAuthority(text, chars, layout, scheme, log);
    if (authority !== null && typeof authority !== 'string')
      return problem(authority.code, authority.index, authority.length);
    if (authority !== null) {
      out += text.slice(copied, layout.authorityStart) + authority;
      copied = layout.authorityEnd;
    }
  }

  // Path.
  const rootIfEmpty = hasAuthority && scheme !== null && defaultPort(scheme) !== null;
  const pathSet = model === 'data' ? dataPathSet() : rfc3986ComponentSet();
  if (log !== null && model === 'data') notePathKeptApart(text, layout.pathStart, layout.pathEnd, log);
  const path = canonicalPath(text, chars, layout.pathStart, layout.pathEnd, pathSet, hasAuthority, rootIfEmpty, log);
  if (path !== null) {
    out += text.slice(copied, layout.pathStart) + path;
    copied = layout.pathEnd;
  }

  // Query; `''` when nothing is left of it, and then its `?` goes too.
  if (layout.queryStart >= 0) {
    const querySet = model === 'data' ? dataQuerySet() : rfc3986ComponentSet();
    const query = canonicalQuery(text, chars, layout.queryStart, layout.queryEnd, querySet, model, policy, log);
    if (query !== null) {
      out += text.slice(copied, query === '' ? layout.queryStart - 1 : layout.queryStart) + query;
      copied = layout.queryEnd;
    }
  }

  // Fragment: servers never see it, so it is dropped unless the policy keeps it.
  let end = text.length;
  if (layout.fragmentStart >= 0 && policy.keepFragment) {
    if (log !== null) log.part = 'fragment';
    const set = rfc3986ComponentSet();
    if (canonicalEnd(chars, layout.fragmentStart, end, set) !== end) {
      out += text.slice(copied, layout.fragmentStart) + canonicalComponent(text, layout.fragmentStart, end, set, log);
      copied = end;
    }
  } else if (layout.fragmentStart >= 0) {
    end = layout.fragmentStart - 1;
    if (log !== null) {
      log.part = 'fragment';
      log.note('drop-fragment', text.slice(end), '');
    }
  }
  const changes = log?.changes ?? NO_CHANGES;
  // Listed only where the data model kept something apart, so other results keep their shape.
  const kept = log !== null && log.kept.length > 0 ? { kept: log.kept } : null;
  if (copied === 0) {
    // Canonical as written, up to a dropped fragment: when ASCII, the bytes in hand are its UTF-8.
    const canonical = text.slice(0, end);
    return {
      ok: true,
      canonical,
      key: ascii ? groupKeyOfBytes(chars, end) : groupKey(canonical),
      raw,
      model,
      changes,
      ...kept,
    };
  }
  const canonical = out + text.slice(copied, end);
  return { ok: true, canonical, key: groupKey(canonical), raw, model, changes, ...kept };
}
