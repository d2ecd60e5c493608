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
import { legacyEncoded } from '../../src/components/content/figures.ts';
import { browserEncode, browserResolve, decode, decodeLayers, encode, encoders, normalize, parseFormPairs, parseUrl, rfc3986Allows, type EncoderId } from '../../src/codec/index.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', name), 'utf8')) as Record<string, Record<string, unknown>>;
// What each server stack read from each query string: { readings: { [query]: { [stack]: reading } } }.
const servers = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'servers', 'queries.json'), 'utf8')) as {
  $meta: { stacks: Record<string, string> };
  readings: Record<string, Record<string, { params?: [unknown, unknown[]][]; error?: string; status?: number }>>;
};
const functions = fixture('encoders.json');
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
/** What `stack` read for `q` from `query`: its value, or the stack's error when it raised. */
const serverQ = (stack: string, query: string) => {
  const reading = servers.readings[query]?.[stack];
  return reading?.params ? reading.params.find(([name]) => name === 'q')?.[1].at(-1) : reading;
};

describe('encoding-sets', () => {
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
  test('Node, Python and Django write U+FFFD, PHP and Go pass the bytes on, Rails refuses the request', () => {
    for (const stack of ['node:URLSearchParams', 'python:parse_qsl', 'django:QueryDict']) expect(serverQ(stack, 'q=caf%E9'), stack).toBe('caf\uFFFD');
    for (const stack of ['php:parse_str', 'go:url.ParseQuery']) expect(serverQ(stack, 'q=caf%E9'), stack).toEqual({ bytes: '636166e9' });
    expect(serverQ('rails:ActionDispatch::Request#GET', 'q=caf%E9')).toMatchObject({ error: expect.stringMatching(/^ActionController::BadRequest/), status: 400 });
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
  test('PHP, Go and Ruby escape windows-1251 bytes and a lone surrogate\'s WTF-8 bytes as they are', () => {
    const cp1251 = 'EBE0ECB3EDE0F2';
    expect(Object.keys(byteStrings).sort()).toEqual(['go:url.PathEscape', 'go:url.QueryEscape', 'php:rawurlencode', 'php:urlencode', 'ruby:CGI.escape', 'ruby:ERB::Util.url_encode']);
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
    for (const id of ['js:decodeURIComponent', 'python:unquote', 'php:rawurldecode', 'go:url.PathUnescape']) expect([id, decoders[id]?.['a+b']]).toEqual([id, 'a+b']);
  });

  // #which-one: the builders, run once each (tests/fixtures/builders.json).
  const builders = fixture('builders.json') as unknown as Record<string, string | { error: string }> & { $meta: { segment: string; value: string } };
  const built = (id: string) => new URL(builders[id] as string);

  test('every builder but Java\'s URI constructor puts the value in the query so that a form parser reads it back whole', () => {
    const { value } = builders.$meta;
    const ids = ['js:URL', 'python:urlunsplit', 'python:requests', 'java:URI+URLEncoder', 'php:http_build_query', 'go:url.URL', 'dotnet:UriBuilder', 'ruby:URI::HTTPS.build'];
    for (const id of ids) expect([id, built(id).searchParams.get('q')]).toEqual([id, value]);
    // new URI(scheme, host, path, "q=C++ & C#…", null): + and & raw, so q is C and three spaces, then a second pair.
    expect(parseFormPairs(built('java:URI').search.slice(1))).toEqual([['q', 'C   '], [' C# 50%', '']]);
  });

  test('with the segment escaped (or in Go\'s RawPath) the builders keep it one segment; the pathname setter, Go\'s Path and Java\'s URI split it at /', () => {
    const { segment } = builders.$meta;
    const last = (id: string) => decodeURIComponent(built(id).pathname.split('/').at(-1)!);
    for (const id of ['js:URL', 'python:urlunsplit', 'python:requests', 'php:http_build_query', 'dotnet:UriBuilder', 'ruby:URI::HTTPS.build']) expect([id, last(id)]).toEqual([id, segment]);
    // Go's PathEscape leaves + raw, which a path reads as a plus sign.
    expect(last('go:url.URL')).toBe(segment);
    for (const id of ['js:URL.pathname-raw', 'go:url.URL-path', 'java:URI']) expect([id, built(id).pathname.split('/').length]).toEqual([id, 4]);
    expect(builders['ruby:URI.encode_uri_component']).toEqual({ error: expect.stringMatching(/^absent in Ruby 3\.1/) });
  });

  // #javascript: escape()'s Latin-1 escape is invalid UTF-8 to every server stack; + stays raw.
  test("every server stack reads escape()'s %E9 as invalid UTF-8: U+FFFD, the raw byte or a 400", () => {
    expect(model('js:escape', 'é')).toBe('%E9');
    expect(model('js:escape', '+')).toBe('+');
    for (const stack of serverStacks) {
      const read = serverQ(stack, 'q=%E9');
      expect([stack, read === '\uFFFD' || JSON.stringify(read) === '{"bytes":"e9"}' || (read as { status?: number }).status === 400]).toEqual([stack, true]);
    }
  });

  // #python: "Before Python 3.7 all three escaped ~ ... between 3.6 and 3.7" (tests/fixtures/python-versions.json).
  test('Python escaped ~ in quote, quote_plus and urlencode up to 3.6, and leaves it raw from 3.7', () => {
    const runs = (fixture('python-versions.json') as unknown as { runs: { python: string; quote: string; quote_plus: string; urlencode: string }[] }).runs;
    const tilde = encode('~', 'form');
    expect(tilde).toEqual({ ok: true, value: '%7E' });
    expect(runs.map((r) => r.python.split('.').slice(0, 2).join('.'))).toEqual(expect.arrayContaining(['2.7', '3.6', '3.7', '3.13']));
    for (const r of runs) {
      const [major, minor] = r.python.split('.').map(Number) as [number, number];
      const expected = major === 3 && minor >= 7 ? '~' : tilde.ok && tilde.value;
      expect([r.python, r.quote, r.quote_plus, r.urlencode]).toEqual([r.python, expected, expected, expected]);
    }
  });

  // #go: since Go 1.17 ParseQuery drops a pair holding a raw ; and returns an error.
  test('Go 1.19 read nothing from a=1;b=2 and returned an error about the semicolon', () => {
    expect(servers.readings['a=1;b=2']?.['go:url.ParseQuery']).toEqual({ params: [], warning: 'invalid semicolon separator in query' });
    expect(servers.$meta.stacks['go:url.ParseQuery']).toMatch(/go1\.(1[7-9]|[2-9]\d)/);
  });

  // #java: URLEncoder and the WHATWG form serializer write every ASCII character the same.
  test("Java's URLEncoder and URLSearchParams agree on every printable ASCII character", () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    for (const c of ascii) expect([c, functions['java:URLEncoder.encode']?.[c]]).toEqual([c, functions['js:URLSearchParams']?.[c]]);
  });
});

describe('percent-encoding', () => {
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
      ['q=100%', 'q=100%25', ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET', 'java:tomcat']],
      ['q=x|y', 'q=x%7Cy', ['java:tomcat']],
    ];
    for (const [a, b, stacks] of cases) {
      expect(canonical(`/s?${a}`)).not.toBe(canonical(`/s?${b}`));
      const apart = serverStacks.filter((stack) => JSON.stringify(servers.readings[a]?.[stack]) !== JSON.stringify(servers.readings[b]?.[stack]));
      expect([a, apart]).toEqual([a, stacks]);
    }
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
    ]) expect(canonical(a!), `${a} ${b}`).not.toBe(canonical(b!));
  });

  // #pipeline: "This site's key is a 64-bit hash".
  test('the group key is 64 bits: 16 hex digits', () => {
    const r = normalize('/landing');
    expect(r.ok && r.key).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('faq', () => {
  // #paste-non-latin-into-url: IDNA for http(s) hosts, escapes for other schemes.
  test('an http(s) host goes through UTS #46 and punycode, another scheme gets escapes', () => {
    expect(browserResolve('https://ＥＸＡＭＰＬＥ.com/')).toEqual({ ok: true, href: 'https://example.com/' });
    expect(browserResolve('https://Пример.рф/')).toEqual({ ok: true, href: 'https://xn--e1afmkfd.xn--p1ai/' });
    expect(new URL('foo://ж/').href).toBe('foo://%D0%B6/');
  });
});

describe('real-world-bugs', () => {
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

  // #double-decoding: one decode leaves %2e%2e%2f, the second gives ../
  test('a double-encoded traversal is only visible after the second decode', () => {
    expect(decodeLayers('%252e%252e%252fetc%252fpasswd').layers).toEqual(['%252e%252e%252fetc%252fpasswd', '%2e%2e%2fetc%2fpasswd', '../etc/passwd']);
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
    expect(decode('/home%0D%0ASet-Cookie:%20session=attacker')).toMatchObject({ value: '/home\r\nSet-Cookie: session=attacker' });
    expect(() => http.validateHeaderValue('Location', '/home\r\nSet-Cookie: session=attacker')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(decodeLayers('%250D%250A').layers).toEqual(['%250D%250A', '%0D%0A', '\r\n']);
  });

  // #open-redirects: all four start with / once decoded, and all four leave the site.
  test('four return addresses that start with / all lead to another host', () => {
    const pairs = parseFormPairs('a=//evil.example&b=/%5Cevil.example&c=%2F%2Fevil.example&d=/%09/evil.example');
    for (const [name, value] of pairs) {
      expect(value.startsWith('/'), name).toBe(true);
      expect(new URL(value, 'https://shop.example/login').origin, name).toBe('https://evil.example');
    }
  });

  // #not-html-or-shell: encodeURIComponent leaves ' ( ) * ! raw.
  test("encodeURIComponent leaves the apostrophe, parentheses, asterisk and exclamation mark raw", () => {
    expect(encodeURIComponent("it's (*)!")).toBe("it's%20(*)!");
    expect(model('js:encodeURIComponent', "it's (*)!")).toBe("it's%20(*)!");
  });

  // #defensive-recipe: an escaped letter and a dot segment do not hide /admin from a canonical comparison.
  test('/%61dmin/users and /admin/./users are /admin/users', () => {
    expect(canonical('/%61dmin/users')).toBe('/admin/users');
    expect(canonical('/admin/./users')).toBe('/admin/users');
  });
});
