/**
 * What the stacks that route on a path of their own hand the application for a request
 * path, modelled and checked against tests/fixtures/servers/paths.json: Node's raw
 * `req.url`, Go's decoded `URL.Path` (with `RawPath` and what a `ServeMux` answers), and
 * Tomcat's decoded, normalized servlet path.
 */
import { isEscapeAt, latin1Text, queryBytes, textOrBytes, unescapeBytes } from './bytes.ts';
import { refusal } from './fronts.ts';
import type { ServerText } from './types.ts';

export type PathStackId = 'node:http' | 'go:net/http' | 'java:tomcat';

export type PathReading =
  | { path: ServerText; rawPath?: string; mux?: number; location?: string; uri?: string }
  | { status: number };

export const pathStacks: readonly { id: PathStackId; name: string; routesOn: 'raw' | 'decoded' }[] = [
  { id: 'node:http', name: 'Node / Express', routesOn: 'raw' },
  { id: 'go:net/http', name: 'Go', routesOn: 'decoded' },
  { id: 'java:tomcat', name: 'Tomcat / Spring', routesOn: 'decoded' },
];

/**
 * What `stack` reads from the request path `target` (sent as its UTF-8 bytes; a query is
 * ignored). Never throws.
 *
 * @example
 * readPath('java:tomcat', '/a/..;/b') // { uri: '/a/..;/b', path: '/b' }
 * readPath('go:net/http', '/a%2Fb')   // { path: '/a/b', rawPath: '/a%2Fb', mux: 200 }
 */
export function readPath(stack: PathStackId, target: string): PathReading {
  target = String(target);
  // The path ends at the query.
  const query = target.indexOf('?');
  if (query >= 0) target = target.slice(0, query);
  const bytes = queryBytes(target);
  if (stack === 'node:http') {
    const status = refusal('node:URLSearchParams', bytes);
    return status === null ? { path: target } : { status };
  }
  if (stack === 'go:net/http') return readGoPath(bytes);
  return readTomcatPath(bytes, target);
}

function readGoPath(bytes: Uint8Array): PathReading {
  if (refusal('go:url.ParseQuery', bytes) !== null) return { status: 400 };
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x25 && !isEscapeAt(bytes, i)) return { status: 400 };
  const decoded = unescapeBytes(bytes, 0, bytes.length, false, false) as Uint8Array;
  const raw = latin1Text(bytes);
  const path = latin1Text(decoded);
  const reading: PathReading = {
    path: textOrBytes(decoded),
    rawPath: goEscapePath(path) === raw ? '' : (textOrBytes(bytes) as string),
    mux: 200,
  };
  const clean = goCleanPath(path);
  if (clean !== path) Object.assign(reading, { mux: 301, location: goEscapePath(clean) });
  return reading;
}

/** Go's `escape(s, encodePath)` over a binary string: what it leaves raw in a path. */
function goEscapePath(binary: string): string {
  let out = '';
  for (let i = 0; i < binary.length; i++) {
    const c = binary.charCodeAt(i);
    const raw =
      (c >= 0x30 && c <= 0x39) ||
      ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) ||
      '-_.~$&+,/:;=@'.includes(binary[i] as string);
    out += raw ? binary[i] : '%' + c.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Go's `cleanPath`: `path.Clean` with a leading `/`, keeping a trailing `/`. */
function goCleanPath(p: string): string {
  if (p === '') return '/';
  if (p[0] !== '/') p = '/' + p;
  const segments: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  let clean = '/' + segments.join('/');
  if (p.endsWith('/') && clean !== '/') clean += '/';
  return clean;
}

/**
 * Tomcat 10.1 with its default connector: path parameters (`;…` in a segment) removed, then
 * escapes decoded as UTF-8, `//`, `.` and `..` resolved. It answers 400 to a raw byte it does
 * not allow, an escaped `/`, `\` or NUL, a stray `%`, bytes that are not UTF-8, and `..`
 * above the root; 404 to `/WEB-INF/` and `/META-INF/`.
 */
function readTomcatPath(bytes: Uint8Array, target: string): PathReading {
  if (refusal('java:tomcat', bytes) !== null) return { status: 400 };
  let stripped = '';
  for (const segment of latin1Text(bytes).split('/'))
    stripped += (stripped === '' && segment === '' ? '' : '/') + (segment.split(';')[0] as string);
  if (latin1Text(bytes).startsWith('/') && !stripped.startsWith('/')) stripped = '/' + stripped;
  const strippedBytes = new Uint8Array([...stripped].map((c) => c.charCodeAt(0)));
  for (let i = 0; i < strippedBytes.length; i++)
    if (strippedBytes[i] === 0x25 && !isEscapeAt(strippedBytes, i)) return { status: 400 };
  const decoded = unescapeBytes(strippedBytes, 0, strippedBytes.length, false, false) as Uint8Array;
  const text = textOrBytes(decoded);
  if (typeof text !== 'string' || /[\\\u0000]/.test(text) || /%2f/i.test(stripped)) return { status: 400 };
  const segments: string[] = [];
  const parts = text.split('/').slice(1);
  for (let k = 0; k < parts.length; k++) {
    const segment = parts[k] as string;
    const last = k === parts.length - 1;
    if (segment === '.' || (segment === '' && !last)) continue;
    if (segment === '..') {
      if (segments.length === 0) return { status: 400 };
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const path = '/' + segments.join('/');
  // A web application's private folders are never served.
  if (/^\/(WEB|META)-INF(\/|$)/i.test(path)) return { status: 404 };
  return { uri: target, path };
}
