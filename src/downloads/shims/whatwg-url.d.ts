/** The two functions of whatwg-url's URL parser that the URL shim uses (the package has no types). */
declare module 'whatwg-url/lib/url-state-machine.js' {
  /** A parsed URL record, or `null` for failure. https://url.spec.whatwg.org/#concept-basic-url-parser */
  export function basicURLParse(input: string): { host: unknown } | null;
  /** https://url.spec.whatwg.org/#concept-host-serializer */
  export function serializeHost(host: unknown): string;
}
