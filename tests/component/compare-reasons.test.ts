import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { parse } from 'node-html-parser';
import { expect, it } from 'vitest';
import Compare from '../../src/widgets/compare/Compare.astro';

// Compare's "Decided by" cell: a list holds only list items (axe's `list` rule, WCAG 1.3.1);
// when only the parameter rows below can say what decided, the query row says so in a sentence.
it('Compare writes its reasons as list items, and the query row points to the parameters in plain text', async () => {
  const container = await AstroContainer.create();
  const html = await container.renderToString(Compare, {
    props: { a: '/landing?utm_source=email+campaign', b: '/landing?utm_source=email%2Bcampaign' },
  });
  const root = parse(html);
  const lists = root.querySelectorAll('.w-reasons');
  expect(lists.length).toBeGreaterThan(0);
  for (const list of lists)
    expect(list.childNodes.every((n) => (n as { tagName?: string }).tagName === 'LI')).toBe(true);
  const query = root.querySelectorAll('tr[data-role=part]')[1];
  expect(query?.querySelector('td:last-child')?.text).toBe('the parameters below say what decided');
});
