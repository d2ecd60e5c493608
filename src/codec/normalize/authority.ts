/**
 * The scheme and the authority (userinfo, host, port): case, the host's canonical form and
 * the scheme's default port. Both models treat them alike.
 */
import { isAsciiDigit, rfc3986ComponentSet } from '../sets.ts';
import type { UrlLayout } from '../scan.ts';
import type { ChangeLog } from './changes.ts';
import { canonicalComponent } from './component.ts';

/**
 * The scheme in lowercase, or `null` when it is written so already.
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 (schemes are case-insensitive)
 */
export function canonicalScheme(text: string, end: number, log: ChangeLog | null): string | null {
  let upper = false;
  for (let i = 0; i < end && !upper; i++) {
    const c = text.charCodeAt(i);
    upper = c >= 0x41 && c <= 0x5a;
  }
  if (!upper) return null;
  const written = text.slice(0, end);
  const scheme = written.toLowerCase();
  if (log !== null) {
    log.part = 'scheme';
    log.note('lowercase-scheme', written, scheme);
  }
  return scheme;
}

/** The scheme's default port, which normalization removes. https://url.spec.whatwg.org/#default-port */
export function defaultPort(scheme: string): string | null {
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

export type AuthorityProblem = { code: 'invalid-host' | 'invalid-port'; index: number; length: number };

/**
 * The canonical authority (`userinfo@host:port`, without `//`), `null` when it is written
 * so already, or the problem with its host or port. Userinfo is kept (never a business
 * rule to drop) and canonicalized as text.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3 (scheme-based: default port)
 */
export function canonicalAuthority(
  text: string,
  layout: UrlLayout,
  scheme: string | null,
  log: ChangeLog | null,
): string | null | AuthorityProblem {
  let changed = false;
  let authority = '';
  if (layout.userinfoEnd >= 0) {
    if (log !== null) log.part = 'userinfo';
    const userinfo = canonicalComponent(text, layout.authorityStart, layout.userinfoEnd, rfc3986ComponentSet(), log);
    changed = userinfo.length !== layout.userinfoEnd - layout.authorityStart || !text.startsWith(userinfo, layout.authorityStart);
    authority = userinfo + '@';
  }

  const writtenHost = text.slice(layout.hostStart, layout.hostEnd);
  const host = isSpecial(scheme) || writtenHost.startsWith('[') ? canonicalHost(writtenHost) : canonicalTextHost(writtenHost);
  if (host === null) return { code: 'invalid-host', index: layout.hostStart, length: writtenHost.length };
  if (host !== writtenHost) {
    changed = true;
    if (log !== null) {
      log.part = 'host';
      log.note(host === writtenHost.toLowerCase() ? 'lowercase-host' : 'canonicalize-host', writtenHost, host);
    }
  }
  authority += host;

  if (layout.portStart < 0) return changed ? authority : null;
  if (log !== null) log.part = 'port';
  const digits = text.slice(layout.portStart, layout.authorityEnd);
  if (digits === '') {
    log?.note('remove-empty-port', ':', '');
    return authority;
  }
  let firstSignificant = 0;
  while (firstSignificant < digits.length - 1 && digits.charCodeAt(firstSignificant) === 0x30) firstSignificant++;
  const port = digits.slice(firstSignificant);
  if (port.length > 5 || Number(port) > 65535) {
    return { code: 'invalid-port', index: layout.portStart, length: digits.length };
  }
  if (scheme !== null && port === defaultPort(scheme)) {
    log?.note('remove-default-port', ':' + digits, '');
    return authority;
  }
  if (port === digits) return changed ? authority + ':' + port : null;
  log?.note('remove-port-leading-zeros', ':' + digits, ':' + port);
  return authority + ':' + port;
}

/**
 * The canonical form of a host, or `null` when it is not a valid host.
 *
 * A plain ASCII name (letters, digits, `-`, `.`, `_`, not ending in a number, which WHATWG
 * reads as IPv4) is only lowercased: the hosts analytics data is made of skip the platform
 * parser. Everything else (non-ASCII, escapes, IP literals) goes through the platform `URL`,
 * which applies IDNA (UTS #46, then punycode), IPv4 and IPv6 serialization. A trailing dot
 * is kept, as `URL` keeps it.
 *
 * https://url.spec.whatwg.org/#host-parsing
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1
 */
export function canonicalHost(host: string): string | null {
  if (host === '') return host;
  let upper = false;
  let lastLabelStart = 0;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c === 0x2e) {
      if (i + 1 < host.length) lastLabelStart = i + 1;
    } else if (c >= 0x41 && c <= 0x5a) {
      upper = true;
    } else if (!((c >= 0x61 && c <= 0x7a) || isAsciiDigit(c) || c === 0x2d || c === 0x5f)) {
      return platformHost(host);
    }
  }
  if (isAsciiDigit(host.charCodeAt(lastLabelStart))) return platformHost(host);
  return upper ? host.toLowerCase() : host;
}

/**
 * The schemes whose hosts are domain names, as the WHATWG URL Standard lists them; a
 * reference without a scheme counts as one (analytics exports hold http URLs' paths).
 * https://url.spec.whatwg.org/#special-scheme
 */
function isSpecial(scheme: string | null): boolean {
  return scheme === null || scheme === 'http' || scheme === 'https' || scheme === 'ws' || scheme === 'wss' || scheme === 'ftp' || scheme === 'file';
}

/**
 * The host of any other scheme, which is text, not a domain name: no IDNA. RFC 3986 writes
 * it lowercase, with its escapes canonical and its non-ASCII characters escaped as UTF-8
 * (`foo://Ж.Example/` → `foo://%D0%B6.example/`), as browsers escape such a host.
 * https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2 and #section-6.2.2
 */
function canonicalTextHost(host: string): string {
  const escaped = canonicalComponent(host, 0, host.length, rfc3986ComponentSet(), null);
  // Lowercase the letters, never the hex digits of an escape (uppercase is canonical there).
  return escaped.replace(/%[0-9A-F]{2}|[A-Z]+/g, (m) => (m.charCodeAt(0) === 0x25 ? m : m.toLowerCase()));
}

/** Characters `URL` would treat as structure or silently remove, so they cannot be handed to it. */
function hasUnsafeForUrl(host: string): boolean {
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || c === 0x5c || c === 0x2f || c === 0x3f || c === 0x23 || c === 0x40) return true;
  }
  return false;
}

function platformHost(host: string): string | null {
  if (hasUnsafeForUrl(host)) return null;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}
