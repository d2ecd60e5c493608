import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charBytes } from '../../../src/codec/char-bytes.ts';
import { copyChars as byLoop, NON_ASCII } from '../../../src/codec/char-copy.ts';
import { copyChars as byNode } from '../../../src/codec/char-copy.node.ts';

// charBytes copies a text with `#codec/char-copy`: Node's native copy (char-copy.node.ts) or
// the loop every other runtime runs (char-copy.ts). This suite runs in Node and in Chromium,
// so charBytes is checked under both resolutions, and the two copies against each other.
/** The expected bytes, one per UTF-16 code unit (`split('')` splits pairs, the iterator would not). */
const expected = (text: string) =>
  Uint8Array.from(text.split(''), (c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : NON_ASCII));
const texts = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', '/', '%', 'é', '\u{1F600}', '\uD800', '\x7F', '\x80') }),
);

describe('the character copy', () => {
  it('gives every ASCII character as its code and every other code unit as one marker byte, in both copies', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 0, max: 8 }), (text, spare) => {
        const want = expected(text);
        for (const copy of [byLoop, byNode]) {
          const bytes = new Uint8Array(text.length + spare).fill(0xff);
          const ascii = copy(text, bytes);
          expect(bytes.subarray(0, text.length)).toEqual(want);
          // Nothing written past the text.
          expect([...bytes.subarray(text.length)].every((b) => b === 0xff)).toBe(true);
          expect(ascii).toBe(!/[^\x00-\x7F]/.test(text));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('is what charBytes gives, with the buffer reused from one text to the next', () => {
    for (const text of ['/a?b=c', 'https://例え.jp/ü', '', 'x'.repeat(5000), '/\uD800%20']) {
      const view = charBytes(text);
      expect(view.bytes.subarray(0, text.length)).toEqual(expected(text));
      expect(view.ascii).toBe(!/[^\x00-\x7F]/.test(text));
    }
  });
});
