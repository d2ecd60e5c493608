/**
 * tr46's IDNA data as the downloads carry it, unpacked when the bundle loads: its mapping
 * table and its regular expressions, which as tr46 ships them (JSON, and character classes
 * written out as `\u` ranges) were most of the UDF script, while Snowflake recommends a
 * function body under 100 KB. idna-pack.ts packs them at build time and describes the
 * formats; this side alone is bundled. tests/unit/downloads/idna-pack.test.ts checks that
 * both come back exactly as tr46 ships them.
 * https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table
 */

/** An entry of tr46's mapping table: a code point or a span of them, a status, and for some a mapping. */
export type MappingEntry = [number | [number, number], number] | [number | [number, number], number, string];

/** tr46's regular expressions, packed: everything {@link unpackRegexes} needs. */
export type PackedRegexes = {
  /** Each expression's source, each character class replaced by `#` and the class's number in base 36. */
  skeletons: Record<string, string>;
  /** The flags every expression has. */
  flags: string;
  /** Each set of classes, as the class numbers it holds, in base 36. */
  sets: string[];
  /** U+0000..U+10FFFF as spans of one set each: the set's name (a character of {@link SET_NAMES}), then the span's length minus one in base 36. */
  spans: string;
};

/** Characters that name a set of classes in {@link PackedRegexes.spans}: none is a base-36 digit, a quote, a backslash or `$`. */
export const SET_NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!#%&()*+,-./:;<=>?@[]^_{|}~';

/** The mapping table packed by `packMappingTable` (idna-pack.ts). */
export function unpackMappingTable(packed: string): MappingEntry[] {
  // `*`, a digit and a base-36 count: that many more copies of the last (digit) fields.
  const fields: string[] = [];
  for (const field of packed.split(';')) {
    if (field[0] === '*') {
      const repeated = fields.slice(-Number(field[1]));
      for (let n = parseInt(field.slice(2), 36); n > 0; n--) fields.push(...repeated);
    } else {
      fields.push(field);
    }
  }
  const table: MappingEntry[] = [];
  let first = 0;
  let lastDistance = 0;
  for (const field of fields) {
    const [, status, length, same, distance, points] = /^(\d)([0-9a-z]*)(?:(=)|~(-?[0-9a-z]+)|"(.*))?$/.exec(field)!;
    const last = first + (length ? parseInt(length, 36) : 0);
    const span: number | [number, number] = last > first ? [first, last] : first;
    if (same !== undefined || distance !== undefined) {
      if (distance !== undefined) lastDistance = parseInt(distance, 36);
      table.push([span, Number(status), String.fromCodePoint(first + lastDistance)]);
    } else if (points !== undefined) {
      const mapping =
        points === '' ? '' : String.fromCodePoint(...points.split(',').map((p) => first + parseInt(p, 36)));
      table.push([span, Number(status), mapping]);
    } else {
      table.push([span, Number(status)]);
    }
    first = last + 1;
  }
  return table;
}

/**
 * The expressions `packRegexes` (idna-pack.ts) packed, as an object whose properties build
 * each one on first use: a URL's host needs them only when it is an international domain
 * name, so most sandboxes never build them.
 */
export function unpackRegexes(packed: PackedRegexes): Record<string, RegExp> {
  let classes: string[] | undefined;
  const classSources = (): string[] => {
    if (classes) return classes;
    const parts: string[][] = [];
    let first = 0;
    for (const [, name, length] of packed.spans.matchAll(/([^0-9a-z])([0-9a-z]*)/g)) {
      const last = first + (length ? parseInt(length, 36) : 0);
      const range =
        first === last ? `\\u{${first.toString(16)}}` : `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`;
      for (const k of packed.sets[SET_NAMES.indexOf(name!)]!) (parts[parseInt(k, 36)] ??= []).push(range);
      first = last + 1;
    }
    return (classes = Array.from(parts, (list) => `[${(list ?? []).join('')}]`));
  };
  const regexes: Record<string, RegExp> = {};
  for (const [name, skeleton] of Object.entries(packed.skeletons)) {
    let built: RegExp | undefined;
    Object.defineProperty(regexes, name, {
      enumerable: true,
      get: () =>
        (built ??= new RegExp(
          skeleton.replace(/#([0-9a-z])/g, (_, k: string) => classSources()[parseInt(k, 36)]!),
          packed.flags,
        )),
    });
  }
  return regexes;
}
