/**
 * Builds the two downloads from the codec's sources with esbuild, in memory:
 *
 * - `canonical-url.js`: one classic script for the JavaScript UDFs of BigQuery and Snowflake,
 *   which have no `URL`, `TextEncoder` or `TextDecoder`: pure-JavaScript stand-ins
 *   (shims/) take the place of those globals in the modules that use them (see
 *   {@link platformShims}), so the script needs nothing but ECMAScript. `canonicalUrl` and `urlGroupKey` are function declarations at its top
 *   level, which is how BigQuery's `library` and Snowflake's inlined body see them.
 * - `canonical-url.mjs`: the streaming command-line tool (cli.ts) for Node 18 or newer, one
 *   file with no dependencies. Node has `TextEncoder` and `TextDecoder`; the host parser is
 *   the same pure one as the UDF's, so every Node version gives the warehouse's answers.
 *
 * The site serves both from src/pages/downloads/[file].ts and shows their size and SHA-256
 * (src/components/Download.astro); the tests run what this returns. Nothing here is
 * imported by a page's JavaScript.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { packMappingTable, packRegexes } from './idna-pack.ts';

export const DOWNLOAD_NAMES = ['canonical-url.js', 'canonical-url.mjs'] as const;
export type DownloadName = (typeof DOWNLOAD_NAMES)[number];

/** A built download: its text, its size in bytes (also gzipped, as a server may send it), and its SHA-256 in hex. */
export type Download = { name: DownloadName; text: string; bytes: number; gzipBytes: number; sha256: string };

// The project root, where npm scripts run: this module is bundled into the site build's own
// chunks, so its own location says nothing about where the sources are.
const root = process.cwd();
const here = join(root, 'src', 'downloads');
const shim = (file: string) => join(here, 'shims', file);

/** What both bundles share: the codec and the pure host parser. */
const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  write: false,
  metafile: true,
  minify: true,
  // Escapes every non-ASCII character, so the file survives any upload or SQL editor intact.
  charset: 'ascii',
  legalComments: 'none',
  logLevel: 'silent',
};

/** Both bundles' plugins, and the shims each gives the codec (see {@link platformShims}). */
const plugins = (codecGlobals: Record<string, string>): Plugin[] => [packedIdnaData(), platformShims(codecGlobals)];

let built: Promise<Download[]> | undefined;

/** Both downloads, built once per process (the endpoint and the component share them). */
function buildDownloads(): Promise<Download[]> {
  return (built ??= Promise.all([buildUdf(), buildCli()]));
}

export async function download(name: DownloadName): Promise<Download> {
  const found = (await buildDownloads()).find((d) => d.name === name);
  if (!found) throw new Error(`No download named ${name}`);
  return found;
}

async function buildUdf(): Promise<Download> {
  const result = await build({
    ...common,
    entryPoints: [join(here, 'udf.ts')],
    format: 'iife',
    globalName: 'library',
    platform: 'neutral',
    mainFields: ['main', 'module'],
    // Old enough for any embedded V8 a warehouse runs; newer syntax is lowered.
    target: 'es2018',
    plugins: plugins({ URL: shim('url.ts'), TextEncoder: TEXT, TextDecoder: TEXT }),
  });
  const inner = outputText(result.outputFiles);
  // Snowflake evaluates an inlined body for every row; the library is kept on the global
  // object under a name unique to this build, so rows after the first skip its setup
  // ("Global state", https://docs.snowflake.com/developer-guide/udf/javascript/udf-javascript-limitations).
  const cacheKey = `canonicalUrlLibrary_${sha256(inner).slice(0, 12)}`;
  const text =
    `/*! canonical-url.js: the URL normalizer of the Percent-Encoding Guide, for JavaScript UDFs: BigQuery\n` +
    ` * (OPTIONS (library = ...)) and Snowflake (the whole file pasted into the function body). How to: the\n` +
    ` * guide's page "At warehouse scale".\n` +
    ` * canonicalUrl(url, policy): the canonical URL. urlGroupKey(url, policy): its 16-hex-digit group key.\n` +
    ` * policy: NULL for the defaults, or a JSON object (as text or as an object) of policy fields. Both return\n` +
    ` * NULL for a value that is not a URL and for a policy they refuse; neither throws.\n` +
    ` * Globals: the file defines these and nothing else. At its top level (local to the body when pasted into\n` +
    ` * a function): canonicalUrl, urlGroupKey, canonicalUrlLibrary. On the global object: ${cacheKey},\n` +
    ` * where the library is kept, so that a body run once per row sets up once per sandbox. */\n` +
    `var canonicalUrlLibrary = (typeof globalThis === "object" && globalThis.${cacheKey}) || (function () {\n` +
    `${inner}` +
    `if (typeof globalThis === "object") globalThis.${cacheKey} = library;\n` +
    `return library;\n})();\n` +
    `function canonicalUrl(url, policy) { return canonicalUrlLibrary.canonicalUrl(url, policy); }\n` +
    `function urlGroupKey(url, policy) { return canonicalUrlLibrary.urlGroupKey(url, policy); }\n` +
    licenses(result.metafile!);
  return described('canonical-url.js', text);
}

async function buildCli(): Promise<Download> {
  const result = await build({
    ...common,
    entryPoints: [join(here, 'cli.ts')],
    format: 'esm',
    platform: 'node',
    target: 'node18',
    plugins: plugins({ URL: shim('url.ts') }),
    banner: { js: '#!/usr/bin/env node' },
  });
  return described('canonical-url.mjs', outputText(result.outputFiles) + licenses(result.metafile!));
}

const TEXT = shim('text-encoding.ts');
const CODEC = /[\\/]src[\\/]codec[\\/].+\.ts$/; // subfolders too

/**
 * Gives the codec's modules, which take `URL`, `TextEncoder` and `TextDecoder` for granted,
 * the shims instead, by importing them ahead of the module's own code; only the globals a
 * module names are imported.
 */
function platformShims(globals: Record<string, string>): Plugin {
  return {
    name: 'platform-shims',
    setup(build) {
      build.onLoad({ filter: CODEC }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const header = Object.entries(globals)
          .filter(([name]) => new RegExp(`\\b${name}\\b`).test(source))
          .map(([name, file]) => `import { ${name} } from ${JSON.stringify(file)};`)
          .join('\n');
        return { contents: `${header}\n${source}`, loader: 'ts' };
      });
    },
  };
}

/**
 * tr46's mapping table and regular expressions, packed (idna-pack.ts): together 125 KB as
 * tr46 ships them, about 50 KB packed. The bundle unpacks them with idna-unpack.ts, and
 * loads tr46 itself on first use: only a host with letters beyond ASCII needs it, and
 * unpacking its table was most of what a new sandbox spent before its first row.
 */
function packedIdnaData(): Plugin {
  const unpack = JSON.stringify(join(here, 'idna-unpack.ts'));
  return {
    name: 'packed-idna-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]tr46[\\/]index\.js$/, namespace: 'file' }, ({ path }) => ({
        contents: `let tr46; module.exports = { toASCII: (domain, options) => (tr46 ??= require(${JSON.stringify(`${path}?on-first-use`)})).toASCII(domain, options) };`,
        loader: 'js',
      }));
      build.onResolve({ filter: /\?on-first-use$/ }, ({ path }) => ({
        path: path.slice(0, -'?on-first-use'.length),
        namespace: 'on-first-use',
      }));
      build.onLoad({ filter: /.*/, namespace: 'on-first-use' }, async ({ path }) => ({
        contents: await readFile(path, 'utf8'),
        loader: 'js',
        resolveDir: dirname(path),
      }));
      build.onLoad({ filter: /[\\/]tr46[\\/]lib[\\/]mappingTable\.json$/ }, async ({ path }) => {
        const packed = packMappingTable(JSON.parse(await readFile(path, 'utf8')));
        return {
          contents: `module.exports = require(${unpack}).unpackMappingTable(${JSON.stringify(packed)});`,
          loader: 'js',
        };
      });
      build.onLoad({ filter: /[\\/]tr46[\\/]lib[\\/]regexes\.js$/ }, ({ path }) => {
        const packed = packRegexes(createRequire(import.meta.url)(path) as Record<string, RegExp>);
        return {
          contents: `module.exports = require(${unpack}).unpackRegexes(${JSON.stringify(packed)});`,
          loader: 'js',
        };
      });
    },
  };
}

function outputText(files: { text: string }[] | undefined): string {
  if (files?.length !== 1) throw new Error('esbuild was expected to write one file');
  return files[0]!.text;
}

function described(name: DownloadName, text: string): Download {
  return {
    name,
    text,
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text, { level: 9 }).length,
    sha256: sha256(text),
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The license of every package bundled in (or ported, as whatwg-url), read from the package itself: each is MIT or
 * BSD licensed, and both ask that copies keep the notice.
 */
function licenses(metafile: Metafile): string {
  // The host parser in shims/url.ts is ported from whatwg-url's, so its notice comes along.
  const packages = new Set<string>(['whatwg-url']);
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(match[1]!);
  }
  const notices = [...packages].sort().map((name) => {
    const dir = join(root, 'node_modules', name);
    const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    const text = file ? readFileSync(join(dir, file), 'utf8').trim() : license;
    return `${name} ${version} (${license}):\n\n${text}`;
  });
  // `*/` cannot occur in these texts, but a comment must not end early if one ever did.
  return `/*! Bundled packages and their licenses.\n\n${notices.join('\n\n---\n\n').replaceAll('*/', '* /')}\n*/\n`;
}
