import { readFileSync } from 'node:fs';
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { routedContainer } from '../support/container';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import Encode from '../../src/widgets/encode/Encode.astro';
import Decode from '../../src/widgets/decode/Decode.astro';
import Anatomy from '../../src/widgets/anatomy/Anatomy.astro';
import ServerView from '../../src/widgets/server-view/ServerView.astro';
import Servers from '../../src/widgets/servers/Servers.astro';
import Normalize from '../../src/widgets/normalize/Normalize.astro';
import Group from '../../src/widgets/group/Group.astro';
import Compare from '../../src/widgets/compare/Compare.astro';
import Functions from '../../src/widgets/functions/Functions.astro';
import QuickBox from '../../src/widgets/QuickBox.astro';
import { dictFor, widgetId } from '../../src/widgets/lib/build';
import { functionsView, wholeResult } from '../../src/widgets/functions/view';
import { encoders } from '../../src/codec';
import fc from 'fast-check';
import { useTranslations } from '../../src/i18n';

// The static HTML of every widget: what a reader sees with JavaScript off. Expected values
// are literals the articles show or come from independent oracles (the platform's encoders),
// never from the codec functions the widgets call.
let container: AstroContainer;
beforeAll(async () => {
  container = await routedContainer();
});

type Component = Parameters<AstroContainer['renderToString']>[0];

async function render(component: Component, props: Record<string, unknown>, locale = 'en'): Promise<HTMLElement> {
  const html = await container.renderToString(component, {
    props,
    request: new Request(`http://localhost/${locale}/tools/`),
  });
  const root = parse(html).querySelector('[data-widget]');
  if (!root) throw new Error('no [data-widget] root rendered');
  return root;
}

const text = (root: HTMLElement, selector: string) => root.querySelector(selector)?.text;
const texts = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((e) => e.text);
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

describe('every widget', () => {
  const cases: [string, Component, Record<string, unknown>][] = [
    ['encode', Encode, { value: 'x' }],
    ['decode', Decode, { value: 'x' }],
    ['anatomy', Anatomy, { value: '/x' }],
    ['server-view', ServerView, { value: '/x' }],
    ['servers', Servers, { value: '/x?a=1' }],
    ['normalize', Normalize, { value: '/x' }],
    ['group', Group, { lines: ['/x'] }],
    ['compare', Compare, { a: '/x', b: '/x' }],
    ['functions', Functions, { value: 'x' }],
  ];

  it.each(cases)('%s keeps the DOM contract, its id, and the page locale', async (kind, component, props) => {
    const root = await render(component, { ...props, id: `my-${kind}` }, 'th');
    expect(root.getAttribute('data-widget')).toBe(kind);
    expect(root.getAttribute('id')).toBe(`my-${kind}`);
    expect(root.getAttribute('lang')).toBe('th');
    expect(root.querySelectorAll('[data-role=input]').length).toBe(kind === 'compare' ? 2 : 1);
    expect(root.querySelector('[data-role=output]')).not.toBeNull();
    expect(root.querySelector('[aria-live=polite]')).not.toBeNull();
    // The script's strings travel as data, in the page's language.
    const m = JSON.parse(root.getAttribute('data-m') ?? '{}') as Record<string, string>;
    expect(m['common.copy']).toBe('คัดลอก');
    // Script-only controls are hidden until the script runs.
    expect(root.querySelectorAll('[data-action]').every((b) => b.hasAttribute('hidden'))).toBe(true);
    // Every labelled control points at a real field.
    for (const label of root.querySelectorAll('label[for]'))
      expect(root.querySelector(`#${label.getAttribute('for')}`)).not.toBeNull();
  });

  it.each(cases)('%s falls back to English outside a locale', async (_kind, component, props) => {
    const html = await container.renderToString(component, { props });
    expect(parse(html).querySelector('[data-widget]')?.getAttribute('lang')).toBe('en');
  });
});

describe('Encode', () => {
  it('encodes C++ & C# in all three sets', async () => {
    expect(text(await render(Encode, { value: 'C++ & C#' }), '[data-role=output]')).toBe('C%2B%2B%20%26%20C%23');
    expect(text(await render(Encode, { value: 'C++ & C#', mode: 'component' }), '[data-role=output]')).toBe(
      'C%2B%2B%20%26%20C%23',
    );
    expect(text(await render(Encode, { value: 'C++ & C#', mode: 'url' }), '[data-role=output]')).toBe('C++%20&%20C#');
    expect(text(await render(Encode, { value: 'C++ & C#', mode: 'form' }), '[data-role=output]')).toBe(
      'C%2B%2B+%26+C%23',
    );
  });

  it('checks the mode it was given', async () => {
    const root = await render(Encode, { value: 'a', mode: 'form' });
    expect(root.querySelector('input[name=mode][checked]')?.getAttribute('value')).toBe('form');
  });

  it('writes ламінат as 14 escapes, one table row per letter', async () => {
    const root = await render(Encode, { value: 'ламінат' }, 'uk');
    expect(text(root, '[data-role=output]')).toBe('%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82');
    expect(root.querySelectorAll('[data-region=why] tbody tr')).toHaveLength(7);
    expect(texts(root, '[data-region=why] tbody tr:first-child td')).toEqual(['л', 'U+043B', 'D0 BB', '%D0%BB']);
  });

  it('agrees with encodeURIComponent (plus the RFC 3986 extras) and URLSearchParams', async () => {
    for (const s of ['é', '你好', 'नमस्ते', '😀', 'email แคมเปญ', "it's (50%)!"]) {
      expect(text(await render(Encode, { value: s }), '[data-role=output]')).toBe(rfc3986(s));
      expect(text(await render(Encode, { value: s, mode: 'form' }), '[data-role=output]')).toBe(
        new URLSearchParams({ s }).toString().slice(2),
      );
    }
  });

  it('reports a lone surrogate with its position instead of an output', async () => {
    const root = await render(Encode, { value: 'ab\uD800' });
    expect(root.querySelector('[data-role=error]')?.getAttribute('data-code')).toBe('lone-surrogate');
    expect(text(root, '[data-role=error]')).toContain('3');
    expect(text(root, '[data-role=error] code')).toBe('U+D800');
    expect(text(root, '[data-role=output]')).toBe('');
  });

  it('starts compact embeds with the byte table closed', async () => {
    expect((await render(Encode, { value: 'é', compact: true })).querySelector('details')?.hasAttribute('open')).toBe(
      false,
    );
    expect((await render(Encode, { value: 'é' })).querySelector('details')?.hasAttribute('open')).toBe(true);
  });

  it('renders markup in props as text', async () => {
    const root = await render(Encode, { value: '<img src=x onerror=alert(1)>' });
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('textarea')?.text).toBe('<img src=x onerror=alert(1)>');
    expect(text(root, '[data-role=output]')).toBe(rfc3986('<img src=x onerror=alert(1)>'));
  });
});

describe('Encode: charsets, every byte, lines', () => {
  it('writes ламінат for a windows-1251 page and แคมเปญ for a windows-874 one, in the static HTML', async () => {
    expect(text(await render(Encode, { value: 'ламінат', charset: 'windows-1251' }), '[data-role=output]')).toBe(
      '%EB%E0%EC%B3%ED%E0%F2',
    );
    const root = await render(Encode, { value: 'แคมเปญ', charset: 'windows-874' }, 'th');
    expect(text(root, '[data-role=output]')).toBe('%E1%A4%C1%E0%BB%AD');
    expect(root.querySelector('select[name=charset] option[selected]')?.getAttribute('value')).toBe('windows-874');
  });

  it('offers only what it can encode: no ISO-2022-JP, no UTF-16', async () => {
    const values = (await render(Encode, { value: 'x' }))
      .querySelectorAll('select[name=charset] option')
      .map((o) => o.getAttribute('value'));
    expect(values[0]).toBe('utf-8');
    expect(values).toContain('shift_jis');
    expect(values).not.toContain('iso-2022-jp');
    expect(values).not.toContain('utf-16le');
  });

  it("notes a character the charset cannot write, in the reader's language", async () => {
    const root = await render(Encode, { value: 'ціна €', charset: 'koi8-u' }, 'uk');
    expect(text(root, '[data-role=output]')).toBe('%C3%A6%CE%C1%20%26%238364%3B');
    expect(root.querySelector('[data-role=notice][data-code=unmappable]')?.textContent).toContain('позиція 6');
  });

  it('escapes every byte with the all set', async () => {
    expect(text(await render(Encode, { value: 'ab', mode: 'all' }), '[data-role=output]')).toBe('%61%62');
  });

  it('line by line: a list in, a list out, the bad line noted with its number', async () => {
    const root = await render(Encode, { value: 'a b\nx\uD800\nц', lines: true, charset: 'windows-1251' });
    expect(text(root, '[data-role=output]')).toBe('a%20b\n\n%F6');
    const error = root.querySelector('[data-role=error][data-code=lone-surrogate]');
    expect(error?.textContent).toContain('Line 2:');
  });

  it('stops the build on a charset it does not offer', async () => {
    await expect(render(Encode, { value: 'x', charset: 'iso-2022-jp' })).rejects.toThrow(/not a charset/);
  });
});

describe('Decode', () => {
  it('reads Fu%C3%9Fball as UTF-8, and as windows-1252 when asked', async () => {
    expect(text(await render(Decode, { value: 'Fu%C3%9Fball' }), '[data-role=output]')).toBe('Fußball');
    const root = await render(Decode, { value: 'Fu%C3%9Fball', charset: 'windows-1252' });
    expect(text(root, '[data-role=output]')).toBe('FuÃŸball');
    expect(root.querySelector('select[name=charset] option[selected]')?.getAttribute('value')).toBe('windows-1252');
  });

  it('offers every WHATWG encoding in groups, the six common ones first, UTF-8 chosen by default', async () => {
    const root = await render(Decode, { value: 'x' });
    const values = root.querySelectorAll('select[name=charset] option').map((o) => o.getAttribute('value'));
    expect(values.slice(0, 6)).toEqual([
      'utf-8',
      'windows-1251',
      'koi8-u',
      'iso-8859-5',
      'windows-874',
      'windows-1252',
    ]);
    // Every encoding of the standard but `replacement` and `x-user-defined`, each once, each known to the platform.
    expect(values.length).toBe(38);
    expect(new Set(values).size).toBe(38);
    for (const v of values) expect(new TextDecoder(v!).encoding).toBe(v);
    expect(root.querySelectorAll('select[name=charset] > optgroup').length).toBe(6);
    expect(root.querySelector('select[name=charset] option[selected]')?.getAttribute('value')).toBe('utf-8');
    expect(text(root, 'select[name=charset] option[value=windows-1252]')).toContain('ISO-8859-1');
  });

  it('stops on windows-1251 bytes read as UTF-8, marks them, and suggests a charset', async () => {
    const root = await render(Decode, { value: '%EB%E0%EC%B3%ED%E0%F2' });
    expect(root.querySelector('[data-role=error]')?.getAttribute('data-code')).toBe('invalid-utf8');
    expect(text(root, '[data-role=error] code')).toBe('%EB');
    expect(text(root, '[data-role=hint]')).toContain('windows-1251');
    expect(text(root, '[data-role=output]')).toBe('');
    expect(root.querySelectorAll('[data-region=marked] mark.w-mark--error').length).toBeGreaterThan(0);
    expect(
      text(await render(Decode, { value: '%EB%E0%EC%B3%ED%E0%F2', charset: 'windows-1251' }), '[data-role=output]'),
    ).toBe('ламінат');
    expect(
      text(await render(Decode, { value: '%E1%A4%C1%E0%BB%AD', charset: 'windows-874' }), '[data-role=output]'),
    ).toBe('แคมเปญ');
  });

  it('keeps stray percent signs and points at them', async () => {
    const root = await render(Decode, { value: '100% sure' });
    expect(text(root, '[data-role=output]')).toBe('100% sure');
    expect(root.querySelector('[data-role=notice]')?.getAttribute('data-code')).toBe('stray-percent');
    expect(text(root, '[data-role=notice]')).toContain('4');
    expect(text(root, '[data-region=marked] mark')).toBe('%');
    expect(text(await render(Decode, { value: '%zz' }), '[data-role=output]')).toBe('%zz');
    expect(text(await render(Decode, { value: '%4' }), '[data-role=output]')).toBe('%4');
  });

  it('reads + as a space in form mode only', async () => {
    expect(text(await render(Decode, { value: 'C%2B%2B+tips', mode: 'form' }), '[data-role=output]')).toBe('C++ tips');
    expect(text(await render(Decode, { value: 'C%2B%2B+tips' }), '[data-role=output]')).toBe('C+++tips');
  });

  it('shows the layers of the double-encoded redirect, open', async () => {
    const root = await render(Decode, {
      value: 'https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1',
      compact: true,
    });
    expect(texts(root, '[data-role=layer]')).toEqual([
      'https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1',
      'https%3A%2F%2Fservice-a.com%2Fdashboard%3Fparam%3D1',
      'https://service-a.com/dashboard?param=1',
    ]);
    expect(root.querySelector('[data-role=notice][data-code=double-encoded]')).not.toBeNull();
    expect(root.querySelector('details')?.hasAttribute('open')).toBe(true);
  });

  it('agrees with decodeURIComponent on valid UTF-8', async () => {
    for (const s of ['%D0%BA', '%E4%BD%A0%E5%A5%BD', '%F0%9F%98%80', 'a%2Fb%3Fc%3Dd']) {
      expect(text(await render(Decode, { value: s }), '[data-role=output]')).toBe(decodeURIComponent(s));
    }
  });
});

describe('Anatomy', () => {
  it('splits a URL, its text unchanged, structure boxed apart from data', async () => {
    const root = await render(Anatomy, { value: 'https://example.com/search?q=dogs&cats#top' }, 'hi');
    expect(text(root, '[data-role=output]')).toBe('https://example.com/search?q=dogs&cats#top');
    expect(texts(root, '[data-role=output] .w-delim')).toEqual([':', '//', '/', '?', '=', '&', '#']);
    expect(root.querySelectorAll('[data-role=output] .w-part').map((p) => p.getAttribute('data-label'))).toEqual([
      'स्कीम',
      'होस्ट',
      'पाथ',
      'क्वेरी',
      'फ़्रैगमेंट',
    ]);
    expect(
      root.querySelectorAll('tr[data-role=pair]').map((tr) => tr.querySelectorAll('td').map((td) => td.text)),
    ).toEqual([
      ['q', 'dogs', 'dogs'],
      ['cats', '(= चिह्न नहीं)', ''],
    ]);
  });

  it('reports a host that is never closed', async () => {
    const root = await render(Anatomy, { value: 'http://[::1' });
    expect(root.querySelector('[data-role=error]')?.getAttribute('data-code')).toBe('invalid-host');
  });
});

describe('Servers', () => {
  const rows = (root: HTMLElement) => root.querySelectorAll('[data-role=stack]');

  it('lists each stack, with what it reads, in the HTML before any script runs', async () => {
    const root = await render(Servers, { value: '/s?a=1;b=2' });
    expect(rows(root).map((tr) => tr.getAttribute('data-stack'))).toEqual([
      'node:URLSearchParams',
      'node:querystring',
      'python:parse_qsl',
      'django:QueryDict',
      'php:parse_str',
      'go:url.ParseQuery',
      'rack:parse_query',
      'rails:ActionDispatch::Request#GET',
      'java:tomcat',
    ]);
    const row = (id: string) => rows(root).find((tr) => tr.getAttribute('data-stack') === id)!;
    expect(row('node:URLSearchParams').getAttribute('data-differs')).toBeUndefined();
    expect(texts(row('node:URLSearchParams'), '[data-role=pair]')).toEqual(['a = 1;b=2']);
    expect(row('go:url.ParseQuery').getAttribute('data-differs')).toBe('dropped');
    expect(row('rack:parse_query').getAttribute('data-differs')).toBe('split');
    expect(texts(row('rack:parse_query'), '[data-role=pair]')).toEqual(['a = 1', 'b = 2']);
    expect(text(root, '[data-role=summary]')).toBe(
      '6 of 9 stacks read this query the same way; 3 read it differently.',
    );
  });

  it('sends the query as a browser does, and names refusals and errors', async () => {
    const root = await render(Servers, { value: 'q=100% é' });
    expect(text(root, '[data-role=sent]')).toBe('q=100%%20%C3%A9');
    const row = (id: string) => rows(root).find((tr) => tr.getAttribute('data-stack') === id)!;
    expect(row('rails:ActionDispatch::Request#GET').getAttribute('data-differs')).toBe('error');
    expect(text(row('rails:ActionDispatch::Request#GET'), '[data-role=reading]')).toContain('400');
    const tomcat = await render(Servers, { value: '/s?q=|' });
    expect(
      rows(tomcat)
        .find((tr) => tr.getAttribute('data-stack') === 'java:tomcat')!
        .getAttribute('data-differs'),
    ).toBe('refused');
  });

  it('keeps a hostile query bounded: a megabyte and bidi controls stay inert text', async () => {
    const root = await render(Servers, { value: `/s?q=\u202Eabc${'x'.repeat(1_000_000)}&x=1` }, 'uk');
    expect(root.querySelectorAll('script').length).toBe(0);
    expect(root.querySelector('[data-role=output]')!.innerHTML.length).toBeLessThan(20_000);
    expect(texts(root, '[data-role=pair]').some((t) => t.includes('\u202E'))).toBe(true);
  });
});

describe('ServerView', () => {
  const params = (root: HTMLElement) =>
    root
      .querySelectorAll('[data-role=param]')
      .map((tr) => [text(tr, '[data-role=name]'), text(tr, '[data-role=value]')]);

  it('shows what the server got from the vanishing search query', async () => {
    const root = await render(ServerView, { value: '/search?q=promises & async/await' }, 'uk');
    expect(params(root)).toEqual([
      ['q', 'promises '],
      [' async/await', ''],
    ]);
    expect(text(root, '[data-role=path]')).toBe('/search');
    expect(params(await render(ServerView, { value: '/search?q=promises%20%26%20async%2Fawait' }))).toEqual([
      ['q', 'promises & async/await'],
    ]);
  });

  it('decodes the path as UTF-8 and says when it cannot', async () => {
    expect(text(await render(ServerView, { value: '/products/Fu%C3%9Fball' }), '[data-role=path]')).toBe(
      '/products/Fußball',
    );
    const root = await render(ServerView, { value: '/products/Fu%DFball' });
    expect(root.querySelector('[data-role=error]')?.getAttribute('data-code')).toBe('invalid-utf8');
    expect(text(root, '[data-role=error] code')).toBe('%DF');
    // Position 13 of the whole request (the path's escape), not of the path alone.
    expect(text(root, '[data-role=error]')).toContain('13');
  });

  it('matches URLSearchParams for the query', async () => {
    const query = 'q=C%2B%2B+%26+C%23&lang&x=%E2%82%AC';
    expect(params(await render(ServerView, { value: `/s?${query}` }))).toEqual([...new URLSearchParams(query)]);
  });
});

describe('Normalize', () => {
  it('lists each rule it applied, under the model of its props', async () => {
    const root = await render(Normalize, { value: '/landing?utm_source=%65mail' });
    expect(text(root, '[data-role=output]')).toBe('/landing?utm_source=email');
    expect(text(root, '[data-role=key]')).toMatch(/^[0-9a-f]{16}$/);
    expect(root.querySelectorAll('[data-role=change]').map((c) => c.getAttribute('data-rule'))).toEqual([
      'decode-unreserved',
    ]);
    const data = await render(Normalize, { value: '/go?next=%2f%6c%61%6e%64%69%6e%67' });
    expect(text(data, '[data-role=output]')).toBe('/go?next=/landing');
    expect(data.querySelector('input[name=model][value=data]')?.hasAttribute('checked')).toBe(true);
    const rfc = await render(Normalize, { value: '/go?next=%2f%6c%61%6e%64%69%6e%67', model: 'rfc3986' });
    expect(text(rfc, '[data-role=output]')).toBe('/go?next=%2Flanding');
    expect(rfc.querySelector('input[name=model][value=rfc3986]')?.hasAttribute('checked')).toBe(true);
    expect(text(await render(Normalize, { value: '/go?next=%2F', plus: 'literal' }), '[data-role=output]')).toBe(
      '/go?next=%2F',
    );
  });

  it('says when a scheme is compared as text whatever the model', async () => {
    const root = await render(Normalize, { value: 'mailto:a@b.example?subject=a+b' });
    expect(text(root, '[data-role=output]')).toBe('mailto:a@b.example?subject=a+b');
    expect(text(root, '[data-role=model-note]')).toContain('mailto:');
  });

  it('applies the policy props, and shows them in its controls', async () => {
    const props = {
      value: '/p?utm_source=EMAIL+&utm_id=1&b=2#top',
      caseInsensitive: 'utm_source,utm_medium',
      trim: true,
      drop: 'utm_id',
      fragment: 'keep',
      order: 'keep',
    };
    const root = await render(Normalize, props);
    expect(text(root, '[data-role=output]')).toBe('/p?utm_source=email&b=2#top');
    expect(root.querySelector('input[name=caseInsensitive]')?.getAttribute('value')).toBe('utm_source, utm_medium');
    expect(root.querySelector('input[name=trim]')?.hasAttribute('checked')).toBe(true);
    expect(root.querySelector('input[name=fragment][checked]')?.getAttribute('value')).toBe('keep');
    expect(text(await render(Normalize, { value: '/p?q=a+b', plus: 'literal' }), '[data-role=output]')).toBe(
      '/p?q=a+b',
    );
    expect(text(await render(Normalize, { value: '/p?q=a+b' }), '[data-role=output]')).toBe('/p?q=a%20b');
  });

  it('says when nothing changed, and when the input is not a URL', async () => {
    expect(
      (await render(Normalize, { value: '/landing?utm_source=email' })).querySelector('[data-role=change]'),
    ).toBeNull();
    const root = await render(Normalize, { value: 'landing page' });
    expect(root.querySelector('[data-role=error]')?.getAttribute('data-code')).toBe('invalid-url');
    expect(text(root, '[data-role=output]')).toBe('');
  });
});

describe('Group', () => {
  const groups = (root: HTMLElement) =>
    root
      .querySelectorAll('[data-role=group]')
      .map((g) => [text(g, '[data-role=canonical]'), Number(g.getAttribute('data-count'))]);
  const six = [
    '/landing?utm_source=email',
    '/landing?utm_source=%65mail',
    '/landing?utm_source=email%20campaign',
    '/landing?utm_source=email+campaign',
    '/landing?utm_source=email campaign',
    '/landing?utm_source=email%2Bcampaign',
  ];

  it('groups the six analytics rows of the analytics article', async () => {
    expect(groups(await render(Group, { lines: six }))).toEqual([
      ['/landing?utm_source=email%20campaign', 3],
      ['/landing?utm_source=email', 2],
      ['/landing?utm_source=email%2Bcampaign', 1],
    ]);
  });

  it('follows the policy props', async () => {
    const base = [
      '/page?utm_source=email&campaign=test',
      '/page?utm_source=%65%6d%61%69%6c&campaign=test',
      '/page?utm_source=email%20&campaign=test',
      '/page?utm_source=EMAIL&campaign=test',
      '/page?utm_source=email&%63ampaign=test',
    ];
    expect(groups(await render(Group, { lines: base }))).toEqual([
      ['/page?campaign=test&utm_source=email', 3],
      ['/page?campaign=test&utm_source=EMAIL', 1],
      ['/page?campaign=test&utm_source=email%20', 1],
    ]);
    expect(groups(await render(Group, { lines: base, trim: true, caseInsensitive: 'utm_source' }))).toEqual([
      ['/page?campaign=test&utm_source=email', 5],
    ]);
  });

  it('puts split pages first and explains each merge in the HTML, with the rules Normalize names', async () => {
    const root = await render(Group, { lines: ['/home', '/home', '/home', '/a?x=%41', '/a?x=A'] }, 'uk');
    expect(groups(root)).toEqual([
      ['/a?x=A', 2],
      ['/home', 3],
    ]);
    const why = root.querySelectorAll('details[data-role=why]');
    // /home arrived under one spelling, already canonical: nothing to explain.
    expect(why).toHaveLength(1);
    expect(why[0]?.hasAttribute('open')).toBe(false);
    expect(why[0]?.querySelector('summary')?.text).toBe('Чому ці варіанти запису зведено в\u00a0один');
    expect(
      why[0]
        ?.querySelectorAll('[data-role=why-variant]')
        .map((v) => [
          v.querySelector('code')?.text,
          v.querySelectorAll('[data-role=change]').map((c) => c.getAttribute('data-rule')),
        ]),
    ).toEqual([
      ['/a?x=%41', ['decode-unreserved']],
      ['/a?x=A', []],
    ]);
    expect(text(root, '[data-role=summary]')).toBe(
      'Рядків: 5. Сторінок: 2. Сторінок, що надійшли у\u00a0двох і\u00a0більше варіантах запису: 1. Не URL: 0.',
    );
  });

  it('writes figures with the locale’s digit grouping', async () => {
    const lines = Array.from({ length: 1234 }, (_, i) => `/p${i % 2}`);
    expect(text(await render(Group, { lines }, 'en'), '[data-role=summary]')).toContain('Rows: 1,234.');
    expect(text(await render(Group, { lines }, 'hi'), '[data-role=summary]')).toContain('पंक्तियाँ: 1,234।');
    expect(
      text(await render(Group, { lines: Array.from({ length: 123456 }, () => '/p') }, 'hi'), '[data-role=summary]'),
    ).toContain('पंक्तियाँ: 1,23,456।');
    expect(text(await render(Group, { lines }, 'uk'), '[data-role=summary]')).toContain('Рядків: 1\u00a0234.');
  });

  it('lists lines that are not URLs with their reason', async () => {
    const root = await render(Group, { lines: ['/a', 'not a url', '/a'] });
    expect(groups(root)).toEqual([['/a', 2]]);
    expect(root.querySelector('[data-role=output] [data-role=error]')?.getAttribute('data-code')).toBe('invalid-url');
  });
});

describe('Compare', () => {
  const verdict = async (a: string, b: string) =>
    (await render(Compare, { a, b })).querySelector('[data-role=output]')?.getAttribute('data-verdict');

  it('tells encoding-only differences from different data', async () => {
    expect(await verdict('/page?utm_source=email', '/page?utm_source=%65mail')).toBe('equivalent');
    expect(await verdict('/page?utm_source=email', '/page?utm_source=email')).toBe('identical');
    expect(await verdict('/landing?utm_source=email+campaign', '/landing?utm_source=email%2Bcampaign')).toBe(
      'different',
    );
    expect(await verdict('/files/a%2fb', '/files/a%2Fb')).toBe('equivalent');
    expect(await verdict('/files/reports%2F2024.pdf', '/files/reports/2024.pdf')).toBe('different');
  });

  it('marks the parts that differ', async () => {
    const root = await render(Compare, { a: '/files/reports%2F2024.pdf', b: '/files/reports/2024.pdf' });
    expect(root.querySelectorAll('[data-role=part][data-verdict=different]')).toHaveLength(1);
  });

  it('follows the chosen model', async () => {
    const [a, b] = ['/go?next=%2Flanding', '/go?next=/landing'];
    const data = await render(Compare, { a, b });
    const rfc = await render(Compare, { a, b, model: 'rfc3986' });
    expect(data.querySelector('[data-role=output]')?.getAttribute('data-verdict')).toBe('equivalent');
    expect(rfc.querySelector('[data-role=output]')?.getAttribute('data-verdict')).toBe('different');
    expect(rfc.querySelector('input[name=model][value=rfc3986]')?.hasAttribute('checked')).toBe(true);
  });

  it('says in each row which rule decided', async () => {
    const why = (root: Awaited<ReturnType<typeof render>>, label: string) =>
      root
        .querySelectorAll('[data-role=part]')
        .find((row) => row.querySelector('th')?.text === label)
        ?.querySelectorAll('[data-rule]')
        .map((li) => li.getAttribute('data-rule'));
    const merged = await render(Compare, { a: '/go?next=%2Flanding&q=a+b', b: '/go?next=/landing&q=a%20b' });
    expect(why(merged, 'parameter next')).toEqual(['decode-reserved']);
    expect(why(merged, 'parameter q')).toEqual(['plus-as-space']);
    const apart = await render(Compare, { a: '/files/a%2Fb', b: '/files/a/b' });
    expect(why(apart, 'path')).toEqual(['kept-escape']);
    const plus = await render(Compare, { a: '/l?s=email+x', b: '/l?s=email%2Bx' });
    expect(why(plus, 'parameter s')).toEqual(['plus-as-space']);
  });

  it('lists at most 200 parameter rows, counting the rest', async () => {
    const query = Array.from({ length: 1000 }, (_, k) => `k${k}=v`).join('&');
    const root = await render(Compare, { a: `/p?${query}`, b: `/p?${query}&x=1` });
    expect(root.querySelectorAll('[data-role=part]').length).toBeLessThanOrEqual(200 + 7);
    expect(root.querySelector('[data-region=details] .w-hint')?.text).toMatch(/801/);
  });
});

describe('Functions', () => {
  // What the real functions wrote (tests/fixtures/encoders.json, made by their own runtimes).
  const real = JSON.parse(readFileSync(new URL('../fixtures/encoders.json', import.meta.url), 'utf8')) as Record<
    string,
    Record<string, string | { error: string }>
  >;
  const ids = Object.keys(real).filter((k) => !k.startsWith('$'));
  const rows = (root: HTMLElement) => root.querySelectorAll('tr[data-encoder]');
  const encoded = (root: HTMLElement) =>
    Object.fromEntries(
      rows(root).map((r) => [r.getAttribute('data-encoder'), r.querySelector('[data-role=encoded]')?.text]),
    );

  it('writes, in one row per function, what each real function wrote', async () => {
    for (const [value, locale] of [
      ['C++ & C#', 'en'],
      ['ламінат', 'uk'],
      ['%41', 'hi'],
      ['a/b?c=d', 'th'],
    ] as const) {
      const root = await render(Functions, { value }, locale);
      expect(rows(root)).toHaveLength(ids.length);
      expect(encoded(root)).toEqual(Object.fromEntries(ids.map((id) => [id, real[id]?.[value]])));
    }
  });

  it('groups the rows by language and shows each space and existing-escape rule', async () => {
    const root = await render(Functions, { value: 'x' }, 'th');
    expect(root.querySelectorAll('tbody th[scope=rowgroup]').map((th) => th.text)).toEqual([
      'JavaScript',
      'Python',
      'Java',
      'PHP',
      'Go',
      '.NET',
      'Ruby',
    ]);
    const cell = (id: string, role: string) => root.querySelector(`tr[data-encoder="${id}"] [data-role=${role}]`)?.text;
    for (const id of ids) {
      expect(cell(id, 'space')).toBe(real[id]?.[' ']);
      expect(cell(id, 'existing')).toBe(real[id]?.['%41']);
    }
    expect(root.querySelector('caption')?.text).toBe(useTranslations('th')('widgets.functions.caption'));
  });

  it('says in each row what its function does with a lone surrogate, with the position, in the page language', async () => {
    const root = await render(Functions, { value: 'ab\uD800c' }, 'uk');
    const row = (id: string) => root.querySelector(`tr[data-encoder="${id}"]`) as HTMLElement;
    // encodeURIComponent throws, so its row has an error and no output.
    const thrown = row('js:encodeURIComponent').querySelector('[data-role=error][data-code=lone-surrogate]');
    expect(thrown?.text).toContain('URIError');
    expect(thrown?.text).toContain('U+D800');
    expect(thrown?.text).toContain('3');
    expect(thrown?.text).toContain('кидає');
    expect(row('js:encodeURIComponent').querySelector('[data-role=encoded]')?.text).toBe('');
    // URLSearchParams and Java replace it, as the real functions did with a lone surrogate.
    expect(row('js:URLSearchParams').querySelector('[data-role=notice][data-code=lone-surrogate]')?.text).toContain(
      'U+FFFD',
    );
    expect(row('js:URLSearchParams').querySelector('[data-role=encoded]')?.text).toBe(
      new URLSearchParams({ q: 'ab\uD800c' }).toString().slice(2),
    );
    expect(row('java:URLEncoder.encode').querySelector('[data-role=encoded]')?.text).toBe(
      `ab${real['java:URLEncoder.encode']?.['\uD800'] as string}c`,
    );
    // PHP strings cannot hold one.
    expect(row('php:urlencode').querySelector('[data-role=error]')?.text).toContain('PHP');
    expect(root.querySelectorAll('[data-role=error][data-code=lone-surrogate]')).toHaveLength(11);
    // escape() writes it as a code unit of its own, which is a notice too.
    expect(row('js:escape').querySelector('[data-role=encoded]')?.text).toBe(escape('ab\uD800c'));
    // URLSearchParams, Java, escape() and .NET's three.
    expect(root.querySelectorAll('[data-role=notice][data-code=lone-surrogate]')).toHaveLength(6);
  });

  it('shows at most 200,000 characters of a result and says so', async () => {
    const value = 'é'.repeat(40_000);
    const root = await render(Functions, { value });
    const row = root.querySelector('tr[data-encoder="python:quote"]') as HTMLElement;
    expect(row.querySelector('[data-role=encoded]')?.text).toBe(encodeURIComponent(value).slice(0, 200_000));
    expect(row.querySelector('[data-role=cut]')?.text).toContain('200,000');
    // Every row but escape(), which writes é as three characters (Latin-1), not six: 120,000 in all.
    expect(escape(value)).toHaveLength(120_000);
    expect(root.querySelectorAll('[data-role=cut]')).toHaveLength(ids.length - 1);
    expect(root.querySelector('tr[data-encoder="js:escape"] [data-role=cut]')).toBeNull();
    // The figure as each language writes it: Hindi groups by lakhs, Ukrainian with a no-break space.
    const cutIn = async (locale: string) =>
      (await render(Functions, { value }, locale)).querySelector('tr[data-encoder="python:quote"] [data-role=cut]')
        ?.text;
    expect(await cutIn('hi')).toContain('2,00,000');
    expect(await cutIn('uk')).toContain('200\u00a0000');
  });

  it('encodes a long text only as far as a cell shows, and still counts the different results of the whole', () => {
    const m = dictFor('en', ['common', 'issue', 'functions']);
    const distinct = (s: string) =>
      Number(/Different results: (\d+)/.exec(functionsView(m, s, { id: 'f', live: true }).summary)?.[1]);
    // The counting shortcut against encoding the whole text with every function.
    const whole = (s: string) =>
      new Set(
        encoders.flatMap((e) => {
          const r = e.encode(s);
          return r.ok ? [r.value] : [];
        }),
      ).size;
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', '~', '*', '/', "'", '+', '%', 'é', '😀', '\uD800', '\uDC00'),
          maxLength: 12,
        }),
        (s) => {
          expect(distinct(s)).toBe(whole(s));
        },
      ),
      { numRuns: 500 },
    );
    // HttpUtility.UrlEncode's %c3%a9 is not WebUtility's %C3%A9: a signature compares the text.
    expect(encoders.find((e) => e.id === 'dotnet:HttpUtility.UrlEncode')?.encode('é')).toMatchObject({
      value: '%c3%a9',
    });
    expect(distinct('é')).toBe(3);
    expect(distinct('é'.repeat(300_000))).toBe(3);
    // A ~ far past the first 200,000 characters still tells the form encoders apart.
    const long = `${'a b'.repeat(100_000)}~`;
    const v = functionsView(m, long, { id: 'f', live: true });
    expect(v.complete).toBe(false);
    expect(distinct(long)).toBe(whole(long));
    expect(wholeResult('php:urlencode', long).endsWith('%7E')).toBe(true);
    expect(v.values.get('php:urlencode')?.endsWith('%7E')).toBe(false);
  });

  it('fills each cell with exactly the first 200,000 characters of the whole result, however the text grows', async () => {
    // Two-byte letters first, then plain ASCII: the first slice grows six times, the rest once.
    const value = `${'ж'.repeat(30_000)}${'a+'.repeat(200_000)}`;
    const root = await render(Functions, { value });
    for (const id of ids) {
      const row = root.querySelector(`tr[data-encoder="${id}"]`) as HTMLElement;
      expect(row.querySelector('[data-role=encoded]')?.text).toBe(wholeResult(id as never, value).slice(0, 200_000));
      expect(row.querySelector('[data-role=cut]')).not.toBeNull();
    }
  });

  it('keeps its copy buttons hidden until the script runs, and renders markup as text', async () => {
    const root = await render(Functions, { value: '<img src=x onerror=alert(1)>' });
    expect(root.querySelector('img')).toBeNull();
    const buttons = root.querySelectorAll('button[data-action=copy-encoded]');
    expect(buttons).toHaveLength(ids.length);
    expect(
      buttons.every((b) => b.hasAttribute('hidden') && root.querySelector(`#${b.getAttribute('aria-describedby')}`)),
    ).toBe(true);
  });
});

describe('QuickBox', () => {
  it('holds a compact encoder and decoder under one heading', async () => {
    const root = parse(
      await container.renderToString(QuickBox, { props: {}, request: new Request('http://localhost/uk/') }),
    );
    expect(
      root
        .querySelectorAll('[data-widget]')
        .map((w) => [w.getAttribute('data-widget'), w.getAttribute('id'), w.getAttribute('lang')]),
    ).toEqual([
      ['encode', 'quick-encode', 'uk'],
      ['decode', 'quick-decode', 'uk'],
    ]);
    // The heading is the page locale's string, not the English one.
    expect(root.querySelector('h2')?.text).toBe(useTranslations('uk')('widgets.quick.heading'));
    expect(root.querySelector('h2')?.text).not.toBe(useTranslations('en')('widgets.quick.heading'));
  });
});

describe('widget ids', () => {
  it('are stable, derived from the props, and unique on a page', () => {
    const page = {};
    const a = widgetId(page, 'encode', { value: 'x' } as never);
    expect(widgetId({}, 'encode', { value: 'x' } as never)).toBe(a);
    expect(a).toMatch(/^encode-[0-9a-z]+$/);
    expect(widgetId(page, 'encode', { value: 'x' } as never)).toBe(`${a}-2`);
    expect(widgetId(page, 'encode', { id: 'mine' })).toBe('mine');
  });
});
