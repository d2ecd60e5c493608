import { describe, expect, test } from 'vitest';
import { encode } from '../../../src/codec/index.ts';

describe('encode', () => {
  test('component mode leaves exactly A-Z a-z 0-9 - . _ ~ raw', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const encoded = encode(ascii, 'component');
    const raw = encoded.ok ? encoded.value.replace(/%[0-9A-F]{2}/g, '') : null;
    expect(raw).toBe('-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~');
  });

  test('url mode leaves unreserved and reserved characters raw', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const encoded = encode(ascii, 'url');
    const raw = encoded.ok ? encoded.value.replace(/%[0-9A-F]{2}/g, '') : null;
    expect(raw).toBe("!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~");
  });

  test('url mode escapes space, controls, " < > \\ ^ ` { } | and DEL', () => {
    expect(encode(' \t"<>\\^`{}|\x7f', 'url')).toEqual({ ok: true, value: '%20%09%22%3C%3E%5C%5E%60%7B%7D%7C%7F' });
  });

  test('url mode repairs a pasted link without touching its valid escapes', () => {
    expect(encode('https://example.com/ламінат?q=a b&x=%2F%2f#frag', 'url')).toEqual({
      ok: true,
      value: 'https://example.com/%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82?q=a%20b&x=%2F%2f#frag',
    });
  });

  test('url mode escapes a % that starts no valid escape as %25, and never double-encodes', () => {
    expect(encode('100% %4 %zz %41', 'url')).toEqual({ ok: true, value: '100%25%20%254%20%25zz%20%41' });
  });

  test('form mode leaves A-Z a-z 0-9 * - . _ raw and writes space as +', () => {
    expect(encode("a b*-._~!'()+", 'form')).toEqual({ ok: true, value: 'a+b*-._%7E%21%27%28%29%2B' });
  });

  test('writes uppercase hex digits', () => {
    expect(encode('\u00ff\u00e9', 'component')).toEqual({ ok: true, value: '%C3%BF%C3%A9' });
  });

  test('returns text that needs no escape unchanged', () => {
    expect(encode('plain-text_1.0~', 'component')).toEqual({ ok: true, value: 'plain-text_1.0~' });
  });

  test('reports the index of a lone surrogate and emits nothing', () => {
    expect(encode('ok😀\uDE00', 'component')).toEqual({
      ok: false,
      error: { code: 'lone-surrogate', index: 4, length: 1 },
    });
    expect(encode('\uD83D', 'form')).toEqual({ ok: false, error: { code: 'lone-surrogate', index: 0, length: 1 } });
  });

  test('treats an unknown mode as component, the strictest set', () => {
    expect(encode('a/b', 'bogus' as 'component')).toEqual({ ok: true, value: 'a%2Fb' });
  });
});
