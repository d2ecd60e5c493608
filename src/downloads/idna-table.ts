/**
 * tr46's IDNA mapping table (`tr46/lib/mappingTable.json`, UTS #46 data for every code
 * point) packed into a short string for the downloads, and unpacked into the very same array
 * when the bundle loads. As JSON it is half the UDF script and most of its gzipped size,
 * and Snowflake recommends keeping a function body under 100 KB; packed, it takes about a
 * third of the space.
 *
 * The table lists consecutive spans covering U+0000 to U+10FFFF, each `[first, status]` or
 * `[first, status, mapping]`, where `first` is a code point, or `[first, last]` for a longer
 * span. Packed, each span is one `;`-separated field: the status digit, the span's length
 * minus one in base 36 (empty for one code point), then for a mapping `=` (one code point,
 * at the same distance from `first` as the previous such mapping), `~` and that distance in
 * base 36, or `"` and the mapping's code points minus `first` in base 36, comma-separated.
 * https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table
 */
export type MappingEntry = [number | [number, number], number] | [number | [number, number], number, string];

/** The packed form of `table`; throws if it is not laid out as described above. */
export function packMappingTable(table: readonly MappingEntry[]): string {
  let next = 0;
  let lastDistance: number | null = null;
  return table
    .map((entry) => {
      const [span, status, mapping] = entry;
      const [first, last] = typeof span === 'number' ? [span, span] : span;
      if (first !== next || last < first || (typeof span !== 'number' && last === first) || !/^\d$/.test(String(status))) {
        throw new Error(`tr46's mapping table has an entry this packing does not expect: ${JSON.stringify(entry)}`);
      }
      next = last + 1;
      let field = `${status}${last > first ? (last - first).toString(36) : ''}`;
      if (entry.length === 3) {
        const points = [...(mapping as string)].map((c) => c.codePointAt(0)! - first);
        if (points.length === 1) {
          field += points[0] === lastDistance ? '=' : `~${points[0]!.toString(36)}`;
          lastDistance = points[0]!;
        } else {
          field += `"${points.map((p) => p.toString(36)).join(',')}`;
        }
      }
      return field;
    })
    .join(';');
}

/** The table that {@link packMappingTable} packed. */
export function unpackMappingTable(packed: string): MappingEntry[] {
  const table: MappingEntry[] = [];
  let first = 0;
  let lastDistance = 0;
  for (const field of packed.split(';')) {
    const [, status, length, same, distance, points] = /^(\d)([0-9a-z]*)(?:(=)|~(-?[0-9a-z]+)|"(.*))?$/.exec(field)!;
    const last = first + (length ? parseInt(length, 36) : 0);
    const span: number | [number, number] = last > first ? [first, last] : first;
    if (same !== undefined || distance !== undefined) {
      if (distance !== undefined) lastDistance = parseInt(distance, 36);
      table.push([span, Number(status), String.fromCodePoint(first + lastDistance)]);
    } else if (points !== undefined) {
      const mapping = points === '' ? '' : String.fromCodePoint(...points.split(',').map((p) => first + parseInt(p, 36)));
      table.push([span, Number(status), mapping]);
    } else {
      table.push([span, Number(status)]);
    }
    first = last + 1;
  }
  return table;
}
