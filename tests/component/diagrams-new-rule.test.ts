import { routedContainer } from '../support/container';
import { parse } from 'node-html-parser';
import { describe, expect, it, vi } from 'vitest';
import GroupingDiagram from '../../src/components/diagrams/GroupingDiagram.astro';
import PipelineDiagram from '../../src/components/diagrams/PipelineDiagram.astro';
import { LOCALES } from '../../src/i18n/locales';

// The codec's rule list grows: a diagram draws whatever rules `changes` lists, and a rule
// with no string yet gets the locale's "Rule <name>" instead of a gap or a crash.
vi.mock('../../src/codec/index.ts', async (original) => {
  const codec = await original<typeof import('../../src/codec/index.ts')>();
  return {
    ...codec,
    normalize: (url: string, policy?: Parameters<typeof codec.normalize>[1]) => {
      const result = codec.normalize(url, policy);
      return result.ok
        ? { ...result, changes: [...result.changes, { rule: 'collapse-slashes', before: '//', after: '/' }] }
        : result;
    },
  };
});

describe('a rule the locale files do not name yet', () => {
  it.each([GroupingDiagram, PipelineDiagram])(
    'is drawn with the fallback name in every locale (%#)',
    async (component) => {
      const container = await routedContainer();
      const expected = {
        en: 'Rule collapse-slashes',
        th: 'กฎ collapse-slashes',
        hi: 'नियम collapse-slashes',
        uk: 'Правило collapse-slashes',
      };
      for (const locale of LOCALES) {
        const html = await container.renderToString(component, {
          props: {},
          request: new Request(`http://localhost/${locale}/x/`),
        });
        const svg = parse(html).querySelector('svg')!;
        expect(svg.querySelectorAll('text').map((t) => t.text)).toContain(expected[locale]);
      }
    },
  );
});
