/**
 * A URL drawn as a row of its parts: each part tinted in its hue, each structural
 * character boxed, each part's name under it with a leader line. Positions come from the
 * codec's `parseUrl` spans; the anatomy diagram and the pipeline's parse step both use it.
 */
import { parseUrl, type ParsedUrl } from '../../codec';
import type { Locale } from '../../i18n/locales';
import { height, textBox, width, type Shape } from './scene';
import { fail } from '../content/figures';
import { stringsFor } from './words';

const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
type Part = (typeof PARTS)[number];

/** A run of the URL: data of one part, or a structural character (`part` null between parts). */
interface Token {
  text: string;
  part: Part | null;
  structural: boolean;
}

/** The URL as tokens, in order; joined, their text is the URL exactly. */
function tokens(value: string, parsed: ParsedUrl): Token[] {
  const out: Token[] = [];
  const structural = (text: string, part: Part | null) => {
    // `://` is two marks: `:` ends the scheme, `//` opens the authority.
    for (const d of text.match(/\/\/|./gs) ?? []) out.push({ text: d, part, structural: true });
  };
  const data = (text: string, part: Part) => text !== '' && out.push({ text, part, structural: false });
  const spans = PARTS.flatMap((part) => {
    const span = parsed.spans[part];
    return span && span.length > 0 ? [{ part, ...span }] : [];
  }).sort((a, b) => a.index - b.index);
  let at = 0;
  for (const { part, index, length } of spans) {
    structural(value.slice(at, index), null);
    const text = value.slice(index, index + length);
    if (part === 'path') {
      // Segments are split at `/`.
      text.split('/').forEach((segment, i) => {
        if (i > 0) structural('/', part);
        data(segment, part);
      });
    } else if (part === 'query') {
      // Pairs are split at `&`, a name from its value at the first `=`.
      let q = index;
      for (const pair of parsed.pairs) {
        structural(value.slice(q, pair.index), part);
        data(pair.name, part);
        if (pair.value !== null) {
          structural('=', part);
          data(pair.value, part);
        }
        q = pair.index + pair.length;
      }
      structural(value.slice(q, index + length), part);
    } else {
      data(text, part);
    }
    at = index + length;
  }
  structural(value.slice(at), null);
  return out;
}

export interface UrlRow {
  shapes: Shape[];
  width: number;
  /** Bottom edge of the row and its labels. */
  bottom: number;
  /** The parts as written, in URL order. */
  parts: { part: Part; text: string }[];
  /** The structural characters, each once, in order of first appearance. */
  structural: string[];
  /** The first run of data, to show in a legend. */
  sample: Token | undefined;
}

const GAP = 2;
const LABEL_GAP = 10;

/** Lays the URL out from (x, y); `component` names the caller when the URL does not parse. */
export function urlRow(component: string, value: string, locale: Locale, x: number, y: number): UrlRow {
  const parsed = parseUrl(value);
  if (!parsed.ok) fail(component, value, `the codec reports ${parsed.error.code} at index ${parsed.error.index}`);
  const names = stringsFor(locale).widgets.part;
  const all = tokens(value, parsed);
  const rowHeight = Math.max(...all.map((t) => height(t.text, 'code'))) + 8;

  const shapes: Shape[] = [];
  const parts: { part: Part; text: string; x0: number; x1: number }[] = [];
  let cursor = x;
  for (const token of all) {
    const w = width(token.text, 'code') + (token.structural ? 8 : 4);
    const current = parts.at(-1);
    if (token.part && current?.part === token.part) current.x1 = cursor + w;
    else if (token.part) parts.push({ part: token.part, text: '', x0: cursor, x1: cursor + w });
    if (token.part) parts.at(-1)!.text += token.text;
    cursor += w + (token.structural ? GAP : 0);
  }
  // Part tints first, so the structural boxes inside a part are drawn over them.
  for (const p of parts)
    shapes.push({ box: { x: p.x0 - 1, y, w: p.x1 - p.x0 + 2, h: rowHeight, cls: `tint hue-${p.part}`, texts: [] } });
  cursor = x;
  for (const token of all) {
    const w = width(token.text, 'code') + (token.structural ? 8 : 4);
    const kind = token.structural ? ('codeStrong' as const) : ('code' as const);
    const text = {
      x: cursor + w / 2,
      y: y + rowHeight / 2,
      text: token.text,
      kind,
      anchor: 'middle' as const,
      role: 'token',
    };
    if (token.structural)
      shapes.push({
        box: { x: cursor, y: y + 2, w, h: rowHeight - 4, cls: 'delim', texts: [text], role: 'structural' },
      });
    else shapes.push({ text });
    cursor += w + (token.structural ? GAP : 0);
  }

  // Labels in one row under the parts, each pushed right where it would overlap the one
  // before; order is kept, so leader lines never cross.
  const labelY = y + rowHeight + LABEL_GAP + 6;
  const labels = parts.map((p) => {
    const box = textBox(0, labelY, [{ text: names[p.part], kind: 'small', cls: `ink hue-${p.part}` }], 'bare', {
      align: 'middle',
      pad: { x: 2, y: 1 },
    });
    return { p, box, center: (p.x0 + p.x1) / 2 };
  });
  let right = x;
  for (const l of labels) {
    l.box.x = Math.max(l.center - l.box.w / 2, right);
    right = l.box.x + l.box.w + 6;
  }
  for (const l of labels) {
    for (const t of l.box.texts) t.x = l.box.x + l.box.w / 2;
    shapes.push({
      path: `M${l.center} ${y + rowHeight}L${l.box.x + l.box.w / 2} ${labelY}`,
      cls: `leader hue-${l.p.part}`,
    });
    shapes.push({ box: { ...l.box, role: 'part' } });
  }
  const bottom = Math.max(...labels.map((l) => l.box.y + l.box.h), y + rowHeight);
  const structural = [...new Set(all.filter((t) => t.structural).map((t) => t.text))];
  const sample = all.find((t) => !t.structural);
  return {
    shapes,
    width: Math.max(cursor, right) - x,
    bottom,
    parts: parts.map(({ part, text }) => ({ part, text })),
    structural,
    sample,
  };
}
