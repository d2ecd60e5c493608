import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { packMappingTable, packRegexes, parseClass, type MappingEntry } from '../../../src/downloads/idna-pack.ts';
import { unpackMappingTable, unpackRegexes } from '../../../src/downloads/idna-unpack.ts';

const require = createRequire(import.meta.url);
const table = JSON.parse(readFileSync(require.resolve('tr46/lib/mappingTable.json'), 'utf8')) as MappingEntry[];
const regexes = require('tr46/lib/regexes.js') as Record<string, RegExp>;
const CLASS = /\[(?:\\.|[^\]\\])*\]/g;

describe("tr46's IDNA data, packed for the downloads", () => {
  it('the mapping table unpacks to exactly the table tr46 ships', () => {
    const packed = packMappingTable(table);
    expect(unpackMappingTable(packed)).toEqual(table);
    // The point of packing: well under a third of the JSON.
    expect(packed.length).toBeLessThan(JSON.stringify(table).length / 3);
    // Repeated groups are written once, and a long run's count takes several digits.
    expect(packed).toMatch(/;\*2[0-9a-z]{2,};/);
  });

  it('refuses a table laid out otherwise, rather than packing it wrong', () => {
    expect(() =>
      packMappingTable([
        [0, 2],
        [5, 2],
      ]),
    ).toThrow(/does not expect/);
    expect(() => packMappingTable([[[0, 0], 2]])).toThrow(/does not expect/);
    expect(() => packMappingTable([[0, 12]])).toThrow(/does not expect/);
  });

  it('the regular expressions unpack to the same expressions: same text around each class, same code points in it', () => {
    const packed = packRegexes(regexes);
    expect(JSON.stringify(packed).length).toBeLessThan(73_000 / 10);
    const unpacked = unpackRegexes(packed);
    expect(Object.keys(unpacked)).toEqual(Object.keys(regexes));
    for (const [name, original] of Object.entries(regexes)) {
      const rebuilt = unpacked[name]!;
      expect(rebuilt.flags).toBe(original.flags);
      expect(rebuilt.source.replace(CLASS, '[]')).toBe(original.source.replace(CLASS, '[]'));
      const merge = (ranges: [number, number][]) =>
        ranges.reduce<[number, number][]>((out, [first, last]) => {
          const end = out[out.length - 1];
          if (end && first <= end[1] + 1) end[1] = Math.max(end[1], last);
          else out.push([first, last]);
          return out;
        }, []);
      expect(rebuilt.source.match(CLASS)!.map((c) => merge(parseClass(c)))).toEqual(
        original.source.match(CLASS)!.map((c) => merge(parseClass(c))),
      );
    }
  });

  it('reads a class as the regular expression engine does, for every code point', () => {
    // parseClass decides what the packing keeps: check it against the engine on every class.
    for (const text of new Set(Object.values(regexes).flatMap((r) => r.source.match(CLASS)!))) {
      const ranges = parseClass(text);
      const engine = new RegExp(`^${text}$`, 'u');
      let k = 0;
      const wrong: number[] = [];
      for (let point = 0; point <= 0x10ffff; point++) {
        while (k < ranges.length && ranges[k]![1] < point) k++;
        const inRanges = k < ranges.length && ranges[k]![0] <= point;
        if (inRanges !== engine.test(String.fromCodePoint(point))) wrong.push(point);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    }
  });

  it('builds each expression only when first used', () => {
    const unpacked = unpackRegexes(packRegexes(regexes));
    const descriptor = Object.getOwnPropertyDescriptor(unpacked, 'bidiDomain')!;
    expect(typeof descriptor.get).toBe('function');
    expect(unpacked.bidiDomain).toBe(unpacked.bidiDomain);
    expect(unpacked.bidiDomain!.test('\u05d0')).toBe(true);
  });
});
