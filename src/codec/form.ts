import { decode } from './decode.ts';

/**
 * Parses `application/x-www-form-urlencoded` text (a query string without its `?`) into
 * name/value pairs, exactly as `URLSearchParams` does: split on `&`, skip empty pieces,
 * split each at its first `=`, read `+` as a space, then percent-decode as UTF-8 with
 * U+FFFD for invalid bytes.
 *
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 *
 * @example
 * parseFormPairs('q=C%2B%2B+%26+C%23&&lang') // [['q', 'C++ & C#'], ['lang', '']]
 * parseFormPairs('b=%%2a')                   // [['b', '%*']]
 */
export function parseFormPairs(query: string): [name: string, value: string][] {
  const pairs: [string, string][] = [];
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const name = equals < 0 ? piece : piece.slice(0, equals);
    const value = equals < 0 ? '' : piece.slice(equals + 1);
    pairs.push([readFormText(name), readFormText(value)]);
  }
  return pairs;
}

function readFormText(text: string): string {
  const decoded = decode(text, { mode: 'form', invalid: 'replace' });
  // Lenient decoding cannot fail; the fallback only keeps the types total.
  return decoded.ok ? decoded.value : text;
}
