/**
 * Compare: are two URLs the same request? Identical text, the same data written
 * differently (equal canonical forms), or different data; part by part (build and browser).
 */
import { normalize, parseUrl, type ParsedUrl } from '../../codec';
import { issueItems } from '../lib/issues';
import { changesView } from '../normalize/changes';
import { fmt, h, table, type Child, type Dict } from '../lib/view';

type Row = { label: Child; a: string | null; b: string | null; rawA: string | null; rawB: string | null };
const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;

/** Canonical parameters by name, each name's values in order. */
const params = (p: ParsedUrl) => {
  const map = new Map<string, string[]>();
  for (const x of p.pairs) map.set(x.name, [...(map.get(x.name) ?? []), x.value ?? '']);
  return map;
};

export function compareView(m: Dict, a: string, b: string) {
  const na = normalize(a);
  const nb = normalize(b);
  if (!na.ok || !nb.ok) {
    return {
      output: m['compare.failed'],
      verdict: 'failed',
      issues: [...(na.ok ? [] : issueItems(m, a, [], na.error)), ...(nb.ok ? [] : issueItems(m, b, [], nb.error))],
      details: null,
    };
  }
  const verdict = a == b ? 'identical' : na.canonical == nb.canonical ? 'equivalent' : 'different';
  const [ca, cb, ra, rb] = [na.canonical, nb.canonical, a, b].map((x) => parseUrl(x));
  const rows: Row[] = [];
  if (ca?.ok && cb?.ok && ra?.ok && rb?.ok) {
    for (const p of PARTS) rows.push({ label: m[`part.${p}`], a: ca[p], b: cb[p], rawA: ra[p], rawB: rb[p] });
    // Parameters are matched by canonical name, so `%63ampaign` meets `campaign`.
    const pa = params(ca);
    const pb = params(cb);
    for (const name of new Set([...pa.keys(), ...pb.keys()])) {
      const va = pa.get(name) ?? [];
      const vb = pb.get(name) ?? [];
      for (let i = 0; i < Math.max(va.length, vb.length); i++) {
        rows.push({ label: fmt(m, 'compare.param', { name }), a: va[i] ?? null, b: vb[i] ?? null, rawA: null, rawB: null });
      }
    }
  }
  const cell = (s: string | null) => h('td', null, s == null ? m['compare.absent'] : h('code', { class: 'w-val' }, s));
  const body = rows
    .filter((r) => r.a != null || r.b != null || r.rawA != null || r.rawB != null)
    .map((r) => {
      // Parts are compared as written and canonical; parameters (matched by canonical
      // name) only canonically, and the rule lists below say what was rewritten.
      const same = r.a == r.b;
      const word = !same ? 'differs' : r.rawA != r.rawB ? 'sameData' : 'same';
      return h('tr', { 'data-role': 'part', 'data-verdict': same ? 'same' : 'different' },
        h('th', { scope: 'row' }, r.label), cell(r.a), cell(r.b), h('td', null, same ? m[`compare.${word}`] : h('strong', null, m['compare.differs'])));
    });
  return {
    output: m[`compare.${verdict}`],
    verdict,
    issues: [],
    details: [
      table(m, 'compare.canonical', ['compare.colPart', 'compare.colFirst', 'compare.colSecond', 'compare.colVerdict'], body),
      h('p', { class: 'w-label' }, m['compare.rulesA']),
      changesView(m, na.changes),
      h('p', { class: 'w-label' }, m['compare.rulesB']),
      changesView(m, nb.changes),
      h('p', { class: 'w-hint' }, m['compare.policyNote']),
    ],
  };
}
