import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextEncoder as ShimTextEncoder } from '../../../src/downloads/shims/text-encoding.ts';

// The UDF's stand-in must fill a destination exactly as the platform's encoder does, for
// any text (lone surrogates included) and any destination size, the too-small ones above all:
// the codec hands it one byte per character to learn whether a URL is ASCII.
describe("the UDF's TextEncoder", () => {
  const native = new TextEncoder();
  const shim = new ShimTextEncoder();
  const texts = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string(), fc.string({ unit: fc.constantFrom('a', 'é', '中', '😀', '\ud800', '\udc00', '%') }));

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

  it('encode is still the library one, and agrees', () => {
    for (const text of ['', 'ascii', 'é中😀', '\ud800x', 'x\udc00']) expect(shim.encode(text)).toEqual(native.encode(text));
  });
});
