/**
 * Test data for the downloads: every string the codec's own tests use, so the bundles are
 * checked against the codec on exactly the cases the codec is checked on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import ts from 'typescript';
import { anyText, urlText, wptPercentEncoding, wptUrlencoded } from '../codec/support.ts';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const codecTests = join(repoRoot, 'tests', 'unit', 'codec');

/** Every string literal and substitution-free template literal in the codec's test files. */
function codecTestStrings(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(codecTests).filter((f) => f.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(codecTests, file), 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found];
}

/** The inputs of the WPT data, on their own and as a path, a query value and a host. */
function wptStrings(): string[] {
  const percent = (wptPercentEncoding as (string | { input: string })[]).flatMap((c) =>
    typeof c === 'string' ? [] : [c.input],
  );
  const urlencoded = (wptUrlencoded as { input: string }[]).map((c) => c.input);
  return [...percent, ...urlencoded].flatMap((input) => [
    input,
    `/${input}`,
    `/?q=${input}`,
    `http://${input}/`,
    `http://a${input}.example/`,
  ]);
}

/** Hosts where IDNA, IPv4 and IPv6 parsing decide the result: the URL shim's hardest cases. */
export const TRICKY_HOSTS = [
  'faß.de',
  'FASS.de',
  'ＡＢＣ.com',
  'a\u200db.com',
  'a\u200cb.com',
  'ex\u00adample.com',
  'אב.com',
  'a.אב',
  '١٢٣.com',
  '☃.net',
  'Ⅸ.com',
  '℡.com',
  'xn--.com',
  'xn--a.com',
  'xn--zca.de',
  'XN--E1AFMKFD.XN--P1AI',
  'пример.рф',
  'ПРИМЕР.РФ',
  'bücher.example',
  'é.example',
  '%41.com',
  '%C3%A9.example',
  '%zz.com',
  '0x7f.1',
  '0X7F.0.0.1',
  '127.1',
  '127.0.0.1.',
  '1.2.3.4.5',
  '256.256.256.256',
  '4294967295',
  '4294967296',
  '0.0.0.0',
  '08.1.1.1',
  '1.2.3.09',
  'a.1',
  'a.0x1',
  '[::1]',
  '[::]',
  '[1::]',
  '[::ffff:127.0.0.1]',
  '[0:0:0:0:0:0:0:1]',
  '[::1:2:3:4:5:6:7]',
  '[1:2:3:4:5:6:7:8]',
  '[1:2:3:4:5:6:7:8:9]',
  '[::1.2.3]',
  '[FE80::1%25eth0]',
  '[v1.x]',
  'a..b',
  '.a',
  'a.',
  '-a.com',
  'a-.com',
  'ab--c.com',
  '\u0130stanbul.tr',
  'ß',
  'ς.gr',
  'Σ.gr',
  '\ufeffa.com',
  'a\u3002b.com',
  'a\uff0eb',
  '😀.ws',
  'a b.com',
  'a<b.com',
  'a^b.com',
  'a|b.com',
  'a%00b.com',
  '\u0000.com',
  'a*b.com',
  "a'b.com",
  'a!b.com',
  'a~b.com',
  'a=b.com',
  'a;b.com',
  'a,b.com',
].flatMap((host) => [`http://${host}/`, `https://${host}:443/path?q=1`, `//${host}/x`, `ftp://user@${host}/`]);

/** Samples of the property tests' generators, fixed by seed so every run checks the same ones. */
function generatedStrings(count: number): string[] {
  return [...fc.sample(urlText, { numRuns: count, seed: 21 }), ...fc.sample(anyText, { numRuns: count, seed: 22 })];
}

/**
 * Every input the bundles are checked on: the codec tests' strings (many of them are not
 * URLs: charset names, text to encode), the WPT inputs, hosts, generated text, and URLs as an
 * analytics export writes them, so that most inputs are URLs.
 */
export function allTestUrls(): string[] {
  return [
    ...new Set([
      ...codecTestStrings(),
      ...wptStrings(),
      ...TRICKY_HOSTS,
      ...generatedStrings(3000),
      ...analyticsUrls(1000),
    ]),
  ];
}

/** The policies the issue names, as JSON: the defaults, RFC 3986 plus, kept order and fragment, business rules. */
export const POLICIES = [
  null,
  '{"plus":"literal"}',
  '{"order":"keep","fragment":"keep"}',
  '{"caseInsensitive":["utm_source"],"trim":true,"drop":["utm_"]}',
] as const;

/**
 * URLs as an analytics export lists them: 3,000 pages, each written in the ways tools
 * differ (parameter order, hex case, escaped letters, a plus for a space, default port,
 * fragment), from a fixed seed.
 */
export function analyticsUrls(count: number): string[] {
  let seed = 20240601;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const origins = ['https://www.example.com', 'https://www.example.com', 'HTTPS://WWW.Example.com:443', ''];
  const sources = ['email', '%65mail', 'news+letter', 'news%20letter', '%D0%BF%D0%B0', '%d0%bf%d0%b0', 'Google'];
  return Array.from({ length: count }, () => {
    const params = [
      `utm_source=${pick(sources)}`,
      `utm_medium=${pick(['cpc', 'email', 'social'])}`,
      `id=${Math.floor(random() * 3000)}`,
    ];
    if (random() < 0.3) params.reverse();
    return `${pick(origins)}/${pick(['products', 'blog', 'uk/товари', 'th/สินค้า'])}/item?${params.join('&')}${random() < 0.1 ? '#top' : ''}`;
  });
}
