/**
 * Files as bytes: a byte order mark decides, text without one is strict UTF-8 or the charset
 * named, and reading stops (with the byte and the line) where bytes do not decode, however
 * the file arrives in pieces. Runs in Node and in Chromium (their own TextDecoder).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  byteOrderMark,
  decodeTextFile,
  lineBreaks,
  textFileDecoder,
  type UndecodableBytes,
} from '../../../src/codec/text-file.ts';
import { RUNS, wellFormedText } from './support.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
/** A string of latin-1 characters as its bytes (the way the review made its legacy files). */
const latin = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** `text` in UTF-16 LE or BE, code unit by code unit. */
const utf16 = (text: string, le: boolean) =>
  [...text].flatMap((c) =>
    [...Array(c.length)].flatMap((_, i) => {
      const u = c.charCodeAt(i);
      return le ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff];
    }),
  );

/** The review's four windows-1251 URLs: /Привіт, /Київах, /catalog?q=лам, /catalog?q=дом. */
const CP1251 = latin(
  '/\xcf\xf0\xe8\xe2\xb3\xf2\n/\xca\xe8\xbf\xe2\xe0\xf5\n/catalog?q=\xeb\xe0\xec\n/catalog?q=\xe4\xee\xec\n',
);

/** Feeds `file` to a fresh decoder in pieces cut at `cuts`; the text, or where it stopped. */
function inPieces(file: Uint8Array, cuts: number[], label?: string): string | (UndecodableBytes & { line: number }) {
  const d = textFileDecoder(label)!;
  const ends = [...new Set(cuts.map((c) => Math.min(c, file.length)))].sort((a, b) => a - b).concat(file.length);
  let text = '';
  let at = 0;
  for (const [i, end] of ends.entries()) {
    const out = d.decode(file.subarray(at, end), i === ends.length - 1);
    if (typeof out !== 'string') return { ...out, before: '', line: lineBreaks(text + out.before) + 1 };
    text += out;
    at = end;
  }
  return text;
}

describe('byteOrderMark', () => {
  test('names UTF-8, UTF-16 LE and BE, and nothing else', () => {
    expect(byteOrderMark(bytes([0xef, 0xbb, 0xbf], '/a'))).toEqual({ encoding: 'utf-8', length: 3 });
    expect(byteOrderMark(bytes([0xff, 0xfe, 0x2f, 0]))).toEqual({ encoding: 'utf-16le', length: 2 });
    expect(byteOrderMark(bytes([0xfe, 0xff, 0, 0x2f]))).toEqual({ encoding: 'utf-16be', length: 2 });
    expect(byteOrderMark(bytes('/a'))).toBeNull();
    expect(byteOrderMark(bytes([0xef, 0xbb]))).toBeNull();
  });
});

describe('decodeTextFile', () => {
  test('reads UTF-8 with and without its mark, and UTF-16 with either mark', () => {
    expect(decodeTextFile(bytes('/café\n/ok'))).toEqual({
      ok: true,
      text: '/café\n/ok',
      encoding: 'utf-8',
      bom: false,
    });
    expect(decodeTextFile(bytes([0xef, 0xbb, 0xbf], '/café'))).toEqual({
      ok: true,
      text: '/café',
      encoding: 'utf-8',
      bom: true,
    });
    const sheet = 'page\tvisits\r\n/Привіт\t5\r\n/😀\t1\r\n';
    expect(decodeTextFile(bytes([0xff, 0xfe], utf16(sheet, true)))).toEqual({
      ok: true,
      text: sheet,
      encoding: 'utf-16le',
      bom: true,
    });
    expect(decodeTextFile(bytes([0xfe, 0xff], utf16(sheet, false)))).toEqual({
      ok: true,
      text: sheet,
      encoding: 'utf-16be',
      bom: true,
    });
    // A mark wins over the label, as in browsers.
    expect(decodeTextFile(bytes([0xef, 0xbb, 0xbf], '/é'), 'windows-1251')).toMatchObject({
      ok: true,
      text: '/é',
      encoding: 'utf-8',
    });
    expect(decodeTextFile(new Uint8Array(0))).toEqual({ ok: true, text: '', encoding: 'utf-8', bom: false });
  });

  test('stops at the first byte that is not UTF-8, with its line and offset (the review’s windows-1251 file)', () => {
    expect(decodeTextFile(bytes(CP1251))).toEqual({
      ok: false,
      error: { code: 'undecodable', encoding: 'utf-8', byte: 1, bytes: [0xcf, 0xf0, 0xe8, 0xe2], before: '/', line: 1 },
    });
    // Latin-1 é after valid lines: line 3 (CRLF and CR each end one line).
    expect(decodeTextFile(bytes('/a\r\n/b\r/caf', latin('\xe9')))).toMatchObject({
      ok: false,
      error: { byte: 11, line: 3, bytes: [0xe9] },
    });
    // A sequence cut off by the end of the file starts at its first byte.
    expect(decodeTextFile(bytes('/a\n/', [0xd0]))).toMatchObject({
      ok: false,
      error: { byte: 4, line: 2, bytes: [0xd0] },
    });
    // An overlong form and a surrogate code point are not UTF-8 either.
    expect(decodeTextFile(bytes('/', [0xc0, 0xaf]))).toMatchObject({ ok: false, error: { byte: 1 } });
    expect(decodeTextFile(bytes('/x', [0xed, 0xa0, 0x80]))).toMatchObject({ ok: false, error: { byte: 2 } });
  });

  test('reads the same file in the charset named, any WHATWG label', () => {
    expect(decodeTextFile(bytes(CP1251), 'windows-1251')).toEqual({
      ok: true,
      text: '/Привіт\n/Київах\n/catalog?q=лам\n/catalog?q=дом\n',
      encoding: 'windows-1251',
      bom: false,
    });
    expect(decodeTextFile(bytes(latin('/caf\xe9\n/caf\xe8')), 'latin1')).toMatchObject({
      ok: true,
      text: '/café\n/cafè',
      encoding: 'windows-1252',
    });
    expect(decodeTextFile(bytes(CP1251), 'no-such-charset')).toEqual({
      ok: false,
      error: { code: 'unknown-charset', encoding: 'no-such-charset' },
    });
    // A byte windows-874 does not map stops reading too.
    expect(decodeTextFile(bytes('/a', [0xdb]), 'windows-874')).toMatchObject({
      ok: false,
      error: { encoding: 'windows-874', byte: 2 },
    });
  });

  test('stops at an unpaired surrogate in UTF-16', () => {
    expect(decodeTextFile(bytes([0xff, 0xfe], utf16('/a', true), [0x00, 0xd8], utf16('b', true)))).toMatchObject({
      ok: false,
      error: { encoding: 'utf-16le', byte: 6, line: 1 },
    });
  });

  test('a file longer than one block stops at the right byte and line', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `/page/${i}`).join('\n');
    const file = bytes(lines, '\n/', [0xe9], '\n/z');
    const r = decodeTextFile(file);
    expect(r).toMatchObject({ ok: false, error: { byte: new TextEncoder().encode(lines).length + 2, line: 30_001 } });
  });
});

describe('TextFileDecoder in pieces', () => {
  test('gives the same text however the pieces fall', () => {
    fc.assert(
      fc.property(wellFormedText, fc.boolean(), fc.array(fc.nat(60)), (text, bom, cuts) => {
        const file = bytes(bom ? [0xef, 0xbb, 0xbf] : [], text);
        expect(inPieces(file, cuts)).toBe(bom ? text : text.replace(/^\uFEFF/, ''));
      }),
      { numRuns: RUNS },
    );
  });

  test('stops at the same byte and line however the pieces fall, in UTF-8 and UTF-16', () => {
    const anyBytes = fc.array(
      fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x0a, 0x0d, 0xd0, 0xbf, 0xe2, 0x82)),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(
        anyBytes,
        fc.constantFrom('utf-8', 'utf-16le', 'utf-16be'),
        fc.array(fc.nat(45)),
        (raw, label, cuts) => {
          const file = new Uint8Array(raw);
          const whole = decodeTextFile(file, label);
          const pieces = inPieces(file, cuts, label);
          if (whole.ok) expect(pieces).toBe(whole.text);
          else
            expect(pieces).toMatchObject({
              byte: (whole.error as UndecodableBytes).byte,
              line: (whole.error as { line: number }).line,
            });
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('never reads two different byte strings as one text (what is read writes back to the same bytes)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (file) => {
        const r = decodeTextFile(file);
        if (!r.ok) return;
        const again =
          r.encoding === 'utf-8'
            ? [...(r.bom ? [0xef, 0xbb, 0xbf] : []), ...new TextEncoder().encode(r.text)]
            : [
                ...(r.encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]),
                ...utf16(r.text, r.encoding === 'utf-16le'),
              ];
        expect(again).toEqual([...file]);
      }),
      { numRuns: RUNS },
    );
  });
});
