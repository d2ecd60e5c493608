/**
 * A diagram as a list of shapes with computed positions: each diagram's layout builds one,
 * `Scene.astro` draws it. Boxes carry their own text, so tests can check that the text of
 * every box fits inside it.
 */
import { lineHeight, SIZE, textWidth, type TextStyle } from './measure';

/** The text styles of the diagrams; `diagrams.css` gives `.t-<kind>` the same sizes. */
export const TEXT = {
  label: { size: SIZE.label },
  strong: { size: SIZE.label, bold: true },
  small: { size: SIZE.small },
  code: { size: SIZE.code, mono: true },
  codeStrong: { size: SIZE.code, mono: true, bold: true },
  codeSmall: { size: SIZE.small, mono: true },
  glyph: { size: SIZE.glyph },
} satisfies Record<string, TextStyle>;
export type TextKind = keyof typeof TEXT;

/** One line of text; `y` is the middle of its line (drawn with `dominant-baseline: central`). */
export interface Text {
  x: number;
  y: number;
  text: string;
  kind: TextKind;
  /** Extra classes: a hue (`hue-host`) or `ink` to colour the text in it. */
  cls?: string;
  anchor?: 'start' | 'middle' | 'end';
  /** `data-role`, for tests (as the widgets' DOM contract): what the text stands for. */
  role?: string;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Classes of the rectangle: `tint hue-…`, `frame`, `delim`… */
  cls: string;
  texts: Text[];
  /** `data-role`, for tests: what the box stands for. */
  role?: string;
}

export type Shape = { box: Box } | { text: Text } | { path: string; cls: string; arrow?: boolean };

export const width = (text: string, kind: TextKind): number => textWidth(text, TEXT[kind]);
export const height = (text: string, kind: TextKind): number => lineHeight(text, TEXT[kind]);

/** Inner padding of a box around its text. */
export const PAD = { x: 8, y: 4 };

/**
 * A box holding lines of text, stacked, its width that of the widest line. `align` places
 * the lines at the left or in the middle; `minWidth` widens the box (e.g. to a column).
 */
export function textBox(
  x: number,
  y: number,
  lines: { text: string; kind: TextKind; cls?: string; role?: string }[],
  cls: string,
  options: { align?: 'start' | 'middle'; minWidth?: number; pad?: { x: number; y: number } } = {},
): Box {
  const pad = options.pad ?? PAD;
  const w = Math.max(options.minWidth ?? 0, ...lines.map((l) => width(l.text, l.kind) + 2 * pad.x));
  const texts: Text[] = [];
  let at = y + pad.y;
  for (const line of lines) {
    const lh = height(line.text, line.kind);
    const middle = options.align === 'middle';
    texts.push({
      x: middle ? x + w / 2 : x + pad.x,
      y: at + lh / 2,
      text: line.text,
      kind: line.kind,
      ...(line.cls ? { cls: line.cls } : {}),
      ...(line.role ? { role: line.role } : {}),
      ...(middle ? { anchor: 'middle' as const } : {}),
    });
    at += lh;
  }
  return { x, y, w, h: at - y + pad.y, cls, texts };
}

/** The width and height a list of shapes needs, plus a margin. */
export function extent(shapes: Shape[], margin = 8): { width: number; height: number } {
  let w = 0;
  let h = 0;
  for (const s of shapes) {
    if ('box' in s) {
      w = Math.max(w, s.box.x + s.box.w);
      h = Math.max(h, s.box.y + s.box.h);
    } else if ('text' in s) {
      const t = s.text;
      const tw = width(t.text, t.kind);
      w = Math.max(w, t.anchor === 'middle' ? t.x + tw / 2 : t.anchor === 'end' ? t.x : t.x + tw);
      h = Math.max(h, t.y + height(t.text, t.kind) / 2);
    }
  }
  return { width: Math.ceil(w + margin), height: Math.ceil(h + margin) };
}

/** An S-curve from a point to another further right (connectors between columns). */
export const curve = (x1: number, y1: number, x2: number, y2: number): string => {
  const mid = (x1 + x2) / 2;
  return `M${x1} ${y1}C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}`;
};
