/**
 * Group keys must be identical in the browser and in Node: the Group widget computes them
 * in a worker, the build computes them in Node. This bundles the codec as a widget would,
 * runs it in Chromium and compares with the keys Node computes. It needs no site server.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import { normalize } from '../../src/codec/index.ts';

const codecEntry = fileURLToPath(new URL('../../src/codec/index.ts', import.meta.url));

const inputs = [
  'https://Example.com:443/landing?utm_source=email&utm_medium=cpc#top',
  '/landing?utm_source=%65mail',
  '/uk/ламінат?джерело=пошта',
  '/th/แคมเปญ?utm_campaign=แคมเปญ',
  '/hi/नमस्ते?q=नमस्ते+दुनिया',
  '/emoji/😀?reaction=👍🏽',
  'https://пример.рф/путь',
  'http://[::FFFF:1.2.3.4]:80/a/./b/../c',
  '/long?' + Array.from({ length: 60 }, (_, k) => `p${k}=value-${k}-ламінат`).join('&'),
];

test('normalize gives the same canonical URLs and keys in Chromium as in Node', async ({ page }) => {
  expect(inputs.at(-1)?.length).toBeGreaterThan(1000);
  const bundled = await build({
    entryPoints: [codecEntry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'Codec',
    platform: 'browser',
    logLevel: 'silent',
    absWorkingDir: path.dirname(codecEntry),
  });
  const script = bundled.outputFiles[0]?.text ?? '';

  await page.setContent('<html></html>');
  await page.addScriptTag({ content: script });
  const inBrowser = await page.evaluate((urls) => {
    const { normalize: browserNormalize } = (globalThis as unknown as { Codec: { normalize: typeof normalize } }).Codec;
    return urls.map((url) => {
      const result = browserNormalize(url);
      return result.ok ? { canonical: result.canonical, key: result.key } : { error: result.error.code };
    });
  }, inputs);

  const inNode = inputs.map((url) => {
    const result = normalize(url);
    return result.ok ? { canonical: result.canonical, key: result.key } : { error: result.error.code };
  });
  expect(inNode.every((result) => 'key' in result)).toBe(true);
  expect(inBrowser).toEqual(inNode);
});
