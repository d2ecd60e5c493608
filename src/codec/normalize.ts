import { failure, type Result } from './issues.ts';
import { ChangeLog, type NormalizeChange } from './changes.ts';
import { canonicalComponent } from './component.ts';
// Resolves to ./fast-path.ts in Node, to ./fast-path.browser.ts (no fast path) in browsers.
import { normalizeFast } from '#codec/fast-path';
import { groupKey } from './key.ts';
import { removeDotSegments } from './dot-segments.ts';
import { canonicalHost } from './host.ts';
import { isIssue, scanUrl, type UrlLayout } from './parse.ts';
import { compilePolicy, type CompiledPolicy, type NormalizePolicy } from './policy.ts';
import { canonicalQuery } from './query.ts';
import { findLoneSurrogate } from './utf8.ts';

export type Normalized = {
  /** The canonical URL: ASCII, every rule applied. */
  canonical: string;
  /** {@link groupKey} of `canonical`: 16 hex digits. */
  key: string;
  /** The input, unchanged. */
  raw: string;
  /** Each rule that changed something, in the order applied, with the text before and after. */
  changes: NormalizeChange[];
};

export type NormalizeResult = Result<Normalized>;

/**
 * Canonicalizes an absolute URL or a path-only reference (`/landing?x=1`) for analytics
 * grouping, following RFC 3986 §6.2.2 and §6.2.3, then applies the policy's business rules.
 * Idempotent: normalizing a canonical URL returns it unchanged. Never decodes a reserved
 * escape, never applies Unicode normalization, never drops `www.`, a trailing slash, a
 * trailing dot of the host or userinfo. Fails with `invalid-url` (empty, or a relative
 * path like `landing`), `invalid-host`, `invalid-port` or `lone-surrogate`.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2
 *
 * @example
 * normalize('HTTP://Example.COM:80/%7euser/./a/../b?utm_source=%65mail&a=1#top')
 * // { ok: true, canonical: 'http://example.com/~user/b?a=1&utm_source=email', key: '…', raw: '…', changes: [
 * //   { rule: 'lowercase-scheme', before: 'HTTP', after: 'http' },
 * //   { rule: 'lowercase-host', before: 'Example.COM', after: 'example.com' },
 * //   { rule: 'remove-default-port', before: ':80', after: '' },
 * //   { rule: 'decode-unreserved', before: '%7e', after: '~' }, … ] }
 * normalize('/page?utm_source=EMAIL', { caseInsensitive: ['utm_source'] }).canonical // '/page?utm_source=email'
 */
export function normalize(url: string, policy?: Partial<NormalizePolicy>): NormalizeResult {
  return normalizeWith(url, compilePolicy(policy));
}

// https://url.spec.whatwg.org/#default-port
function defaultPort(scheme: string): string | null {
  switch (scheme) {
    case 'http':
    case 'ws':
      return '80';
    case 'https':
    case 'wss':
      return '443';
    case 'ftp':
      return '21';
    default:
      return null;
  }
}

/** {@link normalize} with a policy compiled once, for batches. */
export function normalizeWith(raw: string, policy: CompiledPolicy): NormalizeResult {
  return normalizeFast(raw, policy) ?? normalizeGeneral(raw, policy);
}

/** Every rule, step by step; {@link normalizeFast} covers the common case faster. */
export function normalizeGeneral(raw: string, policy: CompiledPolicy): NormalizeResult {
  const lone = findLoneSurrogate(raw);
  if (lone >= 0) return failure('lone-surrogate', lone, 1);
  const log = new ChangeLog();

  // https://url.spec.whatwg.org/#concept-basic-url-parser (strip leading and trailing C0 control or space)
  let start = 0;
  let end = raw.length;
  while (start < end && raw.charCodeAt(start) <= 0x20) start++;
  while (end > start && raw.charCodeAt(end - 1) <= 0x20) end--;
  const text = start === 0 && end === raw.length ? raw : raw.slice(start, end);
  if (text !== raw) log.note('strip-whitespace', raw, text);

  const layout = scanUrl(text);
  if (isIssue(layout)) return failure(layout.code, layout.index + start, layout.length);
  if (layout.kind === 'relative-path') return failure('invalid-url', start, text.length);

  let canonical = '';
  let scheme: string | null = null;
  if (layout.schemeEnd >= 0) {
    const written = text.slice(0, layout.schemeEnd);
    scheme = written.toLowerCase();
    if (scheme !== written) log.note('lowercase-scheme', written, scheme);
    canonical = scheme + ':';
  }

  const hasAuthority = layout.authorityStart >= 0;
  if (hasAuthority) {
    const authority = canonicalAuthority(text, layout, scheme, log);
    if (typeof authority !== 'string') {
      return failure(authority.code, authority.index + start, authority.length);
    }
    canonical += '//' + authority;
  }

  canonical += canonicalPath(text, layout, scheme, hasAuthority, log);

  if (layout.queryStart >= 0) {
    const query = canonicalQuery(text, layout.queryStart, layout.queryEnd, policy, log);
    if (query !== null) canonical += '?' + query;
  }

  if (layout.fragmentStart >= 0) {
    if (policy.keepFragment) {
      canonical += '#' + canonicalComponent(text, layout.fragmentStart, text.length, false, log);
    } else {
      log.note('drop-fragment', text.slice(layout.fragmentStart - 1), '');
    }
  }

  return { ok: true, canonical, key: groupKey(canonical), raw, changes: log.changes };
}

type Problem = { code: 'invalid-host' | 'invalid-port'; index: number; length: number };

// https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3 (scheme-based: default port)
function canonicalAuthority(text: string, layout: UrlLayout, scheme: string | null, log: ChangeLog): string | Problem {
  let authority = '';
  if (layout.userinfoEnd >= 0) {
    authority = canonicalComponent(text, layout.authorityStart, layout.userinfoEnd, false, log) + '@';
  }
  const writtenHost = text.slice(layout.hostStart, layout.hostEnd);
  const host = canonicalHost(writtenHost);
  if (host === null) return { code: 'invalid-host', index: layout.hostStart, length: writtenHost.length };
  if (host !== writtenHost) {
    log.note(host === writtenHost.toLowerCase() ? 'lowercase-host' : 'canonicalize-host', writtenHost, host);
  }
  authority += host;

  if (layout.portStart < 0) return authority;
  const digits = text.slice(layout.portStart, layout.authorityEnd);
  if (digits === '') {
    log.note('remove-empty-port', ':', '');
    return authority;
  }
  let firstSignificant = 0;
  while (firstSignificant < digits.length - 1 && digits.charCodeAt(firstSignificant) === 0x30) firstSignificant++;
  const port = digits.slice(firstSignificant);
  if (port.length > 5 || Number(port) > 65535) {
    return { code: 'invalid-port', index: layout.portStart, length: digits.length };
  }
  if (scheme !== null && port === defaultPort(scheme)) {
    log.note('remove-default-port', ':' + digits, '');
    return authority;
  }
  if (port !== digits) log.note('remove-port-leading-zeros', ':' + digits, ':' + port);
  return authority + ':' + port;
}

// https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.3 (dot segments) and §6.2.3 (empty path)
function canonicalPath(text: string, layout: UrlLayout, scheme: string | null, hasAuthority: boolean, log: ChangeLog): string {
  // Unreserved escapes are decoded first, so `%2E%2E` is a dot segment too.
  const path = canonicalComponent(text, layout.pathStart, layout.pathEnd, false, log);
  if (path === '') {
    if (hasAuthority && scheme !== null && defaultPort(scheme) !== null) {
      log.note('add-root-path', '', '/');
      return '/';
    }
    return path;
  }
  let resolved = path.charCodeAt(0) === 0x2f ? removeDotSegments(path) : path;
  // Without an authority, a path starting with "//" would be read back as a host.
  // https://url.spec.whatwg.org/#url-serializing (the "/." prefix)
  const guarded = !hasAuthority && resolved.startsWith('//');
  if (guarded) resolved = '/.' + resolved;
  if (resolved === path) return path;
  const unguarded = guarded ? resolved.slice(2) : resolved;
  if (unguarded !== path) log.note('remove-dot-segments', path, unguarded);
  if (guarded) log.note('guard-double-slash', unguarded, resolved);
  return resolved;
}
