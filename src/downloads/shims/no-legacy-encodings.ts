/**
 * Stands in for `@exodus/bytes/encoding.js`, which whatwg-url's parser imports only to add the
 * legacy multi-byte encodings (Shift_JIS, GBK, Big5...) a query may be encoded in on a page
 * served in them. The bundles only ever parse `http://<host>/` (see url.ts): no query, so
 * none of those tables (~10x the size of the rest) is needed.
 */
export {};
