import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HTMLElement, parse, TextNode, type Node } from 'node-html-parser';
import { noSplitTerms, thaiWordBreaks, type Span } from './thai-words.ts';

/** The class of the span that keeps a listed term on one line (`white-space: nowrap`, global.css). */
export const KEEP_CLASS = 'nobr';

/**
 * Elements whose text is not prose, or where a tag would change what the reader gets:
 * code and its kin, form fields and their options, scripts, styles, SVG (its text is laid
 * out by coordinates), the document head.
 */
const NOT_PROSE = new Set([
  'head',
  'code',
  'pre',
  'kbd',
  'samp',
  'var',
  'textarea',
  'select',
  'option',
  'datalist',
  'script',
  'style',
  'svg',
  'math',
  'template',
  'noscript',
  'iframe',
  'object',
]);

/**
 * A widget's result regions: its script replaces their content (`data-region`, else
 * `data-role`: src/widgets/lib/widget.ts), and tests compare them with what the codec writes.
 */
const isWidgetRegion = (el: HTMLElement) => el.hasAttribute('data-role') || el.hasAttribute('data-region');
const isKept = (el: HTMLElement) => el.tagName === 'SPAN' && el.classList.contains(KEEP_CLASS);
const isWbr = (el: HTMLElement) => el.tagName === 'WBR';

/**
 * A text run: neighbouring text nodes, `<wbr>`s and kept terms, read as one text (so a
 * second pass sees the same words as the first). `at`: where the piece starts in that text.
 */
type Piece =
  | { kind: 'text'; node: TextNode; at: number }
  | { kind: 'wbr'; at: number }
  | { kind: 'kept'; at: number; text: string };

interface Edit {
  offset: number;
  /** At one offset: a closing tag, then `<wbr>`, then an opening tag. */
  order: number;
  text: string;
}

export interface ThaiBreakResult {
  html: string;
  /** `<wbr>` elements added. */
  breaks: number;
  /** Spans wrapped to stay on one line: listed terms, and words ICU would cut. */
  kept: number;
}

/**
 * The edits for one text run: `<wbr>` where a break may go, a span around each listed term.
 */
function runEdits(pieces: readonly Piece[], terms: readonly string[]): Edit[] {
  const texts = pieces.filter((p) => p.kind === 'text');
  if (texts.length === 0) return [];
  const text = pieces.map((p) => (p.kind === 'text' ? p.node.rawText : p.kind === 'kept' ? p.text : '')).join('');
  const frozen = pieces.flatMap((p): Span[] => (p.kind === 'kept' ? [[p.at, p.at + p.text.length]] : []));
  const present = new Set(pieces.flatMap((p) => (p.kind === 'wbr' ? [p.at] : [])));
  const { breaks, keep } = thaiWordBreaks(text, terms, frozen);

  // Where a run offset is in the source: in the text node that holds it, the one it starts
  // (or, with `ending`, the one it ends).
  const source = (at: number, ending = false): number | undefined => {
    const node = texts.find((p) =>
      ending ? p.at < at && at <= p.at + p.node.rawText.length : p.at <= at && at < p.at + p.node.rawText.length,
    );
    return node && node.node.range[0] + (at - node.at);
  };
  const edits: Edit[] = [];
  for (const at of breaks) {
    const offset = present.has(at) ? undefined : (source(at) ?? source(at, true));
    if (offset !== undefined) edits.push({ offset, order: 1, text: '<wbr>' });
  }
  for (const [start, end] of keep) {
    const open = source(start);
    const close = source(end, true);
    // Only a term within one text node is wrapped; one that crosses a tag is left as it is.
    if (open === undefined || close === undefined || close - open !== end - start) continue;
    edits.push(
      { offset: open, order: 2, text: `<span class="${KEEP_CLASS}">` },
      { offset: close, order: 0, text: '</span>' },
    );
  }
  return edits;
}

/**
 * Adds Thai word-break opportunities to a page: `<wbr>` between Thai dictionary words in
 * the text of `<body>`, and a no-wrap span around every listed term and every word ICU
 * would cut (thai-words.ts), outside code, form fields, widgets,
 * scripts, SVG and attributes. The rest of the document is left byte for byte.
 * Running it again changes nothing.
 *
 * Widgets are left as they are. Their labels are flex items (a span in a label is an item of
 * its own, with a gap around it, and no longer wraps with the text: 28 px of overflow at
 * 320 px); their controls repeat on every widget of a page, where `<wbr>` cost 2.5 KB gzip on
 * the analytics page; and Chromium breaks those short labels at the same places anyway.
 */
export function breakThaiLines(html: string, terms: readonly string[] = []): ThaiBreakResult {
  const body = parse(html, { comment: true }).querySelector('body');
  if (!body) return { html, breaks: 0, kept: 0 };
  const edits: Edit[] = [];

  const visit = (el: HTMLElement) => {
    let run: Piece[] = [];
    let at = 0;
    const flush = () => {
      edits.push(...runEdits(run, terms));
      run = [];
      at = 0;
    };
    for (const child of el.childNodes as Node[]) {
      if (child instanceof TextNode) {
        run.push({ kind: 'text', node: child, at });
        at += child.rawText.length;
      } else if (child instanceof HTMLElement && isWbr(child)) {
        run.push({ kind: 'wbr', at });
      } else if (child instanceof HTMLElement && isKept(child)) {
        run.push({ kind: 'kept', at, text: child.rawText });
        at += child.rawText.length;
      } else {
        flush();
        if (
          child instanceof HTMLElement &&
          !NOT_PROSE.has(child.tagName.toLowerCase()) &&
          !isWidgetRegion(child) &&
          !child.hasAttribute('data-widget')
        ) {
          visit(child);
        }
      }
    }
    flush();
  };
  visit(body);

  edits.sort((a, b) => a.offset - b.offset || a.order - b.order);
  let out = '';
  let from = 0;
  for (const edit of edits) {
    out += html.slice(from, edit.offset) + edit.text;
    from = edit.offset;
  }
  out += html.slice(from);
  return {
    html: out,
    breaks: edits.filter((e) => e.order === 1).length,
    kept: edits.filter((e) => e.order === 2).length,
  };
}

/** Every `.html` file under `dir`. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/**
 * After `astro build`, adds Thai word-break opportunities to every page under `/<locale>/`
 * (breakThaiLines). The terms to keep whole are read from the glossary's
 * `## คำที่ห้ามตัดบรรทัด` list; without the file or the section, none. Register it before
 * the search index, which should read the finished pages.
 */
export function thaiLineBreaks(options: { locale?: string; glossary?: string } = {}): AstroIntegration {
  const { locale = 'th', glossary = 'content/th/GLOSSARY.md' } = options;
  let root: URL | undefined;
  return {
    name: 'thai-line-breaks',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const list = await readFile(new URL(glossary, root ?? dir), 'utf8').catch(() => '');
        const terms = noSplitTerms(list);
        let pages = 0;
        let breaks = 0;
        let kept = 0;
        for (const file of await htmlFiles(join(fileURLToPath(dir), locale))) {
          const before = await readFile(file, 'utf8');
          const result = breakThaiLines(before, terms);
          if (result.html !== before) await writeFile(file, result.html);
          pages += 1;
          breaks += result.breaks;
          kept += result.kept;
        }
        logger.info(
          `${pages} pages: ${breaks} word breaks added, ${kept} words kept on one line (${terms.length} listed terms, and words ICU would cut)`,
        );
      },
    },
  };
}
