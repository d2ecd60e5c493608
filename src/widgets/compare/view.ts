/**
 * Compare: are two URLs the same request? Identical text, the same data written
 * differently (equal canonical forms under the chosen model), or different data; part by
 * part, each row saying which rules decided (build and browser).
 */
import {
  decode,
  normalize,
  parseUrl,
  type NormalizeChange,
  type NormalizePolicy,
  type Normalized,
  type ParsedUrl,
} from '../../codec';
import { hiddenNotice, issueItems } from '../lib/issues';
import { changesView, keptView, ruleName } from '../normalize/changes';
import { CELL, clip, countHidden, figure, fmt, h, markHidden, table, type Child, type Dict } from '../lib/view';

const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;

/** Rows shown; a URL with thousands of parameters still lays out at once. */
const MAX_ROWS = 200;

type Row = {
  label: Child;
  a: string | null;
  b: string | null;
  rawA: string | null;
  rawB: string | null;
  /** The rules that changed this part (or parameter) of each URL. */
  rules: NormalizeChange[];
};

/** Canonical parameters by name, each name's values in order (linear in the number of pairs). */
function params(p: ParsedUrl): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const x of p.pairs) {
    const values = map.get(x.name);
    if (values) values.push(x.value ?? '');
    else map.set(x.name, [x.value ?? '']);
  }
  return map;
}

/** Each URL's changes by where they apply: a part, or `query:<name>` for one parameter. */
function changesByPlace(...results: Normalized[]): Map<string, NormalizeChange[]> {
  const map = new Map<string, NormalizeChange[]>();
  for (const r of results) {
    for (const c of r.changes) {
      const place = c.part === 'query' && c.name != null ? `query:${c.name}` : c.part;
      const list = map.get(place);
      if (list) list.push(c);
      else map.set(place, [c]);
    }
  }
  return map;
}

/** Both values percent-decoded (leniently): when they read alike, only an escape kept them apart. */
const readsAlike = (a: string | null, b: string | null) => {
  if (a == null || b == null) return false;
  const [x, y] = [decode(a, { invalid: 'replace' }), decode(b, { invalid: 'replace' })];
  return x.ok && y.ok && x.value === y.value;
};

export function compareView(m: Dict, a: string, b: string, policy: NormalizePolicy) {
  const na = normalize(a, policy);
  const nb = normalize(b, policy);
  if (!na.ok || !nb.ok) {
    return {
      output: m['compare.failed'],
      verdict: 'failed',
      issues: [...(na.ok ? [] : issueItems(m, a, [], na.error)), ...(nb.ok ? [] : issueItems(m, b, [], nb.error))],
      details: null,
    };
  }
  const verdict = a === b ? 'identical' : na.canonical === nb.canonical ? 'equivalent' : 'different';
  // Parameters are compared canonically only, so the inputs as written are parsed into parts alone.
  const [ca, cb] = [parseUrl(na.canonical), parseUrl(nb.canonical)];
  const [ra, rb] = [parseUrl(a.trim(), { pairs: false }), parseUrl(b.trim(), { pairs: false })];
  const byPlace = changesByPlace(na, nb);
  const rows: Row[] = [];
  let hidden = 0;
  if (ca?.ok && cb?.ok && ra?.ok && rb?.ok) {
    for (const p of PARTS) {
      rows.push({ label: m[`part.${p}`], a: ca[p], b: cb[p], rawA: ra[p], rawB: rb[p], rules: byPlace.get(p) ?? [] });
    }
    // Parameters are matched by canonical name, so `%63ampaign` meets `campaign`.
    const pa = params(ca);
    const pb = params(cb);
    for (const name of new Set([...pa.keys(), ...pb.keys()])) {
      const va = pa.get(name) ?? [];
      const vb = pb.get(name) ?? [];
      for (let i = 0; i < Math.max(va.length, vb.length); i++) {
        if (rows.length >= MAX_ROWS + PARTS.length) {
          hidden++;
          continue;
        }
        const rules = i === 0 ? (byPlace.get(`query:${name}`) ?? []) : [];
        rows.push({
          label: fmt(m, 'compare.param', { name: h('code', null, markHidden(name)) }),
          a: va[i] ?? null,
          b: vb[i] ?? null,
          rawA: null,
          rawB: null,
          rules,
        });
      }
    }
  }
  const keptApart = m[na.model === 'rfc3986' ? 'compare.keptRfc3986' : 'compare.keptData'];
  let clipped = false;
  // Hidden characters in the cells, drawn as marks and counted.
  let marked = 0;
  const visible = (s: string) => {
    marked += countHidden(s);
    return markHidden(s);
  };
  const cut = (s: string) => {
    if (s.length <= CELL) return s;
    clipped = true;
    return clip(s, CELL);
  };
  const cell = (s: string | null) =>
    h('td', null, s == null ? m['compare.absent'] : h('code', { class: 'w-val' }, visible(cut(s))));
  const body = rows
    .filter((r) => r.a != null || r.b != null || r.rawA != null || r.rawB != null)
    .map((r) => {
      // Parts are compared as written and canonically; parameters (matched by canonical
      // name) only canonically. The last cell says which rules decided.
      const same = r.a === r.b;
      const word = !same ? 'differs' : r.rawA !== r.rawB || r.rules.length ? 'sameData' : 'same';
      const reasons: Child[] = [...new Set(r.rules.map((c) => c.rule))].map((rule) =>
        h('li', { 'data-rule': rule }, ruleName(m, rule)),
      );
      if (!same && readsAlike(r.a, r.b)) reasons.push(h('li', { 'data-rule': 'kept-escape' }, keptApart));
      // The query as a whole: its parameters' rows below say what decided (a sentence, not a list item).
      const none = r.label === m['part.query'] && r.rawA !== r.rawB ? 'compare.seeParams' : 'compare.noRule';
      return h(
        'tr',
        { 'data-role': 'part', 'data-verdict': same ? 'same' : 'different' },
        h('th', { scope: 'row' }, r.label),
        cell(r.a),
        cell(r.b),
        h('td', null, same ? m[`compare.${word}`] : h('strong', null, m['compare.differs'])),
        h('td', null, reasons.length ? h('ul', { class: 'w-reasons' }, reasons) : m[none]),
      );
    });
  return {
    output: m[`compare.${verdict}`],
    verdict,
    // The rules below quote the inputs' parts: their hidden characters are marked there too.
    issues: [hiddenNotice(m, countHidden(a) + countHidden(b) + marked)],
    details: [
      // Five columns: on a narrow screen the table scrolls sideways in a focusable box
      // instead of breaking words in the middle. A group, not a region: a page holds several
      // Compare widgets, and landmarks of one name are noise to a screen reader (axe's
      // landmark-unique), as the articles' tables (Table.astro).
      h(
        'div',
        { class: 'w-scroll', tabindex: 0, role: 'group', 'aria-label': m['compare.canonical'] },
        table(
          m,
          'compare.canonical',
          ['compare.colPart', 'compare.colFirst', 'compare.colSecond', 'compare.colVerdict', 'compare.colWhy'],
          body,
        ),
      ),
      hidden > 0 ? h('p', { class: 'w-hint' }, fmt(m, 'compare.moreRows', { count: figure(m, hidden) })) : null,
      clipped ? h('p', { class: 'w-hint' }, m['common.clipped']) : null,
      na.model !== policy.model
        ? h('p', { class: 'w-hint' }, fmt(m, 'normalize.modelForced', { scheme: `${ca?.ok ? ca.scheme : ''}:` }))
        : null,
      h('p', { class: 'w-label' }, m['compare.rulesA']),
      changesView(m, na.changes),
      keptView(m, na.kept),
      h('p', { class: 'w-label' }, m['compare.rulesB']),
      changesView(m, nb.changes),
      keptView(m, nb.kept),
    ],
  };
}
