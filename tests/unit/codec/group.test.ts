import { describe, expect, test } from 'vitest';
import { group, groupReport, normalize } from '../../../src/codec/index.ts';

describe('group', () => {
  test('merges variants under their canonical URL and key, most frequent first', () => {
    const groups = group([
      '/b',
      '/landing?utm_source=%65mail',
      '/landing?utm_source=email',
      '/landing?utm_source=email',
      '/b',
      '/landing?utm_source=email+',
    ]);
    const key = normalize('/landing?utm_source=email');
    expect(groups).toEqual([
      {
        canonical: '/landing?utm_source=email',
        key: key.ok ? key.key : '',
        count: 3,
        variants: [
          { raw: '/landing?utm_source=email', count: 2 },
          { raw: '/landing?utm_source=%65mail', count: 1 },
        ],
      },
      { canonical: '/b', key: expect.stringMatching(/^[0-9a-f]{16}$/), count: 2, variants: [{ raw: '/b', count: 2 }] },
      {
        canonical: '/landing?utm_source=email%20',
        key: expect.any(String),
        count: 1,
        variants: [{ raw: '/landing?utm_source=email+', count: 1 }],
      },
    ]);
  });

  test('orders groups of equal count by canonical URL, and variants of equal count by first appearance', () => {
    const groups = group(['/z', '/a?x=%41', '/a?x=A', '/m']);
    expect(groups.map((g) => g.canonical)).toEqual(['/a?x=A', '/m', '/z']);
    expect(groups[0]?.variants.map((v) => v.raw)).toEqual(['/a?x=%41', '/a?x=A']);
  });

  test('splits a string into lines of any ending and ignores blank lines', () => {
    expect(group('/a\r\n\r\n/a\n   \n/b\r/a').map((g) => [g.canonical, g.count])).toEqual([
      ['/a', 3],
      ['/b', 1],
    ]);
  });

  test('reads any iterable, such as a generator', () => {
    function* lines() {
      yield '/x';
      yield '/X';
      yield '/x';
    }
    expect(group(lines()).map((g) => g.count)).toEqual([2, 1]);
  });

  test('applies the policy to every line', () => {
    expect(group(['/p?utm_source=EMAIL', '/p?utm_source=email'], { caseInsensitive: ['utm_source'] })).toHaveLength(1);
    expect(group(['/p?utm_source=EMAIL', '/p?utm_source=email'])).toHaveLength(2);
  });

  test('leaves lines that cannot be normalized out of the groups', () => {
    expect(group(['landing', '/a', 'http://[::1']).map((g) => g.canonical)).toEqual(['/a']);
  });
});

describe('groupReport', () => {
  test('lists rejected lines with their error and count, and counts the lines read', () => {
    const report = groupReport(['landing', '/a', '', 'landing', 'http://[::1', '\uD800']);
    expect(report.lines).toBe(5);
    expect(report.groups.map((g) => g.canonical)).toEqual(['/a']);
    expect(report.rejected).toEqual([
      { raw: 'landing', count: 2, error: { code: 'invalid-url', index: 0, length: 7 } },
      { raw: 'http://[::1', count: 1, error: { code: 'invalid-host', index: 7, length: 4 } },
      { raw: '\uD800', count: 1, error: { code: 'lone-surrogate', index: 0, length: 1 } },
    ]);
  });
});

describe('groupReport with weighted input', () => {
  test('adds up each URL’s count instead of counting lines', () => {
    const report = groupReport([
      { url: '/landing?utm_source=email', count: 120 },
      { url: '/landing?utm_source=%65mail', count: 30 },
      '/landing?utm_source=email',
      { url: '/b', count: 7 },
      { url: 'not a url', count: 4 },
      { url: 'not a url', count: 2 },
    ]);
    expect(report.lines).toBe(6);
    expect(report.groups.map((g) => [g.canonical, g.count, g.variants.map((v) => [v.raw, v.count])])).toEqual([
      [
        '/landing?utm_source=email',
        151,
        [
          ['/landing?utm_source=email', 121],
          ['/landing?utm_source=%65mail', 30],
        ],
      ],
      ['/b', 7, [['/b', 7]]],
    ]);
    expect(report.rejected).toEqual([
      { raw: 'not a url', count: 6, error: { code: 'invalid-url', index: 0, length: 9 } },
    ]);
  });

  test('orders groups by their summed count, and counts a count that is not a number as 0', () => {
    const report = groupReport([
      { url: '/a', count: 1 },
      { url: '/a', count: 1 },
      { url: '/b', count: 5 },
      { url: '/c', count: Number.NaN },
      { url: ' ', count: 9 },
    ]);
    expect(report.groups.map((g) => [g.canonical, g.count])).toEqual([
      ['/b', 5],
      ['/a', 2],
      ['/c', 0],
    ]);
    expect(report.lines).toBe(4);
  });
});
