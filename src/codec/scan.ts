/**
 * Where each component of a URI reference lies, by offsets, without decoding or copying:
 * what parsing (`parse.ts`) and normalization (`normalize/`) both start from.
 */
import { issue, type CodecIssue } from './issues.ts';
import { isAsciiAlpha, isAsciiDigit } from './sets.ts';
import { charBytes, type CharBytes } from './char-bytes.ts';

/** The RFC 3986 forms of reference: https://www.rfc-editor.org/rfc/rfc3986#section-4.2 */
export type UrlKind =
  /** `https://example.com/a?b`, `mailto:x@y`: has a scheme. */
  | 'absolute'
  /** `//example.com/a`: an authority without a scheme. */
  | 'network-path'
  /** `/landing?x=1`: a path-only reference, as analytics exports list pages. */
  | 'absolute-path'
  /** `landing?x=1`, `%`: a path relative to some base. */
  | 'relative-path';

/**
 * Where each component lies in the text (half-open ranges, -1 when absent). Delimiters
 * (`:`, `//`, `@`, `:`, `?`, `#`) are outside the ranges.
 */
export type UrlLayout = {
  kind: UrlKind;
  schemeEnd: number;
  /** Start of the authority (after `//`), or -1. */
  authorityStart: number;
  authorityEnd: number;
  /** Index of the `@` ending the userinfo, or -1. */
  userinfoEnd: number;
  hostStart: number;
  hostEnd: number;
  /** Start of the port digits (after `:`), or -1. */
  portStart: number;
  pathStart: number;
  pathEnd: number;
  /** Start of the query (after `?`), or -1. */
  queryStart: number;
  queryEnd: number;
  /** Start of the fragment (after `#`), or -1. */
  fragmentStart: number;
};

/** The index of the `:` that ends the scheme, or -1 when the text has no scheme. */
// https://www.rfc-editor.org/rfc/rfc3986#section-3.1  scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
export function schemeEnd(chars: CharBytes, n: number): number {
  if (n === 0 || !isAsciiAlpha(chars[0] as number)) return -1;
  for (let i = 1; i < n; i++) {
    const c = chars[i] as number;
    if (c === 0x3a) return i;
    if (!(isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e)) return -1;
  }
  return -1;
}

/**
 * Splits a URI reference into components by offsets, without decoding or copying.
 * `chars`: its {@link charBytes}, when the caller holds them for its own scans.
 * https://www.rfc-editor.org/rfc/rfc3986#appendix-B
 */
export function scanUrl(text: string, chars: CharBytes = charBytes(text).bytes): UrlLayout | CodecIssue {
  const n = text.length;
  if (n === 0) return issue('invalid-url', 0, 0);
  const fragmentMark = text.indexOf('#');
  const end = fragmentMark < 0 ? n : fragmentMark;
  const scheme = schemeEnd(chars, n);
  let at = scheme + 1;

  let authorityStart = -1;
  let authorityEnd = -1;
  let userinfoEnd = -1;
  let hostStart = -1;
  let hostEnd = -1;
  let portStart = -1;
  if (at + 1 < n && chars[at] === 0x2f && chars[at + 1] === 0x2f) {
    // https://www.rfc-editor.org/rfc/rfc3986#section-3.2  the authority ends at the next "/", "?" or "#"
    authorityStart = at + 2;
    authorityEnd = authorityStart;
    // The userinfo ends at the last "@"; the port starts at the first ":" after it.
    let colon = -1;
    while (authorityEnd < end) {
      const c = chars[authorityEnd] as number;
      if (c === 0x2f || c === 0x3f) break;
      if (c === 0x40) {
        userinfoEnd = authorityEnd;
        colon = -1;
      } else if (c === 0x3a && colon < 0) {
        colon = authorityEnd;
      }
      authorityEnd++;
    }
    hostStart = userinfoEnd < 0 ? authorityStart : userinfoEnd + 1;
    if (hostStart < authorityEnd && chars[hostStart] === 0x5b) {
      // https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2  IP-literal = "[" ( IPv6address / IPvFuture ) "]"
      const close = text.indexOf(']', hostStart);
      if (close < 0 || close >= authorityEnd) return issue('invalid-host', hostStart, authorityEnd - hostStart);
      hostEnd = close + 1;
      if (hostEnd < authorityEnd && chars[hostEnd] !== 0x3a) {
        return issue('invalid-host', hostStart, authorityEnd - hostStart);
      }
    } else {
      hostEnd = colon < 0 ? authorityEnd : colon;
    }
    if (hostEnd < authorityEnd) {
      portStart = hostEnd + 1;
      for (let i = portStart; i < authorityEnd; i++) {
        if (!isAsciiDigit(chars[i] as number)) return issue('invalid-port', portStart, authorityEnd - portStart);
      }
    }
    at = authorityEnd;
  }

  const queryMark = text.indexOf('?', at);
  const pathEnd = queryMark < 0 || queryMark > end ? end : queryMark;
  const kind: UrlKind =
    scheme >= 0
      ? 'absolute'
      : authorityStart >= 0
        ? 'network-path'
        : text.charCodeAt(0) === 0x2f
          ? 'absolute-path'
          : 'relative-path';
  return {
    kind,
    schemeEnd: scheme,
    authorityStart,
    authorityEnd,
    userinfoEnd,
    hostStart,
    hostEnd,
    portStart,
    pathStart: at,
    pathEnd,
    queryStart: pathEnd < end ? pathEnd + 1 : -1,
    queryEnd: end,
    fragmentStart: fragmentMark < 0 ? -1 : fragmentMark + 1,
  };
}

export function isIssue(value: UrlLayout | CodecIssue): value is CodecIssue {
  return 'code' in value;
}

/**
 * `text.indexOf(char, from)` for calls with non-decreasing `from`, remembering the last
 * answer while it still lies ahead: the text is scanned once in total, so a query of many
 * pieces without `=` is still read in linear time.
 */
export function forwardSearch(text: string, char: string): (from: number) => number {
  let found = -2; // -2: not searched yet; -1: no occurrence left
  return (from) => {
    if (found !== -1 && found < from) found = text.indexOf(char, from);
    return found;
  };
}
