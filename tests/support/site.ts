/** The origin the build writes into canonical and alternate links (astro.config.mjs `site`). */
export const SITE = new URL(process.env.SITE_URL ?? 'https://percent-encoding.example');
