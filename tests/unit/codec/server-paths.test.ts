/**
 * The path models against every path reading of the real runtimes
 * (tests/fixtures/servers/paths.json, made by scripts/fixtures/servers/generate.sh).
 */
import { describe, expect, test } from 'vitest';
import { pathStacks, readPath, type PathReading } from '../../../src/codec/servers/paths.ts';
import fixtureText from '../../fixtures/servers/paths.json?raw';

const fixture = JSON.parse(fixtureText) as { readings: Record<string, Record<string, PathReading>> };
const targets = Object.keys(fixture.readings);

describe('server paths', () => {
  for (const { id } of pathStacks) {
    test(`${id} reads every path as the real server did`, () => {
      const wrong: string[] = [];
      for (const target of targets) {
        const real = fixture.readings[target]?.[id];
        if (real === undefined) continue;
        const model = readPath(id, target);
        if (
          JSON.stringify(model, Object.keys({ ...real, ...model }).sort()) !==
          JSON.stringify(real, Object.keys({ ...real, ...model }).sort())
        ) {
          wrong.push(`${JSON.stringify(target)}\n   real  ${JSON.stringify(real)}\n   model ${JSON.stringify(model)}`);
        }
      }
      expect(wrong.slice(0, 10).join('\n'), `${wrong.length} of ${targets.length} differ`).toBe('');
    });
  }

  test('Tomcat reads /a/..;/b as /b, and Go redirects /a/%2E%2E/b to /b', () => {
    expect(readPath('java:tomcat', '/a/..;/b')).toMatchObject({ path: '/b' });
    expect(readPath('go:net/http', '/a/%2E%2E/b')).toEqual({
      path: '/a/../b',
      rawPath: '/a/%2E%2E/b',
      mux: 301,
      location: '/b',
    });
  });
});
