/** Servers: what each modelled server stack reads from one query, and where they disagree (build and browser). */
import { compareStacks, type ServerReading, type ServerText, type ServerValue } from '../../codec';
import { CELL, clip, figure, fmt, h, str, table, type Child, type Dict } from '../lib/view';

/** At most this many names are listed per stack; the rest are counted. */
const MAX_NAMES = 20;

/** The query of a URL or path (after the first `?`, before a `#`), or the text itself when it has no `?`. */
function queryOf(value: string): string {
  const hash = value.indexOf('#');
  const text = hash < 0 ? value : value.slice(0, hash);
  const question = text.indexOf('?');
  return question < 0 ? text : text.slice(question + 1);
}

type Kind = 'refused' | 'error' | 'dropped' | 'split' | 'value';

const pairCount = (r: ServerReading) => ('params' in r ? r.params.reduce((n, [, values]) => n + values.length, 0) : 0);

/** How a reading differs from the one most stacks share. */
function kindOf(reading: ServerReading, common: ServerReading): Kind {
  if ('error' in reading) return 'error';
  if (!('params' in reading)) return 'refused';
  const [mine, theirs] = [pairCount(reading), pairCount(common)];
  if ('params' in common && mine < theirs) return 'dropped';
  if ('params' in common && mine > theirs) return 'split';
  return 'value';
}

export function serversView(m: Dict, value: string) {
  const query = queryOf(value);
  // What the server receives is what a browser sends: its own URL parser escapes a space,
  // quotes, controls and non-ASCII (and drops tabs and line breaks).
  const sent = new URL(`http://x.example/?${query}`).search.slice(1);
  const rows = compareStacks(sent);
  const sizes = new Map<number, number>();
  for (const row of rows) sizes.set(row.group, (sizes.get(row.group) ?? 0) + 1);
  const commonGroup = [...sizes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
  const common = rows.find((row) => row.group === commonGroup)?.reading ?? { params: [] };
  let clipped = false;
  const cut = (s: string) => {
    if (s.length <= CELL) return s;
    clipped = true;
    return clip(s, CELL);
  };
  const code = (s: string) => h('code', { class: 'w-val' }, cut(s));
  const text = (t: ServerText): Child =>
    typeof t === 'string'
      ? code(t)
      : fmt(m, 'servers.bytes', {
          hex: h('code', { class: 'w-val' }, clip(t.bytes.replace(/(..)(?!$)/g, '$1 '), CELL)),
        });
  const valueOf = (v: ServerValue): Child => {
    if (v === null) return h('span', { class: 'w-note' }, m['servers.nil']);
    if (typeof v === 'string' || 'bytes' in v) return text(v);
    const entries: [ServerText | null, ServerValue][] =
      'list' in v ? v.list.map((x) => [null, x]) : 'array' in v ? v.array : v.hash;
    return [
      '[',
      ...entries
        .slice(0, MAX_NAMES)
        .flatMap(([k, x], i) => [i > 0 ? ', ' : '', k === null ? '' : [text(k), ' → '], valueOf(x)]),
      entries.length > MAX_NAMES ? ', …' : '',
      ']',
    ];
  };
  const readingView = (r: ServerReading): Child => {
    if ('error' in r)
      return r.status === undefined
        ? fmt(m, 'servers.raised', { error: code(r.error) })
        : fmt(m, 'servers.answers', { error: code(r.error), status: r.status });
    if (!('params' in r)) return r.status === 0 ? m['servers.closed'] : fmt(m, 'servers.refused', { status: r.status });
    const names = r.params.slice(0, MAX_NAMES).map(([name, values]) =>
      h(
        'li',
        { 'data-role': 'pair' },
        text(name),
        ' = ',
        values.flatMap((v, i) => [i > 0 ? ', ' : '', valueOf(v)]),
      ),
    );
    return [
      names.length ? h('ul', { class: 'w-list' }, names) : h('span', { class: 'w-note' }, m['servers.noParams']),
      r.params.length > MAX_NAMES &&
        h('p', { class: 'w-hint' }, fmt(m, 'common.more', { count: figure(m, r.params.length - MAX_NAMES) })),
      r.warning !== undefined && h('p', { class: 'w-note' }, fmt(m, 'servers.warning', { warning: code(r.warning) })),
    ];
  };
  const body = rows.map(({ stack, reading, group }) => {
    const differs = group !== commonGroup;
    const kind = differs ? kindOf(reading, common) : null;
    return h(
      'tr',
      { 'data-role': 'stack', 'data-stack': stack.id, 'data-group': group, 'data-differs': differs ? kind : null },
      h('th', { scope: 'row' }, stack.name, h('span', { class: 'w-note' }, ' ', stack.version)),
      h('td', { 'data-role': 'reading' }, readingView(reading)),
      h('td', null, differs ? h('strong', null, m[`servers.kind.${kind}`]) : m['servers.same']),
    );
  });
  const differ = rows.filter((row) => row.group !== commonGroup).length;
  return {
    sent: clip(sent, CELL),
    summary:
      differ === 0
        ? str(m, 'servers.allSame', { total: rows.length })
        : str(m, 'servers.summary', { same: rows.length - differ, total: rows.length, differ }),
    output: [
      table(m, 'servers.table', ['servers.colStack', 'servers.colReads', 'servers.colVerdict'], body),
      clipped && h('p', { class: 'w-hint' }, m['common.clipped']),
    ] as Child,
  };
}
