import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { buildRecord } from './build-stamp.ts';

/** One browser chunk of the build: what it imports, and what it may load later. */
interface ChunkNode {
  /** Static imports: they load with the chunk. */
  imports: string[];
  /** `import()`s, and the chunks a `?chunk` URL names (widget code on first use, workers). */
  later: string[];
}

/** File name (`_astro/x.js`) → its node. */
export type ChunkGraph = Record<string, ChunkNode>;

/** Where the graph of the last build in `outDir` is kept (not served). */
export const chunkGraphFile = (root: string, outDir: string) => buildRecord(root, outDir, 'chunk-graph');

/**
 * Writes the browser build's chunk graph as the bundler knows it, for the page-weight gates
 * (tests/support/page-weights.ts). Astro writes no Vite manifest, so this records the same
 * facts: each chunk's static and dynamic imports, plus the one kind of edge the bundler
 * does not record as an import: a `?chunk` URL (src/integrations/chunk-url.ts) names the
 * chunk of the module it was imported with.
 */
export function chunkGraph(): AstroIntegration {
  return {
    name: 'chunk-graph',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const file = chunkGraphFile(fileURLToPath(config.root), fileURLToPath(config.outDir));
        updateConfig({ vite: { plugins: [graphWriter(file)] } });
      },
    },
  };
}

function graphWriter(file: string): Plugin {
  return {
    name: 'chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const chunkOf = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk.fileName] as const] : [])),
      );
      const graph: ChunkGraph = {};
      for (const chunk of chunks.sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        const named = chunk.moduleIds.flatMap((id) => {
          const query = id.indexOf('?');
          if (query < 0 || !new URLSearchParams(id.slice(query + 1)).has('chunk')) return [];
          const file = chunkOf.get(id.slice(0, query));
          if (!file) this.error(`chunk-graph: no chunk for ${id}`);
          return [file];
        });
        graph[chunk.fileName] = { imports: [...chunk.imports], later: [...chunk.dynamicImports, ...named] };
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(graph, null, 2)}\n`);
    },
  };
}
