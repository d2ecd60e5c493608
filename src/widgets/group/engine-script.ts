/**
 * Group's engine chunk, in its two roles.
 *
 * On the page it is Group.astro's first script: an entry of its own, so the bundler gives
 * the engine a chunk of its own, free of DOM code. It publishes that chunk's URL, and the
 * Group element starts the very same chunk as its module worker, where it answers jobs
 * (jobs.ts). So the codec is shipped once and there is no separate worker file.
 * (A dynamic `import()` of the engine would also make a chunk, but brings Vite's preload
 * helper, ~800 bytes gzip.)
 *
 * This script comes before group.ts's on the page, and module scripts run in order.
 */
import { serveJobs } from './jobs';

declare global {
  var peGroupEngineUrl: string | undefined;
}

if (typeof document == 'undefined') serveJobs();
else globalThis.peGroupEngineUrl = import.meta.url;
