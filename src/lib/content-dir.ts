/**
 * The articles' directory, relative to the project root: `content`, or a test fixture's
 * (tests/fixtures/fallback-site/) when the build is given CONTENT_DIR.
 */
export const CONTENT_DIR = process.env.CONTENT_DIR ?? 'content';
