import type { CodecIssue } from './issues.ts';
import { createNormalizer } from './normalize/index.ts';
import type { NormalizePolicy } from './normalize/types.ts';

export type UrlGroup = {
  canonical: string;
  key: string;
  /** Number of input lines in the group (with weighted input, the sum of their counts). */
  count: number;
  /** Each distinct raw line, most frequent first (ties: first seen first). */
  variants: { raw: string; count: number }[];
};

/** A URL that stands for `count` lines: a report row with its views or sessions. */
export type WeightedUrl = { url: string; count: number };

/** Distinct lines that could not be normalized, with the reason. */
export type RejectedLine = { raw: string; count: number; error: CodecIssue };

export type GroupReport = {
  groups: UrlGroup[];
  /** Most frequent first (ties: first seen first). */
  rejected: RejectedLine[];
  /** Non-blank lines (or weighted URLs) read, grouped or rejected. */
  lines: number;
};

/**
 * Groups URLs by canonical form. Blank lines are ignored; lines that cannot be normalized
 * are left out of the groups (see {@link groupReport} to list them). A string argument is
 * split into lines (`\n`, `\r\n` or `\r`); any other iterable gives one URL per item.
 * Groups come most frequent first, ties by canonical URL; variants most frequent first.
 *
 * Each distinct raw line is normalized once, so repeated lines cost a map lookup.
 *
 * @example
 * group(['/landing?utm_source=email', '/landing?utm_source=%65mail', '/landing?utm_source=email'])
 * // [{ canonical: '/landing?utm_source=email', key: '…', count: 3, variants: [
 * //     { raw: '/landing?utm_source=email', count: 2 }, { raw: '/landing?utm_source=%65mail', count: 1 } ] }]
 */
export function group(urls: Iterable<string>, policy?: Partial<NormalizePolicy>): UrlGroup[] {
  return groupReport(urls, policy).groups;
}

type Variant = { raw: string; count: number };
type Entry = { group: UrlGroup; variant: Variant } | { rejected: RejectedLine };

/**
 * Orders two groups by canonical URL, in UTF-16 code units: how {@link groupReport} breaks a
 * tie of counts, for a sort of groups that wants the same order.
 *
 * @example
 * [{ canonical: '/b' }, { canonical: '/a' }].sort(compareCanonical) // [{ canonical: '/a' }, { canonical: '/b' }]
 */
export function compareCanonical(a: Pick<UrlGroup, 'canonical'>, b: Pick<UrlGroup, 'canonical'>): number {
  return a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0;
}

/**
 * {@link group}, plus the lines that could not be normalized and the number of lines read.
 * An item may also be a {@link WeightedUrl}: it then adds its `count` (a report row's views,
 * say) to its group, its variant or its rejected line, where a plain string adds 1.
 *
 * @example
 * groupReport('/a\n\nnot a url\n/a').rejected
 * // [{ raw: 'not a url', count: 1, error: { code: 'invalid-url', index: 0, length: 9 } }]
 * groupReport([{ url: '/a', count: 10 }, { url: '/%61', count: 5 }]).groups[0].count // 15
 */
export function groupReport(urls: Iterable<string | WeightedUrl>, policy?: Partial<NormalizePolicy>): GroupReport {
  const normalizeUrl = createNormalizer(policy, { changes: false });
  const byRaw = new Map<string, Entry>();
  const byCanonical = new Map<string, UrlGroup>();
  const rejected: RejectedLine[] = [];
  let lines = 0;

  for (const item of typeof urls === 'string' ? urls.split(/\r\n|\n|\r/) : urls) {
    let raw: string;
    let weight = 1;
    if (typeof item === 'string') raw = item;
    else if (typeof item?.url === 'string') {
      raw = item.url;
      weight = Number.isFinite(item.count) ? item.count : 0;
    } else continue;
    if (isBlank(raw)) continue;
    lines++;
    const seen = byRaw.get(raw);
    if (seen !== undefined) {
      if ('rejected' in seen) {
        seen.rejected.count += weight;
      } else {
        seen.variant.count += weight;
        seen.group.count += weight;
      }
      continue;
    }
    const result = normalizeUrl(raw);
    if (!result.ok) {
      const line: RejectedLine = { raw, count: weight, error: result.error };
      rejected.push(line);
      byRaw.set(raw, { rejected: line });
      continue;
    }
    let target = byCanonical.get(result.canonical);
    if (target === undefined) {
      target = { canonical: result.canonical, key: result.key, count: 0, variants: [] };
      byCanonical.set(result.canonical, target);
    }
    const variant: Variant = { raw, count: weight };
    target.variants.push(variant);
    target.count += weight;
    byRaw.set(raw, { group: target, variant });
  }

  const groups = [...byCanonical.values()];
  groups.sort((a, b) => b.count - a.count || compareCanonical(a, b));
  for (const g of groups) {
    // Array.prototype.sort is stable, so equal counts keep first-seen order.
    if (g.variants.length > 1) g.variants.sort((a, b) => b.count - a.count);
  }
  rejected.sort((a, b) => b.count - a.count);
  return { groups, rejected, lines };
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    if (line.charCodeAt(i) > 0x20) return false;
  }
  return true;
}
