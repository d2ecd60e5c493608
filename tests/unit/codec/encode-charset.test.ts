/**
 * Encoding into legacy charsets and the `all` set. Every charset's table comes from the
 * platform's TextDecoder, so the round trips below check the encoder against the decoder of
 * the runtime running them: Node here, Chromium in the `codec:chromium` project.
 */
import { describe, expect, test } from 'vitest';
import { decode, encode, isEncodable } from '../../../src/codec/index.ts';

// https://encoding.spec.whatwg.org/#names-and-labels (canonical names, lowercased)
const SINGLE_BYTE = [
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
];
const MULTI_BYTE = ['gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr'];

/** Every BMP code point above ASCII but the surrogates, as one string. */
const BMP = String.fromCodePoint(
  ...Array.from({ length: 0xffff - 0x7f }, (_, k) => k + 0x80).filter((c) => c < 0xd800 || c > 0xdfff),
);

const bytesOf = (escaped: string) =>
  Uint8Array.from(escaped.match(/%[0-9A-F]{2}/g) ?? [], (e) => parseInt(e.slice(1), 16));

/** Splits the BMP into what `charset` writes and what it cannot (the `unmappable` notices). */
function split(charset: string) {
  const r = encode(BMP, 'all', { charset });
  if (!r.ok) throw new Error(`${charset}: ${r.error.code}`);
  const unmappable = new Set((r.notices ?? []).map((n) => BMP.codePointAt(n.index) as number));
  const mappable = [...BMP].filter((c) => !unmappable.has(c.codePointAt(0) as number)).join('');
  return { mappable, unmappable };
}

describe('the all set', () => {
  test('escapes every byte, letters, digits and unreserved marks included', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const r = encode(ascii, 'all');
    expect(r.ok && r.value).toBe(
      Array.from({ length: 128 }, (_, c) => `%${c.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    );
    expect(encode('a-Я 1', 'all')).toEqual({ ok: true, value: '%61%2D%D0%AF%20%31' });
  });

  test('escapes every byte in a legacy charset too, and decodes back', () => {
    const r = encode('ламінат', 'all', { charset: 'windows-1251' });
    expect(r).toEqual({ ok: true, value: '%EB%E0%EC%B3%ED%E0%F2', notices: [] });
    expect(encode('アA', 'all', { charset: 'shift_jis' })).toEqual({ ok: true, value: '%83%41%41', notices: [] });
  });
});

describe('legacy charsets', () => {
  test('ламінат for a windows-1251 server, แคมเปญ for a windows-874 one', () => {
    expect(encode('ламінат', 'component', { charset: 'windows-1251' })).toEqual({
      ok: true,
      value: '%EB%E0%EC%B3%ED%E0%F2',
      notices: [],
    });
    expect(encode('แคมเปญ', 'form', { charset: 'windows-874' })).toEqual({
      ok: true,
      value: '%E1%A4%C1%E0%BB%AD',
      notices: [],
    });
    expect(decode('%E1%A4%C1%E0%BB%AD', { charset: 'windows-874' })).toMatchObject({ ok: true, value: 'แคมเปญ' });
  });

  test('a character the charset cannot write is sent as its escaped &#NNNN; with a notice at its index', () => {
    expect(encode('ціна €5 😀', 'form', { charset: 'windows-1251' })).toEqual({
      ok: true,
      value: '%F6%B3%ED%E0+%885+%26%23128512%3B',
      notices: [{ code: 'unmappable', index: 8, length: 2 }],
    });
    expect(encode('ціна ₴', 'component', { charset: 'koi8-u' })).toEqual({
      ok: true,
      value: '%C3%A6%CE%C1%20%26%238372%3B',
      notices: [{ code: 'unmappable', index: 5, length: 1 }],
    });
  });

  test('each byte of a multi-byte character meets the set on its own: an ASCII trail byte stays raw', () => {
    expect(encode('ア', 'component', { charset: 'shift_jis' })).toEqual({ ok: true, value: '%83A', notices: [] });
    expect(encode('表', 'form', { charset: 'shift_jis' })).toEqual({ ok: true, value: '%95%5C', notices: [] });
  });

  test('the url set keeps valid escapes and reserved characters as written', () => {
    expect(encode('/пошук?q=%41 б', 'url', { charset: 'windows-1251' })).toEqual({
      ok: true,
      value: '/%EF%EE%F8%F3%EA?q=%41%20%E1',
      notices: [],
    });
  });

  test('a lone surrogate fails as in UTF-8; an unknown label or ISO-2022-JP is unknown-charset', () => {
    expect(encode('a\uD800', 'component', { charset: 'windows-1251' })).toMatchObject({
      ok: false,
      error: { code: 'lone-surrogate', index: 1, length: 1 },
    });
    expect(encode('a', 'component', { charset: 'klingon' })).toMatchObject({
      ok: false,
      error: { code: 'unknown-charset' },
    });
    expect(encode('a', 'component', { charset: 'iso-2022-jp' })).toMatchObject({
      ok: false,
      error: { code: 'unknown-charset' },
    });
  });

  test('UTF-8 and UTF-16 pages send UTF-8, with no notices field', () => {
    for (const charset of ['utf-8', 'UTF8', 'utf-16le', 'utf-16be'])
      expect(encode('é', 'component', { charset })).toEqual({ ok: true, value: '%C3%A9' });
  });

  test('labels resolve as WHATWG says: latin1 and iso-8859-1 are windows-1252', () => {
    expect(encode('€', 'component', { charset: 'latin1' })).toEqual({ ok: true, value: '%80', notices: [] });
    expect(encode('€', 'component', { charset: 'ISO-8859-1' })).toEqual({ ok: true, value: '%80', notices: [] });
  });

  test('every WHATWG legacy charset but ISO-2022-JP has an encoder', () => {
    for (const name of [...SINGLE_BYTE, ...MULTI_BYTE]) expect(isEncodable(name), name).toBe(true);
    expect(isEncodable('iso-2022-jp')).toBe(false);
    expect(isEncodable('utf-8')).toBe(false);
  });
});

describe('round trip through the platform decoder, every character of every charset', () => {
  test.each(SINGLE_BYTE)(
    '%s: every character its 128 upper bytes decode to encodes back to that byte, and nothing else encodes',
    (charset) => {
      const upper = new TextDecoder(charset).decode(Uint8Array.from({ length: 128 }, (_, k) => k + 0x80));
      const expected = new Set([...upper].filter((c) => c !== '\uFFFD'));
      const { mappable, unmappable } = split(charset);
      expect(new Set(mappable)).toEqual(expected);
      for (const c of expected) {
        const r = encode(c, 'all', { charset });
        expect(r.ok && new TextDecoder(charset).decode(bytesOf(r.value))).toBe(c);
        expect(r.ok && r.value).toBe(`%${(upper.indexOf(c) + 0x80).toString(16).toUpperCase()}`);
      }
      expect(unmappable.size + expected.size).toBe([...BMP].length);
    },
  );

  test.each(MULTI_BYTE)('%s: every BMP character it writes decodes back, in one fatal decode', (charset) => {
    const { mappable, unmappable } = split(charset);
    const r = encode(mappable, 'all', { charset });
    expect(r.ok && r.notices).toEqual([]);
    const back = r.ok ? new TextDecoder(charset, { fatal: true }).decode(bytesOf(r.value)) : '';
    // Shift_JIS and EUC-JP write ¥ ‾ − as the bytes of \ ~ －, which decode as those.
    const folded = /jis|euc-jp/.test(charset)
      ? mappable.replace(/¥/g, '\\').replace(/‾/g, '~').replace(/−/g, '－')
      : mappable;
    expect(back === folded).toBe(true);
    // A charset that writes fewer than a few thousand characters has lost its table.
    expect(mappable.length).toBeGreaterThan(charset === 'gb18030' ? 63000 : 7000);
    // gb18030 writes the whole BMP but U+FFFD and a few private-use code points (U+E5E5, those GB18030-2022 moved).
    if (charset === 'gb18030')
      expect([...unmappable].every((c) => (c >= 0xe000 && c <= 0xf8ff) || c === 0xfffd)).toBe(true);
  });

  test('gb18030 writes characters beyond the BMP as four bytes; GBK cannot', () => {
    expect(encode('😀', 'all', { charset: 'gb18030' })).toEqual({ ok: true, value: '%94%39%FC%36', notices: [] });
    expect(new TextDecoder('gb18030').decode(Uint8Array.of(0x94, 0x39, 0xfc, 0x36))).toBe('😀');
    expect(encode('😀', 'all', { charset: 'gbk' })).toMatchObject({
      notices: [{ code: 'unmappable', index: 0, length: 2 }],
    });
    expect(encode('€', 'all', { charset: 'gbk' })).toEqual({ ok: true, value: '%80', notices: [] });
  });
});

describe('decoding what the encoder writes', () => {
  test('a multi-byte character with a raw ASCII trail byte decodes whole', () => {
    expect(decode('%83A%83C', { charset: 'shift_jis' })).toEqual({ ok: true, value: 'アイ', notices: [] });
    expect(decode('q=%95%5C+x', { charset: 'shift_jis', mode: 'form' })).toEqual({
      ok: true,
      value: 'q=表 x',
      notices: [],
    });
    // ASCII after the last escape stays as written; a bad pair is reported at its escape.
    expect(decode('%83Ab', { charset: 'shift_jis' })).toMatchObject({ ok: true, value: 'アb' });
    expect(decode('a%FFb', { charset: 'shift_jis' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-bytes', index: 1, length: 3 },
    });
  });

  test.each(['shift_jis', 'big5', 'gbk', 'euc-kr', 'windows-1251'])(
    '%s: encode then decode gives the text back',
    (charset) => {
      const text = {
        shift_jis: 'アイ 表示 ｱ',
        big5: '中文 十',
        gbk: '中文 测试',
        'euc-kr': '한국어',
        'windows-1251': 'ламінат ціна',
      }[charset] as string;
      for (const mode of ['component', 'form', 'all'] as const) {
        const r = encode(text, mode, { charset });
        expect(r.ok && decode(r.value, { charset, mode: mode === 'form' ? 'form' : 'standard' })).toMatchObject({
          ok: true,
          value: text,
        });
      }
    },
  );
});
