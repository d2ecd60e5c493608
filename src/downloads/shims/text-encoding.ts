/**
 * `TextEncoder` and `TextDecoder` for engines that have none (the JavaScript UDF runtimes of
 * BigQuery and Snowflake): the pure-JavaScript WHATWG Encoding Standard implementation of
 * `@exodus/bytes`, which whatwg-url already depends on. The UDF build injects these in place
 * of the globals the codec uses (src/downloads/build.ts); with no native classes present,
 * the library runs its own UTF-8 code.
 * https://encoding.spec.whatwg.org/#interface-textencoder
 */
export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding-lite.js';
