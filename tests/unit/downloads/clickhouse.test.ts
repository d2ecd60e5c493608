/**
 * `canonical-url.mjs --udf` driven as ClickHouse drives an executable_pool function: one
 * process kept for several blocks, each block written to its stdin as TabSeparated values
 * (one per line, escapes and \N as ClickHouse writes them), its answers read back while the
 * input stays open, one line for each line written.
 * https://clickhouse.com/docs/sql-reference/functions/udf
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalize } from '../../../src/codec/index.ts';
import { findLoneSurrogate } from '../../../src/codec/utf8.ts';
import { tsvEscape, tsvUnescape } from '../../../src/downloads/clickhouse.ts';
import { download } from '../../../src/downloads/build.ts';
import { allTestUrls } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'canonical-url-clickhouse-'));
const cli = join(dir, 'canonical-url.mjs');
beforeAll(async () => writeFileSync(cli, (await download('canonical-url.mjs')).text));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A running `--udf` process and a way to read its next `count` lines. */
function pooled(args: string[]) {
  const child = spawn(process.execPath, [cli, ...args]) as ChildProcessWithoutNullStreams;
  let received = Buffer.alloc(0);
  let waiting: { count: number; resolve: (lines: string[]) => void } | null = null;
  const deliver = () => {
    if (waiting === null) return;
    const lines: string[] = [];
    let start = 0;
    for (
      let end = received.indexOf(0x0a);
      end >= 0 && lines.length < waiting.count;
      end = received.indexOf(0x0a, start)
    ) {
      lines.push(received.subarray(start, end).toString('utf8'));
      start = end + 1;
    }
    if (lines.length < waiting.count) return;
    received = received.subarray(start);
    const { resolve } = waiting;
    waiting = null;
    resolve(lines);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    deliver();
  });
  return {
    child,
    /** Writes a block and waits for its answers, with the input left open. */
    block(values: (Buffer | string)[]): Promise<string[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no answer for a block of ${values.length}: got ${JSON.stringify(received.toString())}`)),
          20_000,
        );
        waiting = {
          count: values.length,
          resolve: (lines) => {
            clearTimeout(timer);
            resolve(lines);
          },
        };
        child.stdin.write(
          Buffer.concat(
            values.map((v) => Buffer.concat([typeof v === 'string' ? Buffer.from(v) : v, Buffer.from('\n')])),
          ),
        );
        deliver();
      });
    },
    close(): Promise<number | null> {
      return new Promise((resolve) => {
        child.on('close', (code) => resolve(code));
        child.stdin.end();
      });
    },
  };
}

/** What the codec answers, as ClickHouse should read it. */
const canonical = (url: string) => {
  const result = normalize(url);
  return result.ok ? result.canonical : '';
};
const key = (url: string, rules?: object) => {
  const result = normalize(url, rules);
  return result.ok ? result.key : '';
};

describe('canonical-url.mjs --udf (ClickHouse executable function)', () => {
  it('answers each block while its input stays open, one line per value, from one process', async () => {
    const udf = pooled(['--udf', 'canonical']);
    const first = ['https://Example.com/a?b=2&a=1', '/landing?utm_source=%65mail', 'landing', 'http://[::1'];
    expect(await udf.block(first)).toEqual(first.map(canonical));
    // The same process takes the next blocks: ClickHouse keeps it in its pool.
    // Values a String column can hold as UTF-8 (no lone surrogate) and TabSeparated writes as they are.
    const urls = allTestUrls()
      .filter((url) => findLoneSurrogate(url) < 0 && !/[\\\t\n\r]/.test(url))
      .slice(0, 3000);
    expect(await udf.block(urls)).toEqual(urls.map((url) => tsvEscape(canonical(url))));
    const blank = ['', '   ', 'HTTP://X.Example:80/'];
    expect(await udf.block(blank)).toEqual(blank.map(canonical));
    expect(await udf.close()).toBe(0);
  });

  it('reads values as ClickHouse writes them: escapes, NULL, bytes that are not UTF-8', async () => {
    const udf = pooled(['--udf', 'canonical']);
    const answers = await udf.block([
      '/a?q=x\\ty', // a tab, escaped
      '/a?q=back\\\\slash', // a backslash, escaped
      '\\N', // NULL
      Buffer.from([0x2f, 0x61, 0x3f, 0x71, 0x3d, 0xe9]), // '/a?q=' then latin-1 é: not UTF-8
      '/a?q=%E9', // the same byte, escaped: a different value, so it gets its own answer
    ]);
    // Answers are TabSeparated too: a backslash the canonical URL keeps (the data model keeps a
    // raw one as written, which Tomcat refuses) comes back escaped.
    expect(answers).toEqual(
      [canonical('/a?q=x\ty'), canonical('/a?q=back\\slash'), '', '', canonical('/a?q=%E9')].map(tsvEscape),
    );
    expect(answers[4]).not.toBe('');
    expect(await udf.close()).toBe(0);
  });

  it('--udf key writes group keys, under --policy', async () => {
    const rules = { caseInsensitive: ['utm_source'], drop: ['utm_medium'] };
    const udf = pooled(['--udf', 'key', '--policy', JSON.stringify(rules)]);
    const urls = ['/p?utm_source=EMAIL&utm_medium=x', '/p?utm_source=email', 'landing'];
    const answers = await udf.block(urls);
    expect(answers).toEqual(urls.map((url) => key(url, rules)));
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(await udf.close()).toBe(0);
  });

  it('answers a last value that has no line break, and refuses what it cannot do', () => {
    const last = spawnSync(process.execPath, [cli, '--udf', 'canonical'], {
      input: '/b?y=1&x=2\n/a',
      encoding: 'utf8',
    });
    expect(last.stdout).toBe('/b?x=2&y=1\n/a\n');
    for (const args of [
      ['--udf', 'url'],
      ['--udf', 'key', 'file.txt'],
      ['--udf', 'key', '--column', 'page'],
    ]) {
      const refused = spawnSync(process.execPath, [cli, ...args], { input: '', encoding: 'utf8' });
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(/^canonical-url: --udf/);
      expect(refused.stdout).toBe('');
    }
  });
});

describe('TabSeparated fields', () => {
  it('escape and unescape as ClickHouse writes and reads them', () => {
    for (const value of ['', 'plain', 'tab\there', 'line\nbreak', 'cr\r', 'back\\slash', '\\N as text'])
      expect(tsvUnescape(tsvEscape(value))).toBe(value);
    expect(tsvUnescape('\\N')).toBeNull();
    expect(tsvUnescape("a\\0b\\'c\\bd\\fe")).toBe("a\0b'c\bd\fe");
    expect(tsvUnescape('unknown \\q escape')).toBe('unknown \\q escape');
  });
});
