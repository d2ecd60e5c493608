/**
 * Line by line (Encode and Decode): a list in, a list out. Each line is done on its own; a
 * line that fails gives an empty line in the output, so the lists stay aligned, and its issue
 * is listed with its line number. Build and browser.
 */
import type { CodecIssue } from '../../codec';
import { issueItem, issueText, MAX_ISSUES } from './issues';
import { CUT, figure, fmt, h, markHidden, type Child, type Dict } from './view';

/** One line's result: its output, or its error; notices either way. */
export type LineResult = { output: string | null; notices: readonly CodecIssue[]; error: CodecIssue | null };

/**
 * The output as shown: each line's hidden characters as marks (a decoded `%0A` inside a line
 * is a mark, never a break) and a real line break between lines, for the first {@link CUT}
 * characters. `Widget.show` puts it in place of the plain output; Copy copies the output.
 */
function listView(outputs: readonly string[]): Child[] {
  const shown: Child[] = [];
  let length = 0;
  for (const [n, line] of outputs.entries()) {
    if (length > CUT) break;
    if (n) shown.push('\n');
    shown.push(markHidden(line.slice(0, CUT)));
    length += line.length + 1;
  }
  return shown;
}

/** Lines end as in Group and text files: `\r\n`, `\n` or `\r`. */
const splitLines = (text: string): string[] => text.split(/\r\n|\n|\r/);

export function byLine(m: Dict, text: string, run: (line: string) => LineResult) {
  const lines = splitLines(text);
  const out: string[] = [];
  const items: Child[] = [];
  let shown = 0;
  let more = 0;
  let failed = 0;
  lines.forEach((line, n) => {
    const r = run(line);
    out.push(r.output ?? '');
    if (r.error) failed++;
    for (const [role, is] of [
      ...r.notices.map((x) => ['notice', x] as const),
      ...(r.error ? [['error', r.error] as const] : []),
    ]) {
      if (shown++ >= MAX_ISSUES) more++;
      else
        items.push(
          issueItem(m, role, is.code, [fmt(m, 'common.line', { line: figure(m, n + 1) }), ' ', issueText(m, line, is)]),
        );
    }
  });
  if (more) items.push(h('li', { class: 'w-more' }, fmt(m, 'common.more', { count: figure(m, more) })));
  return { output: out.join('\n'), shown: listView(out), items, lines: lines.length, failed };
}
