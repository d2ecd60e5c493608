import { describe, expect, it } from 'vitest';
import { excerptRuns } from '../../src/components/search/excerpt';

describe('excerptRuns', () => {
  it('splits an excerpt into plain and matched runs', () => {
    expect(excerptRuns('a space is <mark>%20</mark> after one round')).toEqual([
      { text: 'a space is ', mark: false },
      { text: '%20', mark: true },
      { text: ' after one round', mark: false },
    ]);
  });

  it('gives page text back as text: escaped angle brackets, never markup', () => {
    const runs = excerptRuns('&lt;script&gt;alert(1)&lt;/script&gt; <mark>&lt;b&gt;</mark>');
    expect(runs).toEqual([
      { text: '<script>alert(1)</script> ', mark: false },
      { text: '<b>', mark: true },
    ]);
  });

  it('keeps a Thai match inside a longer word', () => {
    expect(excerptRuns('การเข้า<mark>รหัส</mark> URL')).toEqual([
      { text: 'การเข้า', mark: false },
      { text: 'รหัส', mark: true },
      { text: ' URL', mark: false },
    ]);
  });

  it('returns nothing for an empty excerpt', () => {
    expect(excerptRuns('')).toEqual([]);
  });
});
