/** Anatomy: the URL split into labelled parts, structural characters boxed (build and browser). */
import { decode, parseUrl, type QueryPair, type UrlSpan } from '../../codec';
import { issueItems } from '../lib/issues';
import { fmt, h, str, table, type Child, type Dict } from '../lib/view';

const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
type Part = (typeof PARTS)[number];
const KIND = { absolute: 'kindAbsolute', 'network-path': 'kindNetwork', 'absolute-path': 'kindPath', 'relative-path': 'kindRelative' };

/**
 * Form decoding, as a server reads a query value (invalid bytes show as U+FFFD). Server
 * view has the same three lines: sharing them would put a chunk of its own on every page
 * with either widget (~100 bytes gzip more than the copy).
 */
const formText = (s: string): string => {
  const r = decode(s, { mode: 'form', invalid: 'replace' });
  return r.ok ? r.value : s;
};

export function anatomyView(m: Dict, value: string) {
  const r = parseUrl(value);
  if (!r.ok) return { output: value, summary: '', issues: issueItems(m, value, [], r.error), details: null };
  const structural = new Set<string>();
  const delim = (s: string): Child[] =>
    (s.match(/\/\/|[^]/g) ?? []).map((d) => (structural.add(d), h('span', { class: 'w-delim' }, d)));

  // Path segments are split at `/`; the query at `&` and at each pair's first `=`.
  const inner = (part: Part, sp: UrlSpan): Child[] => {
    const text = value.slice(sp.index, sp.index + sp.length);
    if (part == 'path' && text.length < 4000) return text.split('/').flatMap((seg, i) => (i ? [delim('/'), seg] : [seg]));
    if (part != 'query' || r.pairs.length > 200) return [text];
    const out: Child[] = [];
    let at = sp.index;
    for (const p of r.pairs) {
      out.push(delim(value.slice(at, p.index)), p.name);
      if (p.value != null) out.push(delim('='), p.value);
      at = p.index + p.length;
    }
    out.push(delim(value.slice(at, sp.index + sp.length)));
    return out;
  };

  const spans = PARTS.flatMap((p) => {
    const sp = r.spans[p];
    return sp && sp.length ? [{ p, sp }] : [];
  }).sort((a, b) => a.sp.index - b.sp.index);
  const output: Child[] = [];
  let at = 0;
  for (const { p, sp } of spans) {
    output.push(delim(value.slice(at, sp.index)));
    output.push(h('span', { class: `w-part w-part--${p}`, 'data-label': m[`part.${p}`] }, inner(p, sp)));
    at = sp.index + sp.length;
  }
  output.push(delim(value.slice(at)));

  const list = [...structural].flatMap((d, i) => [i ? ' ' : '', h('code', null, d)]);
  return {
    output,
    summary: str(m, 'anatomy.summary', { parts: spans.length, count: r.pairs.length }),
    issues: [],
    details: [
      h('p', null, m[`anatomy.${KIND[r.kind]}`], ' ', list.length ? fmt(m, 'anatomy.structural', { list }) : m['anatomy.noStructural']),
      table(m, 'anatomy.parts', ['anatomy.colPart', 'anatomy.colWritten'], spans.map(({ p, sp }) =>
        h('tr', { 'data-part': p }, h('th', { scope: 'row' }, m[`part.${p}`]), h('td', null, h('code', null, value.slice(sp.index, sp.index + sp.length)))),
      )),
      r.pairs.length ? pairsTable(m, r.pairs.slice(0, 100)) : h('p', { class: 'w-hint' }, m['anatomy.noQuery']),
      r.pairs.length > 100 && h('p', { class: 'w-hint' }, fmt(m, 'common.more', { count: r.pairs.length - 100 })),
    ],
  };
}

function pairsTable(m: Dict, pairs: QueryPair[]): Child {
  return table(m, 'anatomy.pairs', ['anatomy.colName', 'anatomy.colValue', 'anatomy.colDecoded'], pairs.map((p) =>
    h('tr', { 'data-role': 'pair' },
      h('td', null, h('code', null, p.name)),
      h('td', null, p.value == null ? m['anatomy.noEquals'] : h('code', null, p.value)),
      h('td', null, h('code', { class: 'w-val' }, formText(p.value ?? ''))),
    ),
  ));
}
