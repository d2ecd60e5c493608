/**
 * The `?chunk` plugin on a real Vite dev server: the import gives the module's own URL and
 * loads nothing (the build side is covered by the budget gates, which follow these URLs).
 */
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chunkUrls } from '../../src/integrations/chunk-url.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: ViteDevServer;

beforeAll(async () => {
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [chunkUrls()],
    server: { middlewareMode: true, hmr: false },
  });
});
afterAll(() => server?.close());

describe('chunk-url in the dev server', () => {
  test('an import with ?chunk is the module’s URL, not the module', async () => {
    const widget = fileURLToPath(new URL('../../src/widgets/encode/encode.ts', import.meta.url));
    const loaded = await server.pluginContainer.load(`${widget}?chunk`);
    expect(loaded).toBe(`export default ${JSON.stringify(`/@fs${widget}`)};`);
  });

  test('reads the query, so other parameters beside chunk do not hide it, and leaves other imports alone', async () => {
    const widget = fileURLToPath(new URL('../../src/widgets/encode/encode.ts', import.meta.url));
    expect(await server.pluginContainer.load(`${widget}?x=1&chunk`)).toBe(
      `export default ${JSON.stringify(`/@fs${widget}`)};`,
    );
    for (const other of [`${widget}?raw`, `${widget}?chunked`, widget]) {
      expect(JSON.stringify(await server.pluginContainer.load(other))).not.toContain('/@fs');
    }
  });
});
