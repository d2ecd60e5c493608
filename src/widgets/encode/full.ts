/**
 * Encode's "why" table, legacy charsets and line by line (build and browser). The browser
 * loads this chunk, and with it the codec's charset code, only when a reader opens the table,
 * picks a legacy charset or ticks "each line on its own" (encode.ts); a charset's table is
 * built on its first use.
 */
import { encode, inspect, type CharacterBreakdown, type EncodeMode } from '../../codec';
import { issueItems } from '../lib/issues';
import { byLine } from '../lib/lines';
import { cutNote, figure, fmt, h, str, table, type Child, type Dict } from '../lib/view';
import type { Widget } from '../lib/widget';

// Small copies of view.ts helpers: importing view.ts would split it into a chunk of its own,
// which the widget's first load would pay for.
const chars = (s: string) => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

export type EncodeState = { value: string; mode: EncodeMode; charset: string; lines: boolean };

/** The form's values (or the props) as a state; an empty charset means UTF-8. */
export const encodeState = (v: {
  value?: string | undefined;
  mode?: string | undefined;
  charset?: string | undefined;
  lines?: string | boolean | undefined;
}): EncodeState => ({
  value: v.value ?? '',
  // view.ts's asMode at build; in the browser the radios hold only the modes (the codec reads any other as component).
  mode: (v.mode ?? 'component') as EncodeMode,
  charset: v.charset?.toLowerCase() || 'utf-8',
  lines: v.lines === true || v.lines === 'yes',
});

/** Whether the state needs this module: a legacy charset, or line by line. */
export const needsFull = (s: EncodeState): boolean => s.lines || s.charset !== 'utf-8';

export function fullEncodeView(m: Dict, s: EncodeState) {
  const { value, mode } = s;
  const options = s.charset !== 'utf-8' ? { charset: s.charset } : undefined;
  const hint = options && h('li', { class: 'w-hint' }, fmt(m, 'encode.legacy', { charset: s.charset }));
  if (s.lines) {
    const r = byLine(m, value, (line) => {
      const one = encode(line, mode, options);
      return { output: one.ok ? one.value : null, notices: one.notices ?? [], error: one.ok ? null : one.error };
    });
    return {
      output: r.output,
      shown: r.shown,
      summary: str(m, 'encode.linesSummary', { lines: figure(m, r.lines), failed: figure(m, r.failed) }),
      issues: [...r.items, hint],
    };
  }
  const r = encode(value, mode, options);
  return {
    output: r.ok ? r.value : '',
    summary: r.ok
      ? str(m, 'encode.summary', { chars: figure(m, chars(value)), length: figure(m, r.value.length) })
      : str(m, 'encode.failed'),
    issues: [...issueItems(m, value, r.notices ?? [], r.ok ? null : r.error), hint],
  };
}

/**
 * The "why" table's bytes in a legacy charset: ASCII is the same byte in every one of them
 * (the UTF-8 row stands); a character the charset cannot write has no bytes, and is written
 * as its escaped character reference.
 */
export const legacyBytes = (charset: string, mode: EncodeMode): BytesOf | undefined =>
  charset === 'utf-8'
    ? undefined
    : (c) => {
        if (c.codePoint < 0x80 || c.loneSurrogate) return null;
        const bytes = encode(c.text, 'all', { charset });
        const one = encode(c.text, mode, { charset });
        return {
          hex: bytes.ok && !bytes.notices?.length ? (bytes.value.match(/[0-9A-F]{2}/g) ?? []) : [],
          written: one.ok ? one.value : '',
        };
      };

/** Characters listed in the "why" table; a longer input is cut (and says so). */
const WHY_LIMIT = 48;

/** A character's bytes and what the mode writes, when not its UTF-8 ones (full.ts). */
export type BytesOf = (c: CharacterBreakdown) => { hex: string[]; written: string } | null;

export function whyView(m: Dict, value: string, mode: EncodeMode, bytesOf?: BytesOf): Child {
  const { characters, truncated } = inspect(value, { limit: WHY_LIMIT });
  const rows = characters.slice(0, WHY_LIMIT).map((c) => {
    const { hex, written } = bytesOf?.(c) ?? {
      hex: c.bytes.map((b) => b.hex),
      written: c.bytes.map((b) => (mode === 'all' ? `%${b.hex}` : b[mode])).join(''),
    };
    return h(
      'tr',
      null,
      h('td', null, h('code', null, c.loneSurrogate ? '\uFFFD' : c.text)),
      h('td', null, `U+${c.codePoint.toString(16).toUpperCase().padStart(4, '0')}`),
      h('td', null, hex.length ? h('code', null, hex.join(' ')) : m['encode.noBytes']),
      h(
        'td',
        null,
        written ? h('code', null, written) : m['encode.noBytes'],
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

/** The browser side: the results, drawn from the form (encode.ts hands over). */
export function render(w: Widget) {
  const { shown, ...v } = fullEncodeView(w.messages, encodeState(w.values()));
  w.show(v);
  // A list is drawn line by line (marks within lines, breaks between them); Copy copies it all.
  if (shown) {
    w.show({ output: shown, cut: cutNote(w.messages, 'common.cut', v.output.length) });
    w.full = v.output;
  }
}

/** The browser side: the "why" table, while it is open (a 1 MB paste never pays for it). */
export function why(w: Widget) {
  const s = encodeState(w.values());
  w.show({ why: whyView(w.messages, s.value, s.mode, legacyBytes(s.charset, s.mode)) });
}
