import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

/**
 * The files of Pagefind's bundle that the site's search (src/components/search/) loads:
 * the search API and its worker, the WebAssembly search engine, and the index itself.
 * Pagefind's prebuilt UIs are left out: the site has its own.
 */
const USED =
  /^(?:pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(?:index|fragment|filter)\/[\w.-]+)$/;

/** Where the bundle is served from: Pagefind's default, which its search API expects. */
export const SEARCH_BUNDLE = 'pagefind';

/**
 * Builds the search index at the end of `astro build`: Pagefind reads every page written
 * to the output directory, one index per `<html lang>`. Only what each page marks with
 * `data-pagefind-body` is indexed (Base.astro: the main column of a page in its own
 * language), so English text shown on a fallback page stays out of that locale's index.
 */
export function searchIndex(options: { includeCharacters?: string } = {}): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const out = join(site, SEARCH_BUNDLE);
        const failed = (what: string, errors: string[]) =>
          new Error(`search index: ${what} failed: ${errors.join('; ')}`);
        try {
          const created = await pagefind.createIndex({ ...options, maxFragments: 1 });
          if (!created.index) throw failed('creating the index', created.errors);
          const added = await created.index.addDirectory({ path: site });
          if (added.errors.length > 0) throw failed('reading the pages', added.errors);
          const { files, errors } = await created.index.getFiles();
          if (errors.length > 0) throw failed('writing the index', errors);
          await rm(out, { recursive: true, force: true });
          const used = files.filter((file) => USED.test(file.path));
          for (const file of used) {
            const target = join(out, file.path);
            await mkdir(dirname(target), { recursive: true });
            await writeFile(target, file.content);
          }
          logger.info(`${added.page_count} pages indexed, ${used.length} files in /${SEARCH_BUNDLE}/`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
