/**
 * The English articles' claims about behaviour, each checked against the codec, the fixtures
 * of the real runtimes (tests/fixtures/*.json) or the Node running the tests, so a change that
 * breaks a claim fails here. The comment over each test names the page and section it backs.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  browserEncode,
  browserResolve,
  decode,
  decodeLayers,
  encode,
  encoders,
  normalize,
  parseFormPairs,
  parseUrl,
  readQuery,
  rfc3986Allows,
  serverStacks as modelledStacks,
  type EncoderId,
  type StackId,
} from '../../src/codec/index.ts';
import { legacyEncoded } from '../../src/components/content/figures.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', name), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
// What each server stack read from each query string: { readings: { [query]: { [stack]: reading } } }.
const servers = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'servers', 'queries.json'), 'utf8')) as {
  $meta: { stacks: Record<string, string> };
  readings: Record<string, Record<string, { params?: [unknown, unknown[]][]; error?: string; status?: number }>>;
};
// What each stack that routes on a path of its own read from each request target: { readings: { [target]: { [stack]: reading } } }.
const paths = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'servers', 'paths.json'), 'utf8')) as {
  readings: Record<
    string,
    Record<string, { path?: string; self?: string; uri?: string; mux?: number; location?: string; status?: number }>
  >;
};
// What Debian's Node 20 and the project's Node 24 write for a path with ^ (scripts/fixtures/node-url/).
const nodeUrl = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'node-url-paths.json'), 'utf8')) as {
  readings: { version: string; paths: Record<string, string> }[];
};
// What seven URL parsers read from userinfo tricks and IPv4 forms (scripts/fixtures/url-parsers/).
const urlParsers = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'url-parsers.json'), 'utf8')) as {
  readings: Record<
    string,
    Record<
      string,
      { userinfo?: string | null; host?: string | null; path?: string; connectsTo?: string | null; error?: string }
    >
  >;
};
// What nginx and Apache answered and sent upstream, and Tomcat behind nginx (scripts/fixtures/proxies/).
type ProxyReading = { status: number; headers: string[]; upstream?: string; tomcat?: { uri: string; path: string } };
const proxies = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'proxies.json'), 'utf8')) as {
  $meta: { apacheLog: string[] };
  readings: Record<'nginx' | 'apache' | 'nginx-tomcat', Record<string, ProxyReading>>;
};
const proxied = (server: 'nginx' | 'apache' | 'nginx-tomcat', target: string): ProxyReading => {
  const reading = proxies.readings[server][target];
  if (!reading) throw new Error(`${server} was not sent ${target} in the fixture`);
  return reading;
};
// What nginx and Apache wrote to their combined access logs for each raw target (scripts/fixtures/access-logs/).
type LogReading = {
  status: number | null;
  request?: string;
  request_uri?: string;
  uri?: string;
  path?: string;
  loggedStatus?: string;
};
const accessLogs = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'access-logs.json'), 'utf8')) as {
  readings: Record<string, Record<'nginx' | 'apache', LogReading>>;
};
const logged = (server: 'nginx' | 'apache', target: string): LogReading => {
  const reading = accessLogs.readings[target]?.[server];
  if (!reading) throw new Error(`${server} was not sent ${target} in the fixture`);
  return reading;
};
/** The target of a combined log's request field, "GET <target> HTTP/1.1". */
const loggedTarget = (reading: LogReading) => reading.request?.match(/^GET (.*) HTTP\/1\.1$/)?.[1];
const functions = fixture('encoders.json');
// The error messages and results of scripts/fixtures/errors/generate.sh: { [runtime]: { [call]: result | { error } } }.
const errors = fixture('errors.json');
/** The FAQ as written in every locale: the messages it quotes must be the runtimes' own. */
const faqs = ['en', 'th', 'hi', 'uk'].map(
  (locale) => [locale, readFileSync(path.join(root, 'content', locale, 'faq.mdx'), 'utf8')] as const,
);
const quotedInEveryFaq = (text: string) => {
  for (const [locale, faq] of faqs) expect(faq, `${locale}/faq.mdx quotes ${text}`).toContain(text);
};
const raised = (runtime: string, call: string) => {
  const result = errors[runtime]?.[call] as { error?: string } | undefined;
  if (typeof result?.error !== 'string') throw new Error(`${runtime}: ${call} raised nothing in the fixture`);
  return result.error;
};
const decoders = functions.$decoders as Record<string, Record<string, unknown>>;

const model = (id: EncoderId, text: string) => {
  const r = encoders.find((e) => e.id === id)!.encode(text);
  return r.ok ? r.value : null;
};
const canonical = (url: string, policy = {}) => {
  const r = normalize(url, policy);
  if (!r.ok) throw new Error(`normalize refused ${url}`);
  return r.canonical;
};
const serverStacks = Object.keys(servers.$meta.stacks);
/** Every stack's reading of `query`, or of the path `target`, by stack id. */
const readings = (query: string) => servers.readings[query] ?? {};
const pathReadings = (target: string) => paths.readings[target] ?? {};
/** What `stack` read for `q` from `query`: its value, or the stack's error when it raised. */
const serverQ = (stack: string, query: string) => {
  const reading = servers.readings[query]?.[stack];
  return reading?.params ? reading.params.find(([name]) => name === 'q')?.[1].at(-1) : reading;
};

describe('encoding-sets', () => {
  // #browser-sets: "Chromium departs from them in three places": | in a path, ' in a user name and in
  // a non-special query, as Chromium itself wrote them (scripts/fixtures/errors/chromium-url.mjs);
  // the standard's sets, as Node 24 and the codec follow them, leave all three raw.
  test("Chromium escapes | in a path and ' in a user name and a non-special query; the standard does not", () => {
    const chromium = fixture('chromium-url.json').readings as Record<string, Record<string, string>>;
    const cases: [string, 'pathname' | 'username' | 'search', string, string][] = [
      ['http://h/a|b', 'pathname', '/a%7Cb', '/a|b'],
      ["http://a'b@h/", 'username', 'a%27b', "a'b"],
      ["foo://h/?a'b", 'search', '?a%27b', "?a'b"],
    ];
    for (const [url, part, inChromium, inStandard] of cases) {
      expect(chromium[url]?.[part], url).toBe(inChromium);
      expect(new URL(url)[part], url).toBe(inStandard);
    }
    expect(browserEncode('|', 'path')).toMatchObject({ value: '|' });
    expect(browserEncode("'", 'userinfo')).toMatchObject({ value: "'" });
    expect(browserEncode("'", 'query')).toMatchObject({ value: "'" });
    // In a special (http) query both escape it: not a difference.
    expect([chromium["http://h/?a'b"]?.search, new URL("http://h/?a'b").search]).toEqual(['?a%27b', '?a%27b']);
  });

  // #component-set: "/" and "?" are data in a query value, structure in a path.
  test('a slash and a question mark arrive intact in a query value and split a path', () => {
    expect(parseFormPairs('next=/files/a?tab=2')).toEqual([['next', '/files/a?tab=2']]);
    expect([...new URLSearchParams('next=/files/a?tab=2')]).toEqual([['next', '/files/a?tab=2']]);
    const parsed = parseUrl('/files/a/b?next=/files/a?tab=2');
    expect(parsed.ok && [parsed.path, parsed.query]).toEqual(['/files/a/b', 'next=/files/a?tab=2']);
  });

  // #url-set: "Square brackets stay raw ... and so does a second #"; "Browsers accept both".
  test('a repair leaves [ ] and a second # raw, and the URL parser accepts them', () => {
    const link = 'https://example.com/a[1]#x#y';
    expect(encode(link, 'url')).toEqual({ ok: true, value: link });
    expect(new URL(link).href).toBe(link);
  });

  // #component-set, the ; row: data to most stacks; Tomcat drops a path parameter, Rack and Rails
  // split a query pair at it, Go drops the pair.
  test('; ends a path segment only to Tomcat, and a query pair only to Rack and Rails; Go drops the pair', () => {
    for (const [stack, reading] of Object.entries(pathReadings('/a;b/c'))) {
      if (stack === 'java:tomcat') expect(reading).toMatchObject({ path: '/a/c' });
      else expect(reading.self ?? reading.path, stack).toBe('/a;b/c');
    }
    const apart = ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET'];
    for (const stack of serverStacks.filter((s) => !apart.includes(s)))
      expect(readings('a=1;b=2')[stack], stack).toEqual({ params: [['a', ['1;b=2']]] });
    expect(readings('a=1;b=2')['go:url.ParseQuery']).toMatchObject({ params: [] });
    for (const stack of apart.slice(1))
      expect(readings('a=1;b=2')[stack], stack).toEqual({
        params: [
          ['a', ['1']],
          ['b', ['2']],
        ],
      });
  });

  // #component-set: "a parameter name must also escape =, which in a value is data after the first one".
  test('every stack reads a second = as part of the value', () => {
    for (const stack of serverStacks) expect(readings('a==')[stack], stack).toEqual({ params: [['a', ['=']]] });
  });

  // #component-set: . and .. pass the component set unchanged, and escaping the dots does not stop
  // the URL parser (or Tomcat) from resolving them.
  test('.. survives the component set, and %2E%2E is resolved as a dot segment', () => {
    expect(encode('..', 'component')).toEqual({ ok: true, value: '..' });
    expect(browserResolve('https://example.com/files/%2E%2E/admin')).toEqual({
      ok: true,
      href: 'https://example.com/admin',
    });
    expect(pathReadings('/a/../b')['java:tomcat']).toMatchObject({ path: '/b' });
  });

  // #plus-and-space: plain percent-decoders keep +, form decoders run over a path turn it into a
  // space, and no path reader measured reads + as a space.
  test('unquote, rawurldecode and PathUnescape keep +; urldecode and URLDecoder make it a space; paths keep +', () => {
    for (const fn of ['js:decodeURIComponent', 'python:unquote', 'php:rawurldecode', 'go:url.PathUnescape'])
      expect(decoders[fn]?.['a+b%20c'], fn).toBe('a+b c');
    for (const fn of ['php:urldecode', 'java:URLDecoder.decode']) expect(decoders[fn]?.['a+b%20c'], fn).toBe('a b c');
    const plus = pathReadings('/x+y');
    expect(Object.keys(plus)).toHaveLength(6);
    for (const [stack, reading] of Object.entries(plus))
      expect([reading.path, reading.self ?? '/x+y'], stack).toEqual(['/x+y', '/x+y']);
  });

  // #browser-sets: "the URL of Node 24 ... follows [the standard's sets] ... Node 20 still leaves [^] raw in a path".
  test('the standard escapes ^ in a path; Node 24 does, Node 20 does not', () => {
    expect(browserEncode('a^b', 'path')).toMatchObject({ value: 'a%5Eb' });
    const byMajor = Object.fromEntries(nodeUrl.readings.map((r) => [r.version.split('.')[0], r.paths['http://h/a^b']]));
    expect(byMajor).toEqual({ v20: '/a^b', v24: '/a%5Eb' });
    const running = nodeUrl.readings.find((r) => r.version === process.version);
    if (running) expect(new URL('http://h/a^b').pathname).toBe(running.paths['http://h/a^b']);
  });

  // #form-set: form encoders differ on ~ and *.
  test("URLSearchParams escapes ~, Python's urlencode leaves it raw and escapes *, PHP's urlencode escapes both", () => {
    expect(new URLSearchParams({ q: '~' }).toString()).toBe('q=%7E');
    expect(functions['python:urlencode']?.['~']).toBe('~');
    expect(functions['python:urlencode']?.['*']).toBe('%2A');
    expect(functions['php:urlencode']?.['~']).toBe('%7E');
    expect(functions['php:urlencode']?.['*']).toBe('%2A');
    expect([model('python:urlencode', '~'), model('python:urlencode', '*')]).toEqual(['~', '%2A']);
  });

  // #plus-and-space: every server stack reads + in a query as a space and %2B as a plus; a value decoder keeps +.
  test('+ is a space and %2B a plus to every server stack; decodeURIComponent keeps +', () => {
    expect(serverStacks).toHaveLength(9);
    for (const stack of serverStacks) {
      expect(serverQ(stack, 'q=a+b'), stack).toBe('a b');
      expect(serverQ(stack, 'q=a%2Bb'), stack).toBe('a+b');
    }
    expect(decoders['js:decodeURIComponent']?.['a+b%20c']).toBe('a+b c');
    expect(decodeURIComponent('a+b')).toBe('a+b');
  });

  // #mistake-legacy-charsets: servers disagree about bytes that are not UTF-8.
  test('Node, Express, Python, Django and Tomcat write U+FFFD, PHP, Go and Rack pass the bytes on, Rails refuses the request', () => {
    for (const stack of [
      'node:URLSearchParams',
      'node:querystring',
      'python:parse_qsl',
      'django:QueryDict',
      'java:tomcat',
    ])
      expect(serverQ(stack, 'q=caf%E9'), stack).toBe('caf\uFFFD');
    for (const stack of ['php:parse_str', 'go:url.ParseQuery', 'rack:parse_query'])
      expect(serverQ(stack, 'q=caf%E9'), stack).toEqual({ bytes: '636166e9' });
    expect(serverQ('rails:ActionDispatch::Request#GET', 'q=caf%E9')).toMatchObject({
      error: expect.stringMatching(/^ActionController::BadRequest/),
      status: 400,
    });
    // And the Node running the tests agrees with the fixture.
    expect(new URLSearchParams('q=caf%E9').get('q')).toBe('caf\uFFFD');
  });
});

describe('encoding-functions', () => {
  const nodeUrl = fixture('node-url.json') as unknown as {
    runs: { node: string; href: Record<string, string>; urlParse: { exists: boolean; notAUrl?: null } }[];
  };
  const run = (major: number) => nodeUrl.runs.find((r) => r.node.startsWith(`v${major}.`))!;
  const byteStrings = functions.$byteStrings as Record<string, Record<string, string>>;

  // Intro and #php: PHP, Go and Ruby escape the bytes a string holds, UTF-8 or not.
  test("PHP, Go and Ruby escape windows-1251 bytes and a lone surrogate's WTF-8 bytes as they are", () => {
    const cp1251 = 'EBE0ECB3EDE0F2';
    expect(Object.keys(byteStrings).sort()).toEqual([
      'go:url.PathEscape',
      'go:url.QueryEscape',
      'php:rawurlencode',
      'php:urlencode',
      'ruby:CGI.escape',
      'ruby:ERB::Util.url_encode',
    ]);
    for (const written of Object.values(byteStrings)) {
      // What the page shows (<Esc charset>): ламінат in windows-1251, escaped by the codec.
      expect(written[cp1251]).toBe(legacyEncoded('test', 'ламінат', 'windows-1251'));
      expect(written.EDA080).toBe('%ED%A0%80');
    }
    expect(encode('ламінат', 'component')).not.toEqual({ ok: true, value: byteStrings['php:urlencode']![cp1251] });
  });

  // #javascript: "Node 24 writes a ^ in a path as %5E, while Node 20 leaves it raw".
  test('Node 24 escapes ^ in a path, as the current URL Standard does, and Node 20 leaves it raw', () => {
    const input = 'http://h/a^b|c[d]{e}`f';
    expect(browserEncode('^', 'path')).toMatchObject({ ok: true, value: '%5E' });
    expect(run(24).href[input]).toContain('/a%5Eb');
    expect(run(20).href[input]).toContain('/a^b');
    expect(new URL(input).pathname.startsWith(process.versions.node.startsWith('20.') ? '/a^b' : '/a%5Eb')).toBe(true);
  });

  // #javascript: URL.parse returns null where new URL throws; Node 22.1 and 20.18 have it.
  test('URL.parse returns null for text that is not a URL, in both Nodes, where new URL throws', () => {
    for (const r of nodeUrl.runs) expect(r.urlParse).toMatchObject({ exists: true, notAUrl: null });
    expect(URL.parse('not a url')).toBeNull();
    expect(() => new URL('not a url')).toThrow(TypeError);
  });

  // #at-a-glance, the decoder table: "the plain decoders (...) keep it a plus sign".
  test('decodeURIComponent, unquote, rawurldecode and url.PathUnescape keep + a plus sign', () => {
    for (const id of ['js:decodeURIComponent', 'python:unquote', 'php:rawurldecode', 'go:url.PathUnescape'])
      expect([id, decoders[id]?.['a+b']]).toEqual([id, 'a+b']);
  });

  // #which-one: the builders, run once each (tests/fixtures/builders.json).
  const builders = fixture('builders.json') as unknown as Record<string, string | { error: string }> & {
    $meta: { segment: string; value: string };
  };
  const built = (id: string) => new URL(builders[id] as string);

  test("every builder but Java's URI constructor puts the value in the query so that a form parser reads it back whole", () => {
    const { value } = builders.$meta;
    const ids = [
      'js:URL',
      'python:urlunsplit',
      'python:requests',
      'java:URI+URLEncoder',
      'java:spring:build().encode()',
      'php:http_build_query',
      'go:url.URL',
      'dotnet:UriBuilder',
      'ruby:URI::HTTPS.build',
    ];
    for (const id of ids) expect([id, built(id).searchParams.get('q')]).toEqual([id, value]);
    // new URI(scheme, host, path, "q=C++ & C#…", null): + and & raw, so q is C and three spaces, then a second pair.
    expect(parseFormPairs(built('java:URI').search.slice(1))).toEqual([
      ['q', 'C   '],
      [' C# 50%', ''],
    ]);
  });

  test("with the segment escaped (or in Go's RawPath) the builders keep it one segment; the pathname setter, Go's Path and Java's URI split it at /", () => {
    const { segment } = builders.$meta;
    const last = (id: string) => decodeURIComponent(built(id).pathname.split('/').at(-1)!);
    for (const id of [
      'js:URL',
      'python:urlunsplit',
      'python:requests',
      'php:http_build_query',
      'dotnet:UriBuilder',
      'ruby:URI::HTTPS.build',
    ])
      expect([id, last(id)]).toEqual([id, segment]);
    // Go's PathEscape leaves + raw, which a path reads as a plus sign.
    expect(last('go:url.URL')).toBe(segment);
    for (const id of ['js:URL.pathname-raw', 'go:url.URL-path', 'java:URI'])
      expect([id, built(id).pathname.split('/').length]).toEqual([id, 4]);
    expect(builders['ruby:URI.encode_uri_component']).toEqual({ error: expect.stringMatching(/^absent in Ruby 3\.1/) });
  });

  // #dotnet: HttpUtility and WebUtility, as Mono ran them; the intro's "on most non-ASCII text they agree".
  test("HttpUtility and WebUtility write + for a space, leave ! ( ) * raw and escape ' and ~; only HttpUtility writes lowercase hex", () => {
    const { ranOn } = (functions.$meta as unknown as { dotnet: { ranOn: string } }).dotnet;
    expect(ranOn).toMatch(
      /^Mono JIT compiler version 6\.8\.0\.105 .*; HttpUtility from libmono-system-web4\.0-cil 6\.8\.0\.105/,
    );
    for (const id of ['dotnet:HttpUtility.UrlEncode', 'dotnet:WebUtility.UrlEncode'] as const) {
      expect([id, ...[' ', '!', '(', ')', '*', "'", '~'].map((c) => functions[id]?.[c])]).toEqual([
        id,
        '+',
        '!',
        '(',
        ')',
        '*',
        ...(id === 'dotnet:HttpUtility.UrlEncode' ? ['%27', '%7e'] : ['%27', '%7E']),
      ]);
    }
    expect(functions['dotnet:HttpUtility.UrlEncode']?.['é']).toBe(model('dotnet:HttpUtility.UrlEncode', 'é'));
    expect(model('dotnet:HttpUtility.UrlEncode', 'é')).toBe(
      encode('é', 'component').ok && (encode('é', 'component') as { value: string }).value.toLowerCase(),
    );
    expect(model('dotnet:WebUtility.UrlEncode', 'é')).toBe(model('dotnet:Uri.EscapeDataString', 'é'));
    // Every UTF-8 function but HttpUtility writes Cyrillic the same.
    const utf8 = encoders.filter((e) => e.writes === 'utf-8');
    expect(
      new Set(
        utf8
          .filter((e) => e.hex === 'upper')
          .map((e) => e.encode('ламінат'))
          .map((r) => r.ok && r.value),
      ).size,
    ).toBe(1);
  });

  // #java: Spring 4.3, as Debian ships it: build().encode() escapes + in a query parameter; encode() is 5.0.8's.
  test("Spring 4.3's build().encode() escaped the + of a query parameter, and has no encode() on the builder", () => {
    const { value, segment, runtimes } = builders.$meta as unknown as {
      value: string;
      segment: string;
      runtimes: Record<string, string>;
    };
    expect(runtimes.spring).toMatch(/^Spring 4\.3\.30/);
    for (const id of [
      'java:spring:build().encode()',
      'java:spring:buildAndExpand().encode()',
      'java:spring:UriUtils.encode+build(true)',
    ]) {
      expect([id, built(id).searchParams.get('q')]).toEqual([id, value]);
      expect([id, built(id).search]).toEqual([
        id,
        `?q=${encode(value, 'component').ok && (encode(value, 'component') as { value: string }).value}`,
      ]);
    }
    expect(encode('+', 'component')).toEqual({ ok: true, value: '%2B' });
    // pathSegment escapes a /, a path template does not.
    expect(decodeURIComponent(built('java:spring:build().encode()').pathname.split('/').at(-1)!)).toBe(segment);
    expect(built('java:spring:buildAndExpand().encode()').pathname.split('/')).toHaveLength(4);
    expect(decodeURIComponent(built('java:spring:UriUtils.encode+build(true)').pathname.split('/').at(-1)!)).toBe(
      segment,
    );
    expect(builders['java:spring:encode()']).toEqual({ error: 'absent in Spring 4.3.30.RELEASE' });
  });

  // #javascript: escape()'s Latin-1 escape is invalid UTF-8 to every server stack; + stays raw.
  test("every server stack reads escape()'s %E9 as invalid UTF-8: U+FFFD, the raw byte or a 400", () => {
    expect(model('js:escape', 'é')).toBe('%E9');
    expect(model('js:escape', '+')).toBe('+');
    for (const stack of serverStacks) {
      const read = serverQ(stack, 'q=%E9');
      expect([
        stack,
        read === '\uFFFD' || JSON.stringify(read) === '{"bytes":"e9"}' || (read as { status?: number }).status === 400,
      ]).toEqual([stack, true]);
    }
  });

  // #python: "Before Python 3.7 all three escaped ~ ... between 3.6 and 3.7" (tests/fixtures/python-versions.json).
  test('Python escaped ~ in quote, quote_plus and urlencode up to 3.6, and leaves it raw from 3.7', () => {
    const runs = (
      fixture('python-versions.json') as unknown as {
        runs: { python: string; quote: string; quote_plus: string; urlencode: string }[];
      }
    ).runs;
    const tilde = encode('~', 'form');
    expect(tilde).toEqual({ ok: true, value: '%7E' });
    expect(runs.map((r) => r.python.split('.').slice(0, 2).join('.'))).toEqual(
      expect.arrayContaining(['2.7', '3.6', '3.7', '3.13']),
    );
    for (const r of runs) {
      const [major, minor] = r.python.split('.').map(Number) as [number, number];
      const expected = major === 3 && minor >= 7 ? '~' : tilde.ok && tilde.value;
      expect([r.python, r.quote, r.quote_plus, r.urlencode]).toEqual([r.python, expected, expected, expected]);
    }
  });

  // #go: since Go 1.17 ParseQuery drops a pair holding a raw ; and returns an error.
  test('Go 1.19 read nothing from a=1;b=2 and returned an error about the semicolon', () => {
    expect(servers.readings['a=1;b=2']?.['go:url.ParseQuery']).toEqual({
      params: [],
      warning: 'invalid semicolon separator in query',
    });
    expect(servers.$meta.stacks['go:url.ParseQuery']).toMatch(/go1\.(1[7-9]|[2-9]\d)/);
  });

  // #java: URLEncoder and the WHATWG form serializer write every ASCII character the same.
  test("Java's URLEncoder and URLSearchParams agree on every printable ASCII character", () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    for (const c of ascii)
      expect([c, functions['java:URLEncoder.encode']?.[c]]).toEqual([c, functions['js:URLSearchParams']?.[c]]);
  });
});

describe('percent-encoding', () => {
  // #why-it-exists: & and = are the form convention; Rack and Rails also split at ;, Go drops the pair.
  test('name=value&... is read alike by every stack, and ; is where they part', () => {
    for (const stack of serverStacks)
      expect(readings('a=1&&b=2')[stack], stack).toEqual({
        params: [
          ['a', ['1']],
          ['b', ['2']],
        ],
      });
    const apart = serverStacks.filter(
      (stack) => JSON.stringify(readings('a=1;b=2')[stack]) !== JSON.stringify({ params: [['a', ['1;b=2']]] }),
    );
    expect(apart).toEqual(['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET']);
  });

  // #character-classes: "RFC 3986 lets a query or a fragment hold a raw / or ?, and a path segment a raw :, @ or sub-delimiter".
  test('RFC 3986 allows / and ? raw in a query and a fragment, and : @ and the sub-delimiters in a path', () => {
    for (const part of ['query', 'fragment'] as const)
      for (const c of ['/', '?']) expect(rfc3986Allows(part, c), `${part} ${c}`).toBe(true);
    for (const c of [':', '@', ..."!$&'()*+,;="]) expect(rfc3986Allows('path', c), c).toBe(true);
  });

  // #character-classes: "[ and ] may appear raw just around an IPv6 address in the host".
  test('RFC 3986 allows [ ] raw in no part but the host, where they hold an IPv6 address', () => {
    for (const part of ['userinfo', 'path', 'special-query', 'query', 'fragment'] as const) {
      expect(rfc3986Allows(part, '['), part).toBe(false);
      expect(rfc3986Allows(part, ']'), part).toBe(false);
    }
    expect(new URL('http://[::1]/').host).toBe('[::1]');
  });

  // #character-classes: browsers leave { } | ^ \ and the backtick raw in a query, and | in a path.
  test('the URL parser leaves { } | ^ \\ ` raw in a query and | in a path', () => {
    for (const c of ['{', '}', '|', '^', '\\', '`']) {
      expect(browserEncode(c, 'special-query'), c).toMatchObject({ value: c });
      const url = new URL('http://h/');
      url.search = c;
      expect(url.search).toBe(`?${c}`);
    }
    expect(browserEncode('|', 'path')).toMatchObject({ value: '|' });
    expect(new URL('http://h/a|b').pathname).toBe('/a|b');
  });
});

describe('analytics-normalization', () => {
  // #safe-to-merge: browsers write exactly the normalizer's escapes only for space, " < > and non-ASCII;
  // | ^ { } they send raw, and the normalizer keeps raw and escaped apart because Tomcat refuses the raw ones.
  test('for a space, " < > and non-ASCII the browser writes the canonical escapes; | ^ { } stay as written, since Tomcat answers 400 to them raw', () => {
    for (const c of [' ', '"', '<', '>', 'é', 'ламінат']) {
      const sent = browserEncode(`a${c}b`, 'special-query');
      expect(sent.ok && `/p?q=${sent.value}`, c).toBe(canonical(`/p?q=a${c}b`));
    }
    for (const c of ['|', '^', '{', '}']) {
      expect(browserEncode(c, 'special-query'), c).toMatchObject({ value: c });
      expect(canonical(`/p?q=${c}`), c).toBe(`/p?q=${c}`);
      expect(canonical(`/p?q=${encodeURIComponent(c)}`), c).toBe(`/p?q=${encodeURIComponent(c)}`);
      expect(servers.readings[`q=x${c}y`]?.['java:tomcat'], c).toEqual({ status: 400 });
      expect(serverQ('java:tomcat', `q=x${encodeURIComponent(c)}y`), c).toBe(`x${c}y`);
      expect(serverQ('node:URLSearchParams', `q=x${c}y`), c).toBe(`x${c}y`);
    }
  });

  // #two-models: the spellings a stack reads apart stay apart, and the stacks named read them apart.
  test('; and %3B, ?a and ?a=, a stray % and %25, raw | and %7C: kept apart, read apart by the stacks named', () => {
    const cases: [string, string, string[]][] = [
      ['a=1;b=2', 'a=1%3Bb=2', ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET']],
      ['a', 'a=', ['rack:parse_query', 'rails:ActionDispatch::Request#GET']],
      [
        'q=100%',
        'q=100%25',
        ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET', 'java:tomcat'],
      ],
      ['q=x|y', 'q=x%7Cy', ['java:tomcat']],
    ];
    for (const [a, b, stacks] of cases) {
      expect(canonical(`/s?${a}`)).not.toBe(canonical(`/s?${b}`));
      const apart = serverStacks.filter(
        (stack) => JSON.stringify(servers.readings[a]?.[stack]) !== JSON.stringify(servers.readings[b]?.[stack]),
      );
      expect([a, apart]).toEqual([a, stacks]);
    }
  });

  // #two-models and #default-rules: the query list (| ^ [ ] { } \ and backtick) and the path list
  // (; and %3B, a stray % and %25, | ^ [ ] { } and backtick): each raw one is a 400 to Tomcat, its escape
  // is read as the character, and the normalizer keeps the two apart, noting why.
  test('every character in the kept-apart lists: Tomcat refuses it raw, reads its escape, and both stay as written', () => {
    const kept = (url: string) => {
      const r = normalize(url);
      return r.ok ? (r.kept ?? []).map((k) => k.rule) : [];
    };
    for (const c of ['|', '^', '[', ']', '{', '}', '\\', '`']) {
      const escaped = encodeURIComponent(c);
      expect(servers.readings[`q=x${c}y`]?.['java:tomcat'], c).toEqual({ status: 400 });
      expect(serverQ('java:tomcat', `q=x${escaped}y`), c).toBe(`x${c}y`);
      expect([canonical(`/s?q=${c}`), canonical(`/s?q=${escaped}`)], c).toEqual([`/s?q=${c}`, `/s?q=${escaped}`]);
      expect(kept(`/s?q=${c}`), c).toContain('keep-raw-for-tomcat');
    }
    for (const c of ['|', '^', '[', ']', '{', '}', '`']) {
      expect(pathReadings(`/x${c}y`)['java:tomcat'], c).toEqual({ status: 400 });
      expect([canonical(`/x${c}y`), canonical(`/x${encodeURIComponent(c)}y`)], c).toEqual([
        `/x${c}y`,
        `/x${encodeURIComponent(c)}y`,
      ]);
      expect(kept(`/x${c}y`), c).toContain('keep-raw-for-tomcat');
      expect(pathReadings(`/x${encodeURIComponent(c)}y`)['java:tomcat'], c).toMatchObject({ path: `/x${c}y` });
    }
    expect([canonical('/a;b'), canonical('/a%3Bb')]).toEqual(['/a;b', '/a%3Bb']);
    expect(pathReadings('/a;b')['java:tomcat']).toMatchObject({ path: '/a' });
    expect(pathReadings('/a%3Bb')['java:tomcat']).toMatchObject({ path: '/a;b' });
    expect([canonical('/50%'), canonical('/50%25')]).toEqual(['/50%', '/50%25']);
    expect(kept('/50%')).toEqual(['keep-path-stray-percent']);
    expect(pathReadings('/%25')['java:tomcat']).toMatchObject({ path: '/%' });
    expect(pathReadings('/%25')['go:net/http']).toMatchObject({ path: '/%' });
    // #default-rules, row 2's example: dot segments gone, %7e decoded, the space escaped.
    expect(canonical('/a/./b/../%7euser/a b')).toBe('/a/~user/a%20b');
  });

  // #two-models: a path-only `/a\b` merges with /a%5Cb: the stacks that decode a path read a
  // backslash in both, Tomcat refuses both, Node keeps each as it arrived (as it keeps any escape).
  test('a path-only backslash and its escape: one request to every stack, so one row', () => {
    expect(canonical('/a\\b')).toBe(canonical('/a%5Cb'));
    expect(canonical('/a\\b')).toBe('/a%5Cb');
    expect(normalize('/a\\b')).not.toHaveProperty('kept');
    const raw = pathReadings('/a\\b');
    const escaped = pathReadings('/a%5Cb');
    expect(raw['java:tomcat']).toEqual({ status: 400 });
    expect(escaped['java:tomcat']).toEqual({ status: 400 });
    expect([raw['node:http'], escaped['node:http']]).toEqual([{ path: '/a\\b' }, { path: '/a%5Cb' }]);
    for (const stack of ['python:wsgiref', 'django:QueryDict', 'go:net/http'])
      expect([stack, raw[stack]?.path, escaped[stack]?.path]).toEqual([stack, '/a\\b', '/a\\b']);
    expect([raw['php:parse_str']?.self, escaped['php:parse_str']?.self]).toEqual(['/a\\b', '/a\\b']);
    // #two-models: a path-only row starting with // is a //host reference; with the origin before it, a path.
    expect(canonical('//Products/x')).toBe('//products/x');
    expect(canonical('https://shop.example//Products/x')).toBe('https://shop.example//Products/x');
    // ... and with the origin before it a raw \ or tab is read as a browser reads it: rows to set aside first.
    expect(canonical('https://shop.example/a\\b')).toBe(canonical('https://shop.example/a/b'));
    expect(canonical('https://shop.example/a\tb')).toBe('https://shop.example/ab');
    expect(pathReadings('/a\\b')['python:wsgiref']).toEqual({ path: '/a\\b' });
    // ... so escape them in the path first: the row keeps the path-only reading.
    expect(canonical('https://shop.example/a%5Cb')).toBe(`https://shop.example${canonical('/a\\b')}`);
    expect(canonical('https://shop.example/s?q=a\\b')).toBe('https://shop.example/s?q=a\\b');
    expect(canonical('https://shop.example/s?q=a%09b')).toBe(`https://shop.example${canonical('/s?q=a\tb')}`);
    expect(canonical('/\t/evil.example')).toBe('/%09/evil.example');
    // A //host reference is one whatever else the row holds: ///host too, as a link reads it.
    expect(canonical('///evil.example/a/b')).toBe(canonical('///evil.example/a\\b'));
    expect(canonical('///evil.example/a/b')).toBe('//evil.example/a/b');
    // Trim the ends first, as the normalizer does: a CR left by a CRLF log is not data.
    expect(canonical('https://shop.example/a')).toBe(`https://shop.example${canonical('/a\r\n')}`);
    // #two-models: the RFC 3986 model reads the slashes before the host as a browser does, too.
    expect(canonical('https:///evil.example/x', { model: 'rfc3986' })).toBe('https://evil.example/x');
    expect(canonical('///evil.example/x', { model: 'rfc3986' })).toBe('//evil.example/x');
    // #default-rules: `/.` only where there is no host to keep the path from being read as one.
    expect(canonical('/a/..//b')).toBe('/.//b');
    expect(canonical('https://x.example/a/..//b')).toBe('https://x.example//b');
    // #default-rules, row 1: a browser goes where the normalizer points.
    expect(canonical('https:\\\\shop.example/a\\..\\b')).toBe(new URL('https:\\\\shop.example/a\\..\\b').href);
  });

  // #two-models: dot segments are resolved as a browser resolves them; Tomcat and Go's ServeMux
  // resolve them too, Node keeps the raw path, WSGI decodes and keeps them.
  test('/a/%2E%2E/b: /b to the normalizer, the browser, Tomcat and a ServeMux; as sent to Node and WSGI', () => {
    expect(canonical('/a/%2E%2E/b')).toBe('/b');
    expect(browserResolve('https://h/a/%2E%2E/b')).toEqual({ ok: true, href: 'https://h/b' });
    const r = pathReadings('/a/%2E%2E/b');
    expect(r['java:tomcat']).toMatchObject({ path: '/b' });
    expect(r['go:net/http']).toMatchObject({ mux: 301, location: '/b' });
    expect(r['node:http']).toEqual({ path: '/a/%2E%2E/b' });
    for (const stack of ['python:wsgiref', 'django:QueryDict']) expect(r[stack], stack).toEqual({ path: '/a/../b' });
  });

  // #two-models: the RFC 3986 model writes http(s) hosts as the URL Standard does and removes empty pairs.
  test('the RFC 3986 model canonicalizes 0x7f.1 and Straße, and removes empty pairs', () => {
    expect(canonical('http://0x7f.1/', { model: 'rfc3986' })).toBe('http://127.0.0.1/');
    expect(canonical('http://Straße.example/', { model: 'rfc3986' })).toBe('http://xn--strae-oqa.example/');
    expect(canonical('/s?a=1&&b=2', { model: 'rfc3986' })).toBe('/s?a=1&b=2');
  });

  // #default-rules: empty pairs are skipped by all nine stacks; a stray % in a path gets a 400 from Go
  // and Tomcat, while its escape is read as a %, so the data model keeps it as written.
  // percent-encoding #what-goes-wrong: a client that sends a raw space or é on the request line.
  test('a raw space gets 400 from every stack, a raw é a 400 from Node and Tomcat; WSGI reads é as /Ã© either way', () => {
    for (const [stack, reading] of Object.entries(pathReadings('/a b')))
      expect([stack, reading]).toEqual([stack, { status: stack === 'php:parse_str' ? 0 : 400 }]);
    const e = pathReadings('/é');
    expect([e['node:http'], e['java:tomcat'], e['php:parse_str']]).toEqual([
      { status: 400 },
      { status: 400 },
      { status: 0 },
    ]);
    expect([e['go:net/http']?.path, e['python:wsgiref']?.path, e['django:QueryDict']?.path]).toEqual([
      '/é',
      '/Ã©',
      '/é',
    ]);
    // PEP 3333: the escaped form reaches WSGI as Latin-1 too, so the mojibake is not the raw sending's fault.
    const escaped = pathReadings('/%C3%A9');
    expect([escaped['python:wsgiref']?.path, escaped['django:QueryDict']?.path]).toEqual(['/Ã©', '/é']);
  });

  test('empty pairs are nothing to every stack; /50% is a 400 to Go and Tomcat, /50%25 is not', () => {
    for (const stack of serverStacks) {
      expect(readings('a=1&&b=2')[stack], stack).toEqual({
        params: [
          ['a', ['1']],
          ['b', ['2']],
        ],
      });
      for (const query of ['&a=1', 'a=1&'])
        expect(readings(query)[stack], `${stack} ${query}`).toEqual({ params: [['a', ['1']]] });
    }
    expect(canonical('/50%')).toBe('/50%');
    expect(canonical('/50%', { model: 'rfc3986' })).toBe('/50%25');
    const raw = pathReadings('/50%');
    expect([raw['go:net/http'], raw['java:tomcat']]).toEqual([{ status: 400 }, { status: 400 }]);
    const escaped = pathReadings('/%25');
    expect([escaped['go:net/http']?.path, escaped['java:tomcat']?.path]).toEqual(['/%', '/%']);
  });

  // #reserved-stay-encoded: "every form parser reads ?next=%2Flanding and ?next=/landing as the same value".
  test('all nine stacks read an escaped slash in a query value as a slash', () => {
    for (const stack of serverStacks)
      expect([stack, readings('q=x%2Fy')[stack]]).toEqual([stack, readings('q=x/y')[stack]]);
    expect(readings('q=x/y')['go:url.ParseQuery']).toEqual({ params: [['q', ['x/y']]] });
  });

  // #decoded-exports: a decoded & cannot be told from a real one.
  test('decoding R%26D makes a different request', () => {
    expect(canonical('/search?q=R%26D')).not.toBe(canonical('/search?q=R&D'));
  });

  // #unicode-normalization: NFC and NFD are different bytes, and the normalizer keeps them apart.
  test('NFC and NFD spellings of é stay apart', () => {
    expect('é'.normalize('NFD')).toBe('e\u0301');
    expect(canonical('/menu/caf%C3%A9')).not.toBe(canonical('/menu/cafe%CC%81'));
  });

  // #unicode-normalization (hi): ज़ (U+095B) is a composition exclusion, so NFC, like NFD,
  // writes it as ज + nukta; the two spellings still reach the normalizer as different bytes.
  test('NFC writes the one-code-point ज़ as ज and nukta', () => {
    expect('\u095B'.normalize('NFC')).toBe('\u091C\u093C');
    expect('\u091C\u093C'.normalize('NFC')).toBe('\u091C\u093C');
    expect(canonical(`/${encodeURIComponent('\u095B')}`)).not.toBe(canonical(`/${encodeURIComponent('\u091C\u093C')}`));
  });

  // #default-rules: the fragment is dropped by default and kept on request.
  test('the fragment is dropped by default and kept for hash-routed apps', () => {
    expect(canonical('/app#/billing')).toBe('/app');
    expect(canonical('/app#/billing', { fragment: 'keep' })).toBe('/app#/billing');
  });

  // #business-rules: www., a trailing slash, the scheme and index.html are never merged on their own.
  test('www., a trailing slash, http and https, and index.html stay apart', () => {
    for (const [a, b] of [
      ['https://www.example.com/', 'https://example.com/'],
      ['https://example.com/docs', 'https://example.com/docs/'],
      ['http://example.com/', 'https://example.com/'],
      ['https://example.com/docs/', 'https://example.com/docs/index.html'],
    ])
      expect(canonical(a!), `${a} ${b}`).not.toBe(canonical(b!));
  });

  // #pipeline: "This site's key is a 64-bit hash".
  test('the group key is 64 bits: 16 hex digits', () => {
    const r = normalize('/landing');
    expect(r.ok && r.key).toMatch(/^[0-9a-f]{16}$/);
  });

  // #where-variants-come-from: "Server logs keep the request target as it was received (in nginx, `$request_uri`,
  // not the decoded `$uri`), but escaped for the log": percent escapes stay as sent, $uri is decoded.
  test('both logs keep escapes as sent; nginx logs $request_uri as in the request line, $uri decoded', () => {
    for (const target of ['/%5C', '/%C3%A9', '/s?q=%5C']) {
      expect(loggedTarget(logged('nginx', target)), target).toBe(target);
      expect(logged('nginx', target).request_uri, target).toBe(target);
      expect(loggedTarget(logged('apache', target)), target).toBe(target);
    }
    expect(logged('nginx', '/%C3%A9').uri).toBe('/\\xC3\\xA9');
    for (const target of Object.keys(accessLogs.readings).filter((t) => logged('nginx', t).status === 200))
      expect(logged('nginx', target).request_uri, target).toBe(loggedTarget(logged('nginx', target)));
  });

  // #where-variants-come-from: "nginx writes a `"`, a `\` and each byte outside ASCII as `\xHH` (`/a\b` as
  // `/a\x5Cb`, `/é` as `/\xC3\xA9`), Apache writes `\"`, `\\` and `\xhh`".
  test('nginx logs " \\ and non-ASCII bytes as \\xHH, Apache as \\" \\\\ and \\xhh', () => {
    const page = readFileSync(path.join(root, 'content', 'en', 'analytics-normalization.mdx'), 'utf8');
    const quoted = [...(page.match(/\(`\/a\\b` as .*?\)/)?.[0] ?? '').matchAll(/`([^`]+)` as `([^`]+)`/g)];
    expect(quoted.map(([, sent]) => sent)).toEqual(['/a\\b', '/é']);
    for (const [, sent, written] of quoted) expect(loggedTarget(logged('nginx', sent!)), sent).toBe(written);
    const cases: [string, string, string][] = [
      ['/a"b', '/a\\x22b', '/a\\"b'],
      ['/s?q=a"b', '/s?q=a\\x22b', '/s?q=a\\"b'],
      ['/a\\b', '/a\\x5Cb', '/a\\\\b'],
      ['/s?q=a\\b', '/s?q=a\\x5Cb', '/s?q=a\\\\b'],
      ['/é', '/\\xC3\\xA9', '/\\xc3\\xa9'],
      ['/s?q=é', '/s?q=\\xC3\\xA9', '/s?q=\\xc3\\xa9'],
    ];
    for (const [sent, nginx, apache] of cases) {
      expect(logged('nginx', sent).status, sent).toBe(200);
      expect([loggedTarget(logged('nginx', sent)), logged('nginx', sent).request_uri], sent).toEqual([nginx, nginx]);
      expect(logged('apache', sent).status, sent).toBe(404); // accepted: the document root is empty
      expect(loggedTarget(logged('apache', sent)), sent).toBe(apache);
    }
  });

  // #where-variants-come-from: "both answer a tab or another control byte in the target with 400".
  test('nginx and Apache answer a tab, CR or other control byte in the target with 400', () => {
    for (const target of ['/a\tb', '/s?q=a\tb', '/a\rb', '/a\u0001b', '/a\u001fb', '/a\u007fb'])
      for (const server of ['nginx', 'apache'] as const)
        expect(logged(server, target).status, `${server} ${target}`).toBe(400);
    // "logged even so, Apache writing a tab or CR as a space and dropping the protocol"
    for (const target of ['/a\tb', '/a\rb']) expect(logged('apache', target).request, target).toBe('GET /a b');
    expect(logged('nginx', '/a\tb').request).toBe('GET /a\\x09b HTTP/1.1');
    // "An LF ends the request line instead, so nginx serves and logs the part before it"
    expect(logged('nginx', '/a\nb')).toMatchObject({ status: null, request: 'GET /a', request_uri: '/a' });
    // "nginx writes ... a control byte ... as \xHH; Apache writes ... a control byte or a byte outside ASCII as \xhh (an LF as \n)"
    const controls = {
      '/a\u0001b': ['\\x01', '\\x01'],
      '/a\u001fb': ['\\x1F', '\\x1f'],
      '/a\u007fb': ['\\x7F', '\\x7f'],
    };
    for (const [target, [nginx, apache]] of Object.entries(controls)) {
      expect(logged('nginx', target).request, target).toBe(`GET /a${nginx}b HTTP/1.1`);
      expect(logged('apache', target).request, target).toBe(`GET /a${apache}b HTTP/1.1`);
    }
    expect(logged('apache', '/a\nb').request).toBe('GET /a\\n');
    // Step 1's filter: status 400, or a request field without " HTTP/<version>" (nginx's LF row).
    const refused = (r: LogReading) => r.loggedStatus === '400' || !/ HTTP\/\d\.\d$/.test(r.request ?? '');
    for (const target of ['/a\tb', '/a\rb', '/a\nb', '/a\u0001b'])
      for (const server of ['nginx', 'apache'] as const)
        expect(refused(logged(server, target)), `${server} ${target}`).toBe(true);
    expect(refused(logged('nginx', '/a\\b'))).toBe(false);
    // "... logged with status 200 and no protocol ... Apache answers an LF with 400."
    expect(logged('nginx', '/a\nb').loggedStatus).toBe('200');
    expect(logged('apache', '/a\nb')).toMatchObject({ status: 400, loggedStatus: '400' });
    for (const target of ['/a\tb', '/a\rb', '/a\u0001b'])
      for (const server of ['nginx', 'apache'] as const) expect(logged(server, target).loggedStatus).toBe('400');
    // "in Apache, `%r`, not the decoded `%U`": %U holds the decoded path (its \ logged as \\).
    expect(logged('apache', '/%5C')).toMatchObject({ request: 'GET /%5C HTTP/1.1', path: '/\\\\' });
    expect(logged('apache', '/%C3%A9').path).toBe('/\\xc3\\xa9');
  });

  // #where-variants-come-from: "Undo that escaping before normalizing: write each `\xHH` or `\xhh` as the `%HH` of
  // its byte, and Apache's `\"` and `\\` as %22 and %5C, except a backslash in the query, which goes back to
  // a raw `\` (the normalizer keeps a raw `\` in a query apart from %5C)".
  test('undoing the log escapes as the page says gives every accepted target its own canonical form', () => {
    const undo = (target: string, queryBackslash: 'raw' | 'escaped') => {
      const query = target.indexOf('?');
      return target.replace(
        /\\x([0-9A-Fa-f]{2})|\\(["\\])/g,
        (_, hex: string | undefined, char: string, at: number) => {
          const byte = hex ? Number.parseInt(hex, 16) : char.charCodeAt(0);
          if (byte === 0x5c && queryBackslash === 'raw' && query !== -1 && at > query) return '\\';
          return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        },
      );
    };
    const accepted = Object.keys(accessLogs.readings).filter(
      (t) => logged('nginx', t).status === 200 && logged('apache', t).status === 404,
    );
    expect(accepted).toEqual(expect.arrayContaining(['/a\\b', '/s?q=a\\b', '/a"b', '/a\\x5Cb', '/é', '/s?q=é']));
    for (const target of accepted)
      for (const server of ['nginx', 'apache'] as const)
        expect(canonical(undo(loggedTarget(logged(server, target))!, 'raw')), `${server} ${target}`).toBe(
          canonical(target),
        );
    // The exception is needed: a raw \ and %5C in a query stay apart.
    expect(canonical('/s?q=a\\b')).not.toBe(canonical('/s?q=a%5Cb'));
    expect(canonical(undo(loggedTarget(logged('nginx', '/s?q=a\\b'))!, 'escaped'))).not.toBe(canonical('/s?q=a\\b'));
    // "In one pass": Apache's \\x5C (a logged \ then x5C) undone \x5C first would read as \%5C, another row.
    const apacheRow = loggedTarget(logged('apache', '/a\\x5Cb'))!;
    expect(apacheRow).toBe('/a\\\\x5Cb');
    expect(canonical(undo(apacheRow, 'raw'))).toBe(canonical('/a\\x5Cb'));
    const twoPasses = apacheRow.replace(/\\x([0-9A-Fa-f]{2})/g, '%$1').replace(/\\\\/g, '%5C');
    expect(canonical(twoPasses)).not.toBe(canonical('/a\\x5Cb'));
  });

  // #where-variants-come-from: "Fed in as logged, nginx's `/a\x5Cb` becomes /a%5Cx5Cb, not the /a%5Cb that `/a\b` itself becomes".
  test('a log row fed in with its escapes left in does not merge with the request it records', () => {
    expect(loggedTarget(logged('nginx', '/a\\b'))).toBe('/a\\x5Cb');
    expect(canonical('/a\\x5Cb')).toBe('/a%5Cx5Cb');
    expect(canonical('/a\\b')).toBe('/a%5Cb');
  });
});

describe('faq', () => {
  // #paste-non-latin-into-url: IDNA for http(s) hosts, escapes for other schemes.
  test('an http(s) host goes through UTS #46 and punycode, another scheme gets escapes', () => {
    expect(browserResolve('https://ＥＸＡＭＰＬＥ.com/')).toEqual({ ok: true, href: 'https://example.com/' });
    expect(browserResolve('https://Пример.рф/')).toEqual({ ok: true, href: 'https://xn--e1afmkfd.xn--p1ai/' });
    expect(new URL('foo://ж/').href).toBe('foo://%D0%B6/');
  });

  // #urierror-uri-malformed: V8's message for a stray % and for bytes that are not UTF-8; URLSearchParams never throws.
  test('decodeURIComponent throws "URIError: URI malformed" in Node and Chromium; URLSearchParams keeps the % and writes U+FFFD', () => {
    const legacyCafe = legacyEncoded('test', 'café', 'windows-1252');
    expect(legacyCafe).toBe('caf%E9');
    for (const runtime of ['node', 'chromium']) {
      for (const call of [
        "decodeURIComponent('50%off')",
        "decodeURIComponent('caf%E9')",
        "decodeURI('50%off')",
        "encodeURIComponent('\\ud83d')",
      ]) {
        expect(raised(runtime, call), `${runtime} ${call}`).toBe('URIError: URI malformed');
      }
    }
    expect(() => decodeURIComponent('50%off')).toThrow(new URIError('URI malformed'));
    expect(() => decodeURIComponent(legacyCafe)).toThrow(URIError);
    expect(() => encodeURIComponent('\ud83d')).toThrow(URIError);
    expect(new URLSearchParams(`q=50%off&r=${legacyCafe}`).get('q')).toBe('50%off');
    expect(new URLSearchParams(`r=${legacyCafe}`).get('r')).toBe('caf\uFFFD');
    expect(new URL(`https://shop.example/?q=50%off&r=${legacyCafe}`).searchParams.get('q')).toBe('50%off');
    // new URL() itself keeps the query encoded; only its searchParams decode.
    expect(new URL('https://shop.example/?q=a%20b').search).toBe('?q=a%20b');
    expect(new URL('https://shop.example/?q=a%20b').searchParams.get('q')).toBe('a b');
    quotedInEveryFaq('`URIError: URI malformed`');
  });

  // #java-illegal-hex-characters: URLDecoder's two messages; Tomcat has decoded the parameter already.
  test("URLDecoder's messages, Tomcat's decoded %25, and URLEncoder's output as the form mode writes it", () => {
    const illegal = raised('java', 'URLDecoder.decode("50%off", UTF_8)');
    expect(illegal).toBe(
      'java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters in escape (%) pattern - Error at index 0 in: "of"',
    );
    quotedInEveryFaq(illegal);
    quotedInEveryFaq('`URLDecoder: Illegal hex characters in escape (%) pattern`');
    const trailing = raised('java', 'URLDecoder.decode("100%", UTF_8)').replace(
      'java.lang.IllegalArgumentException: ',
      '',
    );
    expect(trailing).toBe('URLDecoder: Incomplete trailing escape (%) pattern');
    quotedInEveryFaq(trailing);
    expect(serverQ('java:tomcat', `q=${encodeURIComponent('100%')}`)).toBe('100%');
    expect(errors.java?.['URLEncoder.encode("50% off", UTF_8)']).toBe(model('java:URLEncoder.encode', '50% off'));
    expect(errors.java?.['URLDecoder.decode(URLEncoder.encode("50% off", UTF_8), UTF_8)']).toBe('50% off');
    expect(encode('50% off', 'form')).toEqual({ ok: true, value: model('java:URLEncoder.encode', '50% off') });
  });

  // #go-invalid-url-escape: net/url's message, ParseQuery dropping the pair, net/http's 400 for a path.
  test('Go says invalid URL escape "%of", r.URL.Query() drops q, and net/http refuses such a path', () => {
    expect(raised('go', 'url.QueryUnescape("%zz")')).toBe('invalid URL escape "%zz"');
    quotedInEveryFaq('`invalid URL escape "%zz"`');
    for (const call of ['url.QueryUnescape("50%off")', 'url.PathUnescape("50%off")'])
      expect(raised('go', call), call).toBe('invalid URL escape "%of"');
    const wrapped = raised('go', 'url.Parse("https://shop.example/sale/50%off")');
    expect(wrapped).toBe('parse "https://shop.example/sale/50%off": invalid URL escape "%of"');
    quotedInEveryFaq(wrapped);
    expect(errors.go?.['url.ParseQuery("q=50%off&page=2")']).toEqual({
      error: 'invalid URL escape "%of"',
      value: '{"page":["2"]}',
    });
    expect(readQuery('go:url.ParseQuery', 'q=50%off&page=2')).toMatchObject({ params: [['page', ['2']]] });
    const paths = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'servers', 'paths.json'), 'utf8')) as {
      readings: Record<string, Record<string, unknown>>;
    };
    expect(paths.readings['/50%']?.['go:net/http']).toEqual({ status: 400 });
    expect(errors.go?.['url.QueryEscape("50% off")']).toBe(model('go:url.QueryEscape', '50% off'));
    expect(errors.go?.['url.Values{"q": {"50% off"}}.Encode()']).toBe('q=50%25+off');
  });

  // #rails-invalid-percent-encoding: Rails' 400 and Rack's error; what the other stacks do with the same %.
  test("Rails answers 400 with Rack's invalid %-encoding; the other stacks keep the % or drop the pair", () => {
    const rails = errors.ruby?.['ActionDispatch::Request#GET, QUERY_STRING "q=50%off&page=2"'];
    expect(rails).toEqual({
      error: 'ActionController::BadRequest: Invalid query parameters: invalid %-encoding (50%off)',
      status: 400,
    });
    quotedInEveryFaq('ActionController::BadRequest: Invalid query parameters: invalid %-encoding (50%off)');
    quotedInEveryFaq('Rack::QueryParser::InvalidParameterError: invalid %-encoding (50%off)');
    expect(raised('ruby', 'Rack::Utils.parse_nested_query("q=50%off&page=2")')).toBe(
      'Rack::QueryParser::InvalidParameterError: invalid %-encoding (50%off)',
    );
    expect(serverQ('rails:ActionDispatch::Request#GET', 'q=caf%E9')).toMatchObject({
      error: expect.stringContaining('Invalid encoding for parameter'),
      status: 400,
    });
    for (const stack of [
      'node:URLSearchParams',
      'node:querystring',
      'python:parse_qsl',
      'django:QueryDict',
      'php:parse_str',
    ])
      expect(serverQ(stack, 'q=100%'), stack).toBe('100%');
    for (const stack of ['go:url.ParseQuery', 'java:tomcat'])
      expect(servers.readings['q=100%']?.[stack]?.params, stack).toEqual([]);
    expect(serverQ('rails:ActionDispatch::Request#GET', 'q=100%')).toMatchObject({ status: 400 });
    for (const call of ['{ q: "50% off" }.to_query', 'URI.encode_www_form_component("50% off")']) {
      expect(String(errors.ruby?.[call]).replace(/^q=/, ''), call).toBe(
        encode('50% off', 'form').ok && (encode('50% off', 'form') as { value: string }).value,
      );
    }
  });

  // #space-percent20-or-plus: the nine stacks named there read q=a+b as "a b"; the plain decoders keep the plus.
  test('every measured stack reads q=a+b as a space, the FAQ names all nine, and decodeURIComponent and unquote keep +', () => {
    expect(serverStacks).toHaveLength(9);
    for (const stack of serverStacks) expect([stack, serverQ(stack, 'q=a+b')]).toEqual([stack, 'a b']);
    const answer = /<FaqItem id="space-percent20-or-plus"[\s\S]*?<\/FaqItem>/.exec(faqs[0]![1])![0];
    expect(answer).toContain('all nine stacks measured');
    for (const name of [
      "Node's `URLSearchParams`",
      'Express 5',
      "Python's `parse_qsl`",
      'Django',
      'PHP',
      'Go',
      'Rack',
      'Rails',
      'Tomcat',
    ])
      expect(answer).toContain(name);
    // Express 5's default query parser is Node's querystring, the stack measured under its name.
    expect(servers.$meta.stacks['node:querystring']).toContain("Express 5's default query parser");
    // The servers widget's intro names the stacks as its table labels them ("Express 5", not "Express").
    const intro = (
      JSON.parse(readFileSync(path.join(root, 'src', 'i18n', 'en.json'), 'utf8')) as {
        tools: { servers: { intro: string } };
      }
    ).tools.servers.intro;
    for (const { name } of modelledStacks) expect(intro, name).toContain(name.replace(/ \(.*\)$/, '').split(' / ')[0]);
    // "Django reads its query with Python's `parse_qsl` (keeping blank values)": a name with no value,
    // or with an empty one, is dropped by parse_qsl's defaults and kept, empty, by Django.
    expect(answer).toContain("Python's `parse_qsl` (keeping blank values)");
    for (const query of ['a', 'a=', ';']) {
      expect([query, readings(query)['python:parse_qsl']]).toEqual([query, { params: [] }]);
      expect([query, readings(query)['django:QueryDict']]).toEqual([
        query,
        { params: [[query.replace('=', ''), ['']]] },
      ]);
    }
    // "Rails with Rack's parser": Rails answers Rack's own error for a stray %.
    expect(readings('q=100%')['rails:ActionDispatch::Request#GET']?.error).toContain(
      String(readings('q=100%')['rack:parse_query']?.error).replace(/^.*: /, ''),
    );
    expect(decoders['js:decodeURIComponent']?.['a+b']).toBe('a+b');
    expect(decoders['python:unquote']?.['a+b']).toBe('a+b');
  });

  // #encode-tilde-star-quote: form encoding escapes ~, as URLSearchParams and URLEncoder do; urlencode leaves it.
  test("URLSearchParams and URLEncoder escape ~ as the form set does; Python's urlencode leaves it raw", () => {
    expect(model('js:URLSearchParams', '~')).toBe(
      encode('~', 'form').ok && (encode('~', 'form') as { value: string }).value,
    );
    expect(functions['java:URLEncoder.encode']?.['~']).toBe('%7E');
    expect(functions['python:urlencode']?.['~']).toBe('~');
  });

  // #base64-token-in-query and #plus-in-email-address: + is a space to every stack; the fixes.
  test('a raw base64 + and the + of user+tag@ arrive as spaces; encoded or base64url, they arrive whole', () => {
    const bytes = Buffer.from([0x66, 0x6f, 0x6f, 0xfb, 0xff]);
    expect(bytes.toString('base64')).toBe(errors.python?.["base64.b64encode(b'foo\\xfb\\xff')"]);
    expect(bytes.toString('base64')).toBe('Zm9v+/8=');
    expect(bytes.toString('base64url')).toBe('Zm9v-_8');
    expect(errors.python?.["base64.urlsafe_b64encode(b'foo\\xfb\\xff')"]).toBe('Zm9v-_8=');
    expect(() => atob('Zm9v-_8')).toThrow();
    const encodedToken = encodeURIComponent('Zm9v+/8=');
    expect(encode('Zm9v+/8=', 'component')).toEqual({ ok: true, value: encodedToken });
    expect(new URLSearchParams({ token: 'Zm9v+/8=' }).toString()).toBe(`token=${encodedToken}`);
    for (const stack of serverStacks) {
      expect(readQuery(stack as StackId, 'token=Zm9v+/8='), stack).toEqual({ params: [['token', ['Zm9v /8=']]] });
      expect(readQuery(stack as StackId, `token=${encodedToken}`), stack).toEqual({
        params: [['token', ['Zm9v+/8=']]],
      });
      expect(readQuery(stack as StackId, 'token=Zm9v-_8='), stack).toEqual({ params: [['token', ['Zm9v-_8=']]] });
      expect(readQuery(stack as StackId, 'email=user+tag@example.com'), stack).toEqual({
        params: [['email', ['user tag@example.com']]],
      });
    }
    const email = 'user+tag@example.com';
    expect(encode(email, 'component')).toEqual({ ok: true, value: encodeURIComponent(email) });
    expect(encode(email, 'form')).toEqual({ ok: true, value: new URLSearchParams({ e: email }).toString().slice(2) });
    expect(browserEncode('@', 'special-query')).toMatchObject({ value: '@' });
  });

  // #content-disposition-filename: the component set is inside RFC 8187's attr-char; libraries write the same escapes.
  test("the component set writes only RFC 8187 attr-chars and escapes; Python's encode_rfc2231 and Go's FormatMediaType agree", () => {
    const attrChar = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;
    for (let c = 0x20; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      const r = encode(ch, 'component');
      expect(r.ok && (r.value.startsWith('%') || attrChar.test(r.value)), ch).toBe(true);
    }
    for (const c of ["'", '(', ')', '*']) {
      expect(encodeURIComponent(c), c).toBe(c);
      expect(attrChar.test(c), c).toBe(false);
    }
    const name = encode('звіт 2024.pdf', 'component');
    expect(errors.python?.["encode_rfc2231('звіт 2024.pdf', 'utf-8')"]).toBe(`utf-8''${name.ok && name.value}`);
    expect(errors.go?.['mime.FormatMediaType("attachment", map[string]string{"filename": "звіт 2024.pdf"})']).toBe(
      `attachment; filename*=utf-8''${name.ok && name.value}`,
    );
  });

  // #signature-does-not-match: MDN's strict helper is the component set; what encodeURIComponent and URLSearchParams write instead.
  test('the strict helper equals the component set on every printable ASCII character and beyond', () => {
    const strict = (s: string) =>
      encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    for (const faq of faqs.map(([, text]) => text))
      expect(faq).toContain(
        "const strict = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());",
      );
    const samples = [
      ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)),
      "it's (*)! a b~",
      'звіт',
      'แคมเปญ',
      'नमस्ते',
      '😀',
    ];
    for (const text of samples) expect(encode(text, 'component'), text).toEqual({ ok: true, value: strict(text) });
    expect(model('js:encodeURIComponent', "it's (*)!")).toBe("it's%20(*)!");
    expect(model('js:URLSearchParams', 'a b~')).toBe(new URLSearchParams({ q: 'a b~' }).toString().slice(2));
    expect(model('js:URLSearchParams', 'a b~')).toBe('a+b%7E');
    for (const id of ['java:URLEncoder.encode', 'php:urlencode', 'dotnet:WebUtility.UrlEncode'] as const)
      expect(model(id, 'a b'), id).toBe('a+b');
    // HttpUtility's lowercase é against the strict helper's.
    expect(functions['dotnet:HttpUtility.UrlEncode']?.['é']).toBe('%c3%a9');
    expect(strict('é')).toBe('%C3%A9');
  });

  // #python-quote-unicodeencodeerror: what raises UnicodeEncodeError, and the calls that work.
  test('quote raises UnicodeEncodeError for a surrogate-escaped file name and a legacy encoding; the bytes quote as the codec writes them', () => {
    expect(errors.python?.["os.fsdecode(b'caf\\xe9.txt')"]).toBe("'caf\\udce9.txt'");
    const surrogate = raised('python', "quote(os.fsdecode(b'caf\\xe9.txt'))");
    expect(surrogate).toBe(
      "UnicodeEncodeError: 'utf-8' codec can't encode character '\\udce9' in position 3: surrogates not allowed",
    );
    quotedInEveryFaq(surrogate);
    expect(raised('python', `quote(json.loads('"\\\\ud83d"'))`)).toMatch(
      /^UnicodeEncodeError: .* surrogates not allowed$/,
    );
    expect(raised('python', "quote('ж', encoding='latin-1')")).toMatch(
      /^UnicodeEncodeError: 'latin-1' codec can't encode character .*: ordinal not in range\(256\)$/,
    );
    expect(raised('python', "quote(b'caf\\xe9', encoding='latin-1')")).toMatch(/^TypeError: /);
    for (const call of [
      "quote(os.fsdecode(b'caf\\xe9.txt'), errors='surrogateescape')",
      "quote(os.fsencode(os.fsdecode(b'caf\\xe9.txt')))",
    ]) {
      expect(errors.python?.[call], call).toBe(legacyEncoded('test', 'café.txt', 'windows-1252'));
    }
    expect(errors.python?.["quote('ж', encoding='cp1251')"]).toBe(legacyEncoded('test', 'ж', 'windows-1251'));
    // The Thai FAQ's own case: Thai text through latin-1, then through the Thai legacy charset.
    expect(raised('python', "quote('แคมเปญ', encoding='latin-1')")).toMatch(
      /^UnicodeEncodeError: 'latin-1' codec can't encode characters .*: ordinal not in range\(256\)$/,
    );
    expect(errors.python?.["quote('แคมเปญ', encoding='cp874')"]).toBe(legacyEncoded('test', 'แคมเปญ', 'windows-874'));
    expect(decode('caf%E9.txt')).toMatchObject({ ok: false, error: { code: 'invalid-utf8' } });
    expect(decode('caf%E9.txt', { charset: 'windows-1252' })).toMatchObject({ ok: true, value: 'café.txt' });
  });
});

describe('decoding', () => {
  // #stray-percent: which decoders fail on a stray %, and which keep it.
  test('JavaScript, Java, Go and URI.decode_www_form_component fail on a stray %; unquote, urldecode, CGI.unescape and WHATWG keep it', () => {
    for (const input of ['100%', '%zz']) {
      for (const fn of [
        'js:decodeURIComponent',
        'java:URLDecoder.decode',
        'go:url.QueryUnescape',
        'go:url.PathUnescape',
        'ruby:URI.decode_www_form_component',
      ]) {
        expect(decoders[fn]?.[input], `${fn} ${input}`).toEqual({ error: expect.any(String) });
      }
      for (const fn of ['python:unquote', 'php:urldecode', 'ruby:CGI.unescape'])
        expect(decoders[fn]?.[input], `${fn} ${input}`).toBe(input);
    }
    expect(decoders['java:URLDecoder.decode']?.['%zz']).toEqual({
      error: expect.stringMatching(/^IllegalArgumentException/),
    });
    expect(decoders['go:url.QueryUnescape']?.['%zz']).toEqual({ error: 'invalid URL escape "%zz"' });
    expect(decoders['ruby:URI.decode_www_form_component']?.['%zz']).toEqual({
      error: expect.stringMatching(/^ArgumentError/),
    });
    for (const input of ['100% sure', '%zz', '%4']) expect(() => decodeURIComponent(input), input).toThrow(URIError);
    expect(new URLSearchParams('q=100%').get('q')).toBe('100%');
  });
});

describe('real-world-bugs', () => {
  // #vanishing-search-query: a piece without = is a name with an empty value to most stacks,
  // a name with nil to Rack and Rails, and nothing to parse_qsl with its defaults.
  test('a piece without = : empty value, nil, or dropped', () => {
    const r = readings('q=x&y');
    for (const stack of [
      'node:URLSearchParams',
      'node:querystring',
      'django:QueryDict',
      'php:parse_str',
      'go:url.ParseQuery',
      'java:tomcat',
    ])
      expect(r[stack], stack).toEqual({
        params: [
          ['q', ['x']],
          ['y', ['']],
        ],
      });
    for (const stack of ['rack:parse_query', 'rails:ActionDispatch::Request#GET'])
      expect(r[stack], stack).toEqual({
        params: [
          ['q', ['x']],
          ['y', [null]],
        ],
      });
    expect(r['python:parse_qsl']).toEqual({ params: [['q', ['x']]] });
  });

  // #vanishing-search-query: "URLSearchParams ... writes each space as a +".
  test('URLSearchParams writes + for a space, and the model says so too', () => {
    const input = 'promises & async/await';
    const real = new URLSearchParams({ q: input }).toString();
    expect(real).toBe('q=promises+%26+async%2Fawait');
    expect(`q=${model('js:URLSearchParams', input)}`).toBe(real);
    expect(model('js:encodeURIComponent', input)).toBe(encodeURIComponent(input));
  });
});

describe('security', () => {
  // #path-traversal: the URL parser resolves escaped dots, and keeps an escaped slash in one segment.
  test('%2e%2e segments are resolved by the URL parser and the normalizer; ..%2f stays one segment', () => {
    expect(new URL('https://h/static/%2e%2e/%2e%2e/etc/passwd').pathname).toBe('/etc/passwd');
    expect(canonical('/static/%2e%2e/%2e%2e/etc/passwd')).toBe('/etc/passwd');
    expect(new URL('https://h/static/..%2f..%2fetc/passwd').pathname).toBe('/static/..%2f..%2fetc/passwd');
    expect(canonical('/static/..%2f..%2fetc/passwd')).toBe('/static/..%2F..%2Fetc/passwd');
    expect(decode('/static/..%2f..%2fetc/passwd')).toMatchObject({ value: '/static/../../etc/passwd' });
  });

  // #path-traversal: WSGI decodes an escaped slash into a separator; Tomcat refuses it.
  test('/a%2F..%2Fb is /a/../b to Python and Django, a 400 from Tomcat', () => {
    const r = pathReadings('/a%2F..%2Fb');
    for (const stack of ['python:wsgiref', 'django:QueryDict']) expect(r[stack], stack).toEqual({ path: '/a/../b' });
    expect(r['java:tomcat']).toEqual({ status: 400 });
    expect(pathReadings('/a%2Fb')['java:tomcat']).toEqual({ status: 400 });
  });

  // #double-decoding: one decode leaves %2e%2e%2f, the second gives ../
  test('a double-encoded traversal is only visible after the second decode', () => {
    expect(decodeLayers('%252e%252e%252fetc%252fpasswd').layers).toEqual([
      '%252e%252e%252fetc%252fpasswd',
      '%2e%2e%2fetc%2fpasswd',
      '../etc/passwd',
    ]);
  });

  // #overlong-utf8: the strict decoder rejects %C0%AF; a replacing one writes two U+FFFD, as TextDecoder does.
  test('the strict decoder rejects %C0%AF, and a replacing one never makes a slash of it', () => {
    expect(decode('%C0%AF')).toMatchObject({ ok: false, error: { code: 'invalid-utf8', index: 0 } });
    expect(decode('%C0%AF', { invalid: 'replace' })).toMatchObject({ ok: true, value: '\uFFFD\uFFFD' });
    expect(new TextDecoder().decode(new Uint8Array([0xc0, 0xaf]))).toBe('\uFFFD\uFFFD');
  });

  // #nul-byte: "Node's file functions throw".
  test('%00 decodes to NUL, which Node refuses in a file name', () => {
    expect(decode('report.pdf%00.png')).toMatchObject({ value: 'report.pdf\0.png' });
    expect(() => fs.statSync('report.pdf\0.png')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE' }));
  });

  // #crlf-injection: "Node's http module throws ERR_INVALID_CHAR".
  test('%0D%0A decodes to a line break, which Node refuses in a header value', () => {
    expect(decode('/home%0D%0ASet-Cookie:%20session=attacker')).toMatchObject({
      value: '/home\r\nSet-Cookie: session=attacker',
    });
    expect(() => http.validateHeaderValue('Location', '/home\r\nSet-Cookie: session=attacker')).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_CHAR' }),
    );
    expect(decodeLayers('%250D%250A').layers).toEqual(['%250D%250A', '%0D%0A', '\r\n']);
  });

  // #open-redirects: the defence as the page writes it keeps the site's own paths and sends
  // everything else home, without URL.parse.
  test('returnAddress keeps same-origin paths and refuses the four addresses', () => {
    const returnAddress = (next: string) => {
      const site = 'https://shop.example';
      let target: URL;
      try {
        target = new URL(next, site);
      } catch {
        return `${site}/`;
      }
      return target.origin === site ? target.href : `${site}/`;
    };
    expect(returnAddress('/orders')).toBe('https://shop.example/orders');
    for (const next of ['//evil.example', '/\\evil.example', '/\t/evil.example', 'https://evil.example/', 'http://['])
      expect(returnAddress(next), next).toBe('https://shop.example/');
  });

  // #open-redirects: all four start with / once decoded, and all four leave the site.
  test('four return addresses that start with / all lead to another host', () => {
    const pairs = parseFormPairs('a=//evil.example&b=/%5Cevil.example&c=%2F%2Fevil.example&d=/%09/evil.example');
    for (const [name, value] of pairs) {
      expect(value.startsWith('/'), name).toBe(true);
      expect(new URL(value, 'https://shop.example/login').origin, name).toBe('https://evil.example');
    }
  });

  // analytics #two-models: a raw \ in an http(s) URL is read as / before the query, as a browser
  // sends it; a path-only row keeps it. security: the normalizer writes the host as the URL Standard does.
  test('the normalizer reads a backslash in an http(s) URL as a browser does', () => {
    expect(canonical('https://shop.example/a\\..\\b')).toBe(new URL('https://shop.example/a\\..\\b').href);
    expect(canonical('https://shop.example/a\\..\\b')).toBe('https://shop.example/b');
    expect(canonical('/a\\b')).toBe('/a%5Cb');
    expect(canonical('https://evil.example\\@shop.example/')).toBe(
      new URL('https://evil.example\\@shop.example/').href,
    );
  });

  // #backslash-traversal: the URL parser reads a raw \ in an http(s) path as /, and keeps %5c.
  test('a raw backslash resolves as a slash, an escaped one stays, and a server may decode it', () => {
    expect(browserResolve('/static/..\\..\\secret', 'https://shop.example/')).toEqual({
      ok: true,
      href: 'https://shop.example/secret',
    });
    expect(browserResolve('/static/..%5c..%5csecret', 'https://shop.example/')).toEqual({
      ok: true,
      href: 'https://shop.example/static/..%5c..%5csecret',
    });
    expect(decode('/static/..%5c..%5cwin.ini')).toMatchObject({ value: '/static/..\\..\\win.ini' });
  });

  // #backslash-traversal: WSGI, Django, Go's URL.Path and PHP_SELF decode %5C; Node keeps it; Tomcat 400s both.
  test('which stacks decode %5C to a backslash in a path', () => {
    const escaped = pathReadings('/a%5Cb');
    for (const stack of ['python:wsgiref', 'django:QueryDict', 'go:net/http'])
      expect(escaped[stack]?.path, stack).toBe('/a\\b');
    expect(escaped['php:parse_str']?.self).toBe('/a\\b');
    expect(escaped['node:http']?.path).toBe('/a%5Cb');
    expect(escaped['java:tomcat']).toEqual({ status: 400 });
    expect(pathReadings('/a\\b')['java:tomcat']).toEqual({ status: 400 });
  });

  // #backslash-traversal: "path.win32.resolve('C:\\srv\\files', '..\\..\\win.ini') is C:\win.ini".
  test('path.win32 splits at backslashes, so the traversal check catches ..\\ on Windows', () => {
    const root = path.win32.resolve('C:\\srv\\files');
    const target = path.win32.resolve(root, '..\\..\\win.ini');
    expect(target).toBe('C:\\win.ini');
    expect(target.startsWith(root + path.win32.sep)).toBe(false);
  });

  // #path-parameters: nginx guarding /admin/ in front of Tomcat, as the table shows.
  test('nginx refuses /admin/ and its %2e%2e form, and passes ..;/ and ;x, which Tomcat reads as /admin/users', () => {
    expect(proxied('nginx-tomcat', '/admin/users').status).toBe(403);
    expect(proxied('nginx-tomcat', '/public/%2e%2e/admin/users').status).toBe(403);
    for (const target of ['/public/..;/admin/users', '/admin;x/users']) {
      expect(proxied('nginx-tomcat', target), target).toMatchObject({
        status: 200,
        tomcat: { uri: target, path: '/admin/users' },
      });
    }
  });

  // #path-parameters: "Node, Python, Django, Go and PHP treat ..; as an ordinary segment name".
  test('only Tomcat reads ..; as a dot segment', () => {
    const r = pathReadings('/a/..;/b');
    for (const stack of ['node:http', 'python:wsgiref', 'django:QueryDict', 'go:net/http'])
      expect(r[stack]?.path, stack).toBe('/a/..;/b');
    expect(r['go:net/http']?.mux).toBe(200);
    expect(r['php:parse_str']?.self).toBe('/a/..;/b');
    expect(r['java:tomcat']?.path).toBe('/b');
  });

  // #userinfo-confusion: the host follows the last @; a startsWith check accepts both tricks.
  test('https://shop.example@evil.example goes to evil.example, and startsWith accepts it', () => {
    for (const [parser, reading] of Object.entries(urlParsers.readings['https://shop.example@evil.example/']!)) {
      expect(reading, parser).toMatchObject({ userinfo: 'shop.example', host: 'evil.example' });
    }
    expect(new URL('https://shop.example@evil.example/login').hostname).toBe('evil.example');
    expect(parseUrl('https://shop.example@evil.example/login')).toMatchObject({
      userinfo: 'shop.example',
      host: 'evil.example',
    });
    for (const next of ['https://shop.example@evil.example/login', 'https://shop.example.evil.example/']) {
      expect(next.startsWith('https://shop.example'), next).toBe(true);
      expect(/^https:\/\/shop\.example/.test(next), next).toBe(true);
      expect(new URL(next).hostname, next).not.toBe('shop.example');
    }
  });

  // #userinfo-confusion: the table of what each parser reads from https://evil.example\@shop.example/.
  test('parsers split https://evil.example\\@shop.example/ three ways', () => {
    const url = 'https://evil.example\\@shop.example/';
    const r = urlParsers.readings[url]!;
    expect(browserResolve(url)).toEqual({ ok: true, href: 'https://evil.example/@shop.example/' });
    expect(r['node:whatwg']).toMatchObject({ host: 'evil.example' });
    expect(r['node:legacy']).toMatchObject({ host: 'evil.example' });
    expect(r.python).toMatchObject({ host: 'shop.example' });
    expect(r.php).toMatchObject({ host: 'shop.example' });
    expect(r.go?.error).toContain('net/url: invalid userinfo');
    expect(r.java?.error).toMatch(/^java\.net\.URISyntaxException: /);
    expect(r.ruby?.error).toMatch(/^URI::InvalidURIError: /);
    // The Anatomy widget splits by RFC 3986, as Python and PHP do.
    expect(parseUrl(url)).toMatchObject({ host: 'shop.example' });
  });

  // #ipv4-forms: the URL Standard reads each form as 127.0.0.1; other parsers keep the text; getaddrinfo makes 127.0.0.1 of each.
  test('IPv4 number forms: 127.0.0.1 to the URL Standard and to getaddrinfo, text to urlsplit, Go, PHP and Ruby', () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://127.1/']) {
      expect(browserResolve(url), url).toEqual({ ok: true, href: 'http://127.0.0.1/' });
      expect(urlParsers.readings[url]?.python?.connectsTo, url).toBe('127.0.0.1');
    }
    for (const parser of ['python', 'go', 'php', 'ruby'])
      expect(urlParsers.readings['http://2130706433/']?.[parser]?.host, parser).toBe('2130706433');
    expect(canonical('http://0x7f.1/admin')).toBe('http://127.0.0.1/admin');
    // The defence: an IPv4-mapped IPv6 loopback is another spelling the URL Standard parses.
    expect(browserResolve('http://[::ffff:127.0.0.1]/')).toEqual({ ok: true, href: 'http://[::ffff:7f00:1]/' });
    expect(new URL('http://[::ffff:127.0.0.1]/').host).toBe('[::ffff:7f00:1]');
  });

  // #ipv4-forms, the defence: http://0/ is 0.0.0.0, which reaches the host on Linux and which Go calls
  // neither loopback nor private; Python up to 3.12.1 (as measured; later 3.12 patches backported the change) calls ::ffff:127.0.0.1 not loopback;
  // is_global is false for both in every Python 3 measured (tests/fixtures/{ip-checks,python-versions}.json).
  test('0.0.0.0 and ::ffff:127.0.0.1: what the URL Standard, Linux, Go and Python ipaddress say', () => {
    expect(browserResolve('http://0/')).toEqual({ ok: true, href: 'http://0.0.0.0/' });
    const go = fixture('ip-checks.json') as unknown as {
      $meta: { os: string };
      'dial 0.0.0.0 reaches 127.0.0.1': boolean;
      'go:net.IP': Record<string, { IsLoopback: boolean; IsPrivate: boolean; IsUnspecified: boolean }>;
    };
    expect([go.$meta.os, go['dial 0.0.0.0 reaches 127.0.0.1']]).toEqual(['linux', true]);
    expect(go['go:net.IP']['0.0.0.0']).toEqual({ IsLoopback: false, IsPrivate: false, IsUnspecified: true });
    type Classes = { is_loopback: boolean; is_global: boolean; ipv4_mapped: string | null };
    const runs = (
      fixture('python-versions.json') as unknown as {
        runs: { python: string; ipaddress?: Record<string, Classes> }[];
      }
    ).runs.filter((r) => r.ipaddress);
    expect(runs.map((r) => r.python)).toEqual(expect.arrayContaining(['3.12.1', '3.13.0']));
    for (const r of runs) {
      const [major, minor] = r.python.split('.').map(Number) as [number, number];
      const mapped = r.ipaddress?.['::ffff:127.0.0.1'];
      expect([r.python, mapped?.is_loopback], r.python).toEqual([r.python, major === 3 && minor >= 13]);
      expect([r.python, mapped?.ipv4_mapped], r.python).toEqual([r.python, '127.0.0.1']);
      expect([r.python, mapped?.is_global, r.ipaddress?.['0.0.0.0']?.is_global]).toEqual([r.python, false, false]);
    }
  });

  // #parameter-cloaking: Rack and Rails split at ; and keep the last callback; Go drops the pair; the rest read one callback.
  test('callback=ok&utm_content=x;callback=evil is callback=evil to Rack and Rails only', () => {
    const query = 'callback=ok&utm_content=x;callback=evil';
    const callback = (stack: StackId) => {
      const r = readQuery(stack, query);
      return 'params' in r ? r.params.find(([name]) => name === 'callback')?.[1] : r;
    };
    expect(callback('rack:parse_query')).toEqual(['evil']);
    expect(callback('rails:ActionDispatch::Request#GET')).toEqual(['evil']);
    expect(readQuery('go:url.ParseQuery', query)).toEqual({
      params: [['callback', ['ok']]],
      warning: 'invalid semicolon separator in query',
    });
    for (const stack of [
      'node:URLSearchParams',
      'node:querystring',
      'python:parse_qsl',
      'django:QueryDict',
      'php:parse_str',
      'java:tomcat',
    ] as StackId[]) {
      expect(readQuery(stack, query), stack).toEqual({
        params: [
          ['callback', ['ok']],
          ['utm_content', ['x;callback=evil']],
        ],
      });
    }
    // The readings the fixture holds for a ; between pairs back the models.
    expect(readings('a=1;b=2')['rack:parse_query']).toEqual({
      params: [
        ['a', ['1']],
        ['b', ['2']],
      ],
    });
  });

  // #proxy-decoding: $uri in return and add_header writes a decoded CR LF; $request_uri keeps it escaped.
  test('nginx writes a Set-Cookie line from $uri, not from $request_uri', () => {
    const attack = 'x%0D%0ASet-Cookie:%20session=attacker';
    expect(proxied('nginx', `/go/${attack}`)).toMatchObject({
      status: 302,
      headers: ['Location: https://shop.example/go/x', 'Set-Cookie: session=attacker'],
    });
    expect(proxied('nginx', `/hdr/${attack}`).headers).toEqual(['X-Path: /hdr/x', 'Set-Cookie: session=attacker']);
    expect(proxied('nginx', `/keep/${attack}`).headers).toEqual([`Location: https://shop.example/keep/${attack}`]);
  });

  // #proxy-decoding: proxy_pass with a URI part decodes, normalizes and re-encodes; without one the target passes as sent.
  test("nginx proxy_pass with a URI part sends the table's paths upstream", () => {
    const sent = (target: string) => proxied('nginx', target).upstream;
    expect(sent('/uri/a%2Fb')).toBe('GET /app/a/b HTTP/1.0');
    expect(sent('/uri/x/..%2Fy')).toBe('GET /app/y HTTP/1.0');
    expect(sent('/uri/a//b')).toBe('GET /app/a/b HTTP/1.0');
    expect(sent('/uri/caf%c3%a9')).toBe('GET /app/caf%C3%A9 HTTP/1.0');
    for (const target of ['/raw/a%2Fb', '/raw/caf%c3%a9', '/raw/x/..%2Fy', '/raw/a//b'])
      expect(sent(target), target).toBe(`GET ${target} HTTP/1.0`);
  });

  // #proxy-decoding: mod_rewrite's back-references, [B], [R], [NE] and the %3F refusal.
  test('Apache unescapes back-references unless [B], escapes redirects unless [NE], and refuses CR LF and %3F', () => {
    expect(proxied('apache', '/search/shoes%26admin=1').upstream).toBe('GET /app?term=shoes&admin=1 HTTP/1.1');
    expect(proxied('apache', '/search/a%23b').upstream).toBe('GET /app?term=a#b HTTP/1.1');
    expect(proxied('apache', '/searchb/shoes%26admin=1').upstream).toBe('GET /app?term=shoes%26admin%3d1 HTTP/1.1');
    expect(proxied('apache', '/go/a%23b').headers).toEqual(['Location: https://shop.example/a%23b']);
    expect(proxied('apache', '/gone/a%23b').headers).toEqual(['Location: https://shop.example/a#b']);
    expect(proxied('apache', '/go/x%0D%0ASet-Cookie:%20session=attacker').headers).toEqual([
      'Location: https://shop.example/x%0d%0aSet-Cookie:%20session=attacker',
    ]);
    expect(proxied('apache', '/gone/x%0D%0ASet-Cookie:%20session=attacker')).toMatchObject({
      status: 500,
      headers: [],
    });
    expect(
      proxies.$meta.apacheLog.some(
        (line) => line.includes("Response header 'Location'") && line.includes('contains invalid characters'),
      ),
    ).toBe(true);
    expect(proxied('apache', '/files/a%3Fb').status).toBe(403);
    // #proxy-decoding defence: an escaped slash is a 404 from Apache itself (AllowEncodedSlashes unset).
    expect(proxied('apache', '/files/a%2Fb')).toEqual({ status: 404, headers: [] });
    expect(proxies.$meta.apacheLog.some((line) => line.includes('AH10508') && line.includes('UnsafeAllow3F'))).toBe(
      true,
    );
  });

  // #not-html-or-shell: encodeURIComponent leaves ' ( ) * ! raw.
  test('encodeURIComponent leaves the apostrophe, parentheses, asterisk and exclamation mark raw', () => {
    expect(encodeURIComponent("it's (*)!")).toBe("it's%20(*)!");
    expect(model('js:encodeURIComponent', "it's (*)!")).toBe("it's%20(*)!");
  });

  // #defensive-recipe: an escaped letter and a dot segment do not hide /admin from a canonical comparison.
  test('/%61dmin/users and /admin/./users are /admin/users to the normalizer; a browser resolves only the dot', () => {
    expect(canonical('/%61dmin/users')).toBe('/admin/users');
    expect(canonical('/admin/./users')).toBe('/admin/users');
    expect(browserResolve('https://h/admin/./users')).toEqual({ ok: true, href: 'https://h/admin/users' });
    // "A browser resolves only the dot segment and sends the escaped letter as written."
    expect(browserResolve('https://h/%61dmin/users')).toEqual({ ok: true, href: 'https://h/%61dmin/users' });
  });

  // #defensive-recipe: servers disagree on an escaped letter, a dot segment, ; parameters and //.
  test('Tomcat and PHP_SELF decode and resolve, Go redirects, Node keeps the raw path, WSGI decodes but keeps .', () => {
    const escaped = pathReadings('/%41');
    const dot = pathReadings('/a/./b');
    expect([escaped['java:tomcat']?.path, dot['java:tomcat']?.path]).toEqual(['/A', '/a/b']);
    expect([escaped['php:parse_str']?.self, dot['php:parse_str']?.self]).toEqual(['/A', '/a/b']);
    expect(escaped['go:net/http']).toMatchObject({ path: '/A', mux: 200 });
    expect(dot['go:net/http']).toMatchObject({ mux: 301, location: '/a/b' });
    expect([escaped['node:http']?.path, dot['node:http']?.path]).toEqual(['/%41', '/a/./b']);
    for (const stack of ['python:wsgiref', 'django:QueryDict'])
      expect([escaped[stack]?.path, dot[stack]?.path], stack).toEqual(['/A', '/a/./b']);
    expect(pathReadings('/a;x=1/b')['java:tomcat']).toMatchObject({ path: '/a/b' });
    expect(canonical('/admin;x/users')).toBe('/admin;x/users');
    const slashes = pathReadings('/a//b');
    expect([slashes['java:tomcat']?.path, slashes['php:parse_str']?.self]).toEqual(['/a/b', '/a/b']);
  });
});
