/**
 * A share link's policy, checked by the codec's `checkPolicy` (the validator of the command-line
 * tool and the warehouse functions) and named in the reader's language (src/widgets/lib/policy-check.ts).
 */
import { describe, expect, it } from 'vitest';
import { linkPolicyNote, linkPolicyProblem } from '../../src/widgets/lib/policy-check.ts';
import { linkFields } from '../../src/widgets/lib/share-link.ts';
import { dictFor } from '../../src/widgets/lib/build.ts';

/** The form fields of Normalize and of Group (the policy's, then the widget's own). */
const NORMALIZE = ['value', 'model', 'order', 'caseInsensitive', 'trim', 'drop', 'fragment'];
const GROUP = ['lines', 'format', 'header', 'column', 'count', ...NORMALIZE.slice(1), 'show', 'filter', 'sort'];
const problem = (state: string, own = NORMALIZE) => linkPolicyProblem(linkFields(state), own);

describe('linkPolicyProblem', () => {
  it('passes every link the Share button makes, and old links with plus', () => {
    expect(problem('value=%2Fa&model=data&order=sort&caseInsensitive=&trim=&drop=&fragment=drop')).toBeNull();
    expect(
      problem(
        'value=%2Fa&model=rfc3986&order=keep&caseInsensitive=utm_source&trim=on&drop=utm_*%2Cfbclid&fragment=keep',
      ),
    ).toBeNull();
    expect(problem('value=%2Fa&plus=literal')).toBeNull();
    // A version 2 link's `v` is not a field.
    expect(problem('value=%5Cud800&v=2&order=keep')).toBeNull();
  });

  it('names an unknown value, with the value', () => {
    expect(problem('value=%2Fa&order=nonsense&fragment=keep')).toEqual({ field: 'order', value: 'nonsense' });
    expect(problem('model=weird')).toEqual({ field: 'model', value: 'weird' });
    expect(problem('plus=both')).toEqual({ field: 'plus', value: 'both' });
  });

  it('names a value of the wrong kind: trim is on or nothing', () => {
    expect(problem('trim=yes')).toEqual({ field: 'trim', value: 'yes' });
  });

  it('names an unknown field, but never one of the widget’s own', () => {
    expect(problem('value=%2Fa&caseInsensitve=utm_source')).toEqual({ field: 'caseInsensitve' });
    expect(problem('lines=%2Fa&format=csv&column=2&count=&header=yes&show=split&filter=x&sort=url', GROUP)).toBeNull();
    // Group's `lines` is not Normalize's.
    expect(problem('lines=%2Fa')).toEqual({ field: 'lines' });
  });
});

describe('linkPolicyNote', () => {
  it('says it in the reader’s language, the link’s text isolated', () => {
    for (const locale of ['en', 'th', 'hi', 'uk'] as const) {
      const m = dictFor(locale, ['normalize']);
      const value = linkPolicyNote(m, linkFields('order=%E2%80%AEnonsense'), NORMALIZE);
      expect(value).toContain('\u2068order\u2069');
      expect(value).toContain('\u2068\u202Enonsense\u2069');
      expect(value).not.toContain('{{');
      const field = linkPolicyNote(m, linkFields('caseInsensitve=a'), NORMALIZE);
      expect(field).toContain('\u2068caseInsensitve\u2069');
      expect(field).not.toBe(value);
      expect(linkPolicyNote(m, linkFields('order=keep'), NORMALIZE)).toBeNull();
    }
  });
});
