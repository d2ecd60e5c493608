import { describe, expect, test } from 'vitest';
import { DEFAULT_POLICY, normalize, type NormalizeChange, type NormalizeRule } from '../../../src/codec/index.ts';

const canonicalOf = (url: string, policy?: Parameters<typeof normalize>[1]) => {
  const result = normalize(url, policy);
  return result.ok ? result.canonical : result.error;
};

describe('normalize: every rule, with the change it reports', () => {
  // A Record over the rule union: the compiler checks that every rule has an example.
  const examples: Record<NormalizeRule, [url: string, change: Omit<NormalizeChange, 'rule'>, policy?: Parameters<typeof normalize>[1]]> = {
    'strip-whitespace': ['  /a\n', { before: '  /a\n', after: '/a' }],
    'lowercase-scheme': ['HTTP://a.com/', { before: 'HTTP', after: 'http' }],
    'lowercase-host': ['http://A.Com/', { before: 'A.Com', after: 'a.com' }],
    'canonicalize-host': ['http://Bücher.example/', { before: 'Bücher.example', after: 'xn--bcher-kva.example' }],
    'remove-default-port': ['https://a.com:443/', { before: ':443', after: '' }],
    'remove-empty-port': ['http://a.com:/', { before: ':', after: '' }],
    'remove-port-leading-zeros': ['http://a.com:08080/', { before: ':08080', after: ':8080' }],
    'add-root-path': ['https://a.com', { before: '', after: '/' }],
    'uppercase-hex': ['/a%2fb', { before: '%2f', after: '%2F' }],
    'decode-unreserved': ['/%6c%61nding', { before: '%6c%61', after: 'la' }],
    'escape-unsafe': ['/ламінат x', { before: 'ламінат ', after: '%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82%20' }],
    'escape-stray-percent': ['/100%', { before: '%', after: '%25' }],
    'remove-dot-segments': ['/a/./b/../c', { before: '/a/./b/../c', after: '/a/c' }],
    'guard-double-slash': ['/..//x', { before: '//x', after: '/.//x' }],
    'plus-as-space': ['/?q=a+b', { before: '+', after: '%20' }],
    'remove-empty-pairs': ['/?a=1&&b=2&', { before: 'a=1&&b=2&', after: 'a=1&b=2' }],
    'drop-parameter': ['/?utm_source=x&id=1', { before: 'utm_source=x', after: '' }, { drop: ['utm_'] }],
    'lowercase-value': ['/?utm_source=EMAIL', { before: 'EMAIL', after: 'email' }, { caseInsensitive: ['utm_source'] }],
    'trim-value': ['/?q=%20a%20', { before: '%20a%20', after: 'a' }, { trim: true }],
    'sort-query': ['/?b=1&a=2', { before: 'b=1&a=2', after: 'a=2&b=1' }],
    'remove-empty-query': ['/a?', { before: '?', after: '' }],
    'drop-fragment': ['/a#top', { before: '#top', after: '' }],
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
    expect(result.ok && result.changes).toEqual([{ rule: 'decode-unreserved', before: '%6c%61%6e%64%69%6e%67', after: 'landing' }]);
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

  test('the fast path for plain hosts agrees with the platform URL parser', () => {
    for (const host of ['Example.COM', 'a-b.c_d.example', 'www.example.co.uk.', 'x1.y2']) {
      expect(canonicalOf(`http://${host}/`)).toBe(new URL(`http://${host}/`).href);
    }
  });

  test('rejects hosts the platform cannot parse, pointing at the host', () => {
    expect(canonicalOf('http://exa mple.com/')).toEqual({ code: 'invalid-host', index: 7, length: 12 });
    expect(canonicalOf('http://a\\b/')).toEqual({ code: 'invalid-host', index: 7, length: 3 });
    expect(canonicalOf('http://[::1/')).toEqual({ code: 'invalid-host', index: 7, length: 4 });
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

  test('keeps a + in the path as a plus under every policy', () => {
    expect(canonicalOf('/C++?q=C++')).toBe('/C++?q=C%20%20');
    expect(canonicalOf('/C++?q=C++', { plus: 'literal' })).toBe('/C++?q=C++');
  });
});

describe('normalize: query policies', () => {
  test('has the documented defaults', () => {
    expect(DEFAULT_POLICY).toEqual({ plus: 'form', order: 'sort', caseInsensitive: [], trim: false, drop: [], fragment: 'drop' });
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

  test('keeps %26, %3D and %2B escaped so they never become separators', () => {
    expect(canonicalOf('/?a%3Db=c%26d%2Be')).toBe('/?a%3Db=c%26d%2Be');
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

  test('trims spaces, raw, escaped or (with plus: form) written as +', () => {
    expect(canonicalOf('/?q=+%20a b%20+', { trim: true })).toBe('/?q=a%20b');
    expect(canonicalOf('/?q=+a+', { trim: true, plus: 'literal' })).toBe('/?q=+a+');
  });

  test('keeps the fragment on request, canonicalized like the rest', () => {
    expect(canonicalOf('/a#Ab%7e c', { fragment: 'keep' })).toBe('/a#Ab~%20c');
  });

  test('ignores policy values it does not know instead of throwing', () => {
    const odd = { plus: 'maybe', order: 1, caseInsensitive: 'q', drop: null } as unknown as Parameters<typeof normalize>[1];
    expect(canonicalOf('/?q=A+B', odd)).toBe('/?q=A%20B');
  });
});
