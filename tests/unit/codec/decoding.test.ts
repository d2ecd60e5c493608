/**
 * decoderTraits / decodingOutcome: what the decoder table on the encoding-functions page says
 * of each stack and function, summed up from readings. Checked on hand-made readings (each
 * outcome), on the real stacks' readings (tests/fixtures/servers/queries.json) and on the
 * models of those stacks, which must sum up the same.
 */
import { describe, expect, test } from 'vitest';
import {
  DECODER_PROBES,
  decoderTraits,
  decodingOutcome,
  readQuery,
  serverStacks,
  type ServerReading,
} from '../../../src/codec/index.ts';
// As text, imported: the suite also runs inside Chromium (codec:chromium), which has no file system.
import queriesText from '../../fixtures/servers/queries.json?raw';
import encodersText from '../../fixtures/encoders.json?raw';

const readings = (JSON.parse(queriesText) as { readings: Record<string, Record<string, ServerReading>> }).readings;
const functions = (
  JSON.parse(encodersText) as {
    $decoders: Record<string, Record<string, string | { bytes: string } | { error: string }>>;
  }
).$decoders;
const real = (stack: string) => (probe: string) => readings[`q=${probe}`]?.[stack];

describe('decodingOutcome', () => {
  test('names each thing a decoder can do with q', () => {
    expect(decodingOutcome({ params: [['q', ['%zz']]] }, '%zz')).toEqual({ kind: 'kept' });
    expect(decodingOutcome({ params: [['q', ['a b']]] }, 'a+b')).toEqual({ kind: 'decoded', value: 'a b' });
    expect(decodingOutcome({ params: [['q', ['\uFFFD\uFFFD']]] }, '%C0%AF')).toEqual({ kind: 'replaced', count: 2 });
    expect(decodingOutcome({ params: [['q', [{ bytes: 'c3' }]]] }, '%C3')).toEqual({ kind: 'bytes' });
    expect(decodingOutcome({ params: [] }, '%zz')).toEqual({ kind: 'dropped' });
    expect(decodingOutcome({ params: [['r', ['1']]], warning: 'invalid URL escape "%zz"' }, '%zz')).toEqual({
      kind: 'dropped',
      warning: 'invalid URL escape "%zz"',
    });
    expect(
      decodingOutcome({ error: 'ActionController::BadRequest: Invalid query parameters', status: 400 }, '%zz'),
    ).toEqual({ kind: 'raised', error: 'ActionController::BadRequest', status: 400 });
    expect(decodingOutcome({ error: 'invalid URL escape "%"' }, '100%')).toEqual({
      kind: 'raised',
      error: 'invalid URL escape "%"',
    });
    expect(decodingOutcome({ status: 400 }, '%zz')).toEqual({ kind: 'refused', status: 400 });
  });

  test('takes the last value of q, as the stacks that keep one do', () => {
    expect(decodingOutcome({ params: [['q', ['x', 'a b']]] }, 'a+b')).toEqual({ kind: 'decoded', value: 'a b' });
  });

  test('refuses a value it cannot name rather than guess', () => {
    expect(() => decodingOutcome({ params: [['q', [null]]] }, 'a+b')).toThrow(/unexpected value/);
  });
});

describe('decoderTraits', () => {
  test('asks every probe and fails on one nobody measured', () => {
    const traits = decoderTraits(real('go:url.ParseQuery'));
    expect(Object.fromEntries(Object.entries(traits).map(([q, list]) => [q, list.map((x) => x.probe)]))).toEqual(
      DECODER_PROBES,
    );
    expect(() => decoderTraits((probe) => (probe === '%00' ? undefined : { params: [] }))).toThrow(
      /no reading of q=%00/,
    );
  });

  test('the real stacks: every form parser reads + as a space and hands %00 on as U+0000', () => {
    for (const { id } of serverStacks) {
      const t = decoderTraits(real(id));
      expect([id, t.plus[0]?.outcome]).toEqual([id, { kind: 'decoded', value: 'a b' }]);
      expect([id, t.nul[0]?.outcome]).toEqual([id, { kind: 'decoded', value: '\u0000' }]);
    }
  });

  test('the real stacks part ways on a stray % and on bytes that are not UTF-8', () => {
    const stray = (id: string) => decoderTraits(real(id)).stray.map((x) => x.outcome.kind);
    const invalid = (id: string) => decoderTraits(real(id)).invalid[0]?.outcome.kind;
    expect(stray('node:URLSearchParams')).toEqual(['kept', 'kept']);
    expect(stray('go:url.ParseQuery')).toEqual(['dropped', 'dropped']);
    expect(stray('java:tomcat')).toEqual(['dropped', 'dropped']);
    expect(stray('rack:parse_query')).toEqual(['raised', 'raised']);
    expect(decoderTraits(real('rails:ActionDispatch::Request#GET')).stray[0]?.outcome).toEqual({
      kind: 'raised',
      error: 'ActionController::BadRequest',
      status: 400,
    });
    expect(invalid('python:parse_qsl')).toBe('replaced');
    expect(invalid('php:parse_str')).toBe('bytes');
    expect(invalid('rails:ActionDispatch::Request#GET')).toBe('raised');
    expect(decoderTraits(real('java:tomcat')).overlong[0]?.outcome).toEqual({ kind: 'replaced', count: 2 });
  });

  test("the codec's models of the stacks sum up as the real stacks do", () => {
    for (const { id } of serverStacks) {
      expect([id, decoderTraits((probe) => readQuery(id, `q=${probe}`))]).toEqual([id, decoderTraits(real(id))]);
    }
  });

  test('the decoding functions: the plain decoders keep +, and JavaScript fails where Python replaces', () => {
    const asReading = (r: string | { bytes: string } | { error: string } | undefined): ServerReading | undefined =>
      r === undefined
        ? undefined
        : typeof r === 'object' && 'error' in r
          ? { error: r.error }
          : { params: [['q', [r]]] };
    const t = (id: string) => decoderTraits((probe) => asReading(functions[id]?.[probe]));
    expect(t('js:decodeURIComponent').plus[0]?.outcome).toEqual({ kind: 'kept' });
    expect(t('python:unquote_plus').plus[0]?.outcome).toEqual({ kind: 'decoded', value: 'a b' });
    expect(t('js:decodeURIComponent').invalid[0]?.outcome).toEqual({ kind: 'raised', error: 'URIError' });
    expect(t('python:unquote').invalid[0]?.outcome).toEqual({ kind: 'replaced', count: 1 });
    expect(t('go:url.QueryUnescape').stray.map((x) => x.outcome)).toEqual([
      { kind: 'raised', error: 'invalid URL escape "%zz"' },
      { kind: 'raised', error: 'invalid URL escape "%"' },
    ]);
  });
});
