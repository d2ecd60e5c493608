import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CONTENT_DIR } from './lib/content-dir.ts';
import { DOC_GROUPS } from './lib/doc-groups';

/**
 * Articles live in `content/<locale>/<slug>.mdx` (CONTENT_DIR: a test fixture's directory
 * instead); the entry id is `<locale>/<slug>`.
 * The slug is ASCII and the same in every locale, so a page's URL differs between
 * locales only in its first segment.
 */
const docs = defineCollection({
  loader: glob({ base: `./${CONTENT_DIR}`, pattern: '*/*.mdx' }),
  schema: z.object({
    title: z.string().min(1),
    /** One sentence: used for <meta name="description"> and the home page list. */
    description: z.string().min(1),
    /** Reading order: the home page list and previous/next links follow it. */
    order: z.number().int().nonnegative(),
    /**
     * The site menu's group (src/lib/doc-groups.ts). Set in the English entry, which decides
     * every locale's menu; a translation need not repeat it.
     */
    group: z.enum(DOC_GROUPS).optional(),
    /** Primary sources listed under "Further reading". */
    furtherReading: z.array(z.object({ title: z.string().min(1), url: z.url() })).default([]),
  }),
});

export const collections = { docs };
