/**
 * Packs tr46's IDNA data for the downloads at build time (src/downloads/build.ts); the
 * bundles carry only the unpacking side, idna-unpack.ts, which rebuilds exactly what tr46
 * ships (tests/unit/downloads/idna-pack.test.ts).
 *
 * The mapping table (`tr46/lib/mappingTable.json`, UTS #46 data for every code point) lists
 * consecutive spans covering U+0000 to U+10FFFF, each `[first, status]` or `[first, status,
 * mapping]`, where `first` is a code point, or `[first, last]` for a longer span. Packed, each
 * span is one `;`-separated field: the status digit, the span's length minus one in base 36
 * (empty for one code point), then for a mapping `=` (one code point, at the same distance
 * from `first` as the previous such mapping), `~` and that distance in base 36, or `"` and the
 * mapping's code points minus `first` in base 36, comma-separated; repeated groups of fields
 * are written once (see {@link repeatRuns}). About a quarter of the JSON.
 * https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table
 *
 * The regular expressions (`tr46/lib/regexes.js`: General_Category=Mark, the virama class,
 * the Joining_Type and Bidi_Class sets of the ContextJ and Bidi rules) use 13 character
 * classes, which overlap (the Bidi rules share R, AL, EN and NSM). Packed, U+0000..U+10FFFF is
 * split into spans where the set of classes holding a code point stays the same, each written
 * as the set's name and its length; what surrounds the classes (`^`, `*$`, U+200C) is kept as
 * text. Written out as `\u` ranges they were 73 KB; packed, about 5 KB.
 * https://www.unicode.org/reports/tr46/#Validity_Criteria
 */
import { SET_NAMES, type MappingEntry, type PackedRegexes } from './idna-unpack.ts';

export type { MappingEntry } from './idna-unpack.ts';

/** The packed form of `table`; throws if it is not laid out as described above. */
export function packMappingTable(table: readonly MappingEntry[]): string {
  let next = 0;
  let lastDistance: number | null = null;
  const fields = table.map((entry) => {
    const [span, status, mapping] = entry;
    const [first, last] = typeof span === 'number' ? [span, span] : span;
    if (
      first !== next ||
      last < first ||
      (typeof span !== 'number' && last === first) ||
      !/^\d$/.test(String(status))
    ) {
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
  });
  return repeatRuns(fields).join(';');
}

/**
 * `fields` with each run of a repeated group of up to {@link MAX_PERIOD} fields (as where
 * upper and lower case letters alternate) written once and followed by a field of `*`, the
 * group's length (one digit) and the number of further repeats in base 36. A field says
 * nothing absolute, so a group means the same however often it is repeated.
 */
function repeatRuns(fields: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < fields.length; ) {
    let best: { period: number; repeats: number; saved: number } | null = null;
    for (let period = 1; period <= MAX_PERIOD; period++) {
      const group = fields.slice(i, i + period).join(';');
      let repeats = 0;
      while (
        i + (repeats + 2) * period <= fields.length &&
        fields.slice(i + (repeats + 1) * period, i + (repeats + 2) * period).join(';') === group
      )
        repeats++;
      const saved = repeats * (group.length + 1) - 4;
      if (repeats > 0 && saved > 0 && (best === null || saved > best.saved)) best = { period, repeats, saved };
    }
    if (best === null) {
      out.push(fields[i++]!);
      continue;
    }
    out.push(...fields.slice(i, i + best.period), `*${best.period}${best.repeats.toString(36)}`);
    i += (best.repeats + 1) * best.period;
  }
  return out;
}

const MAX_PERIOD = 2;

/** The packed form of `regexes`; throws on a class or flag this packing does not expect. */
export function packRegexes(regexes: Record<string, RegExp>): PackedRegexes {
  const classes: string[] = [];
  const skeletons: Record<string, string> = {};
  let flags: string | undefined;
  for (const [name, regex] of Object.entries(regexes)) {
    if (flags !== undefined && regex.flags !== flags)
      throw new Error(`tr46's ${name} has flags ${regex.flags}, the others ${flags}`);
    flags = regex.flags;
    if (regex.source.replace(CLASS, '').includes(MARKER))
      throw new Error(`tr46's ${name} holds ${MARKER}, which marks a class in a packed skeleton`);
    skeletons[name] = regex.source.replace(CLASS, (text) => {
      let index = classes.indexOf(text);
      if (index < 0) index = classes.push(text) - 1;
      return MARKER + index.toString(36);
    });
  }
  if (flags !== 'u' || classes.length > 36)
    throw new Error('tr46 regexes: expected unicode-flagged expressions with few classes');
  // Each code point's class membership as a bit mask; spans where it stays the same.
  const boundaries = new Map<number, true>([[0, true]]);
  const ranges = classes.map((text) => parseClass(text));
  for (const list of ranges) for (const [first, last] of list) boundaries.set(first, true).set(last + 1, true);
  const starts = [...boundaries.keys()].filter((point) => point <= LAST).sort((a, b) => a - b);
  const maskAt = (point: number) => ranges.reduce((mask, list, k) => (holds(list, point) ? mask | (1 << k) : mask), 0);
  const sets: number[] = [];
  let spans = '';
  let previous = -1;
  let spanStart = 0;
  const close = (end: number) => {
    let index = sets.indexOf(previous);
    if (index < 0) index = sets.push(previous) - 1;
    if (index >= SET_NAMES.length) throw new Error('tr46 regexes: more sets of classes than names for them');
    spans += SET_NAMES[index] + (end - spanStart > 0 ? (end - spanStart).toString(36) : '');
  };
  for (const [k, start] of starts.entries()) {
    const mask = maskAt(start);
    if (mask === previous) continue;
    if (k > 0) close(start - 1);
    previous = mask;
    spanStart = start;
  }
  close(LAST);
  const toList = (mask: number) =>
    [...Array(classes.length).keys()]
      .filter((k) => mask & (1 << k))
      .map((k) => k.toString(36))
      .join('');
  return { skeletons, flags, sets: sets.map(toList), spans };
}

const CLASS = /\[(?:\\.|[^\]\\])*\]/g;
const MARKER = '#';
const LAST = 0x10ffff;

/** Whether sorted, disjoint `ranges` hold `point`. */
function holds(ranges: [number, number][], point: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [first, last] = ranges[mid]!;
    if (point < first) high = mid - 1;
    else if (point > last) low = mid + 1;
    else return true;
  }
  return false;
}

/** The code point ranges of a character class as written in tr46's source, sorted. */
export function parseClass(text: string): [number, number][] {
  if (text.startsWith('[^')) throw new Error(`tr46 regexes: a negated class ${text.slice(0, 20)}`);
  const body = text.slice(1, -1);
  const points: number[] = [];
  const dashes: boolean[] = [];
  let i = 0;
  const next = (): number => {
    const c = body[i]!;
    if (c !== '\\') {
      const point = body.codePointAt(i)!;
      i += point > 0xffff ? 2 : 1;
      return point;
    }
    const escape = body[i + 1]!;
    const braced = /^u\{([0-9a-fA-F]+)\}/.exec(body.slice(i + 1));
    const hex = braced ?? /^(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))/.exec(body.slice(i + 1));
    if (hex) {
      i += 1 + hex[0].length;
      return parseInt(hex[1] ?? hex[2]!, 16);
    }
    i += 2;
    if (escape === '0') return 0;
    if (/[\^$\\.*+?()[\]{}|/-]/.test(escape)) return escape.charCodeAt(0);
    throw new Error(`tr46 regexes: an escape this packing does not read: \\${escape}`);
  };
  while (i < body.length) {
    points.push(next());
    const dash = body[i] === '-' && i + 1 < body.length;
    dashes.push(dash);
    if (dash) i++;
  }
  const ranges: [number, number][] = [];
  for (let k = 0; k < points.length; k++) {
    if (dashes[k]) {
      ranges.push([points[k]!, points[k + 1]!]);
      k++;
    } else {
      ranges.push([points[k]!, points[k]!]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}
