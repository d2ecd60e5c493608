// Codec benchmark: each codec function against its peer, measured side by side in one run
// on the same inputs. Rounds alternate ours/peer so machine noise hits both; medians are
// reported. Run with `npm run bench` (Node 24 runs the TypeScript sources directly).
import normalizeUrl from 'normalize-url';
import { decode, encode, group, normalize } from '../src/codec/index.ts';
import { groupInChromium } from './bench-browser.mjs';

// A small deterministic PRNG, so every run measures the same inputs.
let seed = 20240601;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(random() * list.length)];

// --- Inputs -----------------------------------------------------------------------------

const words = [
  'landing', 'campaign', 'email', 'Résumé', 'Fußball', 'ламінат', 'кампанія', 'пошта', 'แคมเปญ', 'ภาษาไทย',
  'नमस्ते', 'हिन्दी', 'अभियान', '😀', '🎉', '👍🏽', 'C++ & C#', 'a/b?c=d', '100%', 'x=1', '#frag', "it's (ok)*", '~user',
];
function mixedText(bytes) {
  const parts = [];
  let size = 0;
  while (size < bytes) {
    const word = pick(words);
    parts.push(word);
    size += new TextEncoder().encode(word).length + 1;
  }
  return parts.join(' ');
}

// 3,000 distinct pages, each with its own campaign parameters, as an analytics export lists them.
const sections = ['/products/', '/blog/', '/uk/товари/', '/th/สินค้า/', '/hi/उत्पाद/', '/landing/'];
const pages = Array.from({ length: 3000 }, (_, k) => ({
  path: pick(sections) + `item-${k}`,
  params: [
    ['utm_source', pick(['email', 'newsletter', 'google', 'facebook', 'партнер'])],
    ['utm_medium', pick(['cpc', 'email', 'social'])],
    ['utm_campaign', pick(['spring sale', 'launch', 'black friday', 'весна'])],
    ...(random() < 0.3 ? [['ref', String(Math.floor(random() * 9))]] : []),
  ],
}));

/** One way a tool might have written the page's URL: equivalent forms, as exports mix them. */
function variantOf(page) {
  const variant = random();
  const params = variant < 0.25 ? [...page.params].reverse() : page.params;
  const plusForSpace = variant >= 0.25 && variant < 0.35;
  let query = params.map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%20', plusForSpace ? '+' : '%20')}`).join('&');
  let path = encodeURI(page.path);
  if (variant >= 0.35 && variant < 0.45) query = query.replace('utm_source=e', 'utm_source=%65');
  else if (variant >= 0.45 && variant < 0.5) path = path.toLowerCase();
  else if (variant >= 0.5 && variant < 0.55) path = page.path;
  else if (variant >= 0.55 && variant < 0.6) query += '&';
  return path + '?' + query + (variant >= 0.6 && variant < 0.65 ? '#section' : '');
}
const origins = ['https://www.example.com', 'https://www.example.com', 'https://www.example.com', 'https://WWW.Example.com:443'];
const urls = Array.from({ length: 100_000 }, () => pick(origins) + variantOf(pick(pages)));
// An export as the Group widget gets it: 5,000 pages reached through links that spell the same
// parameters differently (escapes, hex case, +, order), some with other data; 73,334 distinct lines.
const spellings = ['email', '%65mail', 'e%6Dail', '%65%6d%61%69%6c', 'EMAIL', 'email+news', 'email%20news', 'email%2Bnews'];
const lines = Array.from({ length: 100_000 }, (_, i) => {
  const source = spellings[Math.floor(i / 5000) % spellings.length];
  return i % 3 ? `/p/${i % 5000}?utm_source=${source}&utm_medium=mail` : `/p/${i % 5000}?utm_medium=mail&utm_source=${source}`;
});
const text = mixedText(1_000_000);
const encoded = encodeURIComponent(text);
const quote = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

// --- Correctness before speed --------------------------------------------------------------

if (encode(text, 'component').value !== quote(text)) throw new Error('encode disagrees with encodeURIComponent');
if (decode(encoded).value !== decodeURIComponent(encoded)) throw new Error('decode disagrees with decodeURIComponent');
for (const url of urls.slice(0, 1000)) if (!normalize(url).ok) throw new Error(`normalize failed on ${url}`);

// --- Measurement -----------------------------------------------------------------------------

let sink = 0;
function time(run) {
  const start = performance.now();
  sink += run();
  return performance.now() - start;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Alternates the two sides for `rounds` rounds after a warm-up; returns median milliseconds. */
function sideBySide(ours, peer, rounds) {
  for (let k = 0; k < 3; k++) time(ours), time(peer);
  const a = [];
  const b = [];
  for (let k = 0; k < rounds; k++) {
    a.push(time(ours));
    b.push(time(peer));
  }
  return [median(a), median(b)];
}

const utf8Bytes = (s) => new TextEncoder().encode(s).length;
const rows = [];
function report(name, unit, amount, oursMs, peerName, peerMs, target) {
  const ratio = peerMs / oursMs;
  rows.push({
    benchmark: name,
    ours: `${(amount / (oursMs / 1000)).toFixed(unit === 'MB/s' ? 1 : 0)} ${unit}`,
    peer: `${peerName}: ${(amount / (peerMs / 1000)).toFixed(unit === 'MB/s' ? 1 : 0)} ${unit}`,
    ratio: `${ratio.toFixed(2)}x`,
    target: `>= ${target}x`,
    result: ratio >= target ? 'met' : `MISSED by ${((1 - ratio / target) * 100).toFixed(0)}%`,
  });
}

{
  const [ours, peer] = sideBySide(() => encode(text, 'component').value.length, () => encodeURIComponent(text).length, 30);
  report('component encode, 1 MB mixed scripts', 'MB/s', utf8Bytes(text) / 1e6, ours, 'encodeURIComponent', peer, 0.6);
}
{
  const [ours, peer] = sideBySide(() => decode(encoded).value.length, () => decodeURIComponent(encoded).length, 30);
  report('strict UTF-8 decode, that text escaped', 'MB/s', encoded.length / 1e6, ours, 'decodeURIComponent', peer, 1.0);
}
{
  const ourNormalize = () => {
    let n = 0;
    for (const url of urls) n += normalize(url).key.length;
    return n;
  };
  const [ours, viaUrl] = sideBySide(ourNormalize, () => {
    let n = 0;
    for (const url of urls) n += new URL(url).href.length;
    return n;
  }, 15);
  report('normalize, 100,000 analytics URLs', 'URLs/s', urls.length, ours, 'new URL(u).href', viaUrl, 0.3);
  const [ours2, viaNormalizeUrl] = sideBySide(ourNormalize, () => {
    let n = 0;
    for (const url of urls) n += normalizeUrl(url).length;
    return n;
  }, 3);
  report('normalize, 100,000 analytics URLs', 'URLs/s', urls.length, ours2, 'normalize-url', viaNormalizeUrl, 25);
}

const groupRuns = [];
for (let k = 0; k < 3; k++) time(() => group(lines).length);
for (let k = 0; k < 9; k++) groupRuns.push(time(() => group(lines).length));
const groupMs = median(groupRuns);
const groups = group(lines);
const browser = await groupInChromium(lines);

console.log(`Node ${process.version}, ${new Date().toISOString()}; medians of alternating rounds`);
console.table(rows);
console.log(
  `group: 100,000 lines (5000 pages, ${new Set(lines).size} distinct lines) into ${groups.length} groups ` +
    `in ${groupMs.toFixed(1)} ms in Node (target < 300 ms: ${groupMs < 300 ? 'met' : 'MISSED'})`,
);
console.log(
  browser.ms === null
    ? `group in Chromium: not measured, ${browser.reason}`
    : `group in a Chromium ${browser.version} worker: the same lines into ${browser.groups} groups in ${browser.ms.toFixed(1)} ms ` +
        `(target < 300 ms, well under a second: ${browser.ms < 300 ? 'met' : 'MISSED'})`,
);
console.log(`(checksum ${sink})`);
