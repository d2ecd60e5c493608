import { describe, expect, test } from 'vitest';
import { inspect } from '../../../src/codec/index.ts';

describe('inspect, per character', () => {
  test('gives each code point its UTF-8 bytes and what each byte becomes in each mode', () => {
    expect(inspect('a л').characters).toEqual([
      {
        index: 0,
        text: 'a',
        codePoint: 0x61,
        class: 'unreserved',
        loneSurrogate: false,
        bytes: [{ value: 0x61, hex: '61', component: 'a', url: 'a', form: 'a' }],
      },
      {
        index: 1,
        text: ' ',
        codePoint: 0x20,
        class: 'other',
        loneSurrogate: false,
        bytes: [{ value: 0x20, hex: '20', component: '%20', url: '%20', form: '+' }],
      },
      {
        index: 2,
        text: 'л',
        codePoint: 0x43b,
        class: 'other',
        loneSurrogate: false,
        bytes: [
          { value: 0xd0, hex: 'D0', component: '%D0', url: '%D0', form: '%D0' },
          { value: 0xbb, hex: 'BB', component: '%BB', url: '%BB', form: '%BB' },
        ],
      },
    ]);
  });

  test('classifies reserved characters and keeps an emoji as one entry with four bytes', () => {
    const [slash, emoji] = inspect('/😀').characters;
    expect(slash).toMatchObject({ class: 'reserved', bytes: [{ component: '%2F', url: '/', form: '%2F' }] });
    expect(emoji).toMatchObject({ index: 1, text: '😀', codePoint: 0x1f600 });
    expect(emoji?.bytes.map((byte) => byte.hex)).toEqual(['F0', '9F', '98', '80']);
  });

  test('shows that url mode keeps a % only where it starts a valid escape', () => {
    const [valid, , , stray] = inspect('%41%').characters;
    expect(valid?.bytes[0]?.url).toBe('%');
    expect(stray?.bytes[0]?.url).toBe('%25');
  });
});

describe('inspect, per escape', () => {
  test('marks lowercase hex, escaped unreserved and reserved characters, and %25XX layers', () => {
    const escapes = inspect('%2f%41%2541').escapes;
    expect(
      escapes.map(({ text, lowercaseHex, unreserved, reserved, layered }) => ({
        text,
        lowercaseHex,
        unreserved,
        reserved,
        layered,
      })),
    ).toEqual([
      { text: '%2f', lowercaseHex: true, unreserved: false, reserved: true, layered: false },
      { text: '%41', lowercaseHex: false, unreserved: true, reserved: false, layered: false },
      { text: '%25', lowercaseHex: false, unreserved: false, reserved: false, layered: true },
    ]);
  });

  test('groups the escapes of one UTF-8 sequence under the character they spell', () => {
    const escapes = inspect('x%D0%BB').escapes;
    expect(
      escapes.map(({ index, byte, byteOffset, char, sequenceIndex }) => ({
        index,
        byte,
        byteOffset,
        char,
        sequenceIndex,
      })),
    ).toEqual([
      { index: 1, byte: 0xd0, byteOffset: 1, char: 'л', sequenceIndex: 1 },
      { index: 4, byte: 0xbb, byteOffset: 2, char: 'л', sequenceIndex: 1 },
    ]);
  });

  test('lists stray percents and invalid byte runs with issues in input order', () => {
    const inspection = inspect('%zz%C3(%E2%82');
    expect(inspection.escapes.map(({ kind, index, invalidUtf8 }) => ({ kind, index, invalidUtf8 }))).toEqual([
      { kind: 'stray-percent', index: 0, invalidUtf8: false },
      { kind: 'escape', index: 3, invalidUtf8: true },
      { kind: 'escape', index: 7, invalidUtf8: true },
      { kind: 'escape', index: 10, invalidUtf8: true },
    ]);
    expect(inspection.invalidRuns).toEqual([
      { index: 3, length: 3, byteOffset: 3, bytes: [0xc3] },
      { index: 7, length: 6, byteOffset: 5, bytes: [0xe2, 0x82] },
    ]);
    expect(inspection.issues).toEqual([
      { code: 'stray-percent', index: 0, length: 1 },
      { code: 'invalid-utf8', index: 3, length: 3, byteOffset: 3 },
      { code: 'invalid-utf8', index: 7, length: 6, byteOffset: 5 },
    ]);
  });

  test('stops after the limit without cutting a run of escapes', () => {
    const inspection = inspect('ab%D0%BBcd', { limit: 3 });
    expect(inspection.truncated).toBe(true);
    expect(inspection.characters.map((character) => character.text).join('')).toBe('ab%D0%BB');
    expect(inspection.escapes.map((escape) => escape.char)).toEqual(['л', 'л']);
    expect(inspection.invalidRuns).toEqual([]);
  });
});
