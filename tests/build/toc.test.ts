import { describe, expect, it } from 'vitest';
import { builtPages } from '../support/dist';

// The table of contents of every article: each section (h2) one item, numbered in order,
// with its subsections (h3) in a list of their own inside it, so a subsection never takes
// a section's number (tests/e2e/reader.spec.ts checks the numbers Chromium shows).
const articles = builtPages().filter((page) => page.root.querySelector('page-toc nav') !== null);

describe.each(articles.map((page) => [page.path, page] as const))('%s', (_path, page) => {
  it('lists the sections, each with its own subsections', () => {
    const article = page.root.querySelector('article');
    // The page's headings in order, grouped as the TOC should be: h3s under the h2 before them.
    const expected: { id: string; subsections: string[] }[] = [];
    for (const h of article?.querySelectorAll('.heading > h2[id], .heading > h3[id]') ?? []) {
      const last = expected.at(-1);
      if (h.tagName === 'H3' && last) last.subsections.push(h.id);
      else expected.push({ id: h.id, subsections: [] });
    }
    const top = page.root.querySelectorAll('page-toc nav > ol > li');
    const listed = top.map((li) => ({
      id: li.querySelector('a')?.getAttribute('href')?.slice(1) ?? '',
      subsections: li.querySelectorAll(':scope > ol > li > a').map((a) => a.getAttribute('href')?.slice(1) ?? ''),
    }));
    expect(listed).toEqual(expected);
  });
});
