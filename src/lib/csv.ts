/**
 * CSV and TSV as spreadsheets write them, for Group (its worker and build-time render) and
 * the command-line tool: one implementation, so a file reads the same in the browser and on
 * the command line. Reading: the delimiter, RFC 4180 records, count cells as people write
 * numbers. Writing: {@link csvCell}, the quoting and formula guard of every download.
 */

/** The most frequent of `,` `;` and tab in the first line of `text` (spreadsheet exports vary). */
export function csvDelimiter(text: string): string {
  const first = text.split(/\r|\n/, 1)[0]!;
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length] as const).sort((a, b) => b[1] - a[1]);
  return counts[0]![0];
}

/**
 * RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes. The delimiter is
 * {@link csvDelimiter}'s unless given (the command-line tool reads a header first, then
 * one record at a time).
 */
export function parseCsv(text: string, delim = csvDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delim) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Whether a cell holds a URL or a reference to one: a scheme (`https:`, `mailto:`), `//`,
 * `/`, `?` or `#` first, or `www.`. Header names (`page_url`, `Landing page`) do not.
 */
export function looksLikeUrl(cell: string): boolean {
  return /^\s*(?:[a-z][a-z0-9+.-]*:|[/?#]|www\.)/i.test(cell);
}

/**
 * Whether the first row of `table` names its columns: none of its cells looks like a URL,
 * and (when there are other rows) one of them holds one. Spreadsheet rows copied without
 * their header start with a URL, and are all data.
 */
export function looksLikeHeader(table: string[][]): boolean {
  const [first, ...rest] = table;
  if (!first || first.some(looksLikeUrl)) return false;
  return rest.length === 0 || rest.slice(0, 100).some((row) => row.some(looksLikeUrl));
}

/**
 * A count cell as people write it: `1234`, `1,234`, `1 234`, `1.234.567`, `12.5`, `12,5`,
 * `1.234,5`. Blank is 0; anything else that is not a number is NaN.
 */
export function countOf(cell: string): number {
  let s = cell.replace(/[\s'’]/g, '');
  if (!s) return 0;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) s = comma > dot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  else if (/^[-+]?\d{1,3}([,.])\d{3}(\1\d{3})*$/.test(s)) s = s.replace(/[,.]/g, '');
  else s = s.replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) ? Number(s) : NaN;
}

/**
 * One CSV cell of a download: always quoted, and a cell starting with = + - @ (or tab, CR)
 * gets a leading apostrophe, so a spreadsheet never runs a URL as a formula.
 */
export const csvCell = (s: string | number) => {
  let text = String(s);
  // Tests, not replaces: most cells (URLs, keys) need neither change, and a replace that
  // finds nothing costs 3x a search (the command-line tool writes three cells a line).
  // (An empty cell's first character is `undefined`, which is not among the leads.)
  if ('=+-@\t\r'.includes(text[0]!)) text = `'${text}`;
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
};
