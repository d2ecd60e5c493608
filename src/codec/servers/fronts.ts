/**
 * Which request targets each stack's HTTP server refuses before any application code runs,
 * byte by byte (measured: every ASCII byte and some non-ASCII characters in a query sent raw).
 * Browsers never send a raw space, control or non-ASCII byte; they do send ``| ^ ` { } [ ] \``
 * raw in a query, which Tomcat refuses.
 */
import type { StackId } from './types.ts';

/** A refused target's status (`0`: the connection closed without an answer), or `null`. */
export function refusal(stack: StackId, bytes: Uint8Array): number | null {
  const refused = refusedTable(stack);
  for (let i = 0; i < bytes.length; i++)
    if (refused[bytes[i] as number] === 1) return stack === 'php:parse_str' ? 0 : 400;
  return null;
}

// One table per stack, made on first use: a lookup per byte of a long query.
let tables: Map<StackId, Uint8Array> | undefined;

function refusedTable(stack: StackId): Uint8Array {
  tables ??= new Map();
  let table = tables.get(stack);
  if (table === undefined) {
    const refuses = refusesByte(stack);
    table = new Uint8Array(256);
    for (let byte = 0; byte < 256; byte++) table[byte] = refuses(byte) ? 1 : 0;
    tables.set(stack, table);
  }
  return table;
}

// llhttp (Node) and PHP's built-in server: controls, space, DEL and every non-ASCII byte.
const strict = (byte: number) => byte <= 0x20 || byte >= 0x7f;
// Tomcat also refuses the characters RFC 3986 does not allow raw in a query.
const tomcatRejects = new Set([0x22, 0x3c, 0x3e, 0x5b, 0x5c, 0x5d, 0x5e, 0x60, 0x7b, 0x7c, 0x7d]);
// Python's http.server splits the request line at whitespace as str.split() sees it in Latin-1.
const pythonWhitespace = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0]);

function refusesByte(stack: StackId): (byte: number) => boolean {
  switch (stack) {
    case 'node:URLSearchParams':
    case 'node:querystring':
    case 'php:parse_str':
      return strict;
    case 'java:tomcat':
      return (byte) => strict(byte) || tomcatRejects.has(byte);
    case 'go:url.ParseQuery':
      // net/url refuses ASCII controls; net/http a second space in the request line.
      return (byte) => byte <= 0x20 || byte === 0x7f;
    case 'python:parse_qsl':
    case 'django:QueryDict':
      return (byte) => pythonWhitespace.has(byte);
    default:
      // Rack and Rails: the request line is split at spaces only.
      return (byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d;
  }
}
