/**
 * Group.astro's first script: the engine as a page entry of its own. Being an entry gives
 * the engine a chunk of its own, free of DOM code, that the worker imports by URL (the
 * codec is shipped once). A dynamic `import()` would do the same but brings Vite's preload
 * helper (~800 bytes gzip).
 *
 * An entry's exports are not kept, so the module is published on the global scope: the
 * page reads its URL there, the worker (which runs this same chunk) its functions. This
 * script comes before group.ts's on the page, and module scripts run in order.
 */
import { csvOf, run, trim, url } from './engine';

/** The engine as published: what the page (`url`) and the worker (the functions) call. */
export type PublishedEngine = { url: string; run: typeof run; trim: typeof trim; csvOf: typeof csvOf };

declare global {
  var peGroupEngine: PublishedEngine | undefined;
}

// Named, not `import * as`: a namespace object costs a helper in the chunk.
globalThis.peGroupEngine = { url, run, trim, csvOf };
