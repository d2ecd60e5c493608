/** `import url from './module?chunk'`: the URL of that module's own chunk (astro.config.mjs). */
declare module '*?chunk' {
  const url: string;
  export default url;
}
