import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// Reader features: the table of contents' numbering, the Group widget's file chooser in
// the page's language, and what a printed page holds.
type Strings = { [key: string]: string | Strings };
const strings = (locale: string): Strings =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', `${locale}.json`), 'utf8')) as Strings;
const get = (tree: Strings, path: string) => path.split('.').reduce<Strings | string>((t, k) => (t as Strings)[k] ?? '', tree) as string;

interface Item {
  marker: string;
  link: string;
  items: Item[];
}

/**
 * The table of contents as Chromium's accessibility tree has it: each list item's marker
 * (the number the reader sees and hears) and link, with its own list's items.
 */
async function tocAsRendered(page: Page): Promise<Item[]> {
  type AXNode = { nodeId: string; role?: { value: string }; name?: { value: string }; childIds?: string[] };
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const children = (n: AXNode) => (n.childIds ?? []).flatMap((id) => byId.get(id) ?? []);
  const find = (n: AXNode, role: string): AXNode | undefined => children(n).find((c) => c.role?.value === role);
  const items = (list: AXNode): Item[] =>
    children(list)
      .filter((c) => c.role?.value === 'listitem')
      .map((li) => {
        const sub = find(li, 'list');
        return { marker: find(li, 'ListMarker')?.name?.value.trim() ?? '', link: find(li, 'link')?.name?.value ?? '', items: sub ? items(sub) : [] };
      });
  const nav = nodes.find((n) => n.role?.value === 'navigation' && n.name?.value === get(strings('en'), 'article.toc'));
  const list = nav && find(nav, 'list');
  return list ? items(list) : [];
}

test('the table of contents numbers sections 1, 2, 3… and each section’s subsections from 1', async ({ page }) => {
  await page.goto('/en/percent-encoding/');
  const toc = await tocAsRendered(page);
  const sections = await page.locator('article .heading > h2[id]').allTextContents();
  // Every section, numbered in order; a subsection never counts as one.
  expect(toc.map((i) => i.link)).toEqual(sections);
  expect(toc.map((i) => i.marker)).toEqual(toc.map((_, n) => `${n + 1}.`));
  const nested = toc.filter((i) => i.items.length > 0);
  expect(nested.length).toBeGreaterThan(0);
  for (const section of nested) expect(section.items.map((i) => i.marker)).toEqual(section.items.map((_, n) => `${n + 1}.`));
  // The section after the subsections keeps its own number.
  const after = toc[toc.indexOf(nested[0] as Item) + 1];
  expect(after?.marker).toBe(`${toc.indexOf(nested[0] as Item) + 2}.`);
});
