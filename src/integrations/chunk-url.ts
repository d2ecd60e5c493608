import type { Plugin } from 'vite';

/**
 * `import url from './encode?chunk'` gives the URL of that module's own chunk without
 * loading it: widgets load their live code on first use (src/widgets/lib/on-use.ts).
 *
 * Why not `import('./encode')`: Vite wraps every dynamic import in its preload helper, even
 * with `build.modulePreload: false`, and that helper cost ~800 B gzip on every page with a
 * widget. The chunk is an emitted entry, so it shares the codec's chunks with everything
 * else on the page. The dev server serves modules as they are, so there the URL is the
 * module's own (`/@fs/…`).
 */
export function chunkUrls(): Plugin {
  let serving = false;
  return {
    name: 'chunk-url',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    load(id) {
      const query = id.indexOf('?');
      if (query < 0 || !new URLSearchParams(id.slice(query + 1)).has('chunk')) return null;
      const file = id.slice(0, query);
      if (serving) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      return `export default import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'chunk', id: file })};`;
    },
  };
}
