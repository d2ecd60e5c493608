/**
 * `TextEncoder` and `TextDecoder` for engines that have none (the JavaScript UDF runtimes of
 * BigQuery and Snowflake): the pure-JavaScript WHATWG Encoding Standard implementation of
 * `@exodus/bytes`, which whatwg-url already depends on. The UDF build imports these in place
 * of the globals in the codec's and whatwg-url's modules (src/downloads/build.ts). Where no
 * native classes exist, the library runs its own UTF-8 code; where they do, it uses them.
 * https://encoding.spec.whatwg.org/#interface-textencoder
 */
export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding-lite.js';
