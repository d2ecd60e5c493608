import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { routedContainer } from '../support/container';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import BrowserSets from '../../src/widgets/browser-sets/BrowserSets.astro';
import BrowserSetTable from '../../src/components/content/BrowserSetTable.astro';
import { browserSetsView, CELL_LIMIT } from '../../src/widgets/browser-sets/view';
import { resources } from '../../src/i18n';
import { urlWrites } from '../support/url-writes';

// The BrowserSets widget's static HTML and the encoding-sets table. Expected values come from
// Node's URL parser (its setters write each part with the WHATWG set), never from the codec.
let container: AstroContainer;
beforeAll(async () => {
  container = await routedContainer();
});

type Component = Parameters<AstroContainer['renderToString']>[0];
async function render(component: Component, props: Record<string, unknown>, locale = 'en'): Promise<HTMLElement> {
  const html = await container.renderToString(component, {
    props,
    request: new Request(`http://localhost/${locale}/encoding-sets/`),
  });
  return parse(html);
}

const encoded = (root: HTMLElement) =>
  Object.fromEntries(
    root
      .querySelectorAll('tr[data-part]')
      .map((r) => [r.getAttribute('data-part'), r.querySelector('[data-role=encoded]')?.text]),
  );

describe('BrowserSets', () => {
  it('keeps the DOM contract, its id and the page locale', async () => {
    const root = (await render(BrowserSets, { value: 'x', id: 'my-browser-sets' }, 'th')).querySelector(
      '[data-widget]',
    )!;
    expect(root.getAttribute('data-widget')).toBe('browser-sets');
    expect(root.getAttribute('id')).toBe('my-browser-sets');
    expect(root.getAttribute('lang')).toBe('th');
    expect(root.querySelectorAll('[data-role=input]')).toHaveLength(1);
    expect(root.querySelector('[data-role=output] table')).not.toBeNull();
    expect(root.querySelector('[aria-live=polite]')).not.toBeNull();
    const m = JSON.parse(root.getAttribute('data-m') ?? '{}') as Record<string, string>;
    expect(m['common.copy']).toBe('คัดลอก');
    expect(m['browserSets.summary']).toBe(resources.th.translation.security.browserSets.summary);
    for (const label of root.querySelectorAll('label[for]'))
      expect(root.querySelector(`#${label.getAttribute('for')}`)).not.toBeNull();
  });

  it('writes, in one row per part, what the URL parser writes there', async () => {
    for (const [value, locale] of [
      [`Q&A: {x|y}^\`z\` it's %41`, 'en'],
      ['ламінат і "лапки"', 'uk'],
      ['a b<c>#d?e/f\\g', 'hi'],
      ['แคมเปญ 100%', 'th'],
    ] as const) {
      const root = await render(BrowserSets, { value }, locale);
      expect(encoded(root)).toEqual(urlWrites(value));
    }
  });

  it('counts the different results', async () => {
    const root = await render(BrowserSets, { value: `'|` });
    // userinfo escapes both; the path escapes neither; the special query only the apostrophe.
    expect(root.querySelector('[data-role=summary]')?.text).toBe('Parts: 5. Different results: 3.');
  });

  it('says once, in the page language, that a lone surrogate is written as U+FFFD', async () => {
    const root = await render(BrowserSets, { value: 'a\uD800b\uDC00' }, 'uk');
    const notices = root.querySelectorAll('[data-role=notice][data-code=lone-surrogate]');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('U+D800');
    expect(notices[0]?.text).toContain('U+FFFD');
    expect(root.querySelector('.w-more')?.text).toContain('1');
    expect(encoded(root).path).toBe(urlWrites('a\uFFFDb\uFFFD').path);
  });

  it('shows the beginning of a long text and says so', () => {
    const m = { 'browserSets.cut': 'cut {{shown}}', locale: 'uk' };
    const view = browserSetsView(m, 'я'.repeat(CELL_LIMIT + 5));
    const html = JSON.stringify(view.output);
    // The figure as the page's language writes it.
    expect(html).toContain(`cut ${CELL_LIMIT.toLocaleString('uk')}`);
  });
});

describe('BrowserSetTable', () => {
  it('lists, per part, the printable ASCII the URL parser escapes and what it leaves raw against RFC 3986', async () => {
    const root = await render(BrowserSetTable, {});
    const cells = (part: string) => root.querySelectorAll(`tr[data-part="${part}"] td`).map((td) => td.text);
    const printable = Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i));
    for (const part of ['userinfo', 'path', 'special-query', 'query', 'fragment']) {
      const escaped = printable.filter((c) => {
        const w = urlWrites(c)[part];
        return w !== c && !(part === 'path' && c === '\\');
      });
      expect(cells(part)[0]).toBe(['space', ...escaped].join(' '));
    }
    // The articles' claims: | raw in a path, { } | ^ \ and the backtick raw in a query, [ ] raw in both.
    expect(cells('path')[1]).toBe('[ ] |');
    expect(cells('special-query')[1]).toBe('[ \\ ] ^ ` { | }');
    expect(cells('userinfo')[1]).toBe('none');
  });
});
