/**
 * /downloads/canonical-url.js and /downloads/canonical-url.mjs: the codec bundled for data
 * warehouses and for the command line (src/downloads/build.ts), built with every page
 * build. No page loads them; the analytics page links to them (src/components/Download.astro).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { DOWNLOAD_NAMES, download, type DownloadName } from '../../downloads/build';

export const getStaticPaths = (() => DOWNLOAD_NAMES.map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

/** Both are JavaScript; `.mjs` marks the command-line tool as an ES module for Node. */
export const GET: APIRoute = async ({ params }) => {
  const { text } = await download(params.file as DownloadName);
  return new Response(text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
