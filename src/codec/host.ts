import { isAsciiDigit } from './sets.ts';

/**
 * The canonical form of a host, or `null` when it is not a valid host.
 *
 * Plain ASCII names (letters, digits, `-`, `.`, `_`) are only lowercased: this fast path
 * skips the platform parser for the hosts analytics data is made of. Everything else
 * (non-ASCII, escapes, IP literals, names ending in a number, which WHATWG reads as IPv4)
 * goes through the platform `URL`, which applies IDNA (punycode), IPv4 and IPv6
 * serialization. A trailing dot is kept, as `URL` keeps it.
 *
 * https://url.spec.whatwg.org/#host-parsing
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1
 */
export function canonicalHost(host: string): string | null {
  if (host === '') return host;
  let plain = true;
  let lastLabelStart = 0;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c === 0x2e) {
      if (i + 1 < host.length) lastLabelStart = i + 1;
    } else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || isAsciiDigit(c) || c === 0x2d || c === 0x5f)) {
      plain = false;
      break;
    }
  }
  if (plain && !isAsciiDigit(host.charCodeAt(lastLabelStart))) return host.toLowerCase();
  return platformHost(host);
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
