/** A policy written by a person: every field checked, the first problem named (the review's three cases first). */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { checkPolicy, DEFAULT_POLICY } from '../../../src/codec/index.ts';
import { policy, RUNS } from './support.ts';

describe('checkPolicy', () => {
  test('names the field of the review’s policies: a string for a list, a misspelled field, unknown values', () => {
    expect(checkPolicy({ drop: 'utm_' })).toEqual({
      ok: false,
      error: { problem: 'wrong-type', field: 'drop', expected: 'array of strings' },
    });
    expect(checkPolicy({ caseInsensitve: ['utm_source'] })).toEqual({
      ok: false,
      error: { problem: 'unknown-field', field: 'caseInsensitve', suggestion: 'caseInsensitive' },
    });
    expect(checkPolicy({ order: 'nonsense', model: 'weird' })).toEqual({
      ok: false,
      error: { problem: 'unknown-value', field: 'order', value: 'nonsense', allowed: ['sort', 'keep'] },
    });
    expect(checkPolicy({ model: 'weird' })).toMatchObject({
      ok: false,
      error: { field: 'model', value: 'weird', allowed: ['data', 'rfc3986'] },
    });
  });

  test('refuses what is not an object, wrong types, and fields nothing resembles', () => {
    for (const v of [[], 'x', 3, true])
      expect(checkPolicy(v)).toEqual({ ok: false, error: { problem: 'not-an-object' } });
    expect(checkPolicy({ trim: 'yes' })).toMatchObject({
      ok: false,
      error: { problem: 'wrong-type', field: 'trim', expected: 'boolean' },
    });
    expect(checkPolicy({ caseInsensitive: ['a', 1] })).toMatchObject({
      ok: false,
      error: { field: 'caseInsensitive', expected: 'array of strings' },
    });
    expect(checkPolicy({ fragment: null })).toMatchObject({
      ok: false,
      error: { field: 'fragment', expected: 'string' },
    });
    expect(checkPolicy({ colour: 'red' })).toEqual({
      ok: false,
      error: { problem: 'unknown-field', field: 'colour', suggestion: null },
    });
    expect(checkPolicy({ Trim: true })).toMatchObject({ ok: false, error: { field: 'Trim', suggestion: 'trim' } });
  });

  test('accepts the defaults, the old plus field, and every policy the codec’s tests generate', () => {
    expect(checkPolicy(null)).toEqual({ ok: true, policy: undefined });
    expect(checkPolicy(undefined)).toEqual({ ok: true, policy: undefined });
    expect(checkPolicy({})).toEqual({ ok: true, policy: {} });
    expect(checkPolicy({ ...DEFAULT_POLICY })).toEqual({ ok: true, policy: DEFAULT_POLICY });
    expect(checkPolicy({ plus: 'literal' })).toEqual({ ok: true, policy: { plus: 'literal' } });
    fc.assert(
      fc.property(policy, (p) => {
        expect(checkPolicy(JSON.parse(JSON.stringify(p)))).toMatchObject({ ok: true });
      }),
      { numRuns: RUNS },
    );
  });
});
