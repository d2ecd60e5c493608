/**
 * CSV as Group and the command-line tool read it (src/lib/csv.ts), and Group's reading of a
 * table: whether its first row is a header, and what the page shows of a long value.
 */
import { describe, expect, it } from 'vitest';
import { looksLikeHeader, looksLikeUrl, parseCsv } from '../../src/lib/csv.ts';
import { cutForView, run } from '../../src/widgets/group/engine.ts';
import { policyOf } from '../../src/widgets/lib/policy.ts';
import { groupView } from '../../src/widgets/group/view.ts';
import { dictFor } from '../../src/widgets/lib/build.ts';
import { toHTML } from '../../src/widgets/lib/html.ts';

const policy = policyOf({});

describe('looksLikeUrl and looksLikeHeader', () => {
  it('tells URLs from column names', () => {
    for (const url of [
      '/a?x=1',
      'https://example.com/',
      'HTTP://x',
      '//cdn.example/a',
      '?q=1',
      '#top',
      'www.example.com',
      ' /lead-space',
      'mailto:a@b',
    ])
      expect([url, looksLikeUrl(url)]).toEqual([url, true]);
    for (const name of ['page', 'Page URL', 'landing_page', 'visits', '5', '', 'Сторінка', 'หน้า'])
      expect([name, looksLikeUrl(name)]).toEqual([name, false]);
  });

  it('takes the first row as a header only when it holds no URL and the rows after it do', () => {
    // The review's paste: three spreadsheet rows without a header.
    expect(looksLikeHeader(parseCsv('/a?x=1\t5\n/a?x=%31\t7\n/b\t1', '\t'))).toBe(false);
    expect(looksLikeHeader(parseCsv('page\tvisits\n/a?x=1\t5\n/b\t1', '\t'))).toBe(true);
    expect(looksLikeHeader(parseCsv('id,url\n1,https://a.example/\n', ','))).toBe(true);
    // A header alone is a header; a first row with a URL anywhere is data.
    expect(looksLikeHeader([['page', 'visits']])).toBe(true);
    expect(looksLikeHeader(parseCsv('5,/a\n7,/b', ','))).toBe(false);
    expect(looksLikeHeader([])).toBe(false);
  });
});

describe('Group reading a table', () => {
  const job = (text: string, header = '') => ({ text, format: 'tsv', column: '', count: '', header, policy });

  it('groups every row of a headerless paste, the first URL too (was "Rows: 2")', () => {
    const r = run(job('/a?x=1\t5\n/a?x=%31\t7\n/b\t1'), () => {});
    expect([r.header, r.headers, r.column, r.report.lines]).toEqual([false, ['', ''], 0, 3]);
    expect(r.report.groups.map((g) => [g.canonical, g.count])).toEqual([
      ['/a?x=1', 2],
      ['/b', 1],
    ]);
    // The URL column is found by its cells when there are no names: here the second.
    expect(run(job('5\t/a\n7\t/b'), () => {}).column).toBe(1);
  });

  it('takes a header when the rows say so, and as the reader chooses either way', () => {
    const withHeader = run(job('visits\tpage\n5\t/a\n7\t/b'), () => {});
    expect([withHeader.header, withHeader.headers, withHeader.column, withHeader.report.lines]).toEqual([
      true,
      ['visits', 'page'],
      1,
      2,
    ]);
    expect(run(job('visits\tpage\n5\t/a', 'no'), () => {}).report.lines).toBe(2);
    expect(run(job('/a\t5\n/b\t7', 'yes'), () => {}).headers).toEqual(['/a', '5']);
  });

  it('shows a 2 MB URL cut to its two ends, says so, and keeps it whole in the report', () => {
    const long = `https://example.com/?q=${'a%20'.repeat(524_288)}`;
    const r = run({ ...job(`${long}\n/b`), format: 'lines' }, () => {});
    const html = toHTML(groupView(dictFor('en', ['group', 'rule', 'normalize']), cutForView(r.report), 'en').output);
    expect(html.length).toBeLessThan(10_000);
    expect(html).toContain(
      `<code class="w-val" data-role="canonical">${long.slice(0, 248)}…${long.slice(-248)}</code>`,
    );
    expect(html).toContain('data-role="clipped"');
    expect(r.report.groups.find((g) => g.canonical.startsWith('https://'))!.variants[0]!.raw).toBe(long);
    const small = toHTML(
      groupView(dictFor('en', ['group']), cutForView(run({ ...job('/a\n/b'), format: 'lines' }, () => {}).report), 'en')
        .output,
    );
    expect(small).not.toContain('data-role="clipped"');
  });
});
