import { describe, expect, it } from 'vitest';
import type { HTMLElement, Node } from 'node-html-parser';
import { builtPages } from '../support/dist';

// Every escape a reader sees must come from the codec: widgets ([data-widget]) and
// inline figures ([data-codec]) compute theirs at build time. An escape-like string
// anywhere else in a page's text was typed by hand and may be wrong. A `%%` is printf's
// literal percent sign in a shell command a page quotes (`printf 'GET /%%5C…'`), not an escape.
const ESCAPE = /(?<!%)%[0-9A-Fa-f]{2}/;
const COMPUTED = new Set(['script', 'style', 'template']);

function handTypedEscapes(node: Node, found: string[] = []): string[] {
  const element = node as HTMLElement;
  if (element.tagName) {
    if (COMPUTED.has(element.tagName.toLowerCase())) return found;
    if (element.hasAttribute?.('data-codec') || element.hasAttribute?.('data-widget')) return found;
  } else if (ESCAPE.test(node.text)) {
    found.push(node.text.trim().slice(0, 80));
  }
  for (const child of node.childNodes) handTypedEscapes(child, found);
  return found;
}

describe.each(builtPages().map((page) => [page.path, page] as const))('%s', (_path, page) => {
  it('has no hand-typed escapes in its text', () => {
    const body = page.root.querySelector('body');
    expect(body ? handTypedEscapes(body) : []).toEqual([]);
  });
});
