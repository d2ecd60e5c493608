/**
 * Differential tests: the codec against independent implementations in the platform.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { decode, encode } from '../../../src/codec/index.ts';
import { denseText, RUNS, wellFormedText } from './support.ts';

/** Python's `quote(s, safe='')`: encodeURIComponent, plus the five characters it leaves raw. */
function quote(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** Random bytes written as escapes, some of them in lowercase hex. */
const escapedBytes = fc.tuple(fc.uint8Array({ maxLength: 24 }), fc.boolean()).map(([bytes, lower]) => {
  const text = Array.from(bytes, (byte) => '%' + byte.toString(16).padStart(2, '0')).join('');
  return { bytes, text: lower ? text : text.toUpperCase() };
});

/** Text mixing raw characters, valid UTF-8 escapes, random escapes and stray percents. */
const encodedText = fc
  .array(
    fc.oneof(
      wellFormedText.map(quote),
      escapedBytes.map((e) => e.text),
      denseText,
      wellFormedText,
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(''));

const isWellFormed = (text: string) => !/\p{Surrogate}/u.test(text);

describe("component mode against encodeURIComponent with ! ' ( ) * escaped", () => {
  test('agrees on every well-formed string', () => {
    fc.assert(
      fc.property(wellFormedText, (text) => {
        expect(encode(text, 'component')).toEqual({ ok: true, value: quote(text) });
      }),
      { numRuns: RUNS },
    );
  });

  test('fails with lone-surrogate exactly where encodeURIComponent throws URIError', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)) }),
        (text) => {
          let native: string | null;
          try {
            native = quote(text);
          } catch {
            native = null;
          }
          const ours = encode(text, 'component');
          expect(ours.ok).toBe(native !== null);
          if (ours.ok) expect(ours.value).toBe(native);
          else expect(ours.error.code).toBe('lone-surrogate');
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('form mode against URLSearchParams serialization', () => {
  test('agrees on every well-formed string', () => {
    fc.assert(
      fc.property(wellFormedText, (text) => {
        const serialized = new URLSearchParams([['x', text]]).toString();
        expect(encode(text, 'form')).toEqual({ ok: true, value: serialized.slice('x='.length) });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('strict decoding against decodeURIComponent', () => {
  test('gives the same text wherever decodeURIComponent succeeds on well-formed input', () => {
    let agreed = 0;
    fc.assert(
      fc.property(encodedText, (text) => {
        fc.pre(isWellFormed(text));
        let native: string;
        try {
          native = decodeURIComponent(text);
        } catch {
          return;
        }
        agreed++;
        expect(decode(text)).toEqual({ ok: true, value: native, notices: [] });
      }),
      { numRuns: RUNS },
    );
    // The generator must reach the success path often, or this test would prove nothing.
    expect(agreed).toBeGreaterThan(RUNS / 4);
  });

  test('reports a stray percent or invalid UTF-8 wherever decodeURIComponent throws', () => {
    fc.assert(
      fc.property(encodedText, (text) => {
        fc.pre(isWellFormed(text));
        let threw = false;
        try {
          decodeURIComponent(text);
        } catch {
          threw = true;
        }
        fc.pre(threw);
        const ours = decode(text);
        const strayPercent = ours.notices.some((notice) => notice.code === 'stray-percent');
        expect(strayPercent || (!ours.ok && ours.error.code === 'invalid-utf8')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test('differs on literal lone surrogates: decodeURIComponent passes them through, decode reports them', () => {
    expect(decodeURIComponent('a\uD800%41')).toBe('a\uD800A');
    expect(decode('a\uD800%41')).toMatchObject({ ok: false, error: { code: 'lone-surrogate', index: 1, length: 1 } });
  });
});

describe('UTF-8 decoding against TextDecoder', () => {
  test('lenient decoding of escaped bytes equals TextDecoder with replacement', () => {
    const reference = new TextDecoder('utf-8', { ignoreBOM: true });
    fc.assert(
      fc.property(escapedBytes, ({ bytes, text }) => {
        expect(decode(text, { invalid: 'replace' })).toEqual({ ok: true, value: reference.decode(bytes), notices: [] });
      }),
      { numRuns: RUNS },
    );
  });

  test('strict decoding fails exactly when a fatal TextDecoder fails, at the first invalid byte', () => {
    fc.assert(
      fc.property(escapedBytes, ({ bytes, text }) => {
        const fatal = (part: Uint8Array) => {
          try {
            return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(part);
          } catch {
            return null;
          }
        };
        const ours = decode(text);
        const native = fatal(bytes);
        expect(ours.ok).toBe(native !== null);
        if (ours.ok) {
          expect(ours.value).toBe(native);
          return;
        }
        const { byteOffset = -1, index, length } = ours.error;
        // Everything before the reported bytes is valid UTF-8; the reported run is not.
        expect(fatal(bytes.subarray(0, byteOffset))).not.toBeNull();
        expect(fatal(bytes.subarray(byteOffset, byteOffset + length / 3))).toBeNull();
        expect(index).toBe(byteOffset * 3);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('legacy charsets against TextDecoder', () => {
  const labels = ['windows-1251', 'windows-1252', 'iso-8859-1', 'windows-874', 'koi8-u', 'iso-8859-5'];
  // No hex digits among the raw characters, so a raw "%" never starts an escape.
  const literal = fc.string({ unit: fc.constantFrom('g', 'Z', '-', ' ', '/', '=', 'л', '%'), maxLength: 4 });
  const mixed = fc.array(fc.tuple(escapedBytes, literal), { maxLength: 4 });

  test.each(labels)('%s: each run of escapes reads as TextDecoder reads its bytes; the rest stays', (label) => {
    const reference = new TextDecoder(label);
    fc.assert(
      fc.property(mixed, (parts) => {
        const text = parts.map(([escaped, raw]) => escaped.text + raw).join('');
        const expected = parts.map(([escaped, raw]) => reference.decode(escaped.bytes) + raw).join('');
        expect(decode(text, { charset: label, invalid: 'replace' })).toMatchObject({ ok: true, value: expected });
      }),
      { numRuns: RUNS / 2 },
    );
  });

  test.each(labels)('%s: strict decoding fails exactly when a fatal TextDecoder fails', (label) => {
    fc.assert(
      fc.property(escapedBytes, ({ bytes, text }) => {
        let native: string | null;
        try {
          native = new TextDecoder(label, { fatal: true }).decode(bytes);
        } catch {
          native = null;
        }
        const ours = decode(text, { charset: label });
        expect(ours.ok ? ours.value : null).toBe(native);
        if (!ours.ok) expect(ours.error.code).toBe('invalid-bytes');
      }),
      { numRuns: RUNS / 2 },
    );
  });
});
