/**
 * Shared test data: the conformance data, and generators for property tests. Data is
 * imported as modules, not read from disk, so the suites also run inside Chromium
 * (the `codec:chromium` project).
 */
import fc from 'fast-check';
import type { NormalizePolicy } from '../../../src/codec/index.ts';

// The WPT data, vendored unchanged (tests/fixtures/wpt/README.md names the upstream files).
export { default as wptPercentEncoding } from '../../fixtures/wpt/percent-encoding.json';
export { default as wptUrlencoded } from '../../fixtures/wpt/urlencoded-parser-data.json';

/** Runs per property: enough to find edge cases, few enough to keep the suite quick. */
export const RUNS = 3000;

/** Characters of the scripts the site covers, plus the ASCII that matters to URLs. */
const scriptCharacters = [
  'a',
  'Z',
  '0',
  '-',
  '.',
  '_',
  '~',
  ' ',
  '!',
  "'",
  '(',
  ')',
  '*',
  '+',
  '&',
  '=',
  '?',
  '#',
  '/',
  ':',
  '@',
  '[',
  ']',
  '%',
  '"',
  '<',
  '\\',
  '^',
  '`',
  '{',
  '|',
  '\t',
  '\n',
  '\0',
  '\x7f',
  'é',
  'ß',
  'Ã',
  'л',
  'і',
  'Ї',
  'แ',
  'ค',
  'ญ',
  'न',
  'म',
  '्',
  'ते',
  'ع',
  'ש',
  '你',
  '😀',
  '👍🏽',
  '\u00a0',
  '\ufeff',
  '\ufffd',
];

/** Well-formed strings: any code point, printable graphemes, or the site's scripts. */
export const wellFormedText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(...scriptCharacters), maxLength: 40 }),
);

/** Any UTF-16 string, lone surrogates included. */
export const anyUtf16 = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

/** Strings dense in the characters and escapes where percent-encoding goes wrong. */
const densePieces = [
  '%',
  '%',
  '%%',
  '2',
  '5',
  'a',
  'F',
  'f',
  '0',
  '9',
  '+',
  '&',
  '=',
  '?',
  '#',
  '/',
  '.',
  '..',
  ' ',
  'x',
  '%2',
  '%25',
  '%2e',
  '%2E',
  '%2F',
  '%2f',
  '%41',
  '%7e',
  '%20',
  '%2B',
  '%26',
  '%3D',
  '%C3',
  '%A9',
  '%c3%a9',
  '%E9',
  '%FF',
  '%80',
  '%F0%9F%98%80',
  '%D0%BB',
  '%E0%B9%81',
  '%ED%A0%80',
  '%C0%AF',
  '%F4%90%80%80',
  'é',
  'л',
  '😀',
  ':',
  '@',
  '[',
  ']',
];
const denseWellFormed = fc.string({ unit: fc.constantFrom(...densePieces), maxLength: 30 });
/** Dense text, lone surrogates included. */
export const denseText = fc.string({ unit: fc.constantFrom(...densePieces, '\uD800', '\uDC00'), maxLength: 30 });

/** Text that may hold anything: arbitrary UTF-16, dense text, or well-formed text. */
export const anyText = fc.oneof(anyUtf16, denseText, wellFormedText);

const queryName = fc.constantFrom(
  'utm_source',
  'utm_medium',
  'UTM_source',
  '%75tm_source',
  'q',
  'a',
  'b',
  'ref',
  'gclid',
  '',
  'a%3Db',
  'name+x',
  'ім\u02bcя',
  '%63ampaign',
);
const queryValue = fc.oneof(
  denseWellFormed,
  fc.constantFrom('email', 'EMAIL', '%65mail', 'email%20', ' email ', 'email+', 'ЛАМІНАТ', '%D0%9B', 'İstanbul', 'x=y'),
);
const query = fc
  .array(fc.oneof(fc.tuple(queryName, fc.option(queryValue)), fc.constant(null)), { maxLength: 6 })
  .map(
    (pairs) =>
      '?' + pairs.map((pair) => (pair === null ? '' : pair[1] === null ? pair[0] : `${pair[0]}=${pair[1]}`)).join('&'),
  );
const segment = fc.oneof(
  denseWellFormed,
  fc.constantFrom('', '.', '..', '%2e', '%2E%2E', 'landing', 'ламінат', 'a b', 'café'),
);
const urlPath = fc.array(segment, { maxLength: 6 }).map((segments) => '/' + segments.join('/'));
const host = fc.constantFrom(
  'example.com',
  'EXAMPLE.com',
  'www.Example.COM.',
  'пример.рф',
  'Bücher.example',
  '127.0.0.1',
  '0x7f.1',
  '[::1]',
  '[::FFFF:1.2.3.4]',
  'xn--e1afmkfd.xn--p1ai',
  'ex%41mple.com',
  '',
  'a_b.example',
  'user:pw@example.com',
  'u%40x@example.com',
);
const port = fc.constantFrom('', '', ':', ':80', ':443', ':0080', ':8080', ':21');
const scheme = fc.constantFrom('http:', 'HTTPS:', 'https:', 'ftp:', 'Foo+bar:', 'mailto:');
const fragment = fc.option(fc.oneof({ arbitrary: denseWellFormed, weight: 9 }, denseText).map((text) => '#' + text));

/** Absolute URLs, network-path and path-only references, full of edge cases. */
export const urlText = fc.oneof(
  fc
    .tuple(scheme, host, port, urlPath, fc.option(query), fragment)
    .map(([s, h, p, pa, q, f]) => `${s}//${h}${p}${pa}${q ?? ''}${f ?? ''}`),
  fc.tuple(scheme, urlPath, fc.option(query), fragment).map(([s, pa, q, f]) => `${s}${pa}${q ?? ''}${f ?? ''}`),
  fc.tuple(urlPath, fc.option(query), fragment).map(([pa, q, f]) => `${pa}${q ?? ''}${f ?? ''}`),
  fc.tuple(host, urlPath, fc.option(query)).map(([h, pa, q]) => `//${h}${pa}${q ?? ''}`),
);

/** Any combination of policy fields, each present or not. */
export const policy: fc.Arbitrary<Partial<NormalizePolicy>> = fc.record(
  {
    model: fc.constantFrom('data', 'rfc3986'),
    plus: fc.constantFrom('form', 'literal'),
    order: fc.constantFrom('sort', 'keep'),
    caseInsensitive: fc.subarray(['utm_source', 'utm_medium', 'q', 'a', 'ім\u02bcя']),
    trim: fc.boolean(),
    drop: fc.subarray(['utm_', 'utm_*', 'gclid', 'a', 'ref*', 'q']),
    fragment: fc.constantFrom('drop', 'keep'),
  },
  { requiredKeys: [] },
);
