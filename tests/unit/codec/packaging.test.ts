/**
 * How the codec ships: no Node built-ins, no top-level side effects, tree-shakeable, and
 * documented. Bundled with esbuild (Astro's own dependency) exactly as a widget would be.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import * as codec from '../../../src/codec/index.ts';
import { repoRoot } from './support.ts';

const codecDir = path.join(repoRoot, 'src', 'codec');
const sources = readdirSync(codecDir).filter((file) => file.endsWith('.ts'));

async function bundle(entry: string, platform: 'neutral' | 'browser' | 'node' = 'neutral'): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: codecDir, loader: 'ts' },
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
    // `#codec/…` specifiers are package.json subpath imports; each target must be in this folder.
    const subpaths = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).imports as Record<string, Record<string, string>>;
    for (const file of sources) {
      const imports = [...readFileSync(path.join(codecDir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
      for (const specifier of imports.filter((s) => !s.startsWith('./'))) {
        expect(specifier).toMatch(/^#codec\//);
        for (const target of Object.values(subpaths[specifier] ?? { missing: '' })) expect(target).toMatch(/^\.\/src\/codec\/[\w.-]+\.ts$/);
      }
    }
  });

  test('browsers get normalize without the Node fast path; Node and neutral builds keep it', async () => {
    const entry = "import { normalize } from './index.ts'; console.log(normalize('/a'));";
    // scanQuery is one of the fast path's own functions.
    expect(await bundle(entry, 'browser')).not.toContain('function scanQuery(');
    expect(await bundle(entry, 'node')).toContain('function scanQuery(');
  });

  test('bundles for a neutral platform, so it needs no Node built-ins', async () => {
    const code = await bundle("export * from './index.ts';");
    expect(code).toContain('function normalize(');
    expect(code).not.toMatch(/\b(require|process|Buffer)\b/);
  });

  test('has no top-level side effects: importing without using leaves nothing', async () => {
    // A bare import: esbuild drops unused named imports of a .ts entry, as TypeScript does, so
    // `import { encode } …` would leave nothing even if a module ran code at load. What may
    // remain are numeric constants, which esbuild keeps and which do nothing.
    const code = await bundle("import './index.ts';");
    const constant = /^var \w+ = [\d\s<>*+-]+;$/;
    expect(code.split('\n').filter((line) => line.trim() && !line.startsWith('//') && !constant.test(line))).toEqual([]);
  });

  test('tree-shakes: a widget that only encodes ships only the encoder', async () => {
    const code = await bundle("import { encode } from './index.ts'; console.log(encode('a b', 'component'));");
    expect(code).toContain('function encode(');
    for (const absent of ['function decode(', 'function normalize', 'function group', 'function inspect', 'function parseUrl', 'function groupKey', 'TextEncoder']) {
      expect(code).not.toContain(absent);
    }
  });

  test('documents every exported function with TSDoc and an example', () => {
    const functions = Object.entries(codec).filter(([, value]) => typeof value === 'function').map(([name]) => name);
    expect(functions.length).toBeGreaterThanOrEqual(9);
    const allSource = sources.map((file) => readFileSync(path.join(codecDir, file), 'utf8')).join('\n');
    for (const name of functions) {
      const doc = allSource.match(new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export function ${name}\\(`));
      expect([name, doc?.[1]?.includes('@example') ?? false]).toEqual([name, true]);
    }
  });
});
