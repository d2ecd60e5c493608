import { describe, expect, test } from 'vitest';
import { parseUrl } from '../../../src/codec/index.ts';

describe('parseUrl', () => {
  test('splits an absolute URL into its components and spans, decoding nothing', () => {
    expect(parseUrl('HTTPS://user:p%40ss@Example.com:8080/a%2Fb?q=C++%20&lang=en#top')).toEqual({
      ok: true,
      kind: 'absolute',
      scheme: 'HTTPS',
      userinfo: 'user:p%40ss',
      host: 'Example.com',
      port: '8080',
      path: '/a%2Fb',
      query: 'q=C++%20&lang=en',
      fragment: 'top',
      pairs: [
        { name: 'q', value: 'C++%20', index: 43, length: 8 },
        { name: 'lang', value: 'en', index: 52, length: 7 },
      ],
      spans: {
        scheme: { index: 0, length: 5 },
        userinfo: { index: 8, length: 11 },
        host: { index: 20, length: 11 },
        port: { index: 32, length: 4 },
        path: { index: 36, length: 6 },
        query: { index: 43, length: 16 },
        fragment: { index: 60, length: 3 },
      },
    });
  });

  test('with pairs: false, gives the same parts and spans without splitting the query', () => {
    const url = 'HTTPS://user:p%40ss@Example.com:8080/a%2Fb?q=C++%20&lang=en#top';
    const whole = parseUrl(url);
    expect(parseUrl(url, { pairs: false })).toEqual({ ...whole, pairs: [] });
    expect(parseUrl('/p?a=1&b', { pairs: false })).toMatchObject({ ok: true, query: 'a=1&b', pairs: [] });
  });

  test('accepts a path-only reference as analytics exports list them', () => {
    expect(parseUrl('/landing?utm_source=email')).toMatchObject({
      ok: true,
      kind: 'absolute-path',
      scheme: null,
      host: null,
      path: '/landing',
      pairs: [{ name: 'utm_source', value: 'email' }],
    });
  });

  test('tells the other reference forms apart', () => {
    expect(parseUrl('//cdn.example.com/a.js')).toMatchObject({
      kind: 'network-path',
      host: 'cdn.example.com',
      path: '/a.js',
    });
    expect(parseUrl('mailto:someone@example.com')).toMatchObject({
      kind: 'absolute',
      host: null,
      path: 'someone@example.com',
    });
    expect(parseUrl('%')).toMatchObject({ ok: true, kind: 'relative-path', path: '%' });
  });

  test('skips empty pieces and tells a name without = from an empty value', () => {
    expect(parseUrl('/?a&&b=&c=1=2&').ok && parseUrl('/?a&&b=&c=1=2&')).toMatchObject({
      pairs: [
        { name: 'a', value: null },
        { name: 'b', value: '' },
        { name: 'c', value: '1=2' },
      ],
    });
  });

  test('keeps an empty query and fragment apart from absent ones', () => {
    expect(parseUrl('/a?#')).toMatchObject({ query: '', fragment: '' });
    expect(parseUrl('/a')).toMatchObject({ query: null, fragment: null });
  });

  test('splits userinfo at the last @ and reads IPv6 literals whole', () => {
    expect(parseUrl('http://a@b@[::1]:81/')).toMatchObject({ userinfo: 'a@b', host: '[::1]', port: '81' });
  });

  test.each([
    ['', { code: 'invalid-url', index: 0, length: 0 }],
    ['http://[::1', { code: 'invalid-host', index: 7, length: 4 }],
    ['http://[::1]x/', { code: 'invalid-host', index: 7, length: 6 }],
    ['http://example.com:8o/', { code: 'invalid-port', index: 19, length: 2 }],
  ])('rejects %j with a positioned error', (text, error) => {
    expect(parseUrl(text)).toEqual({ ok: false, error });
  });
});
