/**
 * How the codec ships: no Node built-ins, no top-level side effects, tree-shakeable, and
 * documented. Bundled with esbuild (Astro's own dependency) exactly as a widget would be.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import * as codec from '../../../src/codec/index.ts';
import { fileURLToPath } from 'node:url';

const codecDir = fileURLToPath(new URL('../../../src/codec', import.meta.url));
/** Every module of the codec, as a path relative to its folder (`normalize/query.ts`). */
const sources = (readdirSync(codecDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
/** package.json's subpath imports (`#codec/…`): each condition's module, from the repository root. */
const repoDir = path.resolve(codecDir, '..', '..');
const subpathImports: Record<string, Record<string, string>> = JSON.parse(
  readFileSync(path.join(repoDir, 'package.json'), 'utf8'),
).imports;
/**
 * The modules a module imports, types included, as paths relative to the codec folder; a
 * subpath import stands for every module its conditions name.
 */
const importsOf = (file: string): string[] =>
  [
    ...readFileSync(path.join(codecDir, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gms),
  ].flatMap(([, specifier = '']) =>
    specifier.startsWith('#')
      ? Object.values(subpathImports[specifier] ?? { missing: specifier }).map((target) =>
          path.relative(codecDir, path.resolve(repoDir, target)),
        )
      : [path.relative(codecDir, path.resolve(codecDir, path.dirname(file), specifier))],
  );

async function bundle(
  entry: string,
  platform: 'neutral' | 'browser' | 'node' = 'neutral',
  loader: 'ts' | 'js' = 'ts',
  minify = false,
): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: codecDir, loader },
    minify,
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    treeShaking: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('packaging', () => {
  test('imports nothing outside the codec folder', () => {
    for (const file of sources) {
      for (const target of importsOf(file))
        expect([file, target]).toEqual([file, expect.stringMatching(/^[\w-]+(\/[\w-]+)?(\.node)?\.ts$/)]);
    }
  });

  test('has no import cycle, type imports included', () => {
    const graph = new Map(sources.map((file) => [file, importsOf(file)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(sources.length);
    const done = new Set<string>();
    const visit = (file: string, trail: string[]) => {
      if (trail.includes(file))
        throw new Error(`import cycle: ${[...trail.slice(trail.indexOf(file)), file].join(' → ')}`);
      if (done.has(file)) return;
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      done.add(file);
    };
    for (const file of sources) visit(file, []);
    expect(done.size).toBe(sources.length);
  });

  test('bundles for a neutral platform and runs with nothing but the web platform', async () => {
    const code = await bundle(
      "import { normalize } from './index.ts'; globalThis.result = normalize('HTTP://A.example/%7e?b=1&a=2');",
      'neutral',
      'js',
    );
    // No Node built-ins: run it where only ECMAScript, URL and TextEncoder/TextDecoder exist.
    const context = vm.createContext({ URL, TextEncoder, TextDecoder });
    vm.runInContext(code, context);
    expect(context.result).toMatchObject({ ok: true, canonical: 'http://a.example/~?a=2&b=1' });
  });

  test('has no top-level side effects: importing without using leaves nothing', async () => {
    // A bare import, in JavaScript: TypeScript would drop an unused named import as a type.
    // Minified, as a page's bundle is, so unused constants go and only side effects stay.
    const code = await bundle("import './index.ts';", 'neutral', 'js', true);
    expect(code.trim()).toBe('');
  });

  test('tree-shakes: a widget that only encodes ships a fraction of the codec', async () => {
    const size = async (entry: string) => (await bundle(entry, 'browser', 'js', true)).length;
    const all = await size("export * from './index.ts';");
    const encodeOnly = await size("import { encode } from './index.ts'; console.log(encode('a b', 'component'));");
    const normalizeOnly = await size("import { normalize } from './index.ts'; console.log(normalize('/a'));");
    expect(encodeOnly).toBeLessThan(all * 0.15);
    expect(normalizeOnly).toBeLessThan(all * 0.8);
  });

  test('documents every exported function with TSDoc and an example', () => {
    const functions = Object.entries(codec)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    expect(functions.length).toBeGreaterThanOrEqual(9);
    const allSource = sources.map((file) => readFileSync(path.join(codecDir, file), 'utf8')).join('\n');
    for (const name of functions) {
      const doc = allSource.match(new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export function ${name}\\(`));
      expect([name, doc?.[1]?.includes('@example') ?? false]).toEqual([name, true]);
    }
  });
});
