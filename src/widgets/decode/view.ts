/** Decode: result, notes and errors, the marked input, and the layers (build and browser). */
import { decode, decodeLayers, type DecodeMode, type inspect } from '../../codec';
import { hiddenNotice, issueItem, issueItems, issueText, MAX_ISSUES } from '../lib/issues';
import { clip, countHidden, CUT, figure, fmt, h, markHidden, position, str, type Child, type Dict } from '../lib/view';

export const MODES: readonly DecodeMode[] = ['standard', 'form'];
export type DecodeState = { value: string; mode: DecodeMode; charset: string; invalid: boolean; lines: boolean };

/**
 * The form's values (or the props) as a state. The charset is the select's WHATWG name (a
 * share link can only pick one of its options); nothing is guessed, UTF-8 is the default.
 */
export const decodeState = (v: {
  value?: string | undefined;
  mode?: string | undefined;
  charset?: string | undefined;
  invalid?: string | undefined;
  lines?: string | boolean | undefined;
}): DecodeState => ({
  value: v.value ?? '',
  mode: v.mode === 'form' ? 'form' : 'standard',
  charset: v.charset?.toLowerCase() || 'utf-8',
  invalid: v.invalid === 'replace',
  lines: v.lines === true || v.lines === 'yes',
});

/**
 * The codec's inspector, or nothing while it is on its way: the build imports it, the browser
 * loads it with full.ts the first time a result needs it (every invalid run, a layered
 * escape's position), 1.2 KB the first screen of a page with a Decoder does without.
 */
export type Inspector = () => typeof inspect | undefined;

type Span = { index: number; length: number; error?: boolean };

/**
 * A copy of `text` with the spans marked: `<mark>` plus a dotted (note) or wavy (error)
 * underline, so colour is never the only signal. Long stretches between marks are cut
 * to their ends, so a 1 MB paste still gives a short copy.
 */
function markedCopy(text: string, spans: Span[]): Child[] {
  const out: Child[] = [];
  const gap = (s: string) => (s.length > 80 ? `${s.slice(0, 30)} … ${s.slice(-30)}` : s);
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.index - b.index).slice(0, MAX_ISSUES + 1)) {
    if (s.index < at) continue;
    out.push(markHidden(gap(text.slice(at, s.index))));
    out.push(
      h(
        'mark',
        { class: s.error ? 'w-mark w-mark--error' : 'w-mark' },
        markHidden(clip(text.slice(s.index, s.index + s.length))),
      ),
    );
    at = s.index + s.length;
  }
  out.push(markHidden(gap(text.slice(at))));
  return out;
}

const chars = (s: string) => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

export function decodeView(m: Dict, s: DecodeState, inspector: Inspector) {
  const { value } = s;
  const r = decode(value, { mode: s.mode, charset: s.charset, invalid: s.invalid ? 'replace' : 'error' });
  const error = r.ok ? null : r.error;
  const items = issueItems(m, value, r.notices, error?.code === 'unknown-charset' ? null : error);
  if (error?.code === 'unknown-charset')
    items.push(issueItem(m, 'error', error.code, fmt(m, 'issue.unknown-charset', { text: s.charset })));
  if (error?.code === 'invalid-utf8' && s.charset === 'utf-8')
    items.push(h('li', { class: 'w-hint', 'data-role': 'hint' }, m['issue.charsetHint']));
  if (s.charset !== 'utf-8' && !error)
    items.push(h('li', { class: 'w-hint' }, fmt(m, 'decode.legacy', { charset: s.charset })));
  // The output shows its first CUT characters, each hidden one as a mark: count those.
  const hidden = r.ok ? countHidden(r.value.slice(0, CUT)) : 0;
  items.unshift(hiddenNotice(m, hidden));
  // Replacing is a choice, not silence: say where the first replaced bytes were.
  if (s.invalid && r.ok) {
    const strict = decode(value, { mode: s.mode, charset: s.charset });
    if (!strict.ok && strict.error.code !== 'unknown-charset') {
      const at = {
        position: figure(m, position(value, strict.error.index)),
        byte: figure(m, strict.error.byteOffset ?? 0),
      };
      items.unshift(issueItem(m, 'notice', 'replaced', fmt(m, 'decode.replaced', at)));
    }
  }

  // The marked copy: every stray `%` and every run of bytes that is not UTF-8 (not only
  // the first one, which the error names), found by the codec's inspector.
  let marked: Child = null;
  if (r.notices.length || error) {
    const spans: Span[] = r.notices.map((n) => ({ index: n.index, length: n.length }));
    if (error && error.code !== 'unknown-charset') {
      const all = s.charset === 'utf-8' && error.code === 'invalid-utf8';
      const runs = (all && inspector()?.(value).invalidRuns) || [error];
      for (const run of runs) spans.push({ index: run.index, length: run.length || 1, error: true });
    }
    marked = [h('p', { class: 'w-hint' }, m['common.marked']), h('p', { class: 'w-copy' }, markedCopy(value, spans))];
  }

  return {
    output: r.ok ? r.value : '',
    // The notes are listed right below: a count here once said "Notes: 0" above a note.
    summary: r.ok ? str(m, 'decode.summary', { chars: figure(m, chars(r.value)) }) : str(m, 'decode.failed'),
    issues: items,
    marked,
  };
}

/** Display cap for one layer: a 1 MB paste still shows its layers promptly. */
const LAYER_CAP = 4000;

/** The layers, each decoded in the chosen mode and charset (a legacy page's double encoding peels the same way). */
export function layersView(m: Dict, value: string, mode: DecodeMode, charset: string, inspector: Inspector): Child {
  const { layers, doubleEncoded, stoppedBy } = decodeLayers(value, { mode, charset });
  const out: Child[] = [];
  if (doubleEncoded) {
    const at = inspector()?.(value).escapes.find((e) => e.layered);
    if (at) {
      const text = value.slice(at.index, at.index + 5);
      const body = fmt(m, 'issue.double-encoded', { text, position: position(value, at.index) });
      out.push(h('ul', { class: 'w-issues' }, issueItem(m, 'notice', 'double-encoded', body)));
    }
  }
  if (layers.length < 2 && !stoppedBy) {
    out.push(h('p', { class: 'w-hint' }, m['decode.noLayers']));
    return out;
  }
  out.push(
    h(
      'ol',
      { class: 'w-list', start: 0 },
      layers.map((layer, n) =>
        h(
          'li',
          null,
          h('span', { class: 'w-label' }, n ? str(m, 'decode.layer', { n }) : m['decode.layerInput']),
          ' ',
          h(
            'code',
            { 'data-role': 'layer' },
            markHidden(layer.length > LAYER_CAP ? `${layer.slice(0, LAYER_CAP)}…` : layer),
          ),
        ),
      ),
    ),
  );
  if (stoppedBy) {
    // The input itself failing is said as such: "after layer 0" would only puzzle.
    const why =
      layers.length > 1 ? fmt(m, 'decode.layersStopped', { n: layers.length - 1 }) : m['decode.layersStoppedAtInput'];
    out.push(h('p', { class: 'w-hint' }, why, ' ', issueText(m, layers[layers.length - 1] ?? '', stoppedBy)));
  }
  return out;
}
