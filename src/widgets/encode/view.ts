/**
 * Encode: the result and its summary in UTF-8 (build and browser). The byte-by-byte "why"
 * table, legacy charsets and line by line are in full.ts, which the browser loads only when
 * a reader opens the table or asks for one of them: the first load stays small.
 */
import type { EncodeMode } from '../../codec';
import { encodeUtf8 } from '../../codec/percent-encode';
import { issueItems } from '../lib/issues';
import { figure, str, type Dict } from '../lib/view';

export const MODES: readonly EncodeMode[] = ['component', 'url', 'form', 'all'];
export const asMode = (s?: string): EncodeMode => (MODES.includes(s as EncodeMode) ? (s as EncodeMode) : 'component');

/** Code points, not UTF-16 units: what a reader calls characters. */
const chars = (s: string) => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

export function encodeView(m: Dict, value: string, mode: EncodeMode) {
  const r = encodeUtf8(value, mode);
  return {
    output: r.ok ? r.value : '',
    summary: r.ok
      ? str(m, 'encode.summary', { chars: figure(m, chars(value)), length: figure(m, r.value.length) })
      : str(m, 'encode.failed'),
    issues: r.ok ? [] : issueItems(m, value, [], r.error),
  };
}
