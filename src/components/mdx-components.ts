/**
 * Components an article may use without importing them: `[slug].astro` passes this map
 * to every MDX page, so `content/<locale>/<slug>.mdx` files hold prose and examples only.
 */
import H2 from './H2.astro';
import H3 from './H3.astro';

export const mdxComponents = {
  // Markdown headings, with their stable ids and a visible link to each.
  h2: H2,
  h3: H3,
};
