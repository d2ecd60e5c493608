/**
 * What browsers write in each part of a URL, checked against the WHATWG URL parser of the
 * Node running the tests (its `URL` follows the standard): each part's setter writes its text
 * with that part's percent-encode set, so `url.pathname = s` is the oracle for `path`, and so
 * on. Node's answers are the standard's; Chromium's differences are in tests/e2e.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { browserEncode, browserParts, browserResolve, type BrowserPart } from '../../../src/codec/index.ts';
import { anyUtf16, RUNS, wellFormedText } from './support.ts';

/** The part's text as Node's URL parser writes it, set through the part's setter. */
function nodeWrites(part: BrowserPart, text: string): string {
  switch (part) {
    case 'path': {
      const url = new URL('http://h/');
      url.pathname = `x${text}`;
      return url.pathname.slice(2);
    }
    case 'special-query':
    case 'query': {
      const url = new URL(part === 'query' ? 'foo://h/' : 'http://h/');
      url.search = `x${text}`;
      return url.search.slice(2);
    }
    case 'fragment': {
      const url = new URL('http://h/');
      url.hash = `x${text}`;
      return url.hash.slice(2);
    }
    case 'userinfo': {
      // The username setter encodes its value as it is; parsing a whole URL first removes
      // tabs and line breaks, as it does in every part.
      const url = new URL('http://h/');
      url.username = `x${text.replace(/[\t\n\r]/g, '')}`;
      return url.username.slice(1);
    }
  }
}

const written = (text: string, part: BrowserPart) => {
  const r = browserEncode(text, part);
  if (!r.ok) throw new Error(`browserEncode failed on ${JSON.stringify(text)}`);
  return r.value;
};

/**
 * Text a setter writes without structure getting in the way: no `.` or `..` segment in a path,
 * looked for after the tabs and newlines the parser drops first (`/.\t` is `/.`).
 */
const noDotSegments = (part: BrowserPart, text: string) =>
  part !== 'path' || !/(^|[/\\])\.\.?([/\\]|$)|%2e/i.test(`x${text.replace(/[\t\n\r]/g, '')}`);

const everyAscii = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c));

/**
 * The oracle is the standard, which Node's URL follows; inside Chromium (the codec:chromium
 * project) the platform's URL departs from it, as tests/e2e records, so there the
 * comparisons with it are left out and the rest still runs.
 */
const oracle = typeof window === 'undefined' ? test : test.skip;

describe.each(browserParts.map((part) => [part]))('%s', (part) => {
  oracle('writes every ASCII character as the URL parser does', () => {
    for (const c of everyAscii) expect(written(`${c}y`, part), JSON.stringify(c)).toBe(nodeWrites(part, `${c}y`));
  });

  oracle('writes the site scripts, emoji, escapes and stray percent signs as the URL parser does', () => {
    for (const text of [
      'ламінат',
      'แคมเปญ',
      'नमस्ते',
      'Fußball',
      '😀👍🏽🇺🇦',
      '%41%2F',
      '100% sure',
      '%zz',
      'a\tb\nc\rd',
      'a\\b',
    ])
      expect(written(text, part), text).toBe(nodeWrites(part, text));
  });

  oracle('agrees with the URL parser on any text, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.oneof(wellFormedText, anyUtf16), (text) => {
        fc.pre(noDotSegments(part, text));
        expect(written(text, part)).toBe(nodeWrites(part, text));
      }),
      { numRuns: RUNS },
    );
  });

  test('never escapes a percent sign, so it never double-encodes', () => {
    expect(written('%41', part)).toBe('%41');
    expect(written(written('a b%20c', part), part)).toBe(written('a b%20c', part));
  });
});

describe('browserEncode', () => {
  test('differs from RFC 3986 where the articles say it does', () => {
    // encoding-sets#browser-sets and percent-encoding#character-classes
    expect(written('|', 'path')).toBe('|');
    for (const c of ['{', '}', '|', '^', '\\', '`']) expect(written(c, 'special-query'), c).toBe(c);
    expect(written("'", 'special-query')).toBe('%27');
    expect(written("'", 'query')).toBe("'");
    expect(written('[]', 'path')).toBe('[]');
    for (const c of ['^', '`', '{', '}', '?', '#']) expect(written(c, 'path'), c).not.toBe(c);
  });

  test('reads a backslash in a path as a slash, as http(s) URLs do', () => {
    expect(written('a\\b', 'path')).toBe('a/b');
    expect(written('a\\b', 'special-query')).toBe('a\\b');
  });

  test('replaces a lone surrogate with U+FFFD and says where', () => {
    const r = browserEncode('a\uD800b', 'path');
    expect(r).toEqual({ ok: true, value: 'a%EF%BF%BDb', notices: [{ code: 'lone-surrogate', index: 1, length: 1 }] });
  });

  test('fails on a part it does not know, without throwing', () => {
    expect(browserEncode('a', 'host' as BrowserPart).ok).toBe(false);
  });
});

describe('browserResolve', () => {
  const base = 'https://shop.example/login';
  test('sends //host and /\\host to another host, as the security page says', () => {
    expect(browserResolve('//evil.example', base)).toEqual({ ok: true, href: 'https://evil.example/' });
    expect(browserResolve('/\\evil.example', base)).toEqual({ ok: true, href: 'https://evil.example/' });
    expect(browserResolve('/home', base)).toEqual({ ok: true, href: 'https://shop.example/home' });
  });

  test('writes a host outside ASCII as punycode in an http(s) URL and as escapes in another scheme', () => {
    expect(browserResolve('https://Bücher.example/')).toEqual({ ok: true, href: 'https://xn--bcher-kva.example/' });
    expect(browserResolve('foo://ж/')).toEqual({ ok: true, href: 'foo://%D0%B6/' });
  });

  test('drops tabs and line breaks inside a scheme or host, so they cannot hide one', () => {
    expect(browserResolve('/\t/evil.example', base)).toEqual({ ok: true, href: 'https://evil.example/' });
  });

  test('fails with invalid-url, without throwing, on what the parser rejects', () => {
    expect(browserResolve('http://[::1', base)).toEqual({
      ok: false,
      error: { code: 'invalid-url', index: 0, length: 11 },
    });
  });
});
