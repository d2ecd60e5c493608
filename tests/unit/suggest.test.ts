import { describe, expect, it } from 'vitest';
import { suggestLocale } from '../../src/i18n/suggest';

describe('suggestLocale', () => {
  it('picks the first preferred language the site carries', () => {
    expect(suggestLocale(['de-DE', 'uk-UA', 'en'])).toBe('uk');
  });

  it('matches on the primary subtag, whatever the region or case', () => {
    expect(suggestLocale(['TH-th'])).toBe('th');
    expect(suggestLocale(['hi-IN'])).toBe('hi');
  });

  it('suggests nothing when no preferred language is carried', () => {
    expect(suggestLocale(['de', 'fr-CA'])).toBeUndefined();
    expect(suggestLocale([])).toBeUndefined();
  });
});
