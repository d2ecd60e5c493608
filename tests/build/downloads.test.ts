import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_NAMES, download } from '../../src/downloads/build';
import { builtPages, DIST, gzipSize } from '../support/dist';

// The downloads are files of the build, linked from the warehouse page with figures taken
// from those very files, and never part of what any page loads.

const files = DOWNLOAD_NAMES.map((name) => ({ name, bytes: readFileSync(join(DIST, 'downloads', name)) }));

describe('the downloads in dist/downloads/', () => {
  it.each(files)('$name is the bundle the builder makes', async ({ name, bytes }) => {
    expect(bytes.toString('utf8')).toBe((await download(name)).text);
  });

  it('the warehouse page links each with its size, gzipped size and SHA-256, computed from the built file', () => {
    const page = builtPages().find((p) => p.path === '/en/warehouse/')!;
    const links = page.root.querySelectorAll('.download');
    expect(links.map((p) => p.querySelector('a')?.getAttribute('href'))).toEqual(
      DOWNLOAD_NAMES.map((name) => `/downloads/${name}`),
    );
    for (const [i, { bytes }] of files.entries()) {
      const text = links[i]!.text;
      expect(text).toContain(bytes.length.toLocaleString('en'));
      expect(text).toContain(gzipSize(bytes).toLocaleString('en'));
      expect(links[i]!.querySelector('code')?.text).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});

describe('no page loads them', () => {
  it('every reference from a page is a download link', () => {
    const references = builtPages().flatMap((page) =>
      page.root
        .querySelectorAll('[href*="canonical-url."], [src*="canonical-url."]')
        .filter((el) => !(el.tagName === 'A' && el.hasAttribute('download')))
        .map((el) => `${page.path}: ${el.outerHTML.slice(0, 120)}`),
    );
    expect(references).toEqual([]);
  });

  it('no script of the site holds the bundles or their shims', () => {
    // Strings found only in what the bundles add: punycode, the URL shim, the TextDecoder shim.
    const signatures = [
      'Overflow: input needs wider integers to process',
      'Invalid URL',
      'is not supported here',
      'canonicalUrlLibrary',
    ];
    const udf = files[0]!.bytes.toString('utf8');
    expect(signatures.filter((s) => !udf.includes(s))).toEqual([]);
    const scripts = readdirSync(join(DIST, '_astro')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const leaks = scripts.filter((f) => {
      const code = readFileSync(join(DIST, '_astro', f), 'utf8');
      return signatures.some((s) => code.includes(s));
    });
    expect(leaks).toEqual([]);
  });
});
