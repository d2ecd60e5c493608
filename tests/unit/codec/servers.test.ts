/**
 * Each server-stack model against every reading of the real runtime
 * (tests/fixtures/servers/queries.json, made by scripts/fixtures/servers/generate.sh).
 */
import { describe, expect, test } from 'vitest';
import {
  readingKey,
  readQuery,
  serverStacks,
  type ServerReading,
  type StackId,
} from '../../../src/codec/servers/index.ts';
// As text, imported: the suite also runs inside Chromium (codec:chromium), which has no file system.
import fixtureText from '../../fixtures/servers/queries.json?raw';

const fixture = JSON.parse(fixtureText) as {
  $meta: { stacks: Record<string, string> };
  readings: Record<string, Record<string, ServerReading>>;
};
const queries = Object.keys(fixture.readings);

/** The fixture's reading as the model states it: an error by its class (the message is the runtime's). */
function expected(reading: ServerReading): ServerReading {
  if (!('error' in reading)) return reading;
  const error = reading.error.split(': ')[0] as string;
  return reading.status === undefined ? { error } : { error, status: reading.status };
}

describe('server stacks', () => {
  test('the models are the stacks the fixture measured', () => {
    expect(serverStacks.map((s) => s.id).sort()).toEqual(Object.keys(fixture.$meta.stacks).sort());
    expect(queries.length).toBeGreaterThan(3000);
  });

  for (const { id } of serverStacks) {
    test(`${id} reads every query as the real stack did`, () => {
      const wrong: string[] = [];
      for (const query of queries) {
        const real = fixture.readings[query]?.[id];
        if (real === undefined) continue;
        const model = readQuery(id as StackId, query);
        const want = expected(real);
        if (
          readingKey(model) !== readingKey(want) ||
          ('warning' in want ? want.warning : undefined) !== ('warning' in model ? model.warning : undefined)
        ) {
          wrong.push(`${JSON.stringify(query)}\n   real  ${JSON.stringify(real)}\n   model ${JSON.stringify(model)}`);
        }
      }
      expect(wrong.slice(0, 8).join('\n'), `${wrong.length} of ${queries.length} differ`).toBe('');
    });
  }
});
