/** Anatomy: the URL split into labelled parts, structural characters boxed (build and browser). */
import { decode, parseUrl, type UrlSpan } from '../../codec';
import { hiddenNotice, issueItems } from '../lib/issues';
import {
  CELL,
  CUT,
  clip,
  countHidden,
  cutNote,
  figure,
  fmt,
  h,
  markHidden,
  str,
  table,
  type Child,
  type Dict,
} from '../lib/view';

const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
type Part = (typeof PARTS)[number];
const KIND = {
  absolute: 'kindAbsolute',
  'network-path': 'kindNetwork',
  'absolute-path': 'kindPath',
  'relative-path': 'kindRelative',
};

/**
 * Form decoding, as a server reads a query value (invalid bytes show as U+FFFD). Server
 * view has the same three lines: sharing them would put a chunk of its own on every page
 * with either widget (~100 bytes gzip more than the copy).
 */
const formText = (s: string): string => {
  const r = decode(s, { mode: 'form', invalid: 'replace' });
  return r.ok ? r.value : s;
};

/** At most this many query parameters are listed; the rest are counted. */
const MAX_PAIRS = 100;

/**
 * The URL part by part. The output shows the first {@link CUT} characters (laying out
 * megabytes would freeze the page); the summary and the tables cover all of it, their
 * cells cut to their ends.
 */
export function anatomyView(m: Dict, value: string) {
  const r = parseUrl(value);
  // Hidden characters in what is shown (a raw U+202E would reorder the parts), drawn as marks and counted.
  let hidden = 0;
  const visible = (s: string) => {
    hidden += countHidden(s);
    return markHidden(s);
  };
  if (!r.ok) {
    const output = visible(value.slice(0, CUT));
    return {
      output,
      summary: '',
      issues: [hiddenNotice(m, hidden), ...issueItems(m, value, [], r.error)],
      details: null,
      cut: cutNote(m, 'common.cutShown', value.length),
    };
  }
  const structural = new Set<string>();
  const delim = (s: string): Child[] =>
    (s.match(/\/\/|./gs) ?? []).map((d) => {
      structural.add(d);
      return h('span', { class: 'w-delim' }, visible(d));
    });
  /** The input from `start` to `end`, within what the output shows. */
  const shown = (start: number, end: number) => value.slice(Math.min(start, CUT), Math.min(end, CUT));

  // Path segments are split at `/`; the query at `&` and at each pair's first `=`.
  const inner = (part: Part, sp: UrlSpan): Child[] => {
    const text = shown(sp.index, sp.index + sp.length);
    if (part === 'path' && text.length < 4000)
      return text.split('/').flatMap((seg, i) => (i ? [delim('/'), visible(seg)] : [visible(seg)]));
    if (part !== 'query' || r.pairs.length > 200) return [visible(text)];
    const out: Child[] = [];
    let at = sp.index;
    for (const p of r.pairs) {
      const eq = p.index + p.name.length;
      out.push(delim(shown(at, p.index)), visible(shown(p.index, eq)));
      if (p.value != null) out.push(delim(shown(eq, eq + 1)), visible(shown(eq + 1, p.index + p.length)));
      at = p.index + p.length;
    }
    out.push(delim(shown(at, sp.index + sp.length)));
    return out;
  };

  const spans = PARTS.flatMap((p) => {
    const sp = r.spans[p];
    return sp?.length ? [{ p, sp }] : [];
  }).sort((a, b) => a.sp.index - b.sp.index);
  const output: Child[] = [];
  let at = 0;
  for (const { p, sp } of spans) {
    if (sp.index >= CUT) break;
    output.push(delim(shown(at, sp.index)));
    output.push(h('span', { class: `w-part w-part--${p}`, 'data-label': m[`part.${p}`] }, inner(p, sp)));
    at = sp.index + sp.length;
  }
  output.push(delim(shown(at, value.length)));

  let clipped = false;
  const cut = (s: string) => {
    if (s.length <= CELL) return s;
    clipped = true;
    return clip(s, CELL);
  };
  const cell = (s: string) => h('code', { class: 'w-val' }, visible(cut(s)));
  const list = [...structural].flatMap((d, i) => [i ? ' ' : '', h('code', null, markHidden(d))]);
  const pairs = r.pairs
    .slice(0, MAX_PAIRS)
    .map((p) =>
      h(
        'tr',
        { 'data-role': 'pair' },
        h('td', null, cell(p.name)),
        h('td', null, p.value == null ? m['anatomy.noEquals'] : cell(p.value)),
        h('td', null, cell(formText(p.value ?? ''))),
      ),
    );
  const parts = spans.map(({ p, sp }) =>
    h(
      'tr',
      { 'data-part': p },
      h('th', { scope: 'row' }, m[`part.${p}`]),
      h('td', null, cell(value.slice(sp.index, sp.index + sp.length))),
    ),
  );
  return {
    output,
    summary: str(m, 'anatomy.summary', { parts: figure(m, spans.length), count: figure(m, r.pairs.length) }),
    issues: [hiddenNotice(m, hidden)],
    details: [
      h(
        'p',
        null,
        m[`anatomy.${KIND[r.kind]}`],
        ' ',
        list.length ? fmt(m, 'anatomy.structural', { list }) : m['anatomy.noStructural'],
      ),
      table(m, 'anatomy.parts', ['anatomy.colPart', 'anatomy.colWritten'], parts),
      pairs.length
        ? table(m, 'anatomy.pairs', ['anatomy.colName', 'anatomy.colValue', 'anatomy.colDecoded'], pairs)
        : h('p', { class: 'w-hint' }, m['anatomy.noQuery']),
      r.pairs.length > MAX_PAIRS &&
        h('p', { class: 'w-hint' }, fmt(m, 'common.more', { count: figure(m, r.pairs.length - MAX_PAIRS) })),
      clipped && h('p', { class: 'w-hint' }, m['common.clipped']),
    ] as Child,
    cut: cutNote(m, 'common.cutShown', value.length),
  };
}
