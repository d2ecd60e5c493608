/**
 * The articles' worked examples (§1-§5: percent-encoding, encoding-sets, decoding,
 * real-world-bugs and analytics-normalization in content/en/) and RFC 3986's, with exact
 * expected outputs.
 * Expected escapes are written out by hand or computed with the platform's
 * encodeURIComponent, never with the codec under test.
 */
import { describe, expect, test } from 'vitest';
import {
  decode,
  decodeLayers,
  encode,
  group,
  inspect,
  normalize,
  parseUrl,
  type NormalizePolicy,
} from '../../../src/codec/index.ts';

const canonicalOf = (url: string, policy?: Partial<NormalizePolicy>) => {
  const result = normalize(url, policy);
  return result.ok ? result.canonical : result.error.code;
};

describe('what percent-encoding is (§1)', () => {
  test('ламінат is 7 letters, 14 escapes', () => {
    expect([...'ламінат']).toHaveLength(7);
    expect(encode('ламінат', 'component')).toEqual({ ok: true, value: '%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82' });
  });

  test('नमस्ते is 6 code points and 18 bytes', () => {
    const { characters } = inspect('नमस्ते');
    expect(characters).toHaveLength(6);
    expect(characters.flatMap((character) => character.bytes)).toHaveLength(18);
    expect(characters.every((character) => character.bytes.length === 3)).toBe(true);
  });

  test('😀 takes four bytes: %F0%9F%98%80', () => {
    expect(encode('😀', 'component')).toEqual({ ok: true, value: '%F0%9F%98%80' });
    expect(decode('%F0%9F%98%80')).toEqual({ ok: true, value: '😀', notices: [] });
  });

  test.each([
    ['&', '%26'],
    [' ', '%20'],
    ['?', '%3F'],
    ['%', '%25'],
    ['é', '%C3%A9'],
    ['к', '%D0%BA'],
    ['你好', '%E4%BD%A0%E5%A5%BD'],
    ['Résumé.pdf', 'R%C3%A9sum%C3%A9.pdf'],
  ])('%s encodes as %s', (text, escaped) => {
    expect(encode(text, 'component')).toEqual({ ok: true, value: escaped });
    expect(decode(escaped)).toEqual({ ok: true, value: text, notices: [] });
  });
});

describe('three encoding sets (§2)', () => {
  test.each([
    ['C++ & C#', 'C%2B%2B%20%26%20C%23', 'C++%20&%20C#', 'C%2B%2B+%26+C%23'],
    [
      'promises & async/await',
      'promises%20%26%20async%2Fawait',
      'promises%20&%20async/await',
      'promises+%26+async%2Fawait',
    ],
    ['a/b?c=d', 'a%2Fb%3Fc%3Dd', 'a/b?c=d', 'a%2Fb%3Fc%3Dd'],
    [
      'email แคมเปญ',
      'email%20%E0%B9%81%E0%B8%84%E0%B8%A1%E0%B9%80%E0%B8%9B%E0%B8%8D',
      'email%20%E0%B9%81%E0%B8%84%E0%B8%A1%E0%B9%80%E0%B8%9B%E0%B8%8D',
      'email+%E0%B9%81%E0%B8%84%E0%B8%A1%E0%B9%80%E0%B8%9B%E0%B8%8D',
    ],
  ])('%s: component %s, url %s, form %s', (text, component, url, form) => {
    expect(encode(text, 'component')).toEqual({ ok: true, value: component });
    expect(encode(text, 'url')).toEqual({ ok: true, value: url });
    expect(encode(text, 'form')).toEqual({ ok: true, value: form });
  });

  test("component mode escapes the ! ' ( ) * that encodeURIComponent leaves raw", () => {
    expect(encodeURIComponent("!'()*")).toBe("!'()*");
    expect(encode("!'()*", 'component')).toEqual({ ok: true, value: '%21%27%28%29%2A' });
  });

  test('url mode keeps an existing %41 where encodeURI double-encodes it', () => {
    expect(encodeURI('%41')).toBe('%2541');
    expect(encode('%41', 'url')).toEqual({ ok: true, value: '%41' });
  });

  test('the component set turns a whole URL into something that is no longer a link', () => {
    expect(encode('https://example.com', 'component')).toEqual({ ok: true, value: 'https%3A%2F%2Fexample.com' });
  });
});

describe('decoding, and when it fails (§3)', () => {
  test.each([
    ['100% sure', 3],
    ['%zz', 0],
    ['%4', 0],
  ])('%s keeps the stray percent sign and points at index %i', (text, index) => {
    expect(decode(text)).toEqual({ ok: true, value: text, notices: [{ code: 'stray-percent', index, length: 1 }] });
  });

  test('ламінат in windows-1251 is not UTF-8, and reads correctly as windows-1251', () => {
    expect(decode('%EB%E0%EC%B3%ED%E0%F2')).toMatchObject({
      ok: false,
      error: { code: 'invalid-utf8', index: 0, length: 3, byteOffset: 0 },
    });
    expect(decode('%EB%E0%EC%B3%ED%E0%F2', { charset: 'windows-1251' })).toEqual({
      ok: true,
      value: 'ламінат',
      notices: [],
    });
  });

  test('แคมเปญ in windows-874 is not UTF-8, and reads correctly as windows-874', () => {
    expect(decode('%E1%A4%C1%E0%BB%AD')).toMatchObject({ ok: false, error: { code: 'invalid-utf8' } });
    expect(decode('%E1%A4%C1%E0%BB%AD', { charset: 'windows-874' })).toEqual({
      ok: true,
      value: 'แคมเปญ',
      notices: [],
    });
  });

  test('Fußball read as windows-1252 is the mojibake FuÃŸball; the label iso-8859-1 means windows-1252', () => {
    expect(encode('Fußball', 'component')).toEqual({ ok: true, value: 'Fu%C3%9Fball' });
    for (const charset of ['windows-1252', 'iso-8859-1', 'latin1']) {
      expect(decode('Fu%C3%9Fball', { charset })).toEqual({ ok: true, value: 'FuÃŸball', notices: [] });
    }
    expect(decode('/products/Fu%C3%9Fball', { charset: 'iso-8859-1' })).toMatchObject({ value: '/products/FuÃŸball' });
  });

  test('+ decodes to a space only in form mode', () => {
    expect(decode('a+b')).toMatchObject({ ok: true, value: 'a+b' });
    expect(decode('a+b', { mode: 'form' })).toMatchObject({ ok: true, value: 'a b' });
    expect(decode('a%2Bb', { mode: 'form' })).toMatchObject({ ok: true, value: 'a+b' });
  });
});

describe('three real bugs (§4)', () => {
  test('the vanishing search query: the server sees q = "promises " and a second parameter', () => {
    const broken = parseUrl('/search?q=promises & async/await');
    expect(broken.ok && broken.pairs.map(({ name, value }) => [name, value])).toEqual([
      ['q', 'promises '],
      [' async/await', null],
    ]);
    const fixed = parseUrl('/search?q=' + (encode('promises & async/await', 'component') as { value: string }).value);
    expect(fixed).toMatchObject({ ok: true, query: 'q=promises%20%26%20async%2Fawait' });
    expect(fixed.ok && decode(fixed.pairs[0]?.value ?? '')).toMatchObject({ value: 'promises & async/await' });
  });

  test('the double-encoded redirect unwraps layer by layer', () => {
    const doubled = 'https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1';
    expect(decodeLayers(doubled)).toEqual({
      layers: [
        doubled,
        'https%3A%2F%2Fservice-a.com%2Fdashboard%3Fparam%3D1',
        'https://service-a.com/dashboard?param=1',
      ],
      doubleEncoded: true,
      truncated: false,
      stoppedBy: null,
    });
  });

  test('the correctly encoded login URL is one layer and not double-encoded', () => {
    const once = '/login?redirect_uri=https%3A%2F%2Fservice-a.com%2Fdashboard%3Fparam%3D1';
    expect(decodeLayers(once)).toMatchObject({
      layers: [once, '/login?redirect_uri=https://service-a.com/dashboard?param=1'],
      doubleEncoded: false,
    });
  });
});

describe('why one page becomes six rows in analytics (§5)', () => {
  // In English the local word is "campaign" itself, so the fifth variant repeats the third.
  const localWords = { uk: 'кампанія', th: 'แคมเปญ', hi: 'अभियान' };

  test.each(Object.entries(localWords))('the six %s variants make four groups; with plus: literal, five', (_, word) => {
    const escaped = encodeURIComponent(word);
    const variants = [
      '/landing?utm_source=email',
      '/landing?utm_source=%65mail',
      '/landing?utm_source=email%20campaign',
      '/landing?utm_source=email+campaign',
      `/landing?utm_source=email%20${word}`,
      `/landing?utm_source=email%2B${escaped}`,
    ];
    const groups = (policy?: Partial<NormalizePolicy>) =>
      group(variants, policy).map((g) => [g.canonical, g.variants.map((v) => v.raw)]);
    const local = `/landing?utm_source=email%20${escaped}`;
    const merged = [
      ['/landing?utm_source=email', [variants[0], variants[1]]],
      ['/landing?utm_source=email%20campaign', [variants[2], variants[3]]],
      [local, [variants[4]]],
      [`/landing?utm_source=email%2B${escaped}`, [variants[5]]],
    ];
    expect(new Set(groups().map((g) => JSON.stringify(g)))).toEqual(new Set(merged.map((g) => JSON.stringify(g))));
    expect(groups({ plus: 'literal' })).toHaveLength(merged.length + 1);
  });

  test('a local word raw and escaped lands in the same group', () => {
    expect(canonicalOf('/landing?utm_source=email%20кампанія')).toBe(
      '/landing?utm_source=email%20%D0%BA%D0%B0%D0%BC%D0%BF%D0%B0%D0%BD%D1%96%D1%8F',
    );
    expect(canonicalOf('/landing?utm_source=email%20%d0%ba%d0%b0%d0%bc%d0%bf%d0%b0%d0%bd%d1%96%d1%8f')).toBe(
      '/landing?utm_source=email%20%D0%BA%D0%B0%D0%BC%D0%BF%D0%B0%D0%BD%D1%96%D1%8F',
    );
  });

  const base = '/page?campaign=test&utm_source=email';
  const variants = {
    encodedUnreserved: '/page?utm_source=%65%6d%61%69%6c&campaign=test',
    trailingSpace: '/page?utm_source=email%20&campaign=test',
    plus: '/page?utm_source=email+&campaign=test',
    uppercase: '/page?utm_source=EMAIL&campaign=test',
    escapedName: '/page?utm_source=email&%63ampaign=test',
  };
  test.each<[string, Partial<NormalizePolicy>, Record<keyof typeof variants, string>]>([
    [
      'defaults',
      {},
      {
        encodedUnreserved: base,
        trailingSpace: '/page?campaign=test&utm_source=email%20',
        plus: '/page?campaign=test&utm_source=email%20',
        uppercase: '/page?campaign=test&utm_source=EMAIL',
        escapedName: base,
      },
    ],
    [
      'trim',
      { trim: true },
      {
        encodedUnreserved: base,
        trailingSpace: base,
        plus: base,
        uppercase: '/page?campaign=test&utm_source=EMAIL',
        escapedName: base,
      },
    ],
    [
      'trim with a literal plus',
      { trim: true, plus: 'literal' },
      {
        encodedUnreserved: base,
        trailingSpace: base,
        plus: '/page?campaign=test&utm_source=email+',
        uppercase: '/page?campaign=test&utm_source=EMAIL',
        escapedName: base,
      },
    ],
    [
      'case-insensitive utm_source',
      { caseInsensitive: ['utm_source'] },
      {
        encodedUnreserved: base,
        trailingSpace: '/page?campaign=test&utm_source=email%20',
        plus: '/page?campaign=test&utm_source=email%20',
        uppercase: base,
        escapedName: base,
      },
    ],
    [
      'case-insensitive utm_source and trim',
      { caseInsensitive: ['utm_source'], trim: true },
      {
        encodedUnreserved: base,
        trailingSpace: base,
        plus: base,
        uppercase: base,
        escapedName: base,
      },
    ],
  ])('/page?utm_source=email&campaign=test variants under %s', (_, policy, expected) => {
    expect(canonicalOf('/page?utm_source=email&campaign=test', policy)).toBe(base);
    for (const [name, url] of Object.entries(variants)) {
      expect([name, canonicalOf(url, policy)]).toEqual([name, expected[name as keyof typeof variants]]);
    }
  });

  test('%2f%6c%61%6e%64%69%6e%67 in a path normalizes to %2Flanding, never to /landing', () => {
    expect(canonicalOf('/%2f%6c%61%6e%64%69%6e%67')).toBe('/%2Flanding');
    expect(canonicalOf('/%2f%6c%61%6e%64%69%6e%67', { model: 'rfc3986' })).toBe('/%2Flanding');
  });

  test('in a query value it is the data /landing to every form parser, and text to rfc3986', () => {
    expect(canonicalOf('/?next=%2f%6c%61%6e%64%69%6e%67')).toBe('/?next=/landing');
    expect(canonicalOf('/?next=%2f%6c%61%6e%64%69%6e%67', { model: 'rfc3986' })).toBe('/?next=%2Flanding');
  });

  test('caf%e9 keeps its non-UTF-8 byte: caf%E9, never U+FFFD', () => {
    expect(canonicalOf('/caf%e9')).toBe('/caf%E9');
    expect(canonicalOf('/?q=caf%e9')).toBe('/?q=caf%E9');
  });

  test('escaped delimiters stay escaped; other reserved escapes only in the rfc3986 model', () => {
    expect(canonicalOf('/a%2fb?x=%26%3d%2b%2F')).toBe('/a%2Fb?x=%26%3D%2B/');
    expect(canonicalOf('/a%2fb?x=%26%3d%2b%2F', { model: 'rfc3986' })).toBe('/a%2Fb?x=%26%3D%2B%2F');
  });

  test('decoding happens once: %2541 stays %2541', () => {
    expect(canonicalOf('/%2541')).toBe('/%2541');
  });
});

describe('RFC 3986 §6 normalization examples', () => {
  test('§6.2.2.1 case: scheme and host lowercase, hex uppercase', () => {
    expect(canonicalOf('HTTP://www.EXAMPLE.com/')).toBe('http://www.example.com/');
    expect(canonicalOf('http://example.com/a%3ab', { model: 'rfc3986' })).toBe('http://example.com/a%3Ab');
    // The data model writes a ":" in a segment raw: a server reads the same segment.
    expect(canonicalOf('http://example.com/a%3ab')).toBe('http://example.com/a:b');
  });

  test('§6.2.2.2 percent-encoding: %7Euser is ~user', () => {
    expect(canonicalOf('http://example.com/%7Euser')).toBe('http://example.com/~user');
  });

  test('§6.2.2 the three normalizations together', () => {
    expect(canonicalOf('example://a/b/c/%7Bfoo%7D')).toBe('example://a/b/c/%7Bfoo%7D');
    expect(canonicalOf('eXAMPLE://a/./b/../b/%63/%7bfoo%7d')).toBe('example://a/b/c/%7Bfoo%7D');
  });

  test.each(['http://example.com', 'http://example.com/', 'http://example.com:/', 'http://example.com:80/'])(
    '§6.2.3 scheme-based: %s is http://example.com/',
    (url) => {
      expect(canonicalOf(url)).toBe('http://example.com/');
    },
  );

  test('§6.2.3 https drops :443 only', () => {
    expect(canonicalOf('https://example.com:443/x')).toBe('https://example.com/x');
    expect(canonicalOf('https://example.com:80/x')).toBe('https://example.com:80/x');
  });

  // RFC 3986 §5.4, base http://a/b/c/d;p?q: the reference merged with the base path, and the result.
  test.each([
    ['/b/c/g', 'http://a/b/c/g'],
    ['/b/c/./g', 'http://a/b/c/g'],
    ['/b/c/g/', 'http://a/b/c/g/'],
    ['/g', 'http://a/g'],
    ['/b/c/;x', 'http://a/b/c/;x'],
    ['/b/c/g;x', 'http://a/b/c/g;x'],
    ['/b/c/.', 'http://a/b/c/'],
    ['/b/c/./', 'http://a/b/c/'],
    ['/b/c/..', 'http://a/b/'],
    ['/b/c/../', 'http://a/b/'],
    ['/b/c/../g', 'http://a/b/g'],
    ['/b/c/../..', 'http://a/'],
    ['/b/c/../../', 'http://a/'],
    ['/b/c/../../g', 'http://a/g'],
    ['/b/c/../../../g', 'http://a/g'],
    ['/b/c/../../../../g', 'http://a/g'],
    ['/./g', 'http://a/g'],
    ['/../g', 'http://a/g'],
    ['/b/c/g.', 'http://a/b/c/g.'],
    ['/b/c/.g', 'http://a/b/c/.g'],
    ['/b/c/g..', 'http://a/b/c/g..'],
    ['/b/c/..g', 'http://a/b/c/..g'],
    ['/b/c/./../g', 'http://a/b/g'],
    ['/b/c/./g/.', 'http://a/b/c/g/'],
    ['/b/c/g/./h', 'http://a/b/c/g/h'],
    ['/b/c/g/../h', 'http://a/b/c/h'],
    ['/b/c/g;x=1/./y', 'http://a/b/c/g;x=1/y'],
    ['/b/c/g;x=1/../y', 'http://a/b/c/y'],
  ])('§5.4 remove_dot_segments: http://a%s is %s', (path, expected) => {
    expect(canonicalOf('http://a' + path)).toBe(expected);
  });

  test('§5.4.2 dot segments in the query and fragment are data', () => {
    expect(canonicalOf('http://a/b/c/g?y/./x', { model: 'rfc3986' })).toBe('http://a/b/c/g?y/./x');
    expect(canonicalOf('http://a/b/c/g?y/../x', { model: 'rfc3986' })).toBe('http://a/b/c/g?y/../x');
    // The data model reads "y/../x" as a name without a value (kept so: Rack reads it as nil); its dots are still data.
    expect(canonicalOf('http://a/b/c/g?y/../x')).toBe('http://a/b/c/g?y/../x');
    expect(canonicalOf('http://a/b/c/g#s/./x', { fragment: 'keep' })).toBe('http://a/b/c/g#s/./x');
  });

  test('§5.2.4 examples: /a/b/c/./../../g and mid/content=5/../6', () => {
    expect(canonicalOf('/a/b/c/./../../g')).toBe('/a/g');
    expect(canonicalOf('/mid/content=5/../6')).toBe('/mid/6');
  });

  test('escaped dots are dot segments too: %2E%2E is decoded before removal', () => {
    expect(canonicalOf('/a/b/%2E%2E/c')).toBe('/a/c');
  });
});

describe('what normalization never does', () => {
  test('never drops www., a trailing slash, the trailing host dot or userinfo', () => {
    expect(canonicalOf('http://user:pw@www.example.com./a/')).toBe('http://user:pw@www.example.com./a/');
  });

  test('never applies Unicode normalization: NFC and NFD stay apart', () => {
    expect(canonicalOf('/caf\u00e9')).toBe('/caf%C3%A9');
    expect(canonicalOf('/cafe\u0301')).toBe('/cafe%CC%81');
  });

  test('keeps empty path segments', () => {
    expect(canonicalOf('/a//b')).toBe('/a//b');
  });
});
