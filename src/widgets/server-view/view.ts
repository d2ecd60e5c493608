/** Server view: the path and the query parameters a typical server gets (build and browser). */
import { decode, parseUrl } from '../../codec';
import { hiddenNotice, issueItems } from '../lib/issues';
import {
  CELL,
  CUT,
  clip,
  countHidden,
  figure,
  fmt,
  h,
  markHidden,
  str,
  table,
  type Child,
  type Dict,
} from '../lib/view';

/** Form decoding, the way a server reads a query value; invalid bytes show as U+FFFD (Anatomy has its own copy). */
const formText = (s: string): string => {
  const r = decode(s, { mode: 'form', invalid: 'replace' });
  return r.ok ? r.value : s;
};

/** At most this many parameters are listed; the rest are counted. */
const MAX_ROWS = 100;

export function serverView(m: Dict, value: string) {
  const r = parseUrl(value);
  if (!r.ok) return { summary: '', issues: issueItems(m, value, [], r.error), path: '', output: null };
  const path = decode(r.path, { mode: 'standard' });
  // How often each name arrives, counted once over every parameter (a check per row
  // against all the others froze the page on a long query).
  const times = new Map<string, number>();
  const names = r.pairs.map((p) => {
    const name = formText(p.name);
    times.set(name, (times.get(name) ?? 0) + 1);
    return name;
  });
  let clipped = false;
  // Hidden characters in what is shown (NUL, CR, LF, U+202E…), drawn as marks and counted.
  let hidden = 0;
  const visible = (s: string) => {
    hidden += countHidden(s);
    return markHidden(s);
  };
  const cut = (s: string) => {
    if (s.length <= CELL) return s;
    clipped = true;
    return clip(s, CELL);
  };
  const code = (s: string, role?: string) => h('code', { class: 'w-val', 'data-role': role }, visible(cut(s)));
  const spaces = (s: string) => [
    /^\s/.test(s) && m['serverView.leadingSpace'],
    /\s$/.test(s) && m['serverView.trailingSpace'],
  ];
  const notes = (xs: (string | false | undefined)[]) =>
    xs.filter(Boolean).map((n) => h('span', { class: 'w-note' }, n));
  const rows = r.pairs.slice(0, MAX_ROWS).map((p, i) => {
    const name = names[i] ?? '';
    const val = formText(p.value ?? '');
    return h(
      'tr',
      { 'data-role': 'param' },
      h(
        'td',
        null,
        code(name, 'name'),
        notes([
          name === '' && m['serverView.emptyName'],
          ...spaces(name),
          times.get(name)! > 1 && m['serverView.repeated'],
        ]),
      ),
      h('td', null, code(val, 'value'), notes([p.value == null && m['serverView.noEquals'], ...spaces(val)])),
      h('td', null, code(value.slice(p.index, p.index + p.length))),
    );
  });
  const shift = r.spans.path.index;
  const shownPath = visible(clip(path.ok ? path.value : r.path, CUT));
  const fragment = r.fragment != null && visible(clip(`#${r.fragment}`, CELL));
  return {
    summary: str(m, 'serverView.summary', { count: figure(m, r.pairs.length) }),
    issues: [
      hiddenNotice(m, hidden),
      ...(path.ok ? [] : issueItems(m, value, [], { ...path.error, index: path.error.index + shift })),
    ],
    path: shownPath,
    output: [
      rows.length
        ? table(m, 'serverView.params', ['serverView.colName', 'serverView.colValue', 'serverView.colSent'], rows)
        : h('p', null, m['serverView.none']),
      r.pairs.length > MAX_ROWS &&
        h('p', { class: 'w-hint' }, fmt(m, 'common.more', { count: figure(m, r.pairs.length - MAX_ROWS) })),
      clipped && h('p', { class: 'w-hint' }, m['common.clipped']),
      fragment !== false &&
        h('p', { class: 'w-hint' }, fmt(m, 'serverView.fragment', { text: h('code', null, fragment) })),
    ] as Child,
  };
}
