/**
 * The codec's models of the languages' percent-encoding functions, checked against what the
 * real functions wrote (tests/fixtures/encoders.json, made once by
 * scripts/fixtures/encoders/generate.sh with each language's own runtime; CI only reads it),
 * and the JavaScript ones against the live functions of the Node running the tests.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encoders, type Encoder, type EncoderId } from '../../../src/codec/index.ts';
// As text: the fixture has lone surrogates, which the bundler's JSON-to-module step rejects.
import fixtureText from '../../fixtures/encoders.json?raw';
import { anyUtf16, RUNS, wellFormedText } from './support.ts';

type Written = string | { error: string };
type Decoded = string | { error: string } | { bytes: string };
type Fixture = Record<string, Record<string, Written>> & {
  $meta: { dotnet: { mono: Record<string, Written> } };
  $decoders: Record<string, Record<string, Decoded>>;
};

const fixture = JSON.parse(fixtureText) as Fixture;
const ids = Object.keys(fixture).filter((key) => !key.startsWith('$'));
const byId = (id: EncoderId) => encoders.find((e) => e.id === id) as Encoder;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const loneAt = (s: string) => [...s.matchAll(LONE)].map((m) => m.index);
const printableAscii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

describe('the fixtures', () => {
  test('hold exactly the modelled functions', () => {
    expect([...ids].sort()).toEqual(encoders.map((e) => e.id).sort());
  });

  test.each(ids)('%s was run on every printable ASCII character, one at a time', (id) => {
    for (const c of printableAscii) expect(fixture[id], JSON.stringify(c)).toHaveProperty([c]);
  });
});

describe.each(encoders.map((e) => [e.id, e] as const))('%s', (id, encoder) => {
  const entries = Object.entries(fixture[id] ?? {});

  test('writes what the real function wrote, for every input', () => {
    expect(entries.length).toBeGreaterThan(100);
    for (const [input, written] of entries) {
      const result = encoder.encode(input);
      if (typeof written === 'string') {
        expect({ input, value: result.ok ? result.value : result.error }).toEqual({ input, value: written });
      } else {
        // The real function raised: the model fails at the first lone surrogate, with the same exception named.
        expect(encoder.loneSurrogate.kind).toBe('throws');
        expect(written.error.startsWith(`${(encoder.loneSurrogate as { exception: string }).exception}:`)).toBe(true);
        expect({ input, error: result.ok ? null : result.error }).toEqual({
          input,
          error: { code: 'lone-surrogate', index: loneAt(input)[0], length: 1 },
        });
      }
    }
  });

  test('handles a lone surrogate as its rule says', () => {
    for (const input of ['\uD800', 'a\uDC00b', '\uDE00\uD83D', 'ok\uD83D']) {
      const result = encoder.encode(input);
      const lone = loneAt(input);
      if (encoder.loneSurrogate.kind === 'units') {
        // escape(): a lone surrogate is a code unit like any other, written %uXXXX, and listed.
        expect(result.ok && result.value).toBe(
          input.replace(/[\s\S]/g, (c) =>
            /[A-Za-z0-9@*_+\-./]/.test(c)
              ? c
              : c.charCodeAt(0) < 256
                ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
                : `%u${c.charCodeAt(0).toString(16).toUpperCase()}`,
          ),
        );
        expect(result.notices).toEqual(lone.map((index) => ({ code: 'lone-surrogate', index, length: 1 })));
      } else if (encoder.loneSurrogate.kind === 'replaces') {
        // Each surrogate replaced, and each replacement listed where it happened.
        const replaced = encoder.encode(input.replace(/[\uD800-\uDFFF]/g, encoder.loneSurrogate.replacement));
        expect(result).toEqual({
          ...replaced,
          notices: lone.map((index) => ({ code: 'lone-surrogate', index, length: 1 })),
        });
      } else {
        expect(result).toEqual({
          ok: false,
          error: { code: 'lone-surrogate', index: lone[0], length: 1 },
          notices: [],
        });
      }
      // A language whose strings are bytes cannot be given one, so its fixture has none.
      if (encoder.loneSurrogate.kind === 'unrepresentable') expect(fixture[id]).not.toHaveProperty([input]);
    }
  });

  test('escapes the % of an existing escape, as the real function did: none of them keeps one', () => {
    expect(fixture[id]?.['%41']).toBe('%2541');
    expect(encoder.encode('%41')).toMatchObject({ ok: true, value: '%2541' });
  });
});

describe('.NET', () => {
  const dotnet = byId('dotnet:Uri.EscapeDataString');
  // The platform's encodeURIComponent plus the RFC 3986 sub-delimiters: an independent oracle.
  const rfc3986 = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

  test('writes U+FFFD for a lone surrogate, as current .NET does, where Mono (which made the fixture) may throw', () => {
    const mono = fixture.$meta.dotnet.mono;
    expect(Object.keys(mono).length).toBeGreaterThan(0);
    for (const input of Object.keys(mono)) {
      expect(fixture['dotnet:Uri.EscapeDataString']).not.toHaveProperty([input]);
      expect(dotnet.encode(input)).toMatchObject({ ok: true, value: rfc3986(input.replace(LONE, '\uFFFD')) });
    }
  });
});

describe('the JavaScript models against the live functions', () => {
  const live: [EncoderId, (s: string) => string][] = [
    ['js:encodeURIComponent', encodeURIComponent],
    ['js:encodeURI', encodeURI],
    ['js:URLSearchParams', (s) => new URLSearchParams({ q: s }).toString().slice(2)],
    ['js:escape', escape],
  ];
  const run = (f: (s: string) => string, s: string) => {
    try {
      return f(s);
    } catch (e) {
      return { error: (e as Error).name };
    }
  };

  test.each(live)('%s agrees with the function on every fixture input and on any UTF-16 string', (id, f) => {
    const encoder = byId(id);
    const check = (s: string) => {
      const result = encoder.encode(s);
      expect(
        result.ok
          ? result.value
          : { error: encoder.loneSurrogate.kind === 'throws' && encoder.loneSurrogate.exception },
      ).toEqual(run(f, s));
    };
    Object.keys(fixture[id] ?? {}).forEach(check);
    fc.assert(fc.property(fc.oneof(anyUtf16, wellFormedText), check), { numRuns: RUNS });
  });
});

// What the encoding-functions page says of the table, from what the real functions wrote.
describe('the table the page describes', () => {
  const real = (id: string, input: string) => fixture[id]?.[input];

  test('just over half of the functions write a space as +, and none keeps an existing escape', () => {
    const plus = ids.filter((id) => real(id, ' ') === '+').length;
    expect(plus).toBeGreaterThan(ids.length / 2);
    expect(plus).toBeLessThanOrEqual(ids.length / 2 + 1);
    expect(ids.every((id) => real(id, '%41') === '%2541')).toBe(true);
  });

  test('~ and * are raw for some functions and escaped by others', () => {
    for (const c of ['~', '*']) expect(new Set(ids.map((id) => real(id, c) === c)).size).toBe(2);
  });
});

// What the encoding-functions page says about each language's decoders, as the real ones did it.
describe('the decoders the page describes', () => {
  const d = fixture.$decoders;

  test('JavaScript: decodeURIComponent throws URIError on a stray % and on invalid UTF-8; decodeURI keeps reserved escapes', () => {
    for (const input of ['100%', '%zz', '%C3']) {
      expect(d['js:decodeURIComponent']?.[input]).toEqual({ error: 'URIError: URI malformed' });
      expect(() => decodeURIComponent(input)).toThrow(URIError);
    }
    expect(d['js:decodeURI']?.['%2F%41%23']).toBe(decodeURI('%2F%41%23'));
    expect(decodeURI('%2F%41%23')).toBe(`${'%2F'}A${'%23'}`);
  });

  test('Python: unquote replaces invalid UTF-8 with U+FFFD and keeps a stray %; only unquote_plus reads + as a space', () => {
    expect(d['python:unquote']?.['%C3']).toBe('\uFFFD');
    expect(d['python:unquote']?.['%zz']).toBe('%zz');
    expect(d['python:unquote']?.['a+b%20c']).toBe('a+b c');
    expect(d['python:unquote_plus']?.['a+b%20c']).toBe('a b c');
  });

  test('Java: URLDecoder reads + as a space, throws on a stray % and replaces invalid UTF-8', () => {
    expect(d['java:URLDecoder.decode']?.['a+b%20c']).toBe('a b c');
    expect(d['java:URLDecoder.decode']?.['%zz']).toMatchObject({
      error: expect.stringMatching(/^IllegalArgumentException/),
    });
    expect(d['java:URLDecoder.decode']?.['%C3']).toBe('\uFFFD');
  });

  test('PHP: urldecode reads + as a space, rawurldecode keeps it; both return bytes that are not UTF-8 as they are', () => {
    expect(d['php:urldecode']?.['a+b%20c']).toBe('a b c');
    expect(d['php:rawurldecode']?.['a+b%20c']).toBe('a+b c');
    expect(d['php:urldecode']?.['%C3']).toEqual({ bytes: 'c3' });
    expect(d['php:rawurldecode']?.['%zz']).toBe('%zz');
  });

  test('Go: QueryUnescape reads + as a space, PathUnescape keeps it; both refuse a stray %', () => {
    expect(d['go:url.QueryUnescape']?.['a+b%20c']).toBe('a b c');
    expect(d['go:url.PathUnescape']?.['a+b%20c']).toBe('a+b c');
    expect(d['go:url.QueryUnescape']?.['%zz']).toMatchObject({ error: expect.stringContaining('invalid URL escape') });
    expect(d['go:url.QueryUnescape']?.['%C3']).toEqual({ bytes: 'c3' });
  });

  test('Ruby: CGI.unescape reads + as a space and keeps a stray %', () => {
    expect(d['ruby:CGI.unescape']?.['a+b%20c']).toBe('a b c');
    expect(d['ruby:CGI.unescape']?.['100%']).toBe('100%');
  });
});

// The encoding-functions page on escape(): Latin-1 below 256, %uXXXX above, and unescape reads both back.
describe('escape() and unescape()', () => {
  const d = fixture.$decoders;

  test('escape writes é as one Latin-1 escape and ж as %u0436, not as UTF-8', () => {
    expect(fixture['js:escape']?.['é']).toBe('%E9');
    expect(fixture['js:escape']?.['ламінат']).toMatch(/^(%u04[0-9A-F]{2}){7}$/);
    expect(fixture['js:encodeURIComponent']?.['é']).not.toBe(fixture['js:escape']?.['é']);
  });

  test('unescape reads %E9 as é and %u0436 as ж, and a UTF-8 escape pair as two Latin-1 letters', () => {
    expect(d['js:unescape']?.['%E9']).toBe('é');
    expect(d['js:unescape']?.['%u0436']).toBe('ж');
    expect(d['js:unescape']?.['%C3%A9']).toBe('Ã©');
    // decodeURIComponent refuses %E9, which is not UTF-8, and Java's URLDecoder refuses %u.
    expect(d['js:decodeURIComponent']?.['%E9']).toEqual({ error: 'URIError: URI malformed' });
    expect(d['java:URLDecoder.decode']?.['%u0436']).toMatchObject({
      error: expect.stringMatching(/^IllegalArgumentException/),
    });
  });
});

// The encoding-functions page on .NET's form encoders: + for a space, ! ( ) * raw, HttpUtility in lowercase hex.
describe('HttpUtility.UrlEncode and WebUtility.UrlEncode', () => {
  test('both write + and leave ! ( ) * raw; HttpUtility writes lowercase hex, WebUtility uppercase', () => {
    for (const id of ['dotnet:HttpUtility.UrlEncode', 'dotnet:WebUtility.UrlEncode']) {
      expect(fixture[id]?.[' ']).toBe('+');
      for (const c of '!()*') expect(fixture[id]?.[c]).toBe(c);
      expect(fixture[id]?.["'"]).toBe('%27');
    }
    expect(fixture['dotnet:HttpUtility.UrlEncode']?.['é']).toBe('%c3%a9');
    expect(fixture['dotnet:WebUtility.UrlEncode']?.['é']).toBe('%C3%A9');
  });

  test("each model's hex case is the one its real function wrote, and only HttpUtility writes lowercase", () => {
    for (const e of encoders) {
      const written = fixture[e.id]?.['ламінат'] as string;
      expect([e.id, e.hex]).toEqual([e.id, /%[a-f]/.test(written) ? 'lower' : 'upper']);
      expect(/%[a-f]/.test(written) && /%[A-F]/.test(written)).toBe(false);
    }
    expect(encoders.filter((e) => e.hex === 'lower').map((e) => e.id)).toEqual(['dotnet:HttpUtility.UrlEncode']);
  });
});
