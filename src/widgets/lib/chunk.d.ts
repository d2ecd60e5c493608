/** `import url from './module?chunk'`: the URL of that module's own chunk (src/integrations/chunk-url.ts). */
declare module '*?chunk' {
  const url: string;
  export default url;
}
