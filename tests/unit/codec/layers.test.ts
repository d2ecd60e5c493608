import { describe, expect, test } from 'vitest';
import { decodeLayers } from '../../../src/codec/index.ts';

describe('decodeLayers', () => {
  test('returns the input alone when it holds no valid escape', () => {
    expect(decodeLayers('100% plain')).toEqual({
      layers: ['100% plain'],
      doubleEncoded: false,
      truncated: false,
      stoppedBy: null,
    });
  });

  test('unwraps a triple encoding into four layers', () => {
    expect(decodeLayers('%252541').layers).toEqual(['%252541', '%2541', '%41', 'A']);
  });

  test('flags %25 followed by two hex digits as double-encoded, in either hex case', () => {
    expect(decodeLayers('a%253a').doubleEncoded).toBe(true);
    expect(decodeLayers('a%25zz').doubleEncoded).toBe(false);
    expect(decodeLayers('a%3A').doubleEncoded).toBe(false);
  });

  test('stops at bytes that are not UTF-8 and says why', () => {
    expect(decodeLayers('caf%25e9')).toEqual({
      layers: ['caf%25e9', 'caf%e9'],
      doubleEncoded: true,
      truncated: false,
      stoppedBy: { code: 'invalid-utf8', index: 3, length: 3, byteOffset: 3 },
    });
  });

  test('in form mode reads + as a space, but only while escapes remain', () => {
    // Layer 1 holds "C++" with no escape left: its plus signs are data, not spaces.
    expect(decodeLayers('q%3DC%252B%252B+x', { mode: 'form' }).layers).toEqual([
      'q%3DC%252B%252B+x',
      'q=C%2B%2B x',
      'q=C++ x',
    ]);
  });
});
