/** View trees (view.ts) to DOM nodes in the browser: text is only ever text. */
import type { Child } from './view';

export function toDOM(n: Child): Node {
  if (Array.isArray(n)) {
    const f = document.createDocumentFragment();
    for (const c of n) f.append(toDOM(c));
    return f;
  }
  if (n == null || n === false) return document.createTextNode('');
  if (typeof n != 'object') return document.createTextNode(String(n));
  const el = document.createElement(n.t);
  for (const [k, v] of Object.entries(n.a ?? {})) if (v != null && v !== false) el.setAttribute(k, v === true ? '' : String(v));
  el.append(toDOM(n.c));
  return el;
}
