/**
 * The Web Platform Tests' data, vendored unchanged in tests/fixtures/wpt/.
 * Our own extra cases live in the other test files, as ada-url keeps upstream data apart.
 */
import { describe, expect, test } from 'vitest';
import { decode, encode, parseFormPairs, type EncodeMode } from '../../../src/codec/index.ts';
import { wptPercentEncoding, wptUrlencoded } from './support.ts';

type PercentEncodingCase = { input: string; output: Record<string, string> };
type UrlencodedCase = { input: string; output: [string, string][] };

// Comment strings sit between the cases in percent-encoding.json.
const percentEncoding = (wptPercentEncoding as (string | PercentEncodingCase)[]).filter(
  (entry): entry is PercentEncodingCase => typeof entry !== 'string',
);
const urlencoded = wptUrlencoded as UrlencodedCase[];

/**
 * Output encodings the codec cannot express, and why. Legacy outputs go through `encode`'s
 * `charset` option, whose tables come from `TextDecoder`. `iso-2022-jp` is a stateful
 * encoder (escape sequences switch sets between characters) that the codec does not write,
 * so those cases cannot be expressed. The test below fails if the data ever gains a case
 * outside this list.
 */
const NOT_EXPRESSIBLE = new Set(['iso-2022-jp']);

describe('WPT percent-encoding.json', () => {
  test('holds cases to run', () => {
    expect(percentEncoding.length).toBeGreaterThan(0);
  });

  for (const { input, output } of percentEncoding) {
    for (const [encoding, expected] of Object.entries(output)) {
      if (encoding === 'utf-8') {
        // WPT checks the URL query set; for these inputs every mode of ours agrees with it.
        test.each<EncodeMode>(['component', 'url', 'form'])(
          `%s mode encodes ${JSON.stringify(input)} as ${expected}`,
          (mode) => {
            expect(encode(input, mode)).toEqual({ ok: true, value: expected });
          },
        );
      } else if (NOT_EXPRESSIBLE.has(encoding)) {
        test(`${encoding} output for ${JSON.stringify(input)} is documented as not expressible`, () => {
          expect(encode(input, 'url', { charset: encoding })).toMatchObject({
            ok: false,
            error: { code: 'unknown-charset' },
          });
        });
      } else {
        test(`${encoding} output for ${JSON.stringify(input)} is ${expected}`, () => {
          expect(encode(input, 'url', { charset: encoding })).toMatchObject({ ok: true, value: expected });
        });
      }
    }
  }
});

describe('WPT urlencoded-parser-data.json', () => {
  test.each(urlencoded)('parseFormPairs($input) gives the expected pairs', ({ input, output }) => {
    expect(parseFormPairs(input)).toEqual(output);
  });

  test.each(urlencoded)('lenient form decoding of each name and value of $input agrees', ({ input, output }) => {
    // Split as the parser does, but decode each piece through the public decode().
    const pieces = input.split('&').filter((piece) => piece !== '');
    expect(pieces).toHaveLength(output.length);
    pieces.forEach((piece, k) => {
      const equals = piece.indexOf('=');
      const name = equals < 0 ? piece : piece.slice(0, equals);
      const value = equals < 0 ? '' : piece.slice(equals + 1);
      const decodedName = decode(name, { mode: 'form', invalid: 'replace' });
      const decodedValue = decode(value, { mode: 'form', invalid: 'replace' });
      expect(decodedName.ok && decodedName.value).toBe(output[k]?.[0]);
      expect(decodedValue.ok && decodedValue.value).toBe(output[k]?.[1]);
    });
  });

  test.each(urlencoded)('strict decoding of $input fails exactly where the data shows U+FFFD', ({ input, output }) => {
    const expectsReplacement = output.some(([name, value]) => (name + value).includes('\uFFFD'));
    const strict = input.split('&').map((piece) => decode(piece, { mode: 'form' }));
    expect(strict.some((result) => !result.ok)).toBe(expectsReplacement);
  });
});
