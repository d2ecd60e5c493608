import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { normalizeFast } from '../../../src/codec/fast-path.ts';
import { normalizeGeneral } from '../../../src/codec/normalize.ts';
import { compilePolicy } from '../../../src/codec/policy.ts';
import { policy, RUNS, urlText } from './support.ts';

/** Analytics URLs from parts; `clean` ones are the fast path's domain, the rest near misses. */
const analyticsUrl = (clean: boolean) =>
  fc
    .tuple(
      fc.constantFrom('https://www.example.com', 'http://shop.example.co.uk', '', 'https://WWW.Example.com', 'https://a.example:443', 'http://a.example:', ...(clean ? [] : ['https://a.example:8080', 'http://a.example:443', 'https://10.0.0.1', 'https://u@a.example'])),
      fc.constantFrom('/landing', '/products/item-7', '/uk/%D1%82%D0%BE%D0%B2%D0%B0%D1%80', '/', '/a%2Fb', ...(clean ? [] : ['/a/./b', '/%7euser', '/a%2fb', '/.well-known'])),
      fc.array(fc.constantFrom('utm_source=email', 'utm_medium=cpc', 'utm_campaign=spring', 'a=1', 'a=2', 'ref', 'q=C%2B%2B', 'gclid=x', '', ...(clean ? [] : ['q=a+b', 'x=%20y%20', 'b=%41'])), { maxLength: 5 }),
      fc.constantFrom('', '#top', '#', ...(clean ? [] : ['?', '#\uD800'])),
    )
    .map(([origin, path, pairs, tail]) => origin + path + (pairs.length > 0 ? '?' + pairs.join('&') : '') + tail);

const withoutCaseRules = policy.map((rules) => ({ ...rules, caseInsensitive: [] }));

describe('the fast path', () => {
  test('agrees with the general path wherever it answers', () => {
    let answered = 0;
    fc.assert(
      // Case-insensitive names always take the general path, so most runs go without them.
      fc.property(fc.oneof({ arbitrary: analyticsUrl(true), weight: 3 }, analyticsUrl(false), urlText), fc.oneof(fc.constant({}), withoutCaseRules, policy), (url, rules) => {
        const compiled = compilePolicy(rules);
        const fast = normalizeFast(url, compiled);
        if (fast === null) return;
        answered++;
        expect(fast).toEqual(normalizeGeneral(url, compiled));
      }),
      { numRuns: RUNS },
    );
    expect(answered).toBeGreaterThan(RUNS / 3);
  });

  test('answers for the clean URLs analytics data is made of, sorted or not', () => {
    const compiled = compilePolicy();
    expect(normalizeFast('https://www.example.com/uk/%D1%82?utm_source=email&utm_medium=cpc#top', compiled)).toEqual({
      ok: true,
      canonical: 'https://www.example.com/uk/%D1%82?utm_medium=cpc&utm_source=email',
      key: expect.stringMatching(/^[0-9a-f]{16}$/),
      raw: 'https://www.example.com/uk/%D1%82?utm_source=email&utm_medium=cpc#top',
      changes: [
        { rule: 'sort-query', before: 'utm_source=email&utm_medium=cpc', after: 'utm_medium=cpc&utm_source=email' },
        { rule: 'drop-fragment', before: '#top', after: '' },
      ],
    });
  });

  test('lowercases the host and removes a default or empty port and empty pieces, as the general path does', () => {
    for (const url of ['https://WWW.Example.com:443/a?b=1&&a=2&', 'http://a.example:/x?&q']) {
      const compiled = compilePolicy();
      expect(normalizeFast(url, compiled)).toEqual(normalizeGeneral(url, compiled));
    }
  });

  test('sorts long queries stably, as the general path does', () => {
    const query = Array.from({ length: 40 }, (_, k) => `${'dcba'[k % 4]}=${k}`).join('&');
    const compiled = compilePolicy();
    const fast = normalizeFast('/p?' + query, compiled);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(normalizeGeneral('/p?' + query, compiled));
  });

  test.each([
    '/%7euser',
    '/a/./b',
    '/?q=a+b',
    '/a?',
    '/a?&',
    'https://a.example',
    'http://10.0.0.1/',
    'https://a.example:8080/',
    'https://a.example:0443/',
    'https://u@a.example/',
    'https://a.example./',
    '/a#\uD800',
  ])('leaves %j to the general path', (url) => {
    expect(normalizeFast(url, compilePolicy())).toBeNull();
  });
});
