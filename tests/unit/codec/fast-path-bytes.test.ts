import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { normalizeFast } from '../../../src/codec/fast-path.ts';
import { groupKey } from '../../../src/codec/key.ts';
import { normalizeGeneral } from '../../../src/codec/normalize.ts';
import { compilePolicy } from '../../../src/codec/policy.ts';
import { RUNS, wellFormedText } from './support.ts';

/**
 * The fast path and the key read a URL's bytes from one reused buffer, and the fast path
 * hashes the canonical URL from bytes it assembles there. These tests check what that
 * buffer could get wrong: bytes left over from a longer, earlier input, a buffer that
 * grows, texts too long for it, and keys computed without going through `groupKey`.
 */
describe('the byte-level fast path', () => {
  const compiled = compilePolicy();

  test('never reads bytes left over from a longer URL', () => {
    const long = '/' + 'a%2F'.repeat(50) + '?b=%2F%2F&a=1';
    for (const short of ['/a%', '/a%2', '/a?b=%', '/a?b=%2', '/a?b', '/a?', '/a#', 'https://a.b:', 'https://a.b:4', 'http://a.b:8', '/.']) {
      expect(normalizeFast(long, compiled)).not.toBeNull();
      const fast = normalizeFast(short, compiled);
      if (fast !== null) expect(fast).toEqual(normalizeGeneral(short, compiled));
    }
  });

  test('gives the key of the canonical URL, whether or not it differs from the input', () => {
    for (const url of [
      'https://www.example.com/a?a=1&b=2',
      'https://WWW.Example.com:443/a?b=2&a=1&&#top',
      'http://a.example:/x?&q',
      '/landing?utm_source=email',
      '/p?' + Array.from({ length: 40 }, (_, k) => `${'dcba'[k % 4]}=${k}`).join('&'),
      '/a?x=1#frag',
    ]) {
      const fast = normalizeFast(url, compiled);
      expect(fast).not.toBeNull();
      expect(fast?.key).toBe(groupKey(fast?.canonical ?? ''));
    }
    expect(normalizeFast('/landing?utm_source=email', compiled)?.key).toBe('a20fe7f47624cda6');
  });

  test('keeps URLs with non-ASCII characters, even in a dropped fragment, for the general path', () => {
    expect(normalizeFast('/a?b=1#ж', compiled)).toBeNull();
    expect(normalizeFast('/ж', compiled)).toBeNull();
  });

  test('keys agree after the buffer grows, and for texts too long for it', () => {
    const texts = ['x'.repeat(70_000), 'é'.repeat(30_000), '/a', 'ab'.repeat(5_000) + '😀', ''];
    const keys = texts.map(groupKey);
    // Same texts again, now in another order, so each runs against another buffer state.
    expect([...texts].reverse().map(groupKey)).toEqual([...keys].reverse());
    for (const long of ['/' + 'a'.repeat(20_000) + '?b=1&a=2', '/' + 'a'.repeat(100_000) + '?b=1&a=2']) {
      const fast = normalizeFast(long, compiled);
      if (fast !== null) expect(fast).toEqual(normalizeGeneral(long, compiled));
    }
    expect(normalizeFast('/' + 'a'.repeat(20_000) + '?b=1&a=2', compiled)).not.toBeNull();
  });

  test('groupKey is stable whatever was hashed before', () => {
    fc.assert(
      fc.property(wellFormedText, wellFormedText, (before, text) => {
        const alone = groupKey(text);
        groupKey(before + before + before);
        expect(groupKey(text)).toBe(alone);
      }),
      { numRuns: RUNS },
    );
  });
});
