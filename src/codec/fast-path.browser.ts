import type { Normalized } from './normalize.ts';
import type { CompiledPolicy } from './policy.ts';

/**
 * What browsers get for `#codec/fast-path` (package.json `imports`, `browser` condition):
 * no fast path. It exists for batch throughput in Node; in a page it would cost ~1.8 KB of
 * gzipped script for nothing a reader notices, since every URL it answers, the general
 * path answers identically (the unit tests compare both). Node, the build and the tests
 * resolve the real `fast-path.ts`.
 */
export function normalizeFast(_raw: string, _policy: CompiledPolicy): ({ ok: true } & Normalized) | null {
  return null;
}
