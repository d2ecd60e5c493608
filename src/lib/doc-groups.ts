/**
 * The site menu's groups, in the order it shows them: what encoding is (basics), where it
 * goes wrong (practice), what to look up (reference). An article's frontmatter `group`.
 */
export const DOC_GROUPS = ['basics', 'practice', 'reference'] as const;
export type DocGroup = (typeof DOC_GROUPS)[number];
