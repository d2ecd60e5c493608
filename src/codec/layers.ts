import type { CodecIssue } from './issues.ts';
import { decode, type DecodeMode } from './decode.ts';
import { escapedByteAt, isHexPairAt } from './sets.ts';

/** Unwrapping stops after this many layers; real double encoding rarely goes past three. */
const MAX_LAYERS = 16;

export type Layers = {
  /** `layers[0]` is the input; each next layer is the strict decoding of the previous one. */
  layers: string[];
  /** The input holds `%25` followed by two hex digits: an escape that was escaped again. */
  doubleEncoded: boolean;
  /** Unwrapping stopped at {@link MAX_LAYERS} although the last layer still decodes. */
  truncated: boolean;
  /** The strict-decoding error that ended unwrapping early (for example invalid UTF-8 inside), or `null`. */
  stoppedBy: CodecIssue | null;
};

/**
 * Decodes repeatedly while the text still holds a valid escape and decoding changes it,
 * and returns every layer. Each step is a strict decode in `charset` (UTF-8 unless the
 * reader chose a legacy charset): bytes it cannot read end the unwrapping (reported in
 * `stoppedBy`) rather than being guessed at.
 *
 * @example
 * decodeLayers('https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1')
 * // { layers: [
 * //     'https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1',
 * //     'https%3A%2F%2Fservice-a.com%2Fdashboard%3Fparam%3D1',
 * //     'https://service-a.com/dashboard?param=1' ],
 * //   doubleEncoded: true, truncated: false, stoppedBy: null }
 * decodeLayers('Fu%C3%9Fball', { charset: 'windows-1252' }).layers // ['Fu%C3%9Fball', 'FuÃŸball']
 */
export function decodeLayers(text: string, options: { mode?: DecodeMode; charset?: string } = {}): Layers {
  const valid = typeof options === 'object' && options !== null;
  const mode = valid && options.mode === 'form' ? 'form' : 'standard';
  const charset = valid && typeof options.charset === 'string' ? options.charset : 'utf-8';
  const layers = [text];
  let current = text;
  let stoppedBy: CodecIssue | null = null;
  let truncated = false;
  while (hasValidEscape(current)) {
    const next = decode(current, { mode, charset });
    if (!next.ok) {
      stoppedBy = next.error;
      break;
    }
    if (next.value === current) break;
    if (layers.length === MAX_LAYERS) {
      truncated = true;
      break;
    }
    layers.push(next.value);
    current = next.value;
  }
  return { layers, doubleEncoded: isDoubleEncoded(text), truncated, stoppedBy };
}

function hasValidEscape(text: string): boolean {
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    if (escapedByteAt(text, i) >= 0) return true;
  }
  return false;
}

/** `%25` followed by two hex digits, the mark of an escape that was escaped again. */
function isDoubleEncoded(text: string): boolean {
  for (let i = text.indexOf('%25'); i >= 0; i = text.indexOf('%25', i + 1)) {
    if (isHexPairAt(text, i + 3)) return true;
  }
  return false;
}
