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

async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: codecDir, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    treeShaking: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('packaging', () => {
  test('imports nothing outside the codec folder', () => {
    for (const file of sources) {
      const imports = [...readFileSync(path.join(codecDir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(imports.filter((specifier) => !specifier?.startsWith('./'))).toEqual([]);
    }
  });

  test('bundles for a neutral platform, so it needs no Node built-ins', async () => {
    const code = await bundle("export * from './index.ts';");
    expect(code).toContain('function normalize(');
    expect(code).not.toMatch(/\b(require|process|Buffer)\b/);
  });

  test('has no top-level side effects: importing without using leaves nothing', async () => {
    const code = await bundle("import { encode, normalize, group, inspect } from './index.ts';");
    expect(code.trim()).toBe('');
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
