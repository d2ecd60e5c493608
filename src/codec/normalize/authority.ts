/**
 * The scheme and the authority (userinfo, host, port): case, the host's canonical form and
 * the scheme's default port. Both models treat them alike.
 */
import { isAsciiDigit, rfc3986ComponentSet } from '../sets.ts';
import type { UrlLayout } from '../scan.ts';
import type { CharBytes } from '../char-bytes.ts';
import type { ChangeLog } from './changes.ts';
import { canonicalComponent } from './component.ts';

/**
 * The scheme in lowercase, or `null` when it is written so already.
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1 (schemes are case-insensitive)
 */
export function canonicalScheme(text: string, chars: CharBytes, end: number, log: ChangeLog | null): string | null {
  let upper = false;
  for (let i = 0; i < end && !upper; i++) {
    const c = chars[i] as number;
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
  chars: CharBytes,
  layout: UrlLayout,
  scheme: string | null,
  log: ChangeLog | null,
): string | null | AuthorityProblem {
  let changed = false;
  let authority = '';
  if (layout.userinfoEnd >= 0) {
    if (log !== null) log.part = 'userinfo';
    const userinfo = canonicalComponent(text, layout.authorityStart, layout.userinfoEnd, rfc3986ComponentSet(), log);
    changed =
      userinfo.length !== layout.userinfoEnd - layout.authorityStart ||
      !text.startsWith(userinfo, layout.authorityStart);
    authority = userinfo + '@';
  }

  const { hostStart, hostEnd } = layout;
  // A browser refuses an empty host in these URLs (`http://:80/`, `http://@/`), and reads
  // `http:///x` as host `x`: written back with an empty host, the URL would change on a second pass.
  // https://url.spec.whatwg.org/#authority-state ("url is special and buffer is the empty string")
  if (hostStart === hostEnd && scheme !== 'file' && isSpecial(scheme))
    return { code: 'invalid-host', index: hostStart, length: 0 };
  const domain = isSpecial(scheme) || (hostStart < hostEnd && chars[hostStart] === 0x5b);
  const plain = domain ? plainHost(chars, hostStart, hostEnd) : NOT_PLAIN;
  // A plain lowercase name, as nearly every analytics URL has: nothing to change or copy.
  if (plain === LOWERCASE && !changed && layout.portStart < 0) return null;
  const writtenHost = text.slice(hostStart, hostEnd);
  const host =
    plain === LOWERCASE
      ? writtenHost
      : plain === UPPERCASE
        ? writtenHost.toLowerCase()
        : domain
          ? platformHost(writtenHost)
          : canonicalTextHost(writtenHost);
  if (host === null) return { code: 'invalid-host', index: hostStart, length: writtenHost.length };
  if (host !== writtenHost) {
    changed = true;
    if (log !== null) {
      log.part = 'host';
      const lowercased = plain === UPPERCASE || host === writtenHost.toLowerCase();
      log.note(lowercased ? 'lowercase-host' : 'canonicalize-host', writtenHost, host);
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

const NOT_PLAIN = 0;
const LOWERCASE = 1;
const UPPERCASE = 2;

/**
 * Whether the host `chars[start, end)` of a domain scheme is a plain ASCII name, which
 * only needs lowercasing: letters, digits, `-`, `.`, `_`, not ending in a number (which
 * WHATWG reads as IPv4); `LOWERCASE` or `UPPERCASE` (it has capitals) for one, or
 * `NOT_PLAIN`. An empty host is plain. Everything else (non-ASCII, escapes, IP literals)
 * goes to the platform `URL` ({@link platformHost}), which applies IDNA (UTS #46, then
 * punycode), IPv4 and IPv6 serialization; the plain names analytics data is made of skip it.
 * A trailing dot is kept, as `URL` keeps it.
 *
 * https://url.spec.whatwg.org/#host-parsing
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1
 */
function plainHost(chars: CharBytes, start: number, end: number): number {
  let upper = false;
  let lastLabelStart = start;
  for (let i = start; i < end; i++) {
    const c = chars[i] as number;
    if (c === 0x2e) {
      if (i + 1 < end) lastLabelStart = i + 1;
    } else if (c >= 0x41 && c <= 0x5a) {
      upper = true;
    } else if (!((c >= 0x61 && c <= 0x7a) || isAsciiDigit(c) || c === 0x2d || c === 0x5f)) {
      return NOT_PLAIN;
    }
  }
  if (lastLabelStart < end && isAsciiDigit(chars[lastLabelStart] as number)) return NOT_PLAIN;
  return upper ? UPPERCASE : LOWERCASE;
}

/**
 * The schemes whose hosts are domain names, as the WHATWG URL Standard lists them; a
 * reference without a scheme counts as one (analytics exports hold http URLs' paths).
 * https://url.spec.whatwg.org/#special-scheme
 */
function isSpecial(scheme: string | null): boolean {
  return (
    scheme === null ||
    scheme === 'http' ||
    scheme === 'https' ||
    scheme === 'ws' ||
    scheme === 'wss' ||
    scheme === 'ftp' ||
    scheme === 'file'
  );
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

/** The host as the platform `URL` writes it, or `null` when it is not a valid host. */
function platformHost(host: string): string | null {
  if (hasUnsafeForUrl(host)) return null;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}
