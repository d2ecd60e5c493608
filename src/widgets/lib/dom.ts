/** View trees (view.ts) to DOM nodes in the browser: text is only ever text. */
import type { Child } from './view';

/**
 * The text an output stands for: its text, with each hidden-character mark (`markHidden`
 * in view.ts) given back as the character itself (an output as the build rendered it).
 */
export function rawText(el: Element): string {
  let text = '';
  for (const n of el.childNodes) {
    const cp = n instanceof HTMLElement ? n.dataset.cp : undefined;
    text += cp ? String.fromCodePoint(parseInt(cp, 16)) : n instanceof Element ? rawText(n) : (n.textContent ?? '');
  }
  return text;
}

export function toDOM(n: Child): Node {
  if (Array.isArray(n)) {
    const f = document.createDocumentFragment();
    for (const c of n) f.append(toDOM(c));
    return f;
  }
  if (n == null || n === false) return document.createTextNode('');
  if (typeof n !== 'object') return document.createTextNode(String(n));
  const el = document.createElement(n.t);
  for (const [k, v] of Object.entries(n.a ?? {}))
    if (v != null && v !== false) el.setAttribute(k, v === true ? '' : String(v));
  el.append(toDOM(n.c));
  return el;
}
