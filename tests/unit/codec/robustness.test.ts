/**
 * Hostile and huge inputs: every function returns promptly with a correct answer.
 * Time limits are sanity bounds that catch runaway (quadratic) work: each operation here
 * takes well under a second on an idle machine, and the bound allows for a busy CI host.
 */
import { describe, expect, test } from 'vitest';
import {
  decode,
  decodeLayers,
  encode,
  group,
  groupReport,
  inspect,
  normalize,
  parseFormPairs,
  parseUrl,
} from '../../../src/codec/index.ts';

const GENEROUS_MS = 10_000;

function timed<T>(run: () => T): T {
  const start = performance.now();
  const result = run();
  expect(performance.now() - start).toBeLessThan(GENEROUS_MS);
  return result;
}

/** About 1 MB of mixed scripts, emoji, right-to-left text and reserved characters. */
function mixedText(targetLength: number): string {
  const words = [
    'landing',
    'ламінат',
    'แคมเปญ',
    'नमस्ते',
    '😀',
    '👩‍👩‍👧',
    'مرحبا',
    'שלום',
    '\u200f',
    'C++ & C#',
    'a/b?c=d',
    '100%',
    'Fußball',
    '#x',
    '\0',
  ];
  const parts: string[] = [];
  let length = 0;
  for (let k = 0; length < targetLength; k++) {
    const word = words[(k * 7 + (k >> 3)) % words.length] as string;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}

describe('a 1 MB input', () => {
  const text = mixedText(1_000_000);

  test('encodes and decodes back in every mode', () => {
    for (const mode of ['component', 'url', 'form'] as const) {
      const encoded = timed(() => encode(text, mode));
      expect(encoded.ok).toBe(true);
      if (!encoded.ok) continue;
      const decoded = timed(() => decode(encoded.value, { mode: mode === 'form' ? 'form' : 'standard' }));
      expect(decoded.ok && decoded.value === text).toBe(true);
    }
  });

  test('unwraps one layer, inspects a bounded prefix, and parses as a query', () => {
    const encoded = encode(text, 'component');
    if (!encoded.ok) throw new Error('encoding failed');
    const layers = timed(() => decodeLayers(encoded.value));
    expect(layers.layers).toHaveLength(2);
    expect(layers.layers[1] === text).toBe(true);

    const inspection = timed(() => inspect(encoded.value));
    expect(inspection.truncated).toBe(true);
    expect(inspection.characters.length).toBeGreaterThanOrEqual(10_000);
    expect(inspection.characters.length).toBeLessThan(10_012);

    const parsed = timed(() => parseUrl('/p?q=' + encoded.value));
    expect(parsed.ok && parsed.pairs).toHaveLength(1);
  });

  test('normalizes to an idempotent canonical form and groups as one line', () => {
    const url = '/p?q=' + text;
    const result = timed(() => normalize(url));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(timed(() => normalize(result.canonical))).toMatchObject({
      ok: true,
      canonical: result.canonical,
      changes: [],
    });
    expect(timed(() => group([url, result.canonical]))).toMatchObject([{ canonical: result.canonical, count: 2 }]);
  });

  test('of nothing but % gives one notice per character', () => {
    const percents = '%'.repeat(1_000_000);
    const decoded = timed(() => decode(percents));
    expect(decoded.ok && decoded.value === percents).toBe(true);
    expect(decoded.notices).toHaveLength(1_000_000);
    expect(decoded.notices[999_999]).toEqual({ code: 'stray-percent', index: 999_999, length: 1 });
  });
});

describe('lone surrogates', () => {
  test('are errors with their position wherever UTF-8 is needed', () => {
    expect(encode('ab\uDC00', 'url')).toEqual({ ok: false, error: { code: 'lone-surrogate', index: 2, length: 1 } });
    expect(decode('a%41\uD800')).toMatchObject({ ok: false, error: { code: 'lone-surrogate', index: 4, length: 1 } });
    expect(normalize('/a\uD800')).toEqual({ ok: false, error: { code: 'lone-surrogate', index: 2, length: 1 } });
  });

  test('become U+FFFD in lenient decoding, as a UTF-8 encoder would', () => {
    expect(decode('a\uD800%41', { invalid: 'replace' })).toEqual({ ok: true, value: 'a\uFFFDA', notices: [] });
    expect(parseFormPairs('\uDC00=1')).toEqual([['\uFFFD', '1']]);
  });

  test('are listed by inspect with no bytes', () => {
    const { characters, issues } = inspect('x\uD83D');
    expect(characters[1]).toMatchObject({ loneSurrogate: true, bytes: [] });
    expect(issues).toEqual([{ code: 'lone-surrogate', index: 1, length: 1 }]);
  });
});

describe('small hostile inputs', () => {
  test('NUL is an ordinary escaped byte', () => {
    expect(encode('\0', 'component')).toEqual({ ok: true, value: '%00' });
    expect(decode('%00')).toEqual({ ok: true, value: '\0', notices: [] });
    expect(normalize('/a\0b')).toMatchObject({ ok: true, canonical: '/a%00b' });
  });

  test('% at the end is a stray percent', () => {
    expect(decode('abc%')).toEqual({
      ok: true,
      value: 'abc%',
      notices: [{ code: 'stray-percent', index: 3, length: 1 }],
    });
    expect(encode('abc%', 'url')).toEqual({ ok: true, value: 'abc%25' });
    expect(normalize('/abc%')).toMatchObject({ ok: true, canonical: '/abc%' });
    expect(normalize('/abc%', { model: 'rfc3986' })).toMatchObject({ ok: true, canonical: '/abc%25' });
  });

  test('%%% is three stray percents', () => {
    expect(decode('%%%').notices.map((notice) => notice.index)).toEqual([0, 1, 2]);
    expect(encode('%%%', 'url')).toEqual({ ok: true, value: '%25%25%25' });
  });

  test('emoji sequences and right-to-left text round-trip', () => {
    for (const text of ['👩‍👩‍👧', '🇺🇦', 'مرحبا بالعالم', 'שלום\u200f!', 'ลาก่อน', 'नमस्ते दुनिया']) {
      const encoded = encode(text, 'component');
      expect(encoded.ok && decode(encoded.value)).toEqual({ ok: true, value: text, notices: [] });
    }
  });

  test('empty input is valid for the codecs and an error for URLs', () => {
    expect(encode('', 'component')).toEqual({ ok: true, value: '' });
    expect(decode('')).toEqual({ ok: true, value: '', notices: [] });
    expect(parseUrl('')).toEqual({ ok: false, error: { code: 'invalid-url', index: 0, length: 0 } });
    expect(normalize('')).toEqual({ ok: false, error: { code: 'invalid-url', index: 0, length: 0 } });
  });

  test('nested %25 layers stop at the layer limit', () => {
    const nested = '%' + '25'.repeat(100) + '41';
    const { layers, truncated } = decodeLayers(nested);
    expect(layers).toHaveLength(16);
    expect(truncated).toBe(true);
    expect(layers[15]).toBe('%' + '25'.repeat(85) + '41');
  });
});

describe('a 1 MB query of pieces without "="', () => {
  const query = 'a&'.repeat(500_000);

  test('is read in linear time by every query reader', () => {
    const parsed = timed(() => parseUrl('/?' + query));
    expect(parsed.ok && parsed.pairs).toHaveLength(500_000);
    expect(timed(() => parseFormPairs(query))).toHaveLength(500_000);
    expect(timed(() => normalize('/?' + query, { plus: 'literal' }))).toMatchObject({
      ok: true,
      canonical: '/?' + query.slice(0, -1),
    });
    expect(timed(() => normalize('/?' + query.replaceAll('a', 'a+')))).toMatchObject({ ok: true });
  });
});

describe('10,000 query parameters', () => {
  const names = Array.from({ length: 10_000 }, (_, k) => `p${(k * 7919) % 10_000}`);
  const query = names.map((name, k) => `${name}=${k}`).join('&');

  test('parse into 10,000 pairs', () => {
    const parsed = timed(() => parseUrl('/search?' + query));
    expect(parsed.ok && parsed.pairs).toHaveLength(10_000);
    expect(timed(() => parseFormPairs(query))).toHaveLength(10_000);
  });

  test('normalize with a stable sort by name', () => {
    const result = timed(() => normalize('/search?' + query));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const sortedNames = result.canonical
      .slice('/search?'.length)
      .split('&')
      .map((pair) => pair.split('=')[0] ?? '');
    expect(sortedNames).toEqual([...names].sort());
  });

  test('group as 10,000 lines', () => {
    const lines = names.map((name) => `/page?${name}=1`).join('\n');
    const report = timed(() => groupReport(lines));
    expect(report.lines).toBe(10_000);
    expect(report.groups).toHaveLength(10_000);
  });
});
