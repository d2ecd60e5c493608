import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { CONTENT_DIR } from '../lib/content-dir.ts';

/**
 * The files a build is made from (besides node_modules, which the lock file pins): when one
 * of them changes, the build in the output directory is stale.
 */
// The two fixtures are read by the build: the encoding-functions page's decoder table shows
// the real stacks' and functions' readings (components/content/DecoderTable.astro).
const SOURCES = [
  'src',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tests/fixtures/servers/queries.json',
  'tests/fixtures/encoders.json',
];

function filesIn(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesIn(join(path, name)));
}

/** SHA-256 over the sources' paths and contents, with the content directory the build read. */
function sourcesDigest(root: string, contentDir: string): string {
  const hash = createHash('sha256');
  const files = [...SOURCES, contentDir].flatMap((path) => filesIn(join(root, path)));
  for (const file of files.map((f) => relative(root, f).split(sep).join('/')).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

interface Stamp {
  /** The articles' directory the build read (`content`, or a test fixture's). */
  contentDir: string;
  sources: string;
}

/**
 * Where a record of the build in `outDir` is kept: beside Astro's other generated files,
 * outside the output directory, whose every file would be served; one per output directory,
 * as the test fixtures' builds have their own.
 */
export const buildRecord = (root: string, outDir: string, name: string) =>
  join(root, '.astro', `${name}.${relative(root, outDir).split(sep).join('_') || basename(outDir)}.json`);

const stampFile = (root: string, outDir: string) => buildRecord(root, outDir, 'build-stamp');

/** Whether the build in `outDir` was made from the sources as they are now; if not, why. */
export function staleness(root: string, outDir: string): string | undefined {
  const file = stampFile(root, outDir);
  if (!existsSync(file)) return `no finished build in ${relative(root, outDir)}/`;
  const stamp = JSON.parse(readFileSync(file, 'utf8')) as Stamp;
  if (stamp.sources !== sourcesDigest(root, stamp.contentDir))
    return `${relative(root, outDir)}/ was built from other sources than these`;
  return undefined;
}

/**
 * Records, when a build finishes, which sources it was made from. The build gates and the
 * end-to-end tests compare it with the sources (tests/support/fresh-build.ts), so an edit
 * without a build fails them instead of testing the previous build. The stamp is removed
 * when a build starts, so a build that fails leaves none.
 */
export function buildStamp(): AstroIntegration {
  let root = '';
  let outDir = '';
  return {
    name: 'build-stamp',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': () => {
        rmSync(stampFile(root, outDir), { force: true });
      },
      'astro:build:done': () => {
        const file = stampFile(root, outDir);
        mkdirSync(dirname(file), { recursive: true });
        const stamp: Stamp = { contentDir: CONTENT_DIR, sources: sourcesDigest(root, CONTENT_DIR) };
        writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
      },
    },
  };
}
