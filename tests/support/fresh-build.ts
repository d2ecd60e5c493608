import { resolve } from 'node:path';
import { staleness } from '../../src/integrations/build-stamp.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Global setup of the build gates (Vitest project `build`) and the end-to-end tests: they
 * refuse a build that is missing or older than the sources, which would otherwise pass
 * them with the previous build's pages.
 */
export function assertFreshBuilds(...outDirs: string[]): void {
  const problems = outDirs.flatMap((outDir) => staleness(ROOT, resolve(ROOT, outDir)) ?? []);
  if (problems.length > 0) {
    throw new Error(`${problems.join('; ')}: run \`npm run build\` first (npm test and npm run test:quick do).`);
  }
}

export default function setup(): void {
  assertFreshBuilds('dist');
}
