/**
 * What a browser writes for text in each part of a URL. Browsers do not encode with RFC
 * 3986's classes: the WHATWG URL Standard's parser, which every browser (and Node's `URL`)
 * runs on every link, address and `fetch()`, writes each part of a URL with a percent-encode
 * set of its own (https://url.spec.whatwg.org/#percent-encoded-bytes). Those sets leave
 * more characters raw than RFC 3986 allows (`|` and `^` in a query, `{ }` and the backtick in
 * a query...), and none of them contains `%`: the parser never escapes a percent sign, so an
 * escape already in the text stays exactly as it was, and so does a stray `%`.
 *
 * `new URL()` in Node follows the standard and is the oracle of the tests
 * (tests/unit/codec/browser-sets.test.ts); Chromium differs on three characters, which
 * tests/e2e/browser-sets.spec.ts records.
 */
import { percentEncode } from './percent-encode.ts';
import { failure, issue, type CodecIssue, type Result } from './issues.ts';
import { asciiTable, isReserved, isUnreserved } from './sets.ts';
import { findLoneSurrogate, replaceLoneSurrogates } from './utf8.ts';

/**
 * A part of a URL and the set its text is written with:
 * - `path`: a path segment of an http(s) URL (the path percent-encode set);
 * - `query`: the query of a URL whose scheme is not special, such as `foo:` (the query set);
 * - `special-query`: the query of an http(s), ws(s), ftp or file URL (the special-query set);
 * - `fragment`: after `#` (the fragment set);
 * - `userinfo`: the user name or password before `@` (the userinfo set).
 */
export type BrowserPart = 'path' | 'query' | 'special-query' | 'fragment' | 'userinfo';

/** The parts, in the order they appear in a URL (the two queries side by side). */
export const browserParts: readonly BrowserPart[] = ['userinfo', 'path', 'special-query', 'query', 'fragment'];

const among = (chars: string) => (c: number) => chars.includes(String.fromCharCode(c));

// https://url.spec.whatwg.org/#c0-control-percent-encode-set  (C0 controls and everything above ~)
const c0Control = (c: number) => c < 0x20 || c > 0x7e;
// https://url.spec.whatwg.org/#fragment-percent-encode-set
const fragmentSet = (c: number) => c0Control(c) || among(' "<>`')(c);
// https://url.spec.whatwg.org/#query-percent-encode-set
const querySet = (c: number) => c0Control(c) || among(' "#<>')(c);
// https://url.spec.whatwg.org/#special-query-percent-encode-set
const specialQuerySet = (c: number) => querySet(c) || c === 0x27;
// https://url.spec.whatwg.org/#path-percent-encode-set
const pathSet = (c: number) => querySet(c) || among('?^`{}')(c);
// https://url.spec.whatwg.org/#userinfo-percent-encode-set
const userinfoSet = (c: number) => pathSet(c) || among('/:;=@[\\]|')(c);

const SETS: Record<BrowserPart, (c: number) => boolean> = {
  path: pathSet,
  query: querySet,
  'special-query': specialQuerySet,
  fragment: fragmentSet,
  userinfo: userinfoSet,
};

const tables = new Map<BrowserPart, Uint8Array>();
const tableOf = (part: BrowserPart) => {
  let table = tables.get(part);
  if (!table) tables.set(part, (table = asciiTable((c) => !SETS[part](c))));
  return table;
};

/**
 * `text` as a browser writes it in `part` of a URL: every character in that part's WHATWG
 * percent-encode set becomes its UTF-8 escapes (uppercase hex), everything else stays as it
 * is. As the URL parser does, it first removes every tab, line feed and carriage return,
 * writes a lone surrogate as U+FFFD (a notice says where), and in a path reads a backslash
 * as the slash it stands for in an http(s) URL. It encodes one part's text only: it does not
 * split a URL, resolve `.` and `..` segments or map a host (see {@link browserResolve}).
 * An unknown `part` fails with `invalid-url`.
 *
 * @example
 * browserEncode('a b|c^d', 'path').value           // 'a%20b|c%5Ed'
 * browserEncode('a b|c^d', 'special-query').value  // 'a%20b|c^d'
 * browserEncode("it's", 'special-query').value     // 'it%27s'
 * browserEncode("it's", 'query').value             // "it's"
 * browserEncode('100% %41', 'fragment').value      // '100%%20%41'  (a % is never escaped)
 */
export function browserEncode(text: string, part: BrowserPart): Result<{ value: string }> & { notices: CodecIssue[] } {
  if (!Object.hasOwn(SETS, part)) return { ...failure('invalid-url', 0, 0), notices: [] };
  const notices: CodecIssue[] = [];
  for (let i = findLoneSurrogate(text); i >= 0; i = findLoneSurrogate(text, i + 1))
    notices.push(issue('lone-surrogate', i, 1));
  let value = notices.length > 0 ? replaceLoneSurrogates(text) : text;
  if (/[\t\n\r]/.test(value)) value = value.replace(/[\t\n\r]/g, '');
  if (part === 'path' && value.includes('\\')) value = value.replaceAll('\\', '/');
  // Lone surrogates are replaced, so the encoder cannot fail.
  const encoded = percentEncode(value, tableOf(part), false, false) as { ok: true; value: string };
  return { ok: true, value: encoded.value, notices };
}

// https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1, 3.3, 3.4, 3.5: what each part may hold raw.
const subDelim = (c: number) => isReserved(c) && !among(':/?#[]@')(c);
const RFC3986: Record<BrowserPart, (c: number) => boolean> = {
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  userinfo: (c) => isUnreserved(c) || subDelim(c) || c === 0x3a,
  // segment = *pchar, pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (and "/" between segments)
  path: (c) => isUnreserved(c) || subDelim(c) || among(':@/')(c),
  // query = fragment = *( pchar / "/" / "?" )
  query: (c) => isUnreserved(c) || subDelim(c) || among(':@/?')(c),
  'special-query': (c) => isUnreserved(c) || subDelim(c) || among(':@/?')(c),
  fragment: (c) => isUnreserved(c) || subDelim(c) || among(':@/?')(c),
};

/**
 * Whether RFC 3986 allows the character `char` raw in `part` (a `%` only as the start of an
 * escape, which this does not judge: it answers false). The URL parser leaves some
 * characters raw that RFC 3986 does not allow there, such as `|` in a path.
 *
 * @example
 * rfc3986Allows('path', '@')  // true
 * rfc3986Allows('path', '|')  // false, although browserEncode('|', 'path') leaves it raw
 */
export function rfc3986Allows(part: BrowserPart, char: string): boolean {
  const c = char.length === 1 ? char.charCodeAt(0) : -1;
  return c >= 0 && c < 0x80 && (RFC3986[part]?.(c) ?? false);
}

/**
 * Where a browser goes when a page at `base` links to `reference` (an `href`, a `Location`
 * header, a redirect parameter), or, without `base`, the absolute URL `reference` as the
 * browser writes it: the WHATWG URL parser's answer, from the platform `URL`. This is how
 * `//evil.example` and `/\evil.example` leave a site (both name another host), and how a
 * host outside ASCII is written (punycode for http(s), escapes for other schemes). A
 * reference the parser rejects fails with `invalid-url`.
 *
 * @example
 * browserResolve('/\\evil.example', 'https://shop.example/login')  // { ok: true, href: 'https://evil.example/' }
 * browserResolve('/home', 'https://shop.example/login')            // { ok: true, href: 'https://shop.example/home' }
 * browserResolve('foo://ж/')                                       // { ok: true, href: 'foo://%D0%B6/' }
 */
export function browserResolve(reference: string, base?: string): Result<{ href: string }> {
  try {
    return { ok: true, href: new URL(reference, base).href };
  } catch {
    return failure('invalid-url', 0, reference.length);
  }
}
