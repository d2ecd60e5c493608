/**
 * The data model against the server stacks: over every query the stacks were run on
 * (tests/fixtures/servers/queries.json), two queries merge exactly when every modelled stack
 * reads them the same, each query sent as a browser sends it. The models are held to the
 * real runtimes in servers.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  normalize,
  readingKey,
  readQuery,
  serverStacks,
  stacksReadingApart,
  type StackId,
} from '../../../src/codec/index.ts';
import { keptApartBy } from '../../../src/codec/normalize/kept.ts';
import fixtureText from '../../fixtures/servers/queries.json?raw';
import { RUNS } from './support.ts';

const queries = Object.keys((JSON.parse(fixtureText) as { readings: Record<string, unknown> }).readings);

/** The query of the URL normalized below as a browser sends it: the platform URL parser escapes spaces, controls, quotes and non-ASCII. */
const sent = (query: string) => new URL(`http://x.example/?${query}`).search.slice(1);
const readings = (query: string) => serverStacks.map(({ id }) => readingKey(readQuery(id, sent(query)))).join('\n');
const canonical = (query: string, order: 'sort' | 'keep' = 'sort') => {
  const result = normalize(`http://x.example/?${query}`, { order });
  return result.ok ? result.canonical : null;
};

/**
 * The merges the data model keeps although a stack reads them apart, each named in the
 * model's documentation: sorting (a policy) reorders names that PHP and Rack read as one
 * (`a[]=1&a=2`, `a.b`/`a_b`), and PHP's built-in server reads a `?` that opens the query as
 * part of the separator, which no production front end (FPM behind nginx or Apache) does.
 */
function knownException(a: string, b: string): boolean {
  if (canonical(a, 'keep') !== canonical(b, 'keep')) return true;
  const apart = stacksReadingApart(sent(a), sent(b));
  return apart.length === 1 && apart[0] === 'php:parse_str' && [a, b].some((query) => /^(\?|%3F)/i.test(query));
}

describe('the data model and the server stacks', () => {
  const byCanonical = new Map<string, string[]>();
  const byReadings = new Map<string, string[]>();
  for (const query of queries) {
    const c = canonical(query);
    if (c === null) continue;
    byCanonical.set(c, [...(byCanonical.get(c) ?? []), query]);
    const r = readings(query);
    byReadings.set(r, [...(byReadings.get(r) ?? []), query]);
  }

  test('two queries it merges are read the same by every stack', () => {
    const wrong: string[] = [];
    let merged = 0;
    for (const list of byCanonical.values()) {
      for (const other of list.slice(1)) {
        merged++;
        if (readings(list[0] as string) !== readings(other) && !knownException(list[0] as string, other)) {
          wrong.push(
            `${JSON.stringify(list[0])} and ${JSON.stringify(other)}: ${stacksReadingApart(sent(list[0] as string), sent(other)).join(', ')}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(merged).toBeGreaterThan(200);
  });

  test('two queries every stack reads the same are merged', () => {
    const wrong: string[] = [];
    for (const list of byReadings.values()) {
      for (const other of list.slice(1))
        if (canonical(list[0] as string) !== canonical(other)) wrong.push(`${list[0]} / ${other}`);
    }
    expect(wrong).toEqual([]);
  });

  test('generated queries: a merge is never read apart by a stack', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '1',
      ';',
      ';b=',
      '%3B',
      '%3b',
      '+',
      '%20',
      '%2B',
      '=',
      '%3D',
      '&',
      '%26',
      '%',
      '%25',
      '%zz',
      '[',
      '%5B',
      '|',
      '%7C',
      'é',
      '%C3%A9',
      '%E9',
      '%e9',
      '%41',
      'A',
      '.',
      '%2E',
      '~',
      '%7E',
      '/',
      '%2F',
      '?',
      ' ',
      '"',
      '%22',
      "'",
      '%27',
    );
    const query = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(query, query, (a, b) => {
        if (canonical(a, 'keep') === null || canonical(a, 'keep') !== canonical(b, 'keep') || knownException(a, b))
          return;
        expect([a, b, stacksReadingApart(sent(a), sent(b))]).toEqual([a, b, []]);
      }),
      { numRuns: RUNS },
    );
  });

  // Each kept form against the form it would merge with: the stacks listed are those that read them apart.
  // The path's rules are in data-model-paths.test.ts.
  const keptExamples: Record<
    'keep-semicolon' | 'keep-missing-value' | 'keep-stray-percent' | 'keep-raw-for-tomcat',
    [string, string]
  > = {
    'keep-semicolon': ['a=1;b=2', 'a=1%3Bb=2'],
    'keep-missing-value': ['a', 'a='],
    'keep-stray-percent': ['q=100%', 'q=100%25'],
    'keep-raw-for-tomcat': ['q=[1]', 'q=%5B1%5D'],
  };
  test.each(Object.entries(keptExamples))('%s names the stacks that read it apart', (rule, [kept, other]) => {
    expect(stacksReadingApart(sent(kept), sent(other))).toEqual(keptApartBy[rule as keyof typeof keptExamples]);
    const result = normalize(`/s?${kept}`);
    expect(result.ok && result.kept).toContainEqual({
      rule,
      text: kept,
      stacks: keptApartBy[rule as keyof typeof keptApartBy] as StackId[],
    });
    expect(canonical(kept)).not.toBe(canonical(other));
  });

  test('an = after a raw ; stays as written: Rack reads it as the start of a value', () => {
    expect(stacksReadingApart(sent('a=1;b=2'), sent('a=1;b%3D2'))).toContain('rack:parse_query');
    expect(canonical('a=1;b=2')).not.toBe(canonical('a=1;b%3D2'));
    expect(canonical('a=1;b=2')).toBe('http://x.example/?a=1;b=2');
  });

  test('a URL with nothing kept apart has no kept list', () => {
    expect(normalize('/s?a=1&b=%3D')).not.toHaveProperty('kept');
  });
});
