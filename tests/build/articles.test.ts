import { describe, expect, it } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { builtPages } from '../support/dist';

// The English edition as built: reading order, stable heading and FAQ ids (the translations
// reuse them, and links in four languages point at them), and the live views whose content
// a claim in the prose depends on. Expected values come from Node's own URL API or are the
// ids themselves: an id that changes must change here on purpose.
const pages = new Map(builtPages().map((p) => [p.path, p.root]));
const page = (path: string): HTMLElement => {
  const root = pages.get(path);
  if (!root) throw new Error(`no built page ${path}`);
  return root;
};

const ORDER = [
  'percent-encoding',
  'encoding-sets',
  'encoding-functions',
  'decoding',
  'real-world-bugs',
  'analytics-normalization',
  'warehouse',
  'security',
  'faq',
];

const HEADINGS: Record<string, string[]> = {
  'percent-encoding': [
    'why-it-exists',
    'what-goes-wrong',
    'character-classes',
    'how-escaping-works',
    'non-ascii',
    'latin-accents',
    'chinese',
    'cyrillic',
    'thai',
    'devanagari',
    'emoji',
    'decoding-reverse',
    'when-it-matters',
  ],
  'encoding-sets': [
    'component-set',
    'vs-encodeuricomponent',
    'url-set',
    'url-set-not-for-values',
    'vs-encodeuri',
    'form-set',
    'plus-and-space',
    'browser-sets',
    'side-by-side',
    'common-mistakes',
    'mistake-whole-url',
    'mistake-no-encoding',
    'mistake-context',
    'mistake-plus-space',
    'mistake-legacy-charsets',
  ],
  'encoding-functions': [
    'at-a-glance',
    'try-it',
    'javascript',
    'python',
    'java',
    'php',
    'go',
    'dotnet',
    'ruby',
    'which-one',
  ],
  decoding: [
    'stray-percent',
    'invalid-utf8',
    'windows-1251',
    'windows-874',
    'mojibake',
    'plus-in-form-mode',
    'double-encoding',
  ],
  'real-world-bugs': ['vanishing-search-query', 'international-product', 'double-encoded-redirect', 'common-thread'],
  'analytics-normalization': [
    'troubleshooting',
    'where-variants-come-from',
    'safe-to-merge',
    'decoded-exports',
    'reserved-stay-encoded',
    'two-models',
    'unicode-normalization',
    'worked-example',
    'default-rules',
    'business-rules',
    'pipeline',
    'warehouse-scale',
  ],
  warehouse: [
    'warehouse-functions',
    'warehouse-bigquery',
    'warehouse-snowflake',
    'warehouse-grouping',
    'warehouse-cli',
    'warehouse-clickhouse',
    'warehouse-duckdb',
    'warehouse-policy',
    'warehouse-null',
    'warehouse-keep',
  ],
  security: [
    'path-traversal',
    'backslash-traversal',
    'path-parameters',
    'double-decoding',
    'overlong-utf8',
    'nul-byte',
    'crlf-injection',
    'open-redirects',
    'userinfo-confusion',
    'ipv4-forms',
    'parameter-cloaking',
    'proxy-decoding',
    'not-html-or-shell',
    'defensive-recipe',
  ],
  faq: ['encoding-questions', 'decoding-questions', 'server-questions', 'security-questions'],
};

const FAQ = [
  'one-letter-many-escapes',
  'emoji-sequences',
  'space-percent20-or-plus',
  'base64-token-in-query',
  'plus-in-email-address',
  'paste-non-latin-into-url',
  'encodeuri-vs-encodeuricomponent',
  'which-function',
  'encode-tilde-star-quote',
  'python-quote-unicodeencodeerror',
  'content-disposition-filename',
  'signature-does-not-match',
  'decoded-gibberish',
  'stray-percent',
  'how-many-times-encoded',
  'urierror-uri-malformed',
  'java-illegal-hex-characters',
  'go-invalid-url-escape',
  'encoded-slash-404',
  'lowercase-hex-same',
  'looks-same-counts-twice',
  'fragment-not-sent',
  'rails-invalid-percent-encoding',
  'not-html-escaping',
];

describe('the English edition', () => {
  it('lists its nine pages in reading order on the home page, and links each to the next', () => {
    const links = page('/en/')
      .querySelectorAll('main a')
      .map((a) => a.getAttribute('href'));
    expect(links.filter((href) => ORDER.some((slug) => href === `/en/${slug}/`))).toEqual(
      ORDER.map((slug) => `/en/${slug}/`),
    );
    ORDER.forEach((slug, i) => {
      const root = page(`/en/${slug}/`);
      expect(root.querySelector('a[rel=prev]')?.getAttribute('href') ?? null, slug).toBe(
        i > 0 ? `/en/${ORDER[i - 1]}/` : null,
      );
      expect(root.querySelector('a[rel=next]')?.getAttribute('href') ?? null, slug).toBe(
        i < ORDER.length - 1 ? `/en/${ORDER[i + 1]}/` : null,
      );
    });
  });

  it.each(ORDER)('%s: every heading has its stable id', (slug) => {
    const headings = page(`/en/${slug}/`)
      .querySelectorAll('article .heading > h2, article .heading > h3')
      .map((h) => h.getAttribute('id') ?? `(no id: ${h.text})`);
    expect(headings).toEqual(HEADINGS[slug]);
  });

  it('keeps every FAQ answer id', () => {
    expect(
      page('/en/faq/')
        .querySelectorAll('details.faq__details')
        .map((d) => d.id),
    ).toEqual(FAQ);
  });
});

describe('live views that a claim depends on', () => {
  const input = (root: HTMLElement, id: string) => root.querySelector(`#${id} [data-role=input]`)?.text;

  it('faq: the error answers show what their prose says, in every locale', () => {
    for (const locale of ['en', 'th', 'hi', 'uk']) {
      const root = page(`/${locale}/faq/`);
      const differs = (id: string) =>
        Object.fromEntries(
          root
            .querySelectorAll(`#${id} tr[data-stack]`)
            .map((r) => [r.getAttribute('data-stack'), r.getAttribute('data-differs') ?? 'same']),
        );
      // Go's row has no q; Rails raises (a 400); Go and Tomcat drop the pair, most keep the %.
      for (const id of ['faq-servers-go', 'faq-servers-rails']) {
        expect(differs(id), `${locale} ${id}`).toMatchObject({
          'go:url.ParseQuery': 'dropped',
          'java:tomcat': 'dropped',
          'rails:ActionDispatch::Request#GET': 'error',
          'node:URLSearchParams': 'same',
          'php:parse_str': 'same',
        });
      }
      expect(
        root.querySelectorAll('#faq-servers-go tr[data-stack="go:url.ParseQuery"] [data-role=pair]').map((p) => p.text),
      ).toEqual(['page = 2']);
      // Every stack reads the raw base64 + as a space.
      const token = root.querySelectorAll('#faq-servers-base64 [data-role=pair]').map((p) => p.text);
      expect(token, locale).toEqual(Array(9).fill('token = Zm9v /8='));
      // The decoder finds both causes of URIError: a stray % (a note) and bytes that are not UTF-8 (an error).
      expect(
        root.querySelectorAll('#faq-decode-urierror [data-role=notice]').map((n) => n.getAttribute('data-code')),
      ).toContain('stray-percent');
      expect(
        root.querySelectorAll('#faq-decode-urierror [data-role=error]').map((n) => n.getAttribute('data-code')),
      ).toContain('invalid-utf8');
      expect(
        root.querySelectorAll('#faq-decode-filename [data-role=error]').map((n) => n.getAttribute('data-code')),
      ).toContain('invalid-utf8');
    }
  });

  it('faq: the gibberish answer encodes back into the legacy charset each locale chose', () => {
    // What a form on a page in that charset sends (tests/e2e/legacy-charset.spec.ts checks the
    // codec against Chromium's forms); hi shows a windows-1252 page's &#NNNN; for Devanagari.
    const expected = {
      en: '%EB%E0%EC%B3%ED%E0%F2',
      uk: '%EB%E0%EC%B3%ED%E0%F2',
      th: '%E1%A4%C1%E0%BB%AD',
      hi: '%26%232344%3B%26%232350%3B%26%232360%3B%26%232381%3B%26%232340%3B%26%232375%3B',
    };
    for (const [locale, escaped] of Object.entries(expected)) {
      const widget = page(`/${locale}/faq/`).querySelector('#faq-encode-legacy');
      expect(widget?.querySelector('[data-role=output]')?.text.trim(), locale).toBe(escaped);
    }
  });

  it('real-world-bugs: the fix shows the request its code builds, with URLSearchParams writing +', () => {
    const root = page('/en/real-world-bugs/');
    expect(input(root, 'server-search-fixed')).toBe(`/search?${new URLSearchParams({ q: 'promises & async/await' })}`);
    expect(root.querySelectorAll('#server-search-fixed [data-role=value]').map((v) => v.text)).toEqual([
      'promises & async/await',
    ]);
  });

  it('encoding-sets: a slash and a question mark arrive whole in a query value', () => {
    const root = page('/en/encoding-sets/');
    expect(root.querySelectorAll('#server-slash-in-query [data-role=value]').map((v) => v.text)).toEqual([
      new URLSearchParams('next=/files/a?tab=2').get('next'),
    ]);
  });

  it('analytics-normalization: the comparers say what the troubleshooting recipe says they say', () => {
    const root = page('/en/analytics-normalization/');
    const verdict = (id: string) => root.querySelector(`#${id} [data-verdict]`)?.getAttribute('data-verdict');
    expect(verdict('compare-plus')).toBe('different');
    expect(verdict('compare-unreserved')).toBe('equivalent');
    expect(verdict('compare-models')).toBe('equivalent');
    expect(verdict('compare-nfc-nfd')).toBe('different');
  });

  it('security: one decode hides the traversal and the second shows it; the overlong slash is refused', () => {
    const root = page('/en/security/');
    expect(
      root
        .querySelectorAll('#decode-double-traversal [data-role=layer]')
        .map((l) => l.text)
        .at(-1),
    ).toBe('../etc/passwd');
    expect(root.querySelector('#decode-overlong [data-role=error]')?.getAttribute('data-code')).toBe('invalid-utf8');
    // The tab in /%09/evil.example is drawn as a mark (U+0009): read it back as the character.
    const params = root
      .querySelectorAll('#server-open-redirect [data-role=value]')
      .map((v) => v.text.replace(/U\+([0-9A-F]{4})/g, (_, cp: string) => String.fromCharCode(parseInt(cp, 16))));
    expect(params[3]).toBe('/\t/evil.example');
    expect(params.map((next) => new URL(next, 'https://shop.example/login').origin)).toEqual(
      Array(4).fill('https://evil.example'),
    );
    // #backslash-traversal: one decode hands the application backslashes.
    expect(root.querySelector('#server-backslash [data-role=path]')?.text).toBe('/static/..\\..\\win.ini');
    // #userinfo-confusion: the host is evil.example, shop.example is userinfo.
    expect(root.querySelector('#anatomy-userinfo .w-part--host')?.text).toBe('evil.example');
    expect(root.querySelector('#anatomy-userinfo .w-part--userinfo')?.text).toBe('shop.example');
    // #ipv4-forms: the normalizer writes 0x7f.1 as 127.0.0.1.
    expect(root.querySelector('#normalize-ipv4 [data-role=output]')?.text.trim()).toContain('http://127.0.0.1/admin');
    // #parameter-cloaking: Rack and Rails read callback=evil; the rest read callback=ok.
    const stacks = root.querySelectorAll('#servers-cloaking tr[data-role=stack]');
    const callback = (id: string) =>
      stacks
        .find((row) => row.getAttribute('data-stack') === id)
        ?.querySelectorAll('[data-role=pair]')
        .map((p) => p.text.trim())
        .find((p) => p.startsWith('callback'));
    expect(callback('rack:parse_query')).toBe('callback = evil');
    expect(callback('rails:ActionDispatch::Request#GET')).toBe('callback = evil');
    expect(callback('node:URLSearchParams')).toBe('callback = ok');
    expect(callback('go:url.ParseQuery')).toBe('callback = ok');
  });
});
