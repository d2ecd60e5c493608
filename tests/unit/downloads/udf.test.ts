/**
 * /downloads/canonical-url.js in the conditions of a warehouse: a context with nothing but
 * ECMAScript (no URL, TextEncoder, TextDecoder, console, Intl, process, require, timers),
 * as a classic script (BigQuery's `library`) and inlined in a function body evaluated per
 * row (Snowflake). Its answers must be the codec's, for every URL of the codec's tests.
 */
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src/downloads/build.ts';
import { normalize } from '../../../src/codec/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTestUrls, analyticsUrls, POLICIES, repoRoot } from './support.ts';

type Udf = (url: unknown, policy: unknown) => string | null;

/** What the codec itself answers, as the UDF should: the canonical URL, or null. */
function codecCanonical(url: string, rules?: object): string | null {
  const result = normalize(url, rules);
  return result.ok ? result.canonical : null;
}

let script: string;
beforeAll(async () => {
  script = (await download('canonical-url.js')).text;
});

/**
 * A fresh context with only the ECMAScript built-ins: Node's vm adds console, Intl and
 * WebAssembly, which go. Its global object is an ordinary one (DONT_CONTEXTIFY), as in a
 * warehouse's V8, rather than one that forwards every global lookup to a sandbox object,
 * which makes `Math.imul` and the like many times slower.
 */
function bareContext(): vm.Context {
  const context = vm.createContext(vm.constants.DONT_CONTEXTIFY);
  vm.runInContext('delete globalThis.console; delete globalThis.Intl; delete globalThis.WebAssembly;', context);
  return context;
}

/**
 * The body of a Snowflake function as the warehouse page writes it, with the script pasted
 * in place of its comment line, as the page says to.
 */
function snowflakeBody(name: 'canonical_url' | 'url_group_key'): string {
  const page = readFileSync(join(repoRoot, 'content', 'en', 'warehouse.mdx'), 'utf8');
  const body = new RegExp(`CREATE OR REPLACE FUNCTION ${name}\\([^$]*\\$\\$\\n([\\s\\S]*?)\\$\\$;`).exec(page)?.[1];
  if (body === undefined || !body.includes('// Paste the whole of canonical-url.js here.\n'))
    throw new Error(`no Snowflake body for ${name} on the warehouse page`);
  return body.replace('// Paste the whole of canonical-url.js here.\n', () => `${script}\n`);
}

function load(): { context: vm.Context; canonicalUrl: Udf; urlGroupKey: Udf } {
  const context = bareContext();
  vm.runInContext(script, context);
  return { context, canonicalUrl: context.canonicalUrl as Udf, urlGroupKey: context.urlGroupKey as Udf };
}

describe('canonical-url.js', () => {
  it('runs where no platform API exists', () => {
    const context = bareContext();
    const absent = [
      'URL',
      'TextEncoder',
      'TextDecoder',
      'process',
      'require',
      'setTimeout',
      'queueMicrotask',
      'structuredClone',
      'Buffer',
      'console',
      'Intl',
    ];
    expect(absent.filter((name) => vm.runInContext(`typeof ${name}`, context) !== 'undefined')).toEqual([]);
    vm.runInContext(script, context);
    expect(vm.runInContext(`canonicalUrl('/landing?utm_source=%65mail', null)`, context)).toBe(
      '/landing?utm_source=email',
    );
  });

  it('is a classic script that defines canonicalUrl and urlGroupKey at its top level, and nothing else but its cache', () => {
    expect(() => new vm.Script(script)).not.toThrow();
    const context = bareContext();
    const before = new Set(Object.getOwnPropertyNames(vm.runInContext('globalThis', context)));
    vm.runInContext(script, context);
    const added = Object.getOwnPropertyNames(vm.runInContext('globalThis', context)).filter(
      (name) => !before.has(name),
    );
    expect(added).toHaveLength(4);
    expect(added).toEqual(
      expect.arrayContaining([
        'canonicalUrl',
        'urlGroupKey',
        'canonicalUrlLibrary',
        expect.stringMatching(/^canonicalUrlLibrary_[0-9a-f]{12}$/),
      ]),
    );
    expect(vm.runInContext('typeof canonicalUrl + typeof urlGroupKey', context)).toBe('functionfunction');
    // Its header names every one of them, the cache property with this build's hash.
    const header = script.slice(0, script.indexOf('*/'));
    expect(added.filter((name) => !new RegExp(`\\b${name}\\b`).test(header))).toEqual([]);
  });

  it('is under the 100 KB Snowflake recommends for a function body', async () => {
    // https://docs.snowflake.com/developer-guide/udf/javascript/udf-javascript-limitations
    const { bytes } = await download('canonical-url.js');
    expect(bytes).toBeLessThan(100_000);
  });

  it('can sit inside SQL dollar quotes and any text editor: ASCII only, no $$', () => {
    expect(script).toMatch(/^[\x09\x0a\x0d\x20-\x7e]*$/);
    expect(script).not.toContain('$$');
  });

  it('gives the codec’s canonical URL and key for every URL of the codec’s tests, under every policy', () => {
    const { canonicalUrl, urlGroupKey } = load();
    const urls = allTestUrls();
    expect(urls.length).toBeGreaterThan(5000);
    const mismatches: unknown[] = [];
    let accepted = 0;
    for (const policy of POLICIES) {
      const rules = policy === null ? undefined : JSON.parse(policy);
      for (const url of urls) {
        const expected = normalize(url, rules);
        const canonical = expected.ok ? expected.canonical : null;
        const key = expected.ok ? expected.key : null;
        if (expected.ok) accepted++;
        const got = [canonicalUrl(url, policy), urlGroupKey(url, policy)];
        if (got[0] !== canonical || got[1] !== key) mismatches.push({ url, policy, expected: [canonical, key], got });
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    // Most inputs must be URLs, or agreeing on null would prove little.
    expect(accepted).toBeGreaterThan(urls.length * POLICIES.length * 0.5);
  });

  it('takes the policy as an object too (BigQuery JSON, Snowflake VARIANT)', () => {
    const { canonicalUrl } = load();
    const url = '/page?utm_source=EMAIL%20&b=1&a=2#top';
    const rules = { caseInsensitive: ['utm_source'], trim: true };
    expect(canonicalUrl(url, rules)).toBe('/page?a=2&b=1&utm_source=email');
    expect(canonicalUrl(url, rules)).toBe(codecCanonical(url, rules));
    // SQL NULL (BigQuery null, Snowflake undefined) and JSON null mean the defaults.
    for (const defaults of [null, undefined, 'null']) expect(canonicalUrl(url, defaults)).toBe(codecCanonical(url));
  });

  it('answers each row by its own policy when rows change policy (strings, equal objects, NULL, bad ones)', () => {
    const { canonicalUrl } = load();
    const url = '/page?utm_source=EMAIL&b=1&a=2#top';
    const rows: [unknown, string | null][] = [
      ['{"caseInsensitive":["utm_source"]}', '/page?a=2&b=1&utm_source=email'],
      [{ order: 'keep' }, '/page?utm_source=EMAIL&b=1&a=2'],
      [{ order: 'keep' }, '/page?utm_source=EMAIL&b=1&a=2'],
      [null, '/page?a=2&b=1&utm_source=EMAIL'],
      ['{bad', null],
      [{ drop: ['utm_'] }, '/page?a=2&b=1'],
      [{ drop: ['b'] }, '/page?a=2&utm_source=EMAIL'],
      ['{"caseInsensitive":["utm_source"]}', '/page?a=2&b=1&utm_source=email'],
    ];
    expect(rows.map(([policy]) => canonicalUrl(url, policy))).toEqual(rows.map(([, expected]) => expected));
  });

  it('returns null, never throws, for what is not a URL or not a policy', () => {
    const { canonicalUrl, urlGroupKey } = load();
    for (const url of [
      '',
      'landing',
      '%',
      'http://[::1',
      'http://a:99999/',
      '\ud800',
      null,
      undefined,
      42,
      {},
      ['/a'],
    ]) {
      expect([canonicalUrl(url, null), urlGroupKey(url, null)]).toEqual([null, null]);
    }
    // Not JSON objects; then fields the codec's checkPolicy refuses, as strings and as objects:
    // an unknown field, a wrong type, an unknown value.
    const refused = [
      '{"caseInsensitve":["utm_source"]}',
      '{"drop":"utm_"}',
      '{"order":"nonsense"}',
      '{"model":"weird"}',
      '{"trim":"yes"}',
    ];
    for (const policy of [
      '{bad',
      '',
      '[]',
      '42',
      '"drop"',
      7,
      ['utm_'],
      true,
      ...refused,
      ...refused.map((p) => JSON.parse(p) as object),
    ]) {
      expect([canonicalUrl('/a', policy), urlGroupKey('/a', policy)]).toEqual([null, null]);
    }
    const huge = '/' + 'a%2\u00e9'.repeat(250_000);
    expect(canonicalUrl(huge, null)).toBe(codecCanonical(huge));
  });

  it('also loads and agrees where the platform has URL, TextEncoder and TextDecoder of its own', () => {
    // Node's own realm has all three: the bundle must not trip over them.
    const { canonicalUrl, urlGroupKey } = new Function(`${script}\nreturn { canonicalUrl, urlGroupKey };`)() as {
      canonicalUrl: Udf;
      urlGroupKey: Udf;
    };
    const urls = allTestUrls().filter((_, i) => i % 10 === 0);
    const disagree = urls.filter((url) => {
      const expected = normalize(url);
      return (
        canonicalUrl(url, null) !== (expected.ok ? expected.canonical : null) ||
        urlGroupKey(url, null) !== (expected.ok ? expected.key : null)
      );
    });
    expect(disagree).toEqual([]);
  });

  it('inlined in a body evaluated for every row (Snowflake), sets up once and gives the same answers', () => {
    const context = bareContext();
    const udf = vm.runInContext(`(function (RAW_URL, POLICY) {\n${snowflakeBody('canonical_url')}\n})`, context) as Udf;
    const urls = allTestUrls().slice(0, 500);
    expect(urls.filter((url) => udf(url, undefined) !== codecCanonical(url))).toEqual([]);
    // Rows after the first use the library kept on the global object, not a new one.
    const cache = Object.getOwnPropertyNames(vm.runInContext('globalThis', context)).find((name) =>
      name.startsWith('canonicalUrlLibrary_'),
    )!;
    vm.runInContext(`globalThis.${cache} = { canonicalUrl: function () { return 'from the cache'; } }`, context);
    expect(udf('/a', undefined)).toBe('from the cache');
    const key = vm.runInContext(
      `(function (RAW_URL, POLICY) {\n${snowflakeBody('url_group_key')}\n})`,
      bareContext(),
    ) as Udf;
    const expected = normalize('/a?a=2&b=1');
    expect(expected.ok && key('/a?b=1&a=2', undefined)).toBe(expected.ok && expected.key);
    expect(key('/a?b=1&a=2', undefined)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('pasted as the page shows and called once per row, runs as fast as the loaded functions called directly', () => {
    // Snowflake evaluates the body for every row; the set-up it keeps on the global object
    // must leave a row costing what a direct call costs. Alternating rounds, medians.
    const rows = analyticsUrls(20_000);
    const direct = load();
    const pasted = vm.runInContext(
      `(function (RAW_URL, POLICY) {\n${snowflakeBody('canonical_url')}\n})`,
      bareContext(),
    ) as Udf;
    const time = (udf: Udf) => {
      const started = performance.now();
      for (const row of rows) udf(row, undefined);
      return performance.now() - started;
    };
    const rounds: [number, number][] = [];
    for (let k = 0; k < 7; k++) rounds.push([time(direct.canonicalUrl), time(pasted)]);
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(rounds.slice(2).map(([d]) => d)) / median(rounds.slice(2).map(([, p]) => p));
    // About 1 when set-up is kept; several times less when a row sets the library up again.
    expect(ratio).toBeGreaterThan(0.7);
  });
});
