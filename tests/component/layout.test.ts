import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import LanguageSwitcher from '../../src/components/LanguageSwitcher.astro';
import FallbackNotice from '../../src/components/FallbackNotice.astro';
import Toc from '../../src/components/Toc.astro';
import Heading from '../../src/components/Heading.astro';

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const render = async (
  component: Parameters<AstroContainer['renderToString']>[0],
  props: Record<string, unknown>,
  slot?: string,
) => parse(await container.renderToString(component, { props, ...(slot ? { slots: { default: slot } } : {}) }));

describe('LanguageSwitcher', () => {
  it('links the same route in every locale, each named in its own language', async () => {
    const html = await render(LanguageSwitcher, { locale: 'th', route: 'faq' });
    const links = html
      .querySelectorAll('a[hreflang]')
      .map((a) => [a.getAttribute('hreflang'), a.getAttribute('href'), a.text]);
    expect(links).toEqual([
      ['en', '/en/faq/', 'English'],
      ['th', '/th/faq/', 'ไทย'],
      ['hi', '/hi/faq/', 'हिन्दी'],
      ['uk', '/uk/faq/', 'Українська'],
    ]);
  });

  it('marks the current locale and labels the others in the reader language', async () => {
    const html = await render(LanguageSwitcher, { locale: 'uk', route: '' });
    expect(html.querySelector('a[aria-current=page]')?.getAttribute('hreflang')).toBe('uk');
    expect(html.querySelector('a[hreflang=th]')?.getAttribute('title')).toBe(
      'Версія цієї сторінки іншою мовою: тайська',
    );
    expect(html.querySelector('nav')?.getAttribute('aria-label')).toBe('Мова');
  });
});

describe('FallbackNotice', () => {
  it('speaks the reader language', async () => {
    const html = await render(FallbackNotice, { locale: 'hi' });
    expect(html.querySelector('[data-fallback-notice]')?.text).toContain('हिन्दी अनुवाद');
  });
});

describe('Toc', () => {
  const headings = [
    { depth: 2, slug: 'why-it-exists', text: 'Why it exists' },
    { depth: 3, slug: 'structural-characters', text: 'Structural characters' },
    { depth: 4, slug: 'too-deep', text: 'Too deep' },
  ];

  it('lists section and subsection anchors under a localized title, in a closed disclosure', async () => {
    const html = await render(Toc, { locale: 'th', headings });
    expect(html.querySelector('summary')?.text).toBe('ในหน้านี้');
    expect(html.querySelector('details')?.hasAttribute('open')).toBe(false);
    const nav = html.querySelector('nav');
    expect(html.querySelector(`#${nav?.getAttribute('aria-labelledby')}`)?.text).toBe('ในหน้านี้');
    expect(html.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      '#why-it-exists',
      '#structural-characters',
    ]);
    // Nothing is marked until the script sees a section on screen.
    expect(html.querySelectorAll('[aria-current]')).toHaveLength(0);
  });

  it('is left out for a page with a single section', async () => {
    const html = await render(Toc, { locale: 'en', headings: headings.slice(0, 1) });
    expect(html.querySelector('nav')).toBeNull();
  });
});

describe('Heading', () => {
  it('keeps the source id and adds a visible link to it outside the heading', async () => {
    const html = await render(Heading, { level: 2, id: 'space-or-plus' }, 'Space or plus?');
    expect(html.querySelector('h2')?.getAttribute('id')).toBe('space-or-plus');
    expect(html.querySelector('h2')?.text).toBe('Space or plus?');
    expect(html.querySelector('h2 + a.heading__anchor')?.getAttribute('href')).toBe('#space-or-plus');
  });
});
