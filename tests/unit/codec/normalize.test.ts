import { describe, expect, test } from 'vitest';
import { DEFAULT_POLICY, normalize, type NormalizeChange, type NormalizeRule } from '../../../src/codec/index.ts';

const canonicalOf = (url: string, policy?: Parameters<typeof normalize>[1]) => {
  const result = normalize(url, policy);
  return result.ok ? result.canonical : result.error;
};

describe('normalize: every rule, with the change it reports', () => {
  // A Record over the rule union: the compiler checks that every rule has an example.
  const examples: Record<
    NormalizeRule,
    [url: string, change: Omit<NormalizeChange, 'rule'>, policy?: Parameters<typeof normalize>[1]]
  > = {
    'strip-whitespace': ['  /a\n', { before: '  /a\n', after: '/a', part: 'url' }],
    'strip-tab-newline': ['https://a.com/b\tc', { before: '\t', after: '', part: 'url' }],
    'slashes-after-scheme': ['https:a.com/b', { before: 'https:', after: 'https://', part: 'url' }],
    'backslash-as-slash': ['https://a.com/b\\c', { before: '\\', after: '/', part: 'url' }],
    'lowercase-scheme': ['HTTP://a.com/', { before: 'HTTP', after: 'http', part: 'scheme' }],
    'lowercase-host': ['http://A.Com/', { before: 'A.Com', after: 'a.com', part: 'host' }],
    'canonicalize-host': [
      'http://Bücher.example/',
      { before: 'Bücher.example', after: 'xn--bcher-kva.example', part: 'host' },
    ],
    'remove-default-port': ['https://a.com:443/', { before: ':443', after: '', part: 'port' }],
    'remove-empty-port': ['http://a.com:/', { before: ':', after: '', part: 'port' }],
    'remove-port-leading-zeros': ['http://a.com:08080/', { before: ':08080', after: ':8080', part: 'port' }],
    'add-root-path': ['https://a.com', { before: '', after: '/', part: 'path' }],
    'uppercase-hex': ['/a%2fb', { before: '%2f', after: '%2F', part: 'path' }],
    'decode-unreserved': ['/%6c%61nding', { before: '%6c%61', after: 'la', part: 'path' }],
    'decode-reserved': ['/go?next=%2Fhome', { before: '%2F', after: '/', part: 'query', name: 'next' }],
    'escape-unsafe': [
      '/ламінат x',
      { before: 'ламінат ', after: '%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82%20', part: 'path' },
    ],
    'escape-reserved': ['/?a==', { before: '=', after: '%3D', part: 'query', name: 'a' }],
    'escape-stray-percent': ['/100%', { before: '%', after: '%25', part: 'path' }, { model: 'rfc3986' }],
    'remove-dot-segments': ['/a/./b/../c', { before: '/a/./b/../c', after: '/a/c', part: 'path' }],
    'guard-double-slash': ['/..//x', { before: '//x', after: '/.//x', part: 'path' }],
    'plus-as-space': ['/?q=a+b', { before: '+', after: '%20', part: 'query', name: 'q' }],
    'remove-empty-pairs': ['/?a=1&&b=2&', { before: 'a=1&&b=2&', after: 'a=1&b=2', part: 'query' }],
    'drop-parameter': [
      '/?utm_source=x&id=1',
      { before: 'utm_source=x', after: '', part: 'query', name: 'utm_source' },
      { drop: ['utm_'] },
    ],
    'lowercase-value': [
      '/?utm_source=EMAIL',
      { before: 'EMAIL', after: 'email', part: 'query', name: 'utm_source' },
      { caseInsensitive: ['utm_source'] },
    ],
    'trim-value': ['/?q=%20a%20', { before: '%20a%20', after: 'a', part: 'query', name: 'q' }, { trim: true }],
    'sort-query': ['/?b=1&a=2', { before: 'b=1&a=2', after: 'a=2&b=1', part: 'query' }],
    'remove-empty-query': ['/a?', { before: '?', after: '', part: 'query' }],
    'drop-fragment': ['/a#top', { before: '#top', after: '', part: 'fragment' }],
  };

  test.each(Object.entries(examples))('%s', (rule, [url, change, policy]) => {
    const result = normalize(url, policy);
    expect(result.ok && result.changes).toContainEqual({ rule, ...change });
  });

  test('reports nothing for a URL that is already canonical', () => {
    expect(normalize('https://example.com/a?b=1#x', { fragment: 'keep' })).toMatchObject({ ok: true, changes: [] });
  });

  test('merges adjacent changes of one rule into one entry', () => {
    const result = normalize('/%6c%61%6e%64%69%6e%67');
    expect(result.ok && result.changes).toEqual([
      { rule: 'decode-unreserved', before: '%6c%61%6e%64%69%6e%67', after: 'landing', part: 'path' },
    ]);
  });

  test('names the parameter of a change inside its name, by its canonical name', () => {
    const result = normalize('/?%63ampaign=x');
    expect(result.ok && result.changes).toEqual([
      { rule: 'decode-unreserved', before: '%63', after: 'c', part: 'query', name: 'campaign' },
    ]);
  });

  test('keeps the raw input in the result', () => {
    expect(normalize(' /A ')).toMatchObject({ ok: true, raw: ' /A ', canonical: '/A' });
  });
});

describe('normalize: hosts', () => {
  test.each([
    ['http://пример.рф/', 'http://xn--e1afmkfd.xn--p1ai/'],
    ['http://0x7F.1/', 'http://127.0.0.1/'],
    ['http://127.000.000.001/', 'http://127.0.0.1/'],
    ['http://[0:0::1]:8080/', 'http://[::1]:8080/'],
    ['http://[::FFFF:1.2.3.4]/', 'http://[::ffff:102:304]/'],
    ['http://ex%41mple.com/', 'http://example.com/'],
    ['http://www.EXAMPLE.com./', 'http://www.example.com./'],
    ['http://my_host.Example/', 'http://my_host.example/'],
  ])('%s becomes %s', (url, canonical) => {
    expect(canonicalOf(url)).toBe(canonical);
  });

  test('writes the host of a scheme that is not special as text: escaped, never punycode', () => {
    expect(canonicalOf('foo://Ж.Example/x')).toBe('foo://%D0%96.example/x');
    expect(canonicalOf('foo://%7euser%2f/')).toBe('foo://~user%2F/');
    expect(canonicalOf('foo://[0:0::1]/')).toBe('foo://[::1]/');
    // The special schemes' hosts are domain names: IDNA applies.
    expect(canonicalOf('ftp://Ж.example/')).toBe('ftp://xn--f1a.example/');
  });

  test('the fast path for plain hosts agrees with the platform URL parser', () => {
    for (const host of ['Example.COM', 'a-b.c_d.example', 'www.example.co.uk.', 'x1.y2']) {
      expect(canonicalOf(`http://${host}/`)).toBe(new URL(`http://${host}/`).href);
    }
  });

  test('rejects hosts the platform cannot parse, pointing at the host', () => {
    expect(canonicalOf('http://exa mple.com/')).toEqual({ code: 'invalid-host', index: 7, length: 12 });
    expect(canonicalOf('foo://[::1]\\x/')).toEqual({ code: 'invalid-host', index: 6, length: 7 });
    expect(canonicalOf('http://[::1/')).toEqual({ code: 'invalid-host', index: 7, length: 4 });
  });
});

describe('normalize: tabs, slashes and backslashes, read where a browser reads them', () => {
  // Each input against the platform URL parser: the host and path a browser goes to.
  test.each([
    'https://evil.example\\@shop.example/',
    'https://shop.example\\evil.example/',
    'https:\\\\evil.example/x',
    'https:\\\\\\evil.example/x',
    'HTTPS:/\\evil.example\\a',
    'https://x.example/a\\..\\b',
    'http://x.example/a\\.\\b\\',
    'ws://x.example\\a',
    'ftp://x.example:21\\a',
    'file:\\\\host\\share\\x',
    'https:evil.example/x',
    'https:/evil.example/x',
    'https:///evil.example/x',
    'HTTPS:x.example',
    'ws:x.example\\a',
    'https://x.exa\tmple/a\t\\b',
    'https://x.example/a\nb?c\rd',
    'ht\ttps://x.example/\r\n',
  ])('%s as new URL reads it, in both models', (url) => {
    const browser = new URL(url);
    for (const model of ['data', 'rfc3986'] as const) {
      const canonical = canonicalOf(url, { model });
      expect(typeof canonical === 'string' && new URL(canonical).href).toBe(browser.href);
      expect(canonical).toBe(browser.href);
    }
  });

  test('the query and the fragment keep their backslash, as a browser keeps it', () => {
    expect(canonicalOf('https://a.example/p?q=a\\b')).toBe(new URL('https://a.example/p?q=a\\b').href);
    // A kept fragment is canonicalized as text: its backslash is escaped, never a slash.
    expect(canonicalOf('https://a.example/p#c\\d', { fragment: 'keep' })).toBe('https://a.example/p#c%5Cd');
    expect(normalize('https://a.example/p?q=a\\b').ok && normalize('https://a.example/p?q=a\\b')).toMatchObject({
      kept: [{ rule: 'keep-raw-for-tomcat', text: 'q=a\\b' }],
    });
  });

  test('an escaped backslash stays an escape: it is data, not a separator', () => {
    expect(canonicalOf('https://x.example/a%5C..%5Cb')).toBe('https://x.example/a%5C..%5Cb');
    expect(new URL('https://x.example/a%5C..%5Cb').pathname).toBe('/a%5C..%5Cb');
  });

  test('a network-path reference resolves as a link on an http(s) page does', () => {
    expect(canonicalOf('//evil.example\\@shop.example/')).toBe('//evil.example/@shop.example/');
    expect(new URL('//evil.example\\@shop.example/', 'https://shop.example/').host).toBe('evil.example');
  });

  test('a path-only reference is a request path: its backslash is escaped, so it merges with %5C', () => {
    // Every measured stack reads /a\b and /a%5Cb alike, and Tomcat refuses both (paths.json).
    for (const model of ['data', 'rfc3986'] as const) {
      const path = normalize('/a\\..\\b', { model });
      expect(path).toMatchObject({ ok: true, canonical: '/a%5C..%5Cb' });
      expect(path.ok && path.kept).toBeFalsy();
      expect(path.ok && path.changes.map((c) => c.rule)).toEqual(['escape-unsafe', 'escape-unsafe']);
      expect(canonicalOf('/a%5C..%5Cb', { model })).toBe('/a%5C..%5Cb');
    }
    expect(canonicalOf('/a\tb')).toBe('/a%09b');
    // In a segment kept as written for its stray %, too; a query keeps its raw \ (Tomcat reads it apart).
    expect(canonicalOf('/a%zz\\b')).toBe(canonicalOf('/a%zz%5Cb'));
    expect(canonicalOf('/s?q=%zz\\b')).toBe('/s?q=%zz\\b');
    // Not a `//` reference as written: a tab between the slashes does not make it one.
    expect(canonicalOf('/\t/Evil.example/x')).toBe('/%09/Evil.example/x');
    expect(canonicalOf('foo://a\\b/c')).toBe('foo://a%5Cb/c');
  });

  test('names each reading in the change list', () => {
    const rules = (url: string) => {
      const r = normalize(url);
      return r.ok ? r.changes.map((c) => [c.rule, c.before, c.after]) : r;
    };
    expect(rules('https:evil.example/x')).toEqual([['slashes-after-scheme', 'https:', 'https://']]);
    expect(rules('https:///evil.example/x')).toEqual([['slashes-after-scheme', 'https:///', 'https://']]);
    expect(rules('https:\\evil.example/x')).toEqual([['backslash-as-slash', '\\', '//']]);
    // A network-path reference with three slashes, as a link reads it, whatever else the row holds.
    expect(rules('///evil.example/a/b')).toEqual([['slashes-after-scheme', '///', '//']]);
    expect(rules('https://x.exa\tmple/a\r\nb')).toEqual([
      ['strip-tab-newline', '\t', ''],
      ['strip-tab-newline', '\r\n', ''],
    ]);
  });

  test('an empty host is refused where a browser refuses it, so a second pass reads the same URL', () => {
    for (const url of ['https://', 'http://:80/', 'http://@/', '//?q']) {
      expect(canonicalOf(url), url).toMatchObject({ code: 'invalid-host' });
      expect(() => new URL(url, 'https://shop.example/')).toThrow();
    }
    expect(canonicalOf('file:///etc/hosts')).toBe('file:///etc/hosts');
  });

  test('points a problem at the input, where the slashes after the scheme changed length or a tab went', () => {
    expect(canonicalOf('https:\\\\\\a b/')).toEqual({ code: 'invalid-host', index: 9, length: 3 });
    expect(canonicalOf('https:\\a:8o/')).toEqual({ code: 'invalid-port', index: 9, length: 2 });
    expect(canonicalOf('https:a:8o/')).toEqual({ code: 'invalid-port', index: 8, length: 2 });
    expect(canonicalOf('h\ttt\nps://\ta:8\to/')).toEqual({ code: 'invalid-port', index: 13, length: 2 });
  });
});

describe('normalize: scheme-based rules and references', () => {
  test('drops default ports per scheme', () => {
    expect(canonicalOf('ws://a:80/')).toBe('ws://a/');
    expect(canonicalOf('wss://a:443/')).toBe('wss://a/');
    expect(canonicalOf('ftp://a:21/')).toBe('ftp://a/');
    expect(canonicalOf('foo://a:80/')).toBe('foo://a:80/');
  });

  test('rejects a port above 65535', () => {
    expect(canonicalOf('http://a:65536/')).toEqual({ code: 'invalid-port', index: 9, length: 5 });
  });

  test('accepts network-path references without scheme rules', () => {
    expect(canonicalOf('//Example.com:80')).toBe('//example.com:80');
  });

  test('rejects relative paths, which need a base, with invalid-url over the input', () => {
    expect(canonicalOf(' landing?x=1')).toEqual({ code: 'invalid-url', index: 1, length: 11 });
    expect(canonicalOf('%')).toEqual({ code: 'invalid-url', index: 0, length: 1 });
  });

  test('does not remove dot segments from an opaque path', () => {
    expect(canonicalOf('urn:a/../b')).toBe('urn:a/../b');
  });

  test('keeps a + in the path as a plus in both models', () => {
    expect(canonicalOf('/C++?q=C++')).toBe('/C++?q=C%20%20');
    expect(canonicalOf('/C++?q=C++', { model: 'rfc3986' })).toBe('/C++?q=C++');
  });
});

describe('normalize: query policies', () => {
  test('has the documented defaults', () => {
    expect(DEFAULT_POLICY).toEqual({
      model: 'data',
      order: 'sort',
      caseInsensitive: [],
      trim: false,
      drop: [],
      fragment: 'drop',
    });
  });

  test('sorts by encoded name, keeping equal names in order', () => {
    expect(canonicalOf('/?b=2&a=3&b=1&%61=0')).toBe('/?a=3&a=0&b=2&b=1');
    expect(canonicalOf('/?b=2&a=3', { order: 'keep' })).toBe('/?b=2&a=3');
  });

  test('sorts more than a handful of parameters stably too', () => {
    const query = Array.from({ length: 40 }, (_, k) => `${String.fromCharCode(97 + (k % 5))}=${k}`).join('&');
    const expected = Array.from({ length: 40 }, (_, k) => k)
      .sort((x, y) => (x % 5) - (y % 5))
      .map((k) => `${String.fromCharCode(97 + (k % 5))}=${k}`)
      .join('&');
    expect(canonicalOf('/?' + query)).toBe('/?' + expected);
  });

  test('keeps %26, %3D and %2B escaped so they never become separators, in both models', () => {
    expect(canonicalOf('/?a%3Db=c%26d%2Be')).toBe('/?a%3Db=c%26d%2Be');
    expect(canonicalOf('/?a%3Db=c%26d%2Be', { model: 'rfc3986' })).toBe('/?a%3Db=c%26d%2Be');
  });

  test('drops exact names and prefixes ending in _ or *', () => {
    const url = '/?utm_source=a&utm_medium=b&gclid=c&id=1&utmost=2';
    expect(canonicalOf(url, { drop: ['utm_'] })).toBe('/?gclid=c&id=1&utmost=2');
    expect(canonicalOf(url, { drop: ['utm*', 'gclid'] })).toBe('/?id=1');
    expect(canonicalOf('/?utm_source=a', { drop: ['utm_source'] })).toBe('/');
  });

  test('matches policy names in their canonical encoded form', () => {
    expect(canonicalOf('/?%75tm_source=EMAIL', { caseInsensitive: ['utm_source'] })).toBe('/?utm_source=email');
    expect(canonicalOf('/?джерело=ПОШТА', { caseInsensitive: ['джерело'] })).toBe(
      '/?%D0%B4%D0%B6%D0%B5%D1%80%D0%B5%D0%BB%D0%BE=%D0%BF%D0%BE%D1%88%D1%82%D0%B0',
    );
  });

  test('lowercases letters but never the hex digits of escapes', () => {
    expect(canonicalOf('/?q=A%2BB%C3%89', { caseInsensitive: ['q'] })).toBe('/?q=a%2Bb%C3%A9');
  });

  test('writes a lowercased value canonically again, also where lowercasing makes ASCII', () => {
    // İ (U+0130) lowercases to i and a combining dot: the i is unreserved, so it is written raw.
    const policy = { caseInsensitive: ['q'] };
    expect(canonicalOf('/?q=%C4%B0', policy)).toBe('/?q=i%CC%87');
    // The Kelvin sign lowercases to a plain k.
    expect(canonicalOf('/?q=%E2%84%AA', policy)).toBe('/?q=k');
    expect(canonicalOf('/?q=i%CC%87', policy)).toBe('/?q=i%CC%87');
  });

  test('trims spaces, raw, escaped or (data model) written as +', () => {
    expect(canonicalOf('/?q=+%20a b%20+', { trim: true })).toBe('/?q=a%20b');
    expect(canonicalOf('/?q=+a+', { trim: true, model: 'rfc3986' })).toBe('/?q=+a+');
  });

  test('keeps the fragment on request, canonicalized like the rest', () => {
    expect(canonicalOf('/a#Ab%7e c', { fragment: 'keep' })).toBe('/a#Ab~%20c');
  });

  test('ignores policy values it does not know instead of throwing', () => {
    const odd = { model: 'text', plus: 'maybe', order: 1, caseInsensitive: 'q', drop: null } as unknown as Parameters<
      typeof normalize
    >[1];
    expect(canonicalOf('/?q=A+B', odd)).toBe('/?q=A%20B');
  });
});

describe('normalize: the two models of "the same URL"', () => {
  // The examples of src/codec/README.md, "Two models": the same data to a server (data) or
  // the same text (rfc3986).
  const merged: [a: string, b: string][] = [
    ['/go?next=%2Fhome', '/go?next=/home'],
    ['/go?a=%3D', '/go?a=='],
    ['/a%3Db', '/a=b'],
    ['/a%2Bb', '/a+b'],
    ['/s?q=a+b', '/s?q=a%20b'],
    ['/s?q=%3A%40%3F%21', '/s?q=:@?!'],
    ['https://Example.com:443/%7euser?b=1&a=2', 'https://example.com/~user?a=2&b=1'],
  ];
  const apart: [a: string, b: string][] = [
    ['/a%2Fb', '/a/b'],
    ['/s?q=a%26b', '/s?q=a&b'],
    ['/s?q=%2B', '/s?q=+'],
    ['/s?a%3Db=1', '/s?a=b=1'],
    ['/s?a=1;b=2', '/s?a=1&b=2'],
    ['/s?q=email', '/s?q=EMAIL'],
    ['/caf%C3%A9', '/cafe%CC%81'],
  ];

  test.each(merged)('data: %s and %s are the same', (a, b) => {
    expect(canonicalOf(a)).toBe(canonicalOf(b));
    expect(normalize(a)).toMatchObject({ model: 'data' });
  });

  // Read apart by some server stack (tests/fixtures/servers/): Go and Rack (;), Rack and
  // Rails (nil against ""), Go, Rack, Rails and Tomcat (a stray %), Tomcat (a raw [ ]).
  const apartForServers: [a: string, b: string][] = [
    ['/s?a=1;b=2', '/s?a=1%3Bb=2'],
    ['/s?a=1;b=2', '/s?a=1;b%3D2'],
    ['/go?a', '/go?a='],
    ['/s?q=100%', '/s?q=100%25'],
    ['/s?q=[1]', '/s?q=%5B1%5D'],
  ];

  test.each([...apart, ...apartForServers])('data: %s and %s stay apart', (a, b) => {
    expect(canonicalOf(a)).not.toBe(canonicalOf(b));
  });

  test.each([...apart, ...merged.slice(0, 6)])('rfc3986: %s and %s stay apart', (a, b) => {
    expect(canonicalOf(a, { model: 'rfc3986' })).not.toBe(canonicalOf(b, { model: 'rfc3986' }));
  });

  test('rfc3986 still merges what RFC 3986 section 6.2.2 makes equal', () => {
    const rfc = { model: 'rfc3986' } as const;
    expect(canonicalOf('HTTPS://Example.com:443/%7euser/./x?b=%2f', rfc)).toBe('https://example.com/~user/x?b=%2F');
    expect(canonicalOf('/?utm_source=%65mail', rfc)).toBe('/?utm_source=email');
  });

  test('writes each component with its own set: readable, and stable', () => {
    expect(canonicalOf('/a%3A%40%21b/%5Bx%5D?next=%2Fa%3Fb%3Dc&q=%5B1%5D')).toBe(
      '/a:@!b/%5Bx%5D?next=/a?b%3Dc&q=%5B1%5D',
    );
    expect(canonicalOf('/a[b]?x=[1]&y=a=b')).toBe('/a[b]?x=[1]&y=a%3Db');
    expect(canonicalOf('/a%5Bb%5D;p/c%3Bd')).toBe('/a%5Bb%5D;p/c%3Bd');
  });

  test('keeps bytes that are not UTF-8 as escapes, byte for byte, in both models', () => {
    expect(canonicalOf('/caf%e9?q=caf%e9')).toBe('/caf%E9?q=caf%E9');
    expect(canonicalOf('/caf%e9?q=caf%e9', { model: 'rfc3986' })).toBe('/caf%E9?q=caf%E9');
  });

  test('compares every scheme but http(s) as text, whatever the policy says', () => {
    for (const url of ['mailto:a@b.example?subject=a+b%2F', 'ftp://a.example/x%3Dy?a', 'urn:x:a%2Fb']) {
      expect(normalize(url)).toMatchObject({
        ok: true,
        model: 'rfc3986',
        canonical: canonicalOf(url, { model: 'rfc3986' }),
      });
    }
    expect(normalize('/a')).toMatchObject({ model: 'data' });
    expect(normalize('//host/a')).toMatchObject({ model: 'data' });
    expect(normalize('http://a/?q=+')).toMatchObject({ model: 'data', canonical: 'http://a/?q=%20' });
  });

  test('reads the old plus option: literal means rfc3986, and model wins when both are set', () => {
    expect(normalize('/go?next=%2Fhome&q=a+b', { plus: 'literal' })).toMatchObject({
      model: 'rfc3986',
      canonical: '/go?next=%2Fhome&q=a+b',
    });
    expect(normalize('/go?q=a+b', { plus: 'form' })).toMatchObject({ model: 'data', canonical: '/go?q=a%20b' });
    expect(normalize('/go?q=a+b', { plus: 'literal', model: 'data' })).toMatchObject({ model: 'data' });
  });

  test('matches policy names as the model writes them', () => {
    expect(canonicalOf('/?a%2Fb=X&c=1', { drop: ['a/b'] })).toBe('/?c=1');
    expect(canonicalOf('/?a%2Fb=X&c=1', { drop: ['a/b'], model: 'rfc3986' })).toBe('/?a%2Fb=X&c=1');
    expect(canonicalOf('/?a%2Fb=X&c=1', { drop: ['a%2Fb'], model: 'rfc3986' })).toBe('/?c=1');
  });
});
