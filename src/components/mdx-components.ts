/**
 * Components an article may use without importing them: `[slug].astro` passes this map
 * to every MDX page, so `content/<locale>/<slug>.mdx` files hold prose and examples only.
 */
export const mdxComponents = {};
