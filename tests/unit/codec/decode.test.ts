import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { decode } from '../../../src/codec/index.ts';
import { byteSources } from '../../../src/codec/decode.ts';
import { readUtf8 } from '../../../src/codec/utf8.ts';
import { RUNS, wellFormedText } from './support.ts';

/**
 * The span of the first maximal invalid subsequence, found byte by byte with the source of
 * every byte recorded (the slow, obvious way, which decode() once took).
 */
function firstInvalidBySources(text: string, form: boolean) {
  const { bytes, index, end } = byteSources(text, form);
  for (let at = 0; at < bytes.length; ) {
    const read = readUtf8(bytes, at, bytes.length);
    if (read < 0)
      return { index: index[at], length: (end[at - read - 1] as number) - (index[at] as number), byteOffset: at };
    at += read >>> 21;
  }
  return null;
}

/** Escapes of every kind (valid, invalid, truncated), stray percents, + and literals. */
const escapeHeavy = fc.string({
  unit: fc.constantFrom(
    '%C3',
    '%A9',
    '%E2',
    '%82',
    '%AC',
    '%F0',
    '%9F',
    '%98',
    '%80',
    '%FF',
    '%ED',
    '%A0',
    '%C0',
    '%2B',
    '%',
    '+',
    'x',
    'é',
    '😀',
    '\uD800',
  ),
  maxLength: 30,
});

describe('decode', () => {
  test('reads escapes in either hex case', () => {
    expect(decode('%c3%a9%C3%A9')).toEqual({ ok: true, value: 'éé', notices: [] });
  });

  test('decodes reserved escapes too: it decodes values, not URLs', () => {
    expect(decode('a%2Fb%26c%3Dd')).toMatchObject({ ok: true, value: 'a/b&c=d' });
  });

  test('reads non-escape characters as their own UTF-8 bytes', () => {
    expect(decode('ламінат %D0%BB')).toMatchObject({ ok: true, value: 'ламінат л' });
  });

  test('keeps a byte order mark, as UTF-8 decode without BOM does', () => {
    expect(decode('%EF%BB%BFx')).toMatchObject({ ok: true, value: '\uFEFFx' });
  });

  test.each([
    ['bad lead byte', 'a%FFb', { index: 1, length: 3, byteOffset: 1 }],
    ['continuation without lead', '%80', { index: 0, length: 3, byteOffset: 0 }],
    ['truncated sequence', 'x%E2%82', { index: 1, length: 6, byteOffset: 1 }],
    ['sequence cut by a literal', '%C3x', { index: 0, length: 3, byteOffset: 0 }],
    ['overlong form', '%C0%AF', { index: 0, length: 3, byteOffset: 0 }],
    ['overlong three-byte form', '%E0%80%AF', { index: 0, length: 3, byteOffset: 0 }],
    ['surrogate code point', '%ED%A0%80', { index: 0, length: 3, byteOffset: 0 }],
    ['above U+10FFFF', '%F4%90%80%80', { index: 0, length: 3, byteOffset: 0 }],
    ['after multi-byte literals', 'ü%FF', { index: 1, length: 3, byteOffset: 2 }],
  ])('strictly rejects a %s with the escapes and byte offset at fault', (_, text, at) => {
    expect(decode(text)).toMatchObject({ ok: false, error: { code: 'invalid-utf8', ...at } });
  });

  test('points at the same escapes as a byte-by-byte walk, in both modes', () => {
    fc.assert(
      fc.property(fc.oneof(escapeHeavy, wellFormedText), fc.boolean(), (text, form) => {
        const r = decode(text, { mode: form ? 'form' : 'standard', invalid: 'error' });
        const expected = firstInvalidBySources(text, form);
        if (!r.ok && r.error.code === 'invalid-utf8') expect(r.error).toEqual({ code: 'invalid-utf8', ...expected });
        else if (r.ok) expect(expected).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  test('lenient decoding replaces each maximal invalid subsequence with one U+FFFD', () => {
    expect(decode('%F0%9F%98x%FF%ED%A0%80', { invalid: 'replace' })).toEqual({
      ok: true,
      value: '\uFFFDx\uFFFD\uFFFD\uFFFD\uFFFD',
      notices: [],
    });
  });

  test('reports stray % notices at their UTF-16 index, also after non-ASCII text', () => {
    expect(decode('😀%zzл%').notices).toEqual([
      { code: 'stray-percent', index: 2, length: 1 },
      { code: 'stray-percent', index: 6, length: 1 },
    ]);
  });

  test('still lists notices when decoding fails', () => {
    expect(decode('%zz%FF')).toMatchObject({ ok: false, notices: [{ code: 'stray-percent', index: 0, length: 1 }] });
  });

  test('form mode turns + into a space before decoding, and %2B into a plus', () => {
    expect(decode('C%2B%2B+%26+C%23', { mode: 'form' })).toEqual({ ok: true, value: 'C++ & C#', notices: [] });
  });

  test('decodes 70 KB inputs exactly as TextDecoder does, invalid bytes included', () => {
    // Multi-byte sequences, truncated ones and stray continuations, shifted across eight offsets.
    const escaped = (bytes: number[]) => bytes.map((b) => '%' + b.toString(16).padStart(2, '0')).join('');
    const build = (fragments: number[][], shift: number) => {
      const bytes = Array.from({ length: 32 * 1024 - 4 + shift }, (_, k) => 0x61 + (k % 26));
      for (let k = 0; bytes.length < 70_000; k++) bytes.push(...(fragments[k % fragments.length] as number[]));
      return bytes;
    };
    const valid = [[0xf0, 0x9f, 0x98, 0x80], [0xc3, 0xa9], [0xe0, 0xb9, 0x81], [0x41]];
    const invalid = [...valid, [0xe2, 0x82], [0x80], [0xed, 0xa0, 0x80]];
    for (let shift = 0; shift < 8; shift++) {
      const good = build(valid, shift);
      expect(decode(escaped(good))).toMatchObject({ ok: true, value: new TextDecoder().decode(Uint8Array.from(good)) });
      const bad = build(invalid, shift);
      expect(decode(escaped(bad)).ok).toBe(false);
      expect(decode(escaped(bad), { invalid: 'replace' })).toMatchObject({
        ok: true,
        value: new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(bad)),
      });
    }
  });

  describe('with a legacy charset', () => {
    test('decodes each run of escapes in the charset and leaves other characters alone', () => {
      expect(decode('ціна: %F6%B3%ED%E0 грн', { charset: 'windows-1251' })).toMatchObject({
        ok: true,
        value: 'ціна: ціна грн',
      });
    });

    test('supports the WHATWG labels the site uses', () => {
      expect(decode('%C3%C1', { charset: 'koi8-u' })).toMatchObject({ value: 'ца' });
      expect(decode('%D0%BB', { charset: 'iso-8859-5' })).toMatchObject({ value: 'аЛ' });
      expect(decode('%E1', { charset: 'tis-620' })).toMatchObject({ value: 'แ' });
    });

    test('reads + as a space in form mode', () => {
      expect(decode('%EB%E0+%EC', { charset: 'windows-1251', mode: 'form' })).toMatchObject({ value: 'ла м' });
    });

    test('fails with invalid-bytes on a byte the charset does not map, or replaces it', () => {
      expect(decode('ok%DB', { charset: 'windows-874' })).toMatchObject({
        ok: false,
        error: { code: 'invalid-bytes', index: 2, length: 3, byteOffset: 2 },
      });
      expect(decode('ok%DB', { charset: 'windows-874', invalid: 'replace' })).toMatchObject({
        ok: true,
        value: 'ok\uFFFD',
      });
    });

    test('fails with unknown-charset for a label WHATWG does not define', () => {
      expect(decode('%41', { charset: 'latin-9000' })).toEqual({
        ok: false,
        error: { code: 'unknown-charset', index: 0, length: 0 },
        notices: [],
      });
    });

    test('uses the UTF-8 decoder for UTF-8 labels', () => {
      expect(decode('%FF', { charset: 'UTF8' })).toMatchObject({ ok: false, error: { code: 'invalid-utf8' } });
    });
  });
});
