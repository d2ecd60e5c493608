/** Encode: the result, its summary and the byte-by-byte "why" table (build and browser). */
import { encode, inspect, type EncodeMode } from '../../codec';
import { issueItems } from '../lib/issues';
import { figure, fmt, h, str, table, type Child, type Dict } from '../lib/view';

export const MODES: readonly EncodeMode[] = ['component', 'url', 'form'];
export const asMode = (s?: string): EncodeMode => (MODES.includes(s as EncodeMode) ? (s as EncodeMode) : 'component');

/** Code points, not UTF-16 units: what a reader calls characters. */
const chars = (s: string) => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

export function encodeView(m: Dict, value: string, mode: EncodeMode) {
  const r = encode(value, mode);
  return {
    output: r.ok ? r.value : '',
    summary: r.ok
      ? str(m, 'encode.summary', { chars: figure(m, chars(value)), length: figure(m, r.value.length) })
      : str(m, 'encode.failed'),
    issues: r.ok ? [] : issueItems(m, value, [], r.error),
  };
}

/** Characters listed in the "why" table; a longer input is cut (and says so). */
const WHY_LIMIT = 48;

export function whyView(m: Dict, value: string, mode: EncodeMode): Child {
  const { characters, truncated } = inspect(value, { limit: WHY_LIMIT });
  const rows = characters.slice(0, WHY_LIMIT).map((c) => {
    const written = c.bytes.map((b) => b[mode]).join('');
    return h(
      'tr',
      null,
      h('td', null, h('code', null, c.loneSurrogate ? '\uFFFD' : c.text)),
      h('td', null, `U+${c.codePoint.toString(16).toUpperCase().padStart(4, '0')}`),
      h('td', null, c.bytes.length ? h('code', null, c.bytes.map((b) => b.hex).join(' ')) : m['encode.noBytes']),
      h(
        'td',
        null,
        c.bytes.length ? h('code', null, written) : m['encode.noBytes'],
        written === c.text ? ` (${m['encode.unchanged']})` : '',
      ),
    );
  });
  return [
    table(m, null, ['encode.colChar', 'encode.colCodePoint', 'encode.colBytes', 'encode.colResult'], rows),
    (truncated || characters.length > WHY_LIMIT) &&
      h('p', { class: 'w-hint' }, fmt(m, 'encode.truncated', { count: WHY_LIMIT })),
  ];
}
