import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TextDecoder as ShimTextDecoder,
  TextEncoder as ShimTextEncoder,
} from '../../../src/downloads/shims/text-encoding.ts';

// The UDF's stand-ins must answer exactly as the platform's classes do, for any text (lone
// surrogates included), any destination size (the too-small ones above all: the codec hands
// the encoder one byte per character to learn whether a URL is ASCII) and any bytes.
describe("the UDF's TextEncoder and TextDecoder", () => {
  const native = new TextEncoder();
  const shim = new ShimTextEncoder();
  const texts = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.string(),
    fc.string({ unit: fc.constantFrom('a', 'é', '中', '😀', '\ud800', '\udc00', '%') }),
  );

  it('encodeInto reads, writes and fills as the native one', () => {
    fc.assert(
      fc.property(texts, fc.nat(64), (text, size) => {
        const expected = new Uint8Array(size).fill(7);
        const actual = new Uint8Array(size).fill(7);
        expect(shim.encodeInto(text, actual)).toEqual(native.encodeInto(text, expected));
        expect(actual).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('encode agrees with the native one', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect([...shim.encode(text)]).toEqual([...native.encode(text)]);
      }),
    );
  });

  // Bytes near UTF-8's boundaries: overlongs, surrogates, truncated and stray sequences.
  const bytes = fc
    .uint8Array({ maxLength: 40 })
    .chain((random) =>
      fc
        .array(
          fc.constantFrom(
            0x41,
            0x80,
            0xbf,
            0xc0,
            0xc2,
            0xdf,
            0xe0,
            0xa0,
            0xed,
            0x9f,
            0xef,
            0xbb,
            0xf0,
            0x90,
            0xf4,
            0x8f,
            0xf5,
            0xff,
          ),
          { maxLength: 40 },
        )
        .map((edge) => Uint8Array.from([...random, ...edge])),
    );

  it('decodes any bytes as the native decoder does, lenient or fatal, with or without a byte order mark', () => {
    fc.assert(
      fc.property(bytes, fc.boolean(), fc.boolean(), (input, bom, ignoreBOM) => {
        const data = bom ? Uint8Array.from([0xef, 0xbb, 0xbf, ...input]) : input;
        expect(new ShimTextDecoder('utf-8', { ignoreBOM }).decode(data)).toBe(
          new TextDecoder('utf-8', { ignoreBOM }).decode(data),
        );
        const attempt = (decoder: { decode(b: Uint8Array): string }) => {
          try {
            return decoder.decode(data);
          } catch (error) {
            return (error as Error).name;
          }
        };
        expect(attempt(new ShimTextDecoder('utf-8', { fatal: true, ignoreBOM }))).toBe(
          attempt(new TextDecoder('utf-8', { fatal: true, ignoreBOM })),
        );
      }),
      { numRuns: 3000 },
    );
    const long = native.encode('ж😀a'.repeat(20_000));
    expect(new ShimTextDecoder().decode(long.subarray(3))).toBe(new TextDecoder().decode(long.subarray(3)));
  });

  it('knows the labels of UTF-8 and refuses any other encoding, as a browser refuses an unknown one', () => {
    for (const label of ['utf-8', 'UTF8', ' unicode-1-1-utf-8\n', 'x-unicode20utf8'])
      expect(new ShimTextDecoder(label).encoding).toBe('utf-8');
    for (const label of ['windows-1251', 'latin1', 'utf-16le', 'utf-88'])
      expect(() => new ShimTextDecoder(label)).toThrow(RangeError);
  });
});
