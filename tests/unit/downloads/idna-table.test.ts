import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { packMappingTable, unpackMappingTable, type MappingEntry } from '../../../src/downloads/idna-table.ts';

const tablePath = createRequire(import.meta.url).resolve('tr46/lib/mappingTable.json');
const table = JSON.parse(readFileSync(tablePath, 'utf8')) as MappingEntry[];

describe("tr46's mapping table, packed for the downloads", () => {
  it('unpacks to exactly the table tr46 ships', () => {
    const packed = packMappingTable(table);
    expect(unpackMappingTable(packed)).toEqual(table);
    // The point of packing: well under half the JSON.
    expect(packed.length).toBeLessThan(JSON.stringify(table).length / 2);
  });

  it('refuses a table laid out otherwise, rather than packing it wrong', () => {
    expect(() => packMappingTable([[0, 2], [5, 2]])).toThrow(/does not expect/);
    expect(() => packMappingTable([[[0, 0], 2]])).toThrow(/does not expect/);
    expect(() => packMappingTable([[0, 12]])).toThrow(/does not expect/);
  });
});
