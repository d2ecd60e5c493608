/**
 * /downloads/canonical-url.mjs as a reader runs it: a child process with the project's
 * Node, on files and stdin, lines and CSV columns, bad input, a million lines (output
 * checked against the codec, peak memory measured), and Node 18's surface.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src/downloads/build.ts';
import { normalize } from '../../../src/codec/index.ts';
import { parseCsv } from '../../../src/lib/csv.ts';
import { repoRoot } from './support.ts';
import { allTestUrls, analyticsUrls } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'canonical-url-'));
const cli = join(dir, 'canonical-url.mjs');
const node18 = pathToFileURL(join(repoRoot, 'tests', 'support', 'node18-surface.mjs')).href;
// Prints the child's peak resident memory (KiB) when it exits.
const reportRss = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxRSS='+process.resourceUsage().maxRSS+'\\n'))`;

beforeAll(async () => writeFileSync(cli, (await download('canonical-url.mjs')).text));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], input?: string | Buffer, nodeArgs: string[] = []): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...nodeArgs, cli, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
}

/** The cells of each output row; every cell is quoted, and these inputs hold no line breaks. */
function rows(csv: string): string[][] {
  return csv
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

const HEADER = ['raw', 'canonical', 'group_key', 'problem'];

/** The codec's group key of a URL it accepts. */
function keyOf(url: string): string {
  const result = normalize(url);
  if (!result.ok) throw new Error(`${url} is not a URL`);
  return result.key;
}

describe('canonical-url.mjs', () => {
  it('writes raw, canonical, group_key and problem for each non-blank line, in input order', () => {
    const result = run([], '/landing?utm_source=%65mail\r\n\n   \nnot a url\rHTTP://Example.COM:80\n/x?b=1&a=2');
    expect(result.status).toBe(0);
    expect(rows(result.stdout)).toEqual([
      HEADER,
      ['/landing?utm_source=%65mail', '/landing?utm_source=email', 'a20fe7f47624cda6', ''],
      ['not a url', '', '', 'invalid-url'],
      ['HTTP://Example.COM:80', 'http://example.com/', keyOf('http://example.com/'), ''],
      ['/x?b=1&a=2', '/x?a=2&b=1', keyOf('/x?a=2&b=1'), ''],
    ]);
  });

  it('splits lines the same wherever its reads end: a \\r\\n across two 4 KiB reads, a line of many reads', () => {
    const long = '/' + 'a'.repeat(4094);
    expect(rows(run([], `${long}\r\n/b\n/${'c'.repeat(100_000)}\r\n/d`).stdout).map((r) => r[0]!.length)).toEqual([
      3,
      long.length,
      2,
      100_001,
      2,
    ]);
  });

  it('quotes every cell and guards cells a spreadsheet would run as formulas, as the Group widget does', () => {
    const result = run([], '=HYPERLINK("x")\n@a\n-1\n+1\n/a?q="x"\n');
    expect(result.stdout.split('\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""x"")","","","invalid-url"`,
      `"'@a","","","invalid-url"`,
      `"'-1","","","invalid-url"`,
      `"'+1","","","invalid-url"`,
      `"/a?q=""x""","/a?q=%22x%22","${keyOf('/a?q=%22x%22')}",""`,
    ]);
  });

  it('applies --policy, and refuses one that is not a JSON object or names a field, type or value it does not have', () => {
    const policy = '{"caseInsensitive":["utm_source"],"trim":true,"drop":["ref"]}';
    expect(rows(run(['--policy', policy], '/p?utm_source=EMAIL%20&ref=x').stdout)[1]!.slice(0, 2)).toEqual([
      '/p?utm_source=EMAIL%20&ref=x',
      '/p?utm_source=email',
    ]);
    expect(rows(run([`--policy=${policy}`], '/p?ref=1').stdout)[1]![1]).toBe('/p');
    for (const bad of ['{bad', '[]', '"x"']) {
      const result = run(['--policy', bad], '/a');
      expect([result.status, result.stdout, result.stderr]).toEqual([
        2,
        '',
        expect.stringMatching(/^canonical-url: --policy is not a JSON object/),
      ]);
    }
    // The review's three: each was a run with the defaults and exit status 0.
    const refused: [string, RegExp][] = [
      ['{"drop":"utm_"}', /--policy field "drop" must be an array of strings/],
      [
        '{"caseInsensitve":["utm_source"]}',
        /--policy has no field "caseInsensitve" \(did you mean "caseInsensitive"\?\)/,
      ],
      ['{"order":"nonsense","model":"weird"}', /--policy field "order" cannot be "nonsense": it is "sort" or "keep"/],
      ['{"trim":"yes"}', /field "trim" must be a boolean/],
    ];
    for (const [policy, message] of refused) {
      const result = run(['--policy', policy], '/a?utm_source=x&id=1\n');
      expect([result.status, result.stdout, result.stderr]).toEqual([2, '', expect.stringMatching(message)]);
    }
    expect(run(['--policy', 'null'], '/a').status).toBe(0);
  });

  it('reads windows-1251, latin-1 and UTF-16 files: a byte order mark decides, bytes that are not UTF-8 stop the run', () => {
    // The review's files: four windows-1251 URLs that became one group key, and two latin-1 ones.
    const cp1251 = join(dir, 'cp1251.txt');
    writeFileSync(
      cp1251,
      Buffer.from(
        '/\xcf\xf0\xe8\xe2\xb3\xf2\n/\xca\xe8\xbf\xe2\xe0\xf5\n/catalog?q=\xeb\xe0\xec\n/catalog?q=\xe4\xee\xec\n',
        'latin1',
      ),
    );
    const stopped = run([cp1251]);
    expect([stopped.status, stopped.stdout]).toEqual([1, '']);
    expect(stopped.stderr).toMatch(
      /^canonical-url: line 1, byte 1 \(0xCF 0xF0 0xE8 0xE2\): not UTF-8\. Nothing was written\.\n/,
    );
    // The suggestion shows the line as each charset reads it.
    expect(stopped.stderr).toContain('--encoding windows-1251  /Привіт\n');
    const read = run(['--encoding', 'windows-1251', cp1251]);
    expect(read.status).toBe(0);
    const cyrillic = rows(read.stdout).slice(1);
    expect(cyrillic.map((r) => r[0])).toEqual(['/Привіт', '/Київах', '/catalog?q=лам', '/catalog?q=дом']);
    expect(new Set(cyrillic.map((r) => r[2])).size).toBe(4);
    expect(cyrillic[0]!.slice(1, 3)).toEqual(['/%D0%9F%D1%80%D0%B8%D0%B2%D1%96%D1%82', keyOf('/Привіт')]);

    const latin1 = join(dir, 'latin1.txt');
    writeFileSync(latin1, Buffer.from('/ok\r\n/caf\xe9\r\n/caf\xe8\r\n', 'latin1'));
    const latinStop = run([latin1]);
    expect([latinStop.status, rows(latinStop.stdout).length, latinStop.stderr.split('\n')[0]]).toEqual([
      1,
      2,
      'canonical-url: line 2, byte 9 (0xE9): not UTF-8. 1 row was written before it.',
    ]);
    expect(
      rows(run(['--encoding', 'latin1', latin1]).stdout)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['/ok', '/café', '/cafè']);

    // A spreadsheet's "Unicode text": UTF-16 LE with a byte order mark, tab-separated; and BE.
    const sheet = 'page\tvisits\r\n/Привіт\t5\r\n/a?x=%31\t2\r\n';
    for (const [bom, body] of [
      [[0xff, 0xfe], Buffer.from(sheet, 'utf16le')],
      [[0xfe, 0xff], Buffer.from(sheet, 'utf16le').swap16()],
    ] as const) {
      const file = join(dir, 'unicode.txt');
      writeFileSync(file, Buffer.concat([Buffer.from(bom), body]));
      const result = run(['--column', 'page', file]);
      expect([result.status, result.stderr]).toEqual([0, '']);
      expect(
        rows(result.stdout)
          .slice(1)
          .map((r) => r.slice(0, 2)),
      ).toEqual([
        ['/Привіт', '/%D0%9F%D1%80%D0%B8%D0%B2%D1%96%D1%82'],
        ['/a?x=%31', '/a?x=1'],
      ]);
    }
    // A byte that does not decode after rows were written: they stay, and the message says so.
    const late = run([], Buffer.concat([Buffer.from('/a\n'.repeat(3000)), Buffer.from([0x2f, 0xff, 0x0a])]));
    expect([late.status, late.stderr.split('\n')[0]]).toEqual([
      1,
      'canonical-url: line 3001, byte 9001 (0xFF): not UTF-8. 3000 rows were written before it.',
    ]);
    expect(rows(late.stdout).length).toBe(3001);
    const unknown = run(['--encoding', 'klingon'], '/a');
    expect([unknown.status, unknown.stdout, unknown.stderr]).toEqual([
      2,
      '',
      expect.stringMatching(/--encoding klingon: not a WHATWG Encoding Standard label/),
    ]);
  });

  it('reads a column of a CSV or TSV by name or number: quoted fields, line breaks in quotes, BOM, CRLF, ; or tab', () => {
    const csv = '\uFEFFid;Page URL;x\r\n1;"/a?q=""b""";z\r\n2;"/multi\nline";q\r\n3;/x%41\r\n4;;\r\n';
    const expected = [
      HEADER.slice(0, 2),
      ['/a?q="b"', '/a?q=%22b%22'],
      ['/multi\nline', '/multi%0Aline'],
      ['/x%41', '/xA'],
    ];
    for (const column of ['Page URL', 'page url', '2']) {
      const result = run(['--column', column], csv);
      expect(result.status).toBe(0);
      expect(parseCsv(result.stdout, ',').map((row) => row.slice(0, 2))).toEqual(expected);
    }
    expect(rows(run(['--column', 'url'], 'n\turl\n1\t/a b\n').stdout)[1]!.slice(0, 2)).toEqual(['/a b', '/a%20b']);
  });

  it('reads a file argument, and - for stdin', () => {
    const file = join(dir, 'urls.txt');
    writeFileSync(file, '/a\n/b\n');
    expect(rows(run([file]).stdout).map((r) => r[0])).toEqual(['raw', '/a', '/b']);
    expect(rows(run(['-'], '/c').stdout).map((r) => r[0])).toEqual(['raw', '/c']);
  });

  it('says what is wrong, on stderr, with a non-zero status', () => {
    const cases: [string[], string, number, RegExp][] = [
      [['--column', 'nope'], 'a,b\n1,2\n', 2, /--column nope: no such column; the header has "a", "b"/],
      [['--column', '3'], 'a,b\n1,2\n', 2, /--column 3: the header has 2 columns/],
      [['--column', 'a'], 'a,b\n"open,2\n', 1, /the input ends inside the quoted CSV field opened on line 2$/m],
      [['--column', 'a'], '', 1, /no header row/],
      [['--colour'], '', 2, /unknown option --colour/],
      [['--policy'], '', 2, /--policy needs a value/],
      [[join(dir, 'missing.txt')], '', 1, /cannot read .*missing\.txt: no such file/],
      [['a.txt', 'b.txt'], '', 2, /one input file at most/],
      [[dir], '', 1, /^canonical-url: cannot read .*: it is a directory\n$/],
      [
        ['--column', 'a'],
        'a\n"/x\n' + 'y\n'.repeat(4 * 1024 * 1024 + 1),
        1,
        /the quoted CSV field opened on line 2 is not closed within 8388608 characters/,
      ],
    ];
    for (const [args, input, status, message] of cases) {
      const result = run(args, input);
      // Nothing on standard output when a run fails before its first row.
      expect([result.status, result.stderr, result.stdout]).toEqual([status, expect.stringMatching(message), '']);
    }
  });

  it('writes a line over the limit as a row with its line number, and goes on', () => {
    const result = run([], `/a\n/${'x'.repeat(9 * 1024 * 1024)}\r\n/b\n`);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `canonical-url: line 2 is longer than 8388608 characters (${9 * 1024 * 1024 + 1}): written with problem line-too-long\n`,
    );
    const out = rows(result.stdout);
    expect(out.map((r) => [r[0]!.length, r[3]])).toEqual([
      [3, 'problem'],
      [2, ''],
      [1001, `line-too-long (line 2, ${9 * 1024 * 1024 + 1} characters)`],
      [2, ''],
    ]);
    expect(out[2]![0]).toBe(`/${'x'.repeat(999)}…`);
    expect(run(['--help']).stdout).toContain('longer than 8388608 characters');
  });

  it('prints its usage with --help', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: canonical-url\.mjs .*--column.*--policy.*--encoding/s);
  });

  it('ends quietly when the reader stops early (| head)', () => {
    const result = spawnSync('sh', ['-c', `yes /a | head -c 20000000 | "${process.execPath}" "${cli}" | head -n 2`], {
      encoding: 'utf8',
    });
    expect([result.status, result.stderr, result.stdout.split('\n').length]).toEqual([0, '', 3]);
  });

  it('imports only Node built-ins that Node 18 has, and runs without anything Node 19+ added', () => {
    const text = readFileSync(cli, 'utf8');
    const imports = [...text.matchAll(/import\{([^}]*)\}from"([^"]+)"/g)].flatMap((m) =>
      m[1]!.split(',').map((name) => `${m[2]}:${name.split(' as ')[0]}`),
    );
    // Each is in Node's documentation since long before 18: fs.openSync, readSync, writeSync and closeSync since 0.1, v8.setFlagsFromString since 1.0.
    expect(imports.sort()).toEqual([
      'node:fs:closeSync',
      'node:fs:openSync',
      'node:fs:readSync',
      'node:fs:writeSync',
      'node:v8:setFlagsFromString',
    ]);
    expect(text).not.toMatch(/\brequire\(|import\(/);
    const result = run(['--column', 'u', '--policy', '{"drop":["utm_"]}'], 'u\nhttp://Bücher.example/a?utm_x=1\n', [
      '--import',
      node18,
    ]);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(rows(result.stdout)[1]!.slice(1, 2)).toEqual(['http://xn--bcher-kva.example/a']);
  });

  it('streams 1,000,000 lines with the codec’s answers and under 100 MB of memory', () => {
    // Three lines in four as analytics exports have them, one from the codec's own test
    // data (as lines can hold it: no line breaks, not blank, well-formed UTF-16).
    const testData = allTestUrls().filter(
      (url) =>
        !/\p{Surrogate}/u.test(url) && !/[\r\n]/.test(url) && /[^\x00-\x20]/.test(url) && !url.startsWith('\uFEFF'),
    );
    const analytics = analyticsUrls(20_000);
    const expected = new Map([...testData, ...analytics].map((url) => [url, normalize(url)]));
    let seed = 2024;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const input = join(dir, 'million.txt');
    const lines = Array.from({ length: 1_000_000 }, () =>
      next() % 4 === 0 ? testData[next() % testData.length]! : analytics[next() % analytics.length]!,
    );
    writeFileSync(input, lines.join('\n') + '\n');
    const outFile = join(dir, 'million.csv');
    const out = openSync(outFile, 'w');
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--import', reportRss, cli, input], {
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
    });
    const seconds = (performance.now() - started) / 1000;
    closeSync(out);
    expect(result.status).toBe(0);
    const maxRssKiB = Number(/maxRSS=(\d+)/.exec(result.stderr)?.[1]);
    console.log(
      `canonical-url.mjs: 1,000,000 lines in ${seconds.toFixed(2)} s (${Math.round(1e6 / seconds)} lines/s), peak RSS ${(maxRssKiB / 1024).toFixed(1)} MiB`,
    );
    expect(maxRssKiB).toBeLessThan(100 * 1024);

    const output = readFileSync(outFile, 'utf8').split('\n');
    expect(output[0]).toBe('"raw","canonical","group_key","problem"');
    expect(output.length).toBe(lines.length + 2);
    // Each distinct line's expected row, quoted here independently of the tool's csvCell.
    const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    const expectedRow = new Map(
      [...expected].map(([raw, result]) => {
        const shown = /^[=+\-@\t]/.test(raw) ? `'${raw}` : raw;
        const cells = result.ok ? [shown, result.canonical, result.key, ''] : [shown, '', '', result.error.code];
        return [raw, cells.map(quote).join(',')];
      }),
    );
    const wrong: unknown[] = [];
    for (let i = 0; i < lines.length && wrong.length < 5; i++) {
      const want = expectedRow.get(lines[i]!);
      if (output[i + 1] !== want) wrong.push({ line: i + 1, raw: lines[i], got: output[i + 1], want });
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
