import type { Normalized } from './normalize.ts';
import type { CompiledPolicy } from './policy.ts';
import { escapedByteAt, isUnreserved } from './sets.ts';

/**
 * What browsers get for `#codec/fast-path` (package.json `imports`, `browser` condition):
 * no fast path, and compact forms of the checks Node answers from tables. The fast path
 * exists for batch throughput in Node; in a page it would cost ~1.8 KB of gzipped script
 * for nothing a reader notices, since every URL it answers, the general path answers
 * identically (the unit tests compare both). Node, the build and the tests resolve the
 * real `fast-path.ts`.
 */
export function normalizeFast(_raw: string, _policy: CompiledPolicy): ({ ok: true } & Normalized) | null {
  return null;
}

/**
 * An escape that is already canonical: uppercase hex digits, of a byte that is not an
 * unreserved character (those are decoded). Node uses a 64 KB table for this
 * (`fast-path.ts`); the tests check both give the same answer for every pair of codes.
 */
export function isCanonicalEscape(text: string, i: number): boolean {
  const byte = escapedByteAt(text, i);
  // Of the hex digits, only `a-f` are at or above 0x61.
  return byte >= 0 && !isUnreserved(byte) && text.charCodeAt(i + 1) < 0x61 && text.charCodeAt(i + 2) < 0x61;
}
