/**
 * What Decode's first load leaves out (build and browser): line by line, and the codec's
 * inspector. The browser loads this chunk only when a reader ticks "each line on its own"
 * or a result needs the inspector (view.ts).
 */
import { decode } from '../../codec';
import { hiddenNotice } from '../lib/issues';
import { byLine } from '../lib/lines';
import { countHidden, CUT, cutNote, figure, fmt, h, str, type Dict } from '../lib/view';
import type { Widget } from '../lib/widget';
import type { DecodeState } from './view';

export { inspect } from '../../codec';

export function linesDecodeView(m: Dict, s: DecodeState) {
  const options = { mode: s.mode, charset: s.charset, invalid: s.invalid ? 'replace' : 'error' } as const;
  const r = byLine(m, s.value, (line) => {
    const one = decode(line, options);
    return { output: one.ok ? one.value : null, notices: one.notices, error: one.ok ? null : one.error };
  });
  // The output shows its first CUT characters, each hidden one as a mark: count those.
  const hidden = countHidden(r.output.slice(0, CUT));
  return {
    output: r.output,
    shown: r.shown,
    summary: str(m, 'decode.linesSummary', { lines: figure(m, r.lines), failed: figure(m, r.failed) }),
    issues: [
      hiddenNotice(m, hidden),
      ...r.items,
      s.charset !== 'utf-8' && h('li', { class: 'w-hint' }, fmt(m, 'decode.legacy', { charset: s.charset })),
    ],
    marked: null,
  };
}

/** The browser side: the element's results for a list, drawn from the form (decode.ts hands over, and draws the layers). */
export function render(w: Widget, s: DecodeState) {
  const { shown, ...v } = linesDecodeView(w.messages, s);
  w.show(v);
  // Marks within lines, breaks between them; Copy copies it all.
  w.show({ output: shown, cut: cutNote(w.messages, 'common.cut', v.output.length) });
  w.full = v.output;
}
