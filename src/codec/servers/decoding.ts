/**
 * How a stack's query parser decodes, summed up from its readings of a few probe queries: does
 * `+` become a space, what happens to a stray `%`, to bytes that are not UTF-8 (a truncated
 * sequence and an overlong form) and to an escaped NUL. The readings come from the caller:
 * the real stacks' (tests/fixtures/servers/queries.json), a language's decoding functions'
 * (tests/fixtures/encoders.json, `$decoders`) or the models' (`readQuery`).
 */
import type { ServerReading, ServerValue } from './types.ts';

/** What the stack did with the probe's value of `q`. */
export type DecodingOutcome =
  /** `q` arrived as written: `+` stays a plus sign, a stray `%` stays a `%`. */
  | { kind: 'kept' }
  /** `q` arrived decoded, as `value` (a space for `+`, U+0000 for an escaped NUL). */
  | { kind: 'decoded'; value: string }
  /** Bytes that are not UTF-8 became U+FFFD, `count` of them. */
  | { kind: 'replaced'; count: number }
  /** Bytes that are not UTF-8 were handed on as they are. */
  | { kind: 'bytes' }
  /** The pair is gone, other pairs kept; `warning`: the error the parser returned beside them. */
  | { kind: 'dropped'; warning?: string }
  /** It failed: `error` is the exception's class (or the error's message, when it has no class); `status`: what the framework answers. */
  | { kind: 'raised'; error: string; status?: number }
  /** The server refused the request before the application ran. */
  | { kind: 'refused'; status: number };

/** The probes, one or two per question, each the value of `q` as sent. */
export const DECODER_PROBES = {
  plus: ['a+b'],
  stray: ['%zz', '100%'],
  invalid: ['%C3'],
  overlong: ['%C0%AF'],
  nul: ['%00'],
} as const satisfies Record<string, readonly string[]>;

export type DecoderQuestion = keyof typeof DECODER_PROBES;

/** One outcome per probe of each question, in DECODER_PROBES' order. */
export type DecoderTraits = Record<DecoderQuestion, { probe: string; outcome: DecodingOutcome }[]>;

/**
 * What a decoder made of `q=<probe>`, or undefined when nobody measured it. A plain decoding
 * function's result fits the same shape: its value as the one value of `q`, or its error.
 */
export type ReadingSource = (probe: string) => ServerReading | undefined;

/**
 * What one reading says about `q`, whose value was sent as `written`.
 *
 * @example
 * decodingOutcome({ params: [['q', ['a b']]] }, 'a+b')  // { kind: 'decoded', value: 'a b' }
 * decodingOutcome({ params: [] }, '%zz')               // { kind: 'dropped' }
 */
export function decodingOutcome(reading: ServerReading, written: string): DecodingOutcome {
  if (!('params' in reading)) {
    if ('error' in reading)
      return {
        kind: 'raised',
        error: reading.error.split(': ', 1)[0]!,
        ...(reading.status === undefined ? {} : { status: reading.status }),
      };
    return { kind: 'refused', status: reading.status };
  }
  const pair = reading.params.find(([name]) => name === 'q');
  if (!pair) return reading.warning === undefined ? { kind: 'dropped' } : { kind: 'dropped', warning: reading.warning };
  const value: ServerValue | undefined = pair[1].at(-1);
  if (value === written) return { kind: 'kept' };
  if (typeof value === 'string') {
    const count = [...value].filter((c) => c === '\uFFFD').length;
    return count > 0 ? { kind: 'replaced', count } : { kind: 'decoded', value };
  }
  if (value !== null && value !== undefined && typeof value === 'object' && 'bytes' in value) return { kind: 'bytes' };
  throw new Error(`decodingOutcome: an unexpected value of q for ${JSON.stringify(written)}: ${JSON.stringify(value)}`);
}

/**
 * The outcome of every probe, read by `read`. Throws when a probe has no reading: a table
 * built from readings must not show a cell nobody measured.
 *
 * @example
 * decoderTraits((probe) => readQuery('go:url.ParseQuery', `q=${probe}`)).stray
 * // [{ probe: '%zz', outcome: { kind: 'dropped', warning: 'invalid URL escape "%zz"' } }, …]
 */
export function decoderTraits(read: ReadingSource): DecoderTraits {
  const entries = Object.entries(DECODER_PROBES).map(([question, probes]) => [
    question,
    probes.map((probe) => {
      const reading = read(probe);
      if (!reading) throw new Error(`decoderTraits: no reading of q=${probe}`);
      return { probe, outcome: decodingOutcome(reading, probe) };
    }),
  ]);
  return Object.fromEntries(entries) as DecoderTraits;
}
