import { issue, type CodecIssue, type Result } from './issues.ts';
import { isAsciiAlpha, isAsciiDigit } from './sets.ts';

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

// https://www.rfc-editor.org/rfc/rfc3986#section-3.1  scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
function schemeEnd(text: string): number {
  if (!isAsciiAlpha(text.charCodeAt(0))) return -1;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) return i;
    if (!(isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e)) return -1;
  }
  return -1;
}

/**
 * Splits a URI reference into components by offsets, without decoding or copying.
 * https://www.rfc-editor.org/rfc/rfc3986#appendix-B
 */
export function scanUrl(text: string): UrlLayout | CodecIssue {
  const n = text.length;
  if (n === 0) return issue('invalid-url', 0, 0);
  const fragmentMark = text.indexOf('#');
  const end = fragmentMark < 0 ? n : fragmentMark;
  const scheme = schemeEnd(text);
  let at = scheme + 1;

  let authorityStart = -1;
  let authorityEnd = -1;
  let userinfoEnd = -1;
  let hostStart = -1;
  let hostEnd = -1;
  let portStart = -1;
  if (text.charCodeAt(at) === 0x2f && text.charCodeAt(at + 1) === 0x2f) {
    // https://www.rfc-editor.org/rfc/rfc3986#section-3.2  the authority ends at the next "/", "?" or "#"
    authorityStart = at + 2;
    authorityEnd = authorityStart;
    while (authorityEnd < end) {
      const c = text.charCodeAt(authorityEnd);
      if (c === 0x2f || c === 0x3f) break;
      authorityEnd++;
    }
    userinfoEnd = text.lastIndexOf('@', authorityEnd - 1);
    if (userinfoEnd < authorityStart) userinfoEnd = -1;
    hostStart = userinfoEnd < 0 ? authorityStart : userinfoEnd + 1;
    if (text.charCodeAt(hostStart) === 0x5b) {
      // https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2  IP-literal = "[" ( IPv6address / IPvFuture ) "]"
      const close = text.indexOf(']', hostStart);
      if (close < 0 || close >= authorityEnd) return issue('invalid-host', hostStart, authorityEnd - hostStart);
      hostEnd = close + 1;
      if (hostEnd < authorityEnd && text.charCodeAt(hostEnd) !== 0x3a) {
        return issue('invalid-host', hostStart, authorityEnd - hostStart);
      }
    } else {
      hostEnd = text.indexOf(':', hostStart);
      if (hostEnd < 0 || hostEnd > authorityEnd) hostEnd = authorityEnd;
    }
    if (hostEnd < authorityEnd) {
      portStart = hostEnd + 1;
      for (let i = portStart; i < authorityEnd; i++) {
        if (!isAsciiDigit(text.charCodeAt(i))) return issue('invalid-port', portStart, authorityEnd - portStart);
      }
    }
    at = authorityEnd;
  }

  const queryMark = text.indexOf('?', at);
  const pathEnd = queryMark < 0 || queryMark > end ? end : queryMark;
  const kind: UrlKind =
    scheme >= 0 ? 'absolute' : authorityStart >= 0 ? 'network-path' : text.charCodeAt(0) === 0x2f ? 'absolute-path' : 'relative-path';
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

/** A span of the input: UTF-16 index and length. */
export type UrlSpan = { index: number; length: number };

/** One `name=value` piece of the query, exactly as written (nothing decoded). */
export type QueryPair = {
  name: string;
  /** `null` when the piece has no `=` (`?flag`), which is not the same text as `?flag=`. */
  value: string | null;
  /** Span of the whole piece in the input. */
  index: number;
  length: number;
};

export type ParsedUrl = {
  kind: UrlKind;
  /** Without the `:`. */
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  /** Digits as written; `''` for a `:` with no digits. */
  port: string | null;
  path: string;
  /** Without the `?`; `''` for a lone `?`, `null` when there is none. */
  query: string | null;
  /** Without the `#`. */
  fragment: string | null;
  /** The query's pieces in order; empty pieces (`&&`, a trailing `&`) are skipped. */
  pairs: QueryPair[];
  /** Where each present component lies in the input, for highlighting. */
  spans: {
    scheme?: UrlSpan;
    userinfo?: UrlSpan;
    host?: UrlSpan;
    port?: UrlSpan;
    path: UrlSpan;
    query?: UrlSpan;
    fragment?: UrlSpan;
  };
};

/**
 * Splits an absolute URL or a reference (`/landing?x=1`, `//host/a`, `a/b`) into scheme,
 * userinfo, host, port, path, query and fragment, and the query into pairs, decoding
 * nothing. Fails with `invalid-url` for empty input, `invalid-host` for an unclosed `[`,
 * and `invalid-port` for a port that is not digits. Never throws.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-3
 *
 * @example
 * const parsed = parseUrl('https://example.com:8080/search?q=C++%20&lang=en#top');
 * // parsed.ok === true; parsed.host === 'example.com'; parsed.port === '8080'
 * // parsed.pairs → [{ name: 'q', value: 'C++%20', index: 32, length: 8 },
 * //                 { name: 'lang', value: 'en', index: 41, length: 7 }]
 * parseUrl('http://[::1') // { ok: false, error: { code: 'invalid-host', index: 7, length: 4 } }
 */
export function parseUrl(text: string): Result<ParsedUrl> {
  const layout = scanUrl(text);
  if (isIssue(layout)) return { ok: false, error: layout };
  const spans: ParsedUrl['spans'] = { path: span(layout.pathStart, layout.pathEnd) };
  const slice = (start: number, end: number, key: Exclude<keyof ParsedUrl['spans'], 'path'>): string | null => {
    if (start < 0) return null;
    spans[key] = span(start, end);
    return text.slice(start, end);
  };
  const hasAuthority = layout.authorityStart >= 0;
  const query = slice(layout.queryStart, layout.queryEnd, 'query');
  return {
    ok: true,
    kind: layout.kind,
    scheme: slice(layout.schemeEnd < 0 ? -1 : 0, layout.schemeEnd, 'scheme'),
    userinfo: slice(layout.userinfoEnd < 0 ? -1 : layout.authorityStart, layout.userinfoEnd, 'userinfo'),
    host: hasAuthority ? slice(layout.hostStart, layout.hostEnd, 'host') : null,
    port: slice(layout.portStart, layout.authorityEnd, 'port'),
    path: text.slice(layout.pathStart, layout.pathEnd),
    query,
    fragment: slice(layout.fragmentStart, text.length, 'fragment'),
    pairs: query === null ? [] : queryPairs(text, layout.queryStart, layout.queryEnd),
    spans,
  };
}

function span(start: number, end: number): UrlSpan {
  return { index: start, length: end - start };
}

/** The non-empty `&`-separated pieces of `text[start, end)`, split at their first `=`. */
export function queryPairs(text: string, start: number, end: number): QueryPair[] {
  const pairs: QueryPair[] = [];
  const equalsFrom = forwardSearch(text, '=');
  for (let from = start; from <= end; ) {
    let to = text.indexOf('&', from);
    if (to < 0 || to > end) to = end;
    if (to > from) {
      let equals = equalsFrom(from);
      if (equals >= to) equals = -1;
      pairs.push({
        name: text.slice(from, equals < 0 ? to : equals),
        value: equals < 0 ? null : text.slice(equals + 1, to),
        index: from,
        length: to - from,
      });
    }
    from = to + 1;
  }
  return pairs;
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
