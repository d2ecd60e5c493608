/**
 * The warehouse page's DuckDB recipe, run as the page writes it against a real DuckDB (the
 * @duckdb/node-api package): the spellings exported with its COPY statement, normalized by
 * the built command-line tool with the page's arguments, loaded and grouped with the page's
 * SQL. Only the file names are made absolute (the tests cannot change directory). The
 * groups must be the codec's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalize } from '../../../src/codec/index.ts';
import { download } from '../../../src/downloads/build.ts';
import { analyticsUrls, repoRoot } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'canonical-url-duckdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The DuckDB section of the warehouse page: its shell commands, its SQL blocks, and its inline anti-join. */
function recipe() {
  const page = readFileSync(join(repoRoot, 'content', 'en', 'warehouse.mdx'), 'utf8');
  const start = page.indexOf('{#warehouse-duckdb}');
  const section = page.slice(start, page.indexOf('\n## ', start));
  const blocks = (language: string) =>
    [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  const shell = blocks('sh')[0]!.trim().split('\n');
  const exported = /^duckdb analytics\.duckdb -c "(.*)"$/.exec(shell[0]!)?.[1];
  const cli = /^node canonical-url\.mjs (.*) > canonical\.csv$/.exec(shell[1]!)?.[1]?.split(' ');
  const antiJoin = /`(SELECT DISTINCT page_url FROM pageviews ANTI JOIN [^`]*)`/.exec(section)?.[1];
  if (!exported || !cli || !antiJoin || blocks('sql').length !== 2)
    throw new Error('the DuckDB recipe on the warehouse page has changed shape: update this test with it');
  const files = (sql: string) =>
    sql.replace(/'(spellings|canonical)\.csv'/g, (_, name: string) => `'${join(dir, `${name}.csv`)}'`);
  return { exported: files(exported), cli, load: files(blocks('sql')[0]!), group: blocks('sql')[1]!, antiJoin };
}

// 300 pages in several spellings each, visited a different number of times, and the
// analytics export's mix of sources.
const spellings = [
  'utm_source=email&utm_medium=mail',
  'utm_medium=mail&utm_source=%65mail',
  'utm_source=e%6dail&utm_medium=mail',
];
const pageviews = [
  ...Array.from(
    { length: 3000 },
    (_, i) => `https://www.example.com/p/${i % 300}?${spellings[Math.floor(i / 300) % spellings.length]}`,
  ),
  ...analyticsUrls(2000),
  'landing', // not a URL
  '=HYPERLINK("x")', // not a URL, and the CSV guards it as a formula
  '/a?q=comma,and "quotes"',
  '/a?q=comma%2Cand%20%22quotes%22',
];

let connection: DuckDBConnection;
beforeAll(async () => {
  writeFileSync(join(dir, 'canonical-url.mjs'), (await download('canonical-url.mjs')).text);
  writeFileSync(join(dir, 'pageviews.json'), JSON.stringify([...pageviews, null].map((page_url) => ({ page_url }))));
  const instance = await DuckDBInstance.create(join(dir, 'analytics.duckdb'));
  connection = await instance.connect();
  await connection.run(
    `CREATE TABLE pageviews AS SELECT page_url::VARCHAR AS page_url FROM read_json('${join(dir, 'pageviews.json')}')`,
  );
});

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
}

describe('the DuckDB recipe on the warehouse page', () => {
  it('groups the pageviews by the canonical URLs the codec gives', async () => {
    const steps = recipe();
    await connection.run(steps.exported);
    const run = spawnSync(
      process.execPath,
      [join(dir, 'canonical-url.mjs'), ...steps.cli.map((arg) => (arg === 'spellings.csv' ? join(dir, arg) : arg))],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    expect(run.stderr).toBe('');
    writeFileSync(join(dir, 'canonical.csv'), run.stdout);
    await connection.run(steps.load);

    // The mapping holds every spelling once; the tool's empty cells are NULL to DuckDB.
    const distinct = new Set(pageviews);
    expect(await rows('SELECT count(*)::INTEGER AS n FROM canonical_urls')).toEqual([{ n: distinct.size }]);
    expect(
      await rows("SELECT count(*)::INTEGER AS n FROM canonical_urls WHERE canonical = '' OR problem = ''"),
    ).toEqual([{ n: 0 }]);

    const expected = new Map<string, { hits: number; spellings: Set<string> }>();
    for (const url of pageviews) {
      const result = normalize(url);
      if (!result.ok) continue;
      const group = expected.get(result.canonical) ?? { hits: 0, spellings: new Set<string>() };
      group.hits++;
      group.spellings.add(url);
      expected.set(result.canonical, group);
    }
    const got = await rows(steps.group);
    expect(got.length).toBe(expected.size);
    // Spellings did merge, or agreeing with the codec would prove little.
    expect(got.length).toBeLessThan(distinct.size - 500);
    expect(new Map(got.map((r) => [r.canonical, [Number(r.hits), Number(r.spellings)]]))).toEqual(
      new Map([...expected].map(([canonical, g]) => [canonical, [g.hits, g.spellings.size]])),
    );
    // The page's order: the most hits first.
    expect(got.map((r) => Number(r.hits))).toEqual(got.map((r) => Number(r.hits)).sort((a, b) => b - a));
  });

  it('finds the spellings that have no row in the mapping yet', async () => {
    const { antiJoin } = recipe();
    expect(await rows(antiJoin)).toEqual([]);
    await connection.run("INSERT INTO pageviews VALUES ('/new?b=2&a=1')");
    expect(await rows(antiJoin)).toEqual([{ page_url: '/new?b=2&a=1' }]);
  });
});
