import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/lib/csv.ts';

// The mapping CSV's cells (Group's download and the command-line tool): always quoted, quotes
// doubled, and a leading apostrophe on a cell a spreadsheet would run as a formula.
describe('csvCell', () => {
  it('quotes, doubles quotes and guards formula leads, for any text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc
        .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '"', ''), fc.string())
        .map(([lead, rest]) => lead + rest),
    );
    fc.assert(
      fc.property(text, (s) => {
        const guarded = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
        expect(csvCell(s)).toBe(`"${guarded.split('"').join('""')}"`);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes the cells people paste as they must be', () => {
    expect(['', '/a?q="x"', '=SUM(A1)', '"=x"', '\tx', '-1', 'https://a.example/'].map(csvCell)).toEqual([
      '""',
      '"/a?q=""x"""',
      `"'=SUM(A1)"`,
      '"""=x"""',
      `"'\tx"`,
      `"'-1"`,
      '"https://a.example/"',
    ]);
    expect(csvCell(12.5)).toBe('"12.5"');
    expect(csvCell(-3)).toBe(`"'-3"`);
  });
});
