/**
 * The data model's paths against the server stacks: over every path the stacks were run on
 * (tests/fixtures/servers/paths.json), two paths it merges are read the same by every stack
 * that hands the application a decoded path (Python's WSGI, Django, PHP's PHP_SELF, Go's
 * URL.Path with what its ServeMux answers, Tomcat's servlet path), each sent as written.
 * Node hands over the raw target, which the application decodes: it reads every spelling
 * apart, so it is not asked.
 */
import { describe, expect, test } from 'vitest';
import { normalize } from '../../../src/codec/index.ts';
import { keptApartBy } from '../../../src/codec/normalize/kept.ts';
import fixtureText from '../../fixtures/servers/paths.json?raw';

type Reading = { path?: unknown; self?: unknown; status?: number; mux?: number; location?: string };
const fixture = JSON.parse(fixtureText) as { readings: Record<string, Record<string, Reading>> };

const decodedReading: Record<string, (r: Reading) => unknown> = {
  'python:wsgiref': (r) => r.status ?? r.path,
  'django:QueryDict': (r) => r.status ?? r.path,
  'php:parse_str': (r) => r.status ?? r.self,
  'go:net/http': (r) => r.status ?? [r.path, r.mux, r.location],
  'java:tomcat': (r) => r.status ?? r.path,
};

/** The path as the platform's URL parser (the URL Standard's, as browsers) writes it before sending. */
const sent = (target: string) => URL.parse(target, 'http://x.example')?.pathname ?? '';
const readings = (target: string) =>
  Object.entries(decodedReading).map(([id, read]) => {
    const reading = fixture.readings[sent(target)]?.[id];
    return reading === undefined ? undefined : JSON.stringify(read(reading));
  });

// `sent` is the URL Standard's parser; Chromium's departs from it (it escapes `|` in a path, as
// tests/e2e records), so the comparison runs where the platform follows the standard.
describe.skipIf(typeof window !== 'undefined')('the data model and the stacks, in paths', () => {
  test('two paths it merges are read the same by every stack that decodes the path', () => {
    const byCanonical = new Map<string, string[]>();
    for (const target of Object.keys(fixture.readings)) {
      const result = normalize(`http://x.example${target}`);
      if (!result.ok) continue;
      const key = result.canonical;
      byCanonical.set(key, [...(byCanonical.get(key) ?? []), target]);
    }
    const wrong: string[] = [];
    let merged = 0;
    for (const [key, list] of byCanonical) {
      const first = list[0] as string;
      for (const other of list.slice(1)) {
        merged++;
        const a = readings(first);
        const b = readings(other);
        const apart = Object.keys(decodedReading).filter(
          (_, i) => a[i] !== undefined && b[i] !== undefined && a[i] !== b[i],
        );
        if (apart.length > 0)
          wrong.push(`${JSON.stringify(first)} and ${JSON.stringify(other)} -> ${key}: ${apart.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(merged).toBeGreaterThan(20);
  });

  // Each kept form against the form it would merge with: the stacks listed are those that read them apart.
  const keptExamples = {
    'keep-path-parameter': ['/a;b', '/a%3Bb'],
    'keep-path-stray-percent': ['/x%y', '/x%25y'],
    'keep-raw-for-tomcat': ['/|', '/%7C'],
  } as const;
  test.each(Object.entries(keptExamples))('%s names the stacks that read it apart', (rule, [kept, other]) => {
    const a = readings(kept);
    const b = readings(other);
    expect(a.concat(b)).not.toContain(undefined);
    const apart = Object.keys(decodedReading).filter((_, i) => a[i] !== b[i]);
    expect(apart).toEqual(keptApartBy[rule as keyof typeof keptExamples]);
    const result = normalize(`http://x.example${kept}`);
    expect(result.ok && result.kept).toContainEqual({
      rule,
      text: kept.slice(1),
      stacks: keptApartBy[rule as keyof typeof keptExamples],
    });
    expect(result.ok && result.canonical).toBe(`http://x.example${kept}`);
    expect(normalize(`http://x.example${other}`)).toMatchObject({ ok: true, canonical: `http://x.example${other}` });
  });
});
