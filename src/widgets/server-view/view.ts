/** Server view: the path and the query parameters a typical server gets (build and browser). */
import { decode, parseUrl } from '../../codec';
import { issueItems } from '../lib/issues';
import { fmt, h, str, table, type Child, type Dict } from '../lib/view';

/** Form decoding, the way a server reads a query value; invalid bytes show as U+FFFD (Anatomy has its own copy). */
const formText = (s: string): string => {
  const r = decode(s, { mode: 'form', invalid: 'replace' });
  return r.ok ? r.value : s;
};

export function serverView(m: Dict, value: string) {
  const r = parseUrl(value);
  if (!r.ok) return { summary: '', issues: issueItems(m, value, [], r.error), path: '', output: null };
  const path = decode(r.path, { mode: 'standard' });
  const names = r.pairs.map((p) => formText(p.name));
  const spaces = (s: string) => [/^\s/.test(s) && m['serverView.leadingSpace'], /\s$/.test(s) && m['serverView.trailingSpace']];
  const notes = (xs: (string | false | undefined)[]) => xs.filter(Boolean).map((n) => h('span', { class: 'w-note' }, n));
  const rows = r.pairs.map((p, i) => {
    const name = names[i] ?? '';
    const val = formText(p.value ?? '');
    const repeated = names.indexOf(name) != names.lastIndexOf(name);
    return h('tr', { 'data-role': 'param' },
      h('td', null, h('code', { class: 'w-val', 'data-role': 'name' }, name),
        notes([name == '' && m['serverView.emptyName'], ...spaces(name), repeated && m['serverView.repeated']])),
      h('td', null, h('code', { class: 'w-val', 'data-role': 'value' }, val), notes([p.value == null && m['serverView.noEquals'], ...spaces(val)])),
      h('td', null, h('code', { class: 'w-val' }, value.slice(p.index, p.index + p.length))),
    );
  });
  const shift = r.spans.path.index;
  return {
    summary: str(m, 'serverView.summary', { count: rows.length }),
    issues: path.ok ? [] : issueItems(m, value, [], { ...path.error, index: path.error.index + shift }),
    path: path.ok ? path.value : r.path,
    output: [
      rows.length
        ? table(m, 'serverView.params', ['serverView.colName', 'serverView.colValue', 'serverView.colSent'], rows)
        : h('p', null, m['serverView.none']),
      r.fragment != null && h('p', { class: 'w-hint' }, fmt(m, 'serverView.fragment', { text: `#${r.fragment}` })),
    ] as Child,
  };
}
