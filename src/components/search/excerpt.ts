/**
 * A Pagefind excerpt as text runs, so the search UI builds it with text nodes and never
 * parses it as HTML. Pagefind writes the page text with `<` and `>` escaped as `&lt;` and
 * `&gt;` (nothing else) and wraps each matched word in `<mark>…</mark>`.
 */
export interface ExcerptRun {
  text: string;
  /** A word that matched the query. */
  mark: boolean;
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export function excerptRuns(excerpt: string): ExcerptRun[] {
  return excerpt
    .split(/(<mark>[^<]*<\/mark>)/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const mark = piece.startsWith('<mark>') && piece.endsWith('</mark>');
      return { text: unescape(mark ? piece.slice(6, -7) : piece), mark };
    });
}
