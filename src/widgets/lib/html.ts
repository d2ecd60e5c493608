import type { Child } from './view';

// Build time only: serialises a view tree for `set:html`. Every text and attribute value
// is escaped here, so reader-like data in props can never become markup.
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const VOID = new Set(['br', 'hr', 'input', 'wbr']);

export function toHTML(n: Child): string {
  if (n == null || n === false) return '';
  if (Array.isArray(n)) return n.map(toHTML).join('');
  if (typeof n !== 'object') return esc(String(n));
  let attrs = '';
  for (const [k, v] of Object.entries(n.a ?? {})) {
    if (v == null || v === false) continue;
    attrs += v === true ? ` ${k}` : ` ${k}="${esc(String(v))}"`;
  }
  return VOID.has(n.t) ? `<${n.t}${attrs}>` : `<${n.t}${attrs}>${toHTML(n.c)}</${n.t}>`;
}
