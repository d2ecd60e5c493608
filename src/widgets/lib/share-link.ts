/**
 * Share links: the state of a widget's form in the page URL's fragment.
 *
 * Format (documented in ../README.md):
 *   <page URL>#<widget id>?<URLSearchParams of the widget's named form controls>
 * e.g. /en/tools/#tool-encode?value=C%2B%2B+%26+C%23&mode=form
 * Version 2 (`v=2`, written only when needed) escapes lone surrogates as `\uXXXX` and
 * backslashes as `\\`. The fragment never reaches a server. Values go back into form
 * controls as `.value`, so a fragment holding markup is only ever text.
 */
import { modelOf } from '../../codec/normalize/model';

const decodeOne = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
/** One escaped character: ASCII, or a UTF-8 sequence of two to four bytes. */
const SEQUENCE =
  /%[0-7][\da-f]|%[cd][\da-f]%[89ab][\da-f]|%e[\da-f](?:%[89ab][\da-f]){2}|%f[\da-f](?:%[89ab][\da-f]){3}/gi;

/**
 * A share link's fields, read as URLSearchParams reads them, except that escapes which are
 * not UTF-8 (`%E0%A4` in a link written by hand) stay as written instead of becoming U+FFFD;
 * version 2 also undoes its `\uXXXX` and `\\` escapes. The first of a repeated name counts.
 * A link made before the normalization models gets the `model` its `plus` stood for.
 */
export function linkFields(state: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const piece of state.split('&')) {
    const [name, value] = [piece.split('=', 1)[0]!, piece.slice(piece.indexOf('=') + 1 || piece.length)].map((s) => {
      s = s.replace(/\+/g, ' ');
      try {
        return decodeURIComponent(s);
      } catch {
        return s.replace(SEQUENCE, decodeOne);
      }
    }) as [string, string];
    if (piece && !fields.has(name)) fields.set(name, value);
  }
  if (fields.get('v') === '2') {
    for (const [k, v] of fields)
      fields.set(
        k,
        v.replace(/\\(\\|u([\da-f]{4}))/gi, (_, e: string, hex?: string) =>
          hex ? String.fromCharCode(parseInt(hex, 16)) : e,
        ),
      );
  }
  if (fields.has('plus') && !fields.has('model')) fields.set('model', modelOf({ plus: fields.get('plus') }));
  return fields;
}

/** Longest share link handed out with the reader's input in it (Group can hold megabytes). */
const MAX_LINK = 16000;

/**
 * The share-link state of a form's values (`URLSearchParams`), and whether the `inputs` were
 * left out for length. A lone surrogate has no UTF-8 form (URLSearchParams would send U+FFFD):
 * then the link is version 2, which escapes it as `\uXXXX` and a backslash as `\\`.
 */
export function linkState(values: Record<string, string>, inputs: readonly string[]): { state: string; cut: boolean } {
  const v = { ...values };
  const cut = new URLSearchParams(v).toString().length > MAX_LINK;
  if (cut) for (const name of inputs) delete v[name];
  if (Object.values(v).some((x) => /\p{Cs}/u.test(x))) {
    for (const k in v)
      v[k] = v[k]!.replace(/\\|\p{Cs}/gu, (c) => (c === '\\' ? '\\\\' : `\\u${c.charCodeAt(0).toString(16)}`));
    v.v = '2';
  }
  return { state: `${new URLSearchParams(v)}`, cut };
}
