import { readFileSync } from 'node:fs';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { routedContainer } from '../support/container';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import ByteCount from '../../src/components/content/ByteCount.astro';
import Canonical from '../../src/components/content/Canonical.astro';
import CharRef from '../../src/components/content/CharRef.astro';
import CodePoint from '../../src/components/content/CodePoint.astro';
import CodePointCount from '../../src/components/content/CodePointCount.astro';
import Decoded from '../../src/components/content/Decoded.astro';
import Esc from '../../src/components/content/Esc.astro';
import EscapeCount from '../../src/components/content/EscapeCount.astro';
import Raw from '../../src/components/content/Raw.astro';
import Utf8Bytes from '../../src/components/content/Utf8Bytes.astro';
import FaqItem from '../../src/components/FaqItem.astro';
import { useTranslations } from '../../src/i18n';
import EncodedBy from '../../src/components/content/EncodedBy.astro';
import EncoderTable from '../../src/components/content/EncoderTable.astro';
import DecoderTable from '../../src/components/content/DecoderTable.astro';

// The articles' figures (content/<locale>/*.mdx), rendered by the components the articles use.
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

type Component = Parameters<AstroContainer['renderToString']>[0];

async function figure(component: Component, props: Record<string, unknown>) {
  const root = parse(await container.renderToString(component, { props }));
  const element = root.querySelector('[data-codec]');
  if (!element) throw new Error('no [data-codec] element rendered');
  return { role: element.getAttribute('data-codec'), tag: element.tagName.toLowerCase(), text: element.text };
}

describe('Esc', () => {
  it('encodes é as its two UTF-8 bytes', async () => {
    expect(await figure(Esc, { text: 'é' })).toEqual({ role: 'output', tag: 'code', text: '%C3%A9' });
  });

  it('encodes ламінат as 14 escapes', async () => {
    expect((await figure(Esc, { text: 'ламінат' })).text).toBe('%D0%BB%D0%B0%D0%BC%D1%96%D0%BD%D0%B0%D1%82');
  });

  it('encodes an emoji as four escapes', async () => {
    expect((await figure(Esc, { text: '😀' })).text).toBe('%F0%9F%98%80');
  });

  it('uses the mode it is given', async () => {
    expect((await figure(Esc, { text: 'C++ & C#', mode: 'form' })).text).toBe('C%2B%2B+%26+C%23');
    expect((await figure(Esc, { text: 'C++ & C#', mode: 'url' })).text).toBe('C++%20&%20C#');
  });

  it('encodes again for each extra pass, and shows a literal prefix', async () => {
    expect((await figure(Esc, { text: ':', times: 2 })).text).toBe('%253A');
    expect((await figure(Esc, { text: 'promises & async/await', prefix: '/search?q=' })).text).toBe(
      '/search?q=promises%20%26%20async%2Fawait',
    );
  });

  it('stops the build on a lone surrogate, and on a prefix that hides an escape', async () => {
    await expect(container.renderToString(Esc, { props: { text: 'a\uD800' } })).rejects.toThrow(/lone-surrogate/);
    await expect(container.renderToString(Esc, { props: { text: 'x', prefix: '/a%20b' } })).rejects.toThrow(/prefix/);
  });

  it('with a legacy charset, shows what the form sends: the escaped character reference', async () => {
    expect((await figure(Esc, { text: 'न', charset: 'windows-1252' })).text).toBe('%26%232344%3B');
    expect((await figure(Esc, { text: 'नé', charset: 'windows-1252' })).text).toBe('%26%232344%3B%E9');
    await expect(container.renderToString(Esc, { props: { text: 'न', charset: 'utf-8' } })).rejects.toThrow(
      /not a legacy charset/,
    );
    await expect(
      container.renderToString(Esc, { props: { text: 'न', charset: 'windows-1252', mode: 'form' } }),
    ).rejects.toThrow(/no mode/);
  });
});

describe('CharRef', () => {
  it('shows the reference a windows-1252 page writes for न, as text (the markup escapes its &)', async () => {
    const html = await container.renderToString(CharRef, { props: { text: 'न', charset: 'windows-1252' } });
    expect(html).toContain('>&amp;#2344;</code>');
    expect((await figure(CharRef, { text: 'नमस्ते', charset: 'windows-1252' })).text).toBe(
      '&#2344;&#2350;&#2360;&#2381;&#2340;&#2375;',
    );
  });

  it('stops the build when the charset can write the text: there is no reference to show', async () => {
    await expect(container.renderToString(CharRef, { props: { text: 'é', charset: 'windows-1252' } })).rejects.toThrow(
      /can write it/,
    );
  });
});

describe('counts', () => {
  it('counts ламінат as 7 letters and 14 escapes', async () => {
    expect(await figure(CodePointCount, { text: 'ламінат' })).toEqual({ role: 'output', tag: 'span', text: '7' });
    expect((await figure(EscapeCount, { text: 'ламінат' })).text).toBe('14');
  });

  it('counts नमस्ते as 6 code points and 18 bytes', async () => {
    expect((await figure(CodePointCount, { text: 'नमस्ते' })).text).toBe('6');
    expect((await figure(ByteCount, { text: 'नमस्ते' })).text).toBe('18');
  });

  it('shows UTF-8 bytes in hex or decimal, and a code point', async () => {
    expect(await figure(Utf8Bytes, { text: 'к' })).toEqual({ role: 'output', tag: 'code', text: 'D0 BA' });
    expect((await figure(Utf8Bytes, { text: '&', format: 'dec' })).text).toBe('38');
    expect((await figure(CodePoint, { text: 'é' })).text).toBe('U+00E9');
  });
});

describe('Decoded', () => {
  it('reads Fu%C3%9Fball as UTF-8 by default', async () => {
    expect((await figure(Decoded, { value: 'Fu%C3%9Fball' })).text).toBe('Fußball');
  });

  it('shows the mojibake of Fu%C3%9Fball read as windows-1252', async () => {
    expect(await figure(Decoded, { value: 'Fu%C3%9Fball', charset: 'windows-1252' })).toEqual({
      role: 'output',
      tag: 'code',
      text: 'FuÃŸball',
    });
  });

  it('shows the control character a strict Latin-1 decoder makes of byte 9F', async () => {
    expect((await figure(Decoded, { value: 'Fu%C3%9Fball', strictLatin1: true })).text).toBe('FuÃU+009Fball');
  });

  it('reads legacy bytes only in the charset chosen for them', async () => {
    expect((await figure(Decoded, { value: '%EB%E0%EC%B3%ED%E0%F2', charset: 'windows-1251' })).text).toBe('ламінат');
    expect((await figure(Decoded, { value: '%E1%A4%C1%E0%BB%AD', charset: 'windows-874' })).text).toBe('แคมเปญ');
    await expect(container.renderToString(Decoded, { props: { value: '%EB%E0%EC%B3%ED%E0%F2' } })).rejects.toThrow(
      /invalid-utf8/,
    );
  });

  it('turns + into a space only in form mode', async () => {
    expect((await figure(Decoded, { value: 'C%2B%2B+tips' })).text).toBe('C+++tips');
    expect((await figure(Decoded, { value: 'C%2B%2B+tips', mode: 'form' })).text).toBe('C++ tips');
  });

  it('refuses a stray % unless the example is about it', async () => {
    await expect(container.renderToString(Decoded, { props: { value: '100% sure' } })).rejects.toThrow(/stray-percent/);
    expect((await figure(Decoded, { value: '100% sure', stray: true })).text).toBe('100% sure');
  });
});

describe('Canonical', () => {
  it('decodes unreserved escapes, and an escaped slash only where it is data to a form parser', async () => {
    expect((await figure(Canonical, { value: '/go?next=%2f%6c%61%6e%64%69%6e%67' })).text).toBe('/go?next=/landing');
    expect((await figure(Canonical, { value: '/go?next=%2f%6c%61%6e%64%69%6e%67', model: 'rfc3986' })).text).toBe(
      '/go?next=%2Flanding',
    );
    expect((await figure(Canonical, { value: '/%2f%6c%61%6e%64%69%6e%67' })).text).toBe('/%2Flanding');
    expect((await figure(Canonical, { value: '/landing?utm_source=%65mail' })).text).toBe('/landing?utm_source=email');
  });

  it('applies the policy props', async () => {
    const value = '/page?utm_source=EMAIL%20&campaign=test';
    expect((await figure(Canonical, { value })).text).toBe('/page?campaign=test&utm_source=EMAIL%20');
    expect((await figure(Canonical, { value, trim: true, caseInsensitive: 'utm_source' })).text).toBe(
      '/page?campaign=test&utm_source=email',
    );
    expect((await figure(Canonical, { value: '/page?utm_source=email+', plus: 'literal' })).text).toBe(
      '/page?utm_source=email+',
    );
    expect((await figure(Canonical, { value: '/landing?utm_source=x&id=7', drop: 'utm_' })).text).toBe('/landing?id=7');
  });
});

describe('Raw', () => {
  it('marks a raw input as input, unchanged', async () => {
    expect(await figure(Raw, { value: '%65mail' })).toEqual({ role: 'input', tag: 'code', text: '%65mail' });
  });
});

describe('FaqItem', () => {
  const render = (props: Record<string, unknown>) =>
    container.renderToString(FaqItem, { props, slots: { default: '<p>Answer.</p>' } });

  it('puts the id on a <details> with the question as an <h3> in its summary', async () => {
    const root = parse(await render({ id: 'space-percent20-or-plus', question: 'Space: `%20` or `+`?' }));
    const details = root.querySelector('details#space-percent20-or-plus');
    expect(details).not.toBeNull();
    const heading = details?.querySelector('summary > h3');
    expect(heading?.text.trim()).toBe('Space: %20 or +?');
    // The escape in the question is a raw notation, kept apart from hand-typed prose.
    expect(heading?.querySelector('code[data-codec=input]')?.text).toBe('%20');
    expect(details?.querySelector('.faq__answer')?.innerHTML).toContain('<p>Answer.</p>');
  });

  it('has a visible copy-link control and a polite live region, worded from i18n', async () => {
    const root = parse(await render({ id: 'stray-percent', question: 'What happens to a `%`?' }));
    const link = root.querySelector('a.faq__copy');
    expect(link?.getAttribute('href')).toBe('#stray-percent');
    expect(link?.text).toBe('Copy link to this answer');
    // Described by the question: its <summary> (the <h3> has no id, see FaqItem.astro).
    const described = root.querySelector(`#${link?.getAttribute('aria-describedby')}`);
    expect(described?.tagName).toBe('SUMMARY');
    expect(described?.querySelector('h3')?.text).toBe('What happens to a %?');
    expect(root.querySelector('[role=status][aria-live=polite]')).not.toBeNull();
    expect(root.querySelector('faq-item')?.getAttribute('data-copied')).toBe('Link copied');
  });

  it('refuses an id that is not stable ASCII kebab-case', async () => {
    await expect(render({ id: 'Space %20', question: 'q' })).rejects.toThrow(/kebab-case/);
  });
});

// What the real functions wrote (tests/fixtures/encoders.json, made by their own runtimes).
const real = JSON.parse(readFileSync(new URL('../fixtures/encoders.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;

describe('EncodedBy', () => {
  it('shows what one real function writes', async () => {
    expect(await figure(EncodedBy, { fn: 'java:URLEncoder.encode', text: 'C++ & C#' })).toEqual({
      role: 'output',
      tag: 'code',
      text: real['java:URLEncoder.encode']?.['C++ & C#'],
    });
    expect((await figure(EncodedBy, { fn: 'python:quote', text: 'a/b?c=d' })).text).toBe(
      real['python:quote']?.['a/b?c=d'],
    );
  });

  it('stops the build for an unknown function or a text the function refuses', async () => {
    await expect(container.renderToString(EncodedBy, { props: { fn: 'js:unescape', text: 'a' } })).rejects.toThrow(
      /unknown function/,
    );
    await expect(
      container.renderToString(EncodedBy, { props: { fn: 'js:encodeURIComponent', text: '\uD800' } }),
    ).rejects.toThrow(/lone-surrogate/);
  });
});

describe('EncoderTable', () => {
  // The site's i18n routing, so a request for /uk/... renders with Astro.currentLocale = 'uk'.
  let routed: AstroContainer;
  beforeAll(async () => {
    routed = await routedContainer();
  });

  async function table(locale: string) {
    return parse(
      await routed.renderToString(EncoderTable, {
        request: new Request(`http://localhost/${locale}/encoding-functions/`),
      }),
    );
  }

  it('shows, for each function, what the real one left raw and wrote for a space and for %41', async () => {
    const root = await table('en');
    const rows = root.querySelectorAll('tr[data-encoder]');
    expect(rows.map((r) => r.getAttribute('data-encoder')).sort()).toEqual(
      Object.keys(real)
        .filter((k) => !k.startsWith('$'))
        .sort(),
    );
    for (const row of rows) {
      const id = row.getAttribute('data-encoder') ?? '';
      const [raw, space, existing] = row.querySelectorAll('td').map((td) => td.text);
      const punctuation = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'].filter((c) => real[id]?.[c] === c);
      expect({ id, raw, space, existing }).toEqual({
        id,
        raw: punctuation.join(' '),
        space: real[id]?.[' '],
        existing: real[id]?.['%41'],
      });
    }
    // Every escape is marked as computed, so the hand-typed-escape gate accepts the page.
    expect(root.querySelectorAll('td code:not([data-codec])').every((c) => !/%[0-9A-F]{2}/.test(c.text))).toBe(true);
  });

  it('says under the name of the one function that writes lowercase hex what it wrote for é', async () => {
    const root = await table('en');
    const marked = root.querySelectorAll('tr[data-encoder] th .encoder-table-hex');
    expect(marked.map((m) => m.closest('tr')?.getAttribute('data-encoder'))).toEqual(['dotnet:HttpUtility.UrlEncode']);
    expect(marked[0]?.querySelector('code[data-codec=output]')?.text).toBe(real['dotnet:HttpUtility.UrlEncode']?.['é']);
    expect(real['dotnet:HttpUtility.UrlEncode']?.['é']).toBe('%c3%a9');
    expect((await table('uk')).querySelector('.encoder-table-hex')?.text).toBe(
      'шістнадцяткові цифри малими літерами: %c3%a9',
    );
  });

  it('words its headings and lone-surrogate cells in the page language', async () => {
    const root = await table('uk');
    expect(root.querySelector('caption')?.text).toBe(useTranslations('uk')('encodingFunctions.caption'));
    expect(root.querySelector('tr[data-encoder="js:encodeURIComponent"] td:last-child')?.text).toBe('кидає URIError');
  });
});

describe('DecoderTable', () => {
  let routed: AstroContainer;
  beforeAll(async () => {
    routed = await routedContainer();
  });
  const table = async (locale: string) =>
    parse(
      await routed.renderToString(DecoderTable, {
        request: new Request(`http://localhost/${locale}/encoding-functions/`),
      }),
    );
  // The recordings the table is built from, read here on their own.
  const stacks = JSON.parse(readFileSync(new URL('../fixtures/servers/queries.json', import.meta.url), 'utf8')) as {
    $meta: { stacks: Record<string, string> };
  };
  const functions = JSON.parse(readFileSync(new URL('../fixtures/encoders.json', import.meta.url), 'utf8')) as {
    $decoders: Record<string, unknown>;
  };

  it('has a row for every recorded stack and decoding function, and marks every escape as an input', async () => {
    const root = await table('en');
    const rows = root.querySelectorAll('tr[data-decoder]').map((r) => r.getAttribute('data-decoder'));
    expect(rows.sort()).toEqual([...Object.keys(stacks.$meta.stacks), ...Object.keys(functions.$decoders)].sort());
    expect(
      root
        .querySelectorAll('th code, td code')
        .filter((c) => /%[0-9A-F]{2}/.test(c.text) && c.getAttribute('data-codec') !== 'input'),
    ).toEqual([]);
  });

  it('says what the real stacks did: Rails answers 400 to a stray %, PHP hands on raw bytes', async () => {
    const root = await table('en');
    const cell = (id: string, question: string) =>
      root.querySelector(`tr[data-decoder="${id}"] td[data-question="${question}"]`)?.text;
    expect(cell('rails:ActionDispatch::Request#GET', 'stray')).toBe(
      'fails: ActionController::BadRequest, answered with 400',
    );
    expect(cell('php:parse_str', 'invalid')).toBe('the raw bytes');
    expect(cell('js:decodeURIComponent', 'plus')).toBe('a plus sign');
  });

  it('words its cells in the page language', async () => {
    const root = await table('uk');
    expect(root.querySelector('caption')?.text).toBe(useTranslations('uk')('encodingFunctions.decCaption'));
    expect(root.querySelector('tr[data-decoder="php:parse_str"] td[data-question="invalid"]')?.text).toBe('байти як є');
  });
});
