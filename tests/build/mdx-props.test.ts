/**
 * A component's props must hold the text the reader sees. MDX decodes HTML entities in a
 * quoted prop, so `<Esc text="&#2344;" />` hands Esc the character न and shows its UTF-8
 * escape, while the prose around it speaks of the reference `&#2344;` (issue 32). A reference
 * meant as text is a figure of its own: `<CharRef>` and `<Esc charset>` compute it.
 *
 * The articles are parsed with satteri, the parser the build's MDX integration uses
 * (@astrojs/markdown-satteri), with the same features as astro.config.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mdxToMdast, type MdastNode } from 'satteri';
import { describe, expect, it } from 'vitest';

const CONTENT = join(import.meta.dirname, '..', '..', 'content');
/** A named, decimal or hexadecimal character reference. */
const ENTITY = /&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);/;

interface Prop {
  component: string;
  name: string;
  /** The prop as written in the file. */
  written: string;
  /** What the component receives. */
  received: string | null;
  line: number;
}

type Jsx = MdastNode & { name?: string | null; attributes?: { type: string; name?: string; value?: unknown }[] };

/** Every prop of every component in `source`, with the text written for it in the file. */
function propsOf(source: string): Prop[] {
  const props: Prop[] = [];
  const visit = (node: Jsx) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && node.position) {
      const tag = source.slice(node.position.start.offset);
      for (const attribute of node.attributes ?? []) {
        if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) continue;
        const value = attribute.value;
        if (value === null || value === undefined) continue; // a boolean prop: nothing written
        const expression =
          typeof value === 'object' && value !== null ? String((value as { value: unknown }).value) : null;
        const quoted = new RegExp(`\\s${attribute.name}=(?:"([^"]*)"|'([^']*)'|\\{)`).exec(tag);
        const written = expression ?? (quoted ? (quoted[1] ?? quoted[2] ?? '') : '');
        props.push({
          component: node.name,
          name: attribute.name,
          written,
          received: expression === null ? (value as string) : null,
          line: node.position.start.line,
        });
      }
    }
    for (const child of (node as { children?: Jsx[] }).children ?? []) visit(child);
  };
  visit(mdxToMdast(source, { features: { headingAttributes: true } }) as Jsx);
  return props;
}

/** Props that hold an entity: decoded by the build (quoted) or a reference typed as a string in code. */
function entityProps(source: string): string[] {
  return propsOf(source)
    .filter((prop) => ENTITY.test(prop.written) || (prop.received !== null && prop.received !== prop.written))
    .map((prop) => `line ${prop.line}: <${prop.component} ${prop.name}=${JSON.stringify(prop.written)}>`);
}

const articles = readdirSync(CONTENT).flatMap((locale) =>
  readdirSync(join(CONTENT, locale))
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => `${locale}/${file}`),
);

describe('the check itself', () => {
  it('finds an entity in a quoted prop, which the parser decodes, and one typed in an expression', () => {
    expect(propsOf('A <Esc text="&#2344;" /> B')).toEqual([
      { component: 'Esc', name: 'text', written: '&#2344;', received: 'न', line: 1 },
    ]);
    expect(entityProps('<Esc text="&amp;" />\n\n<Esc text={"&#x928;"} />')).toEqual([
      'line 1: <Esc text="&amp;">',
      'line 3: <Esc text="\\"&#x928;\\"">',
    ]);
  });

  it('passes text that only looks near an entity', () => {
    expect(entityProps('<Esc text="C++ & C#" /> <Esc text="a;b&c" /> <Decode value="%26%23" />')).toEqual([]);
  });
});

describe.each(articles)('content/%s', (article) => {
  it('has no HTML entity in a component prop (the reader sees what the prop holds)', () => {
    expect(entityProps(readFileSync(join(CONTENT, article), 'utf8'))).toEqual([]);
  });
});
