/**
 * Group's engine chunk, in its two roles.
 *
 * On the page, Group's loader imports it before the element (see Group.astro): a module of
 * its own, so the bundler gives the engine a chunk of its own, free of DOM code. It publishes
 * that chunk's URL, and the Group element starts the very same chunk as its module worker,
 * where it answers jobs (jobs.ts). So the codec is shipped once and there is no separate
 * worker file.
 */
import { serveJobs } from './jobs';

declare global {
  var peGroupEngineUrl: string | undefined;
}

if (typeof document == 'undefined') serveJobs();
else globalThis.peGroupEngineUrl = import.meta.url;
