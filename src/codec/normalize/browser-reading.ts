/**
 * What a browser does to a URL of a special scheme before it splits it, so that the
 * normalizer's split is the browser's. The URL Standard:
 * - removes every tab, LF and CR, wherever they stand (`https://x.exa<TAB>mple/` is x.example);
 * - reads any run of `/` and `\` after the scheme, even none, as `//` (`https:evil.example/x`
 *   and `https:\\evil.example/x` both go to evil.example);
 * - reads every other `\` before the query as `/`, as the end of the authority and as a path
 *   separator: `https://evil.example\@shop.example/` goes to `evil.example`, where RFC 3986's
 *   split (a host `shop.example`) would point a check at the wrong host.
 * A query and a fragment keep their `\`, as browsers keep it.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser ("remove all ASCII tab or newline")
 * https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
 * https://url.spec.whatwg.org/#authority-state ("url is special and c is U+005C (\)")
 * https://url.spec.whatwg.org/#path-state
 */
import { charBytes, type CharBytes } from '../char-bytes.ts';
import { schemeEnd } from '../scan.ts';
import type { ChangeLog } from './changes.ts';

/** The text as a browser reads it, and the way back from its offsets to the input's. */
export type BrowserReading = {
  text: string;
  chars: CharBytes;
  /** The offset in the input of the character at `index` of `text`. */
  inputIndex: (index: number) => number;
};

/**
 * `text` as a browser reads it, or `null` when a browser reads it as written, or when it is
 * not read the URL Standard's way: that is only URLs of a special scheme, and network-path
 * references (`//host\path`), which resolve against the http(s) page they were found on.
 * A path-only reference (`/a\b`) is a request path from a log: no browser sends a raw `\`
 * or tab, so another client sent it, and servers read it as written.
 */
export function readAsBrowser(text: string, chars: CharBytes, log: ChangeLog | null): BrowserReading | null {
  const removed = tabsAndNewlines(text);
  if (removed === null && text.indexOf('\\') < 0) {
    // Nearly every URL: no tab, no `\`, and two slashes after the scheme, or before a
    // reference's host (`///evil.example/a` is a link to evil.example, as `https:///` is).
    const scheme = schemeEnd(chars, text.length);
    const at = scheme + 1;
    if (
      !(chars[at] === 0x2f && chars[at + 1] === 0x2f && chars[at + 2] === 0x2f) &&
      (scheme < 0 || (chars[at] === 0x2f && chars[at + 1] === 0x2f))
    )
      return null;
  }
  let clean = text;
  let cleanChars = chars;
  if (removed !== null) {
    // A row that is not a `//` reference as written stays a request path, whatever a tab hid
    // (`/<TAB>/evil.example`); a scheme is looked for after removal (`ht<TAB>tps:` is https).
    if (chars[0] === 0x2f && chars[1] !== 0x2f) return null;
    clean = without(text, removed);
    // `chars` is the caller's view of `text`, in a buffer the next charBytes() reuses.
    if (!SPECIAL_OR_NETWORK_PATH.test(clean)) return null;
    cleanChars = charBytes(clean).bytes;
  }
  const scheme = schemeEnd(cleanChars, clean.length);
  const reading =
    scheme < 0 ? (cleanChars[0] === 0x2f && cleanChars[1] === 0x2f ? 'authority' : null) : schemeReading(clean, scheme);
  if (reading === null) return null;
  if (removed !== null && log !== null) noteRemoved(text, removed, log);

  const end = endOfPath(clean);
  let out = '';
  let from = 0;
  // Offsets from `at` on in the output lie `shift` characters later in `clean`.
  let at = 0;
  let shift = 0;
  if (reading === 'authority') {
    // The slashes before the host: after the scheme's `:`, or from the start of a reference.
    let run = scheme + 1;
    let backslash = false;
    for (; run < end && (cleanChars[run] === 0x2f || cleanChars[run] === 0x5c); run++)
      if (cleanChars[run] === 0x5c) backslash = true;
    const written = clean.slice(scheme + 1, run);
    // With no host after them (`https:`, `https:/?q`), the URL is not one a browser goes to: left as written.
    if (written !== '//' && run < end) {
      if (backslash) log?.note('backslash-as-slash', written, '//');
      else log?.note('slashes-after-scheme', clean.slice(0, run), clean.slice(0, scheme + 1) + '//');
      out = clean.slice(0, scheme + 1) + '//';
      from = run;
      at = out.length;
      shift = run - at;
    }
  }
  for (let i = clean.indexOf('\\', from); i >= 0 && i < end; i = clean.indexOf('\\', i)) {
    let j = i + 1;
    while (j < end && cleanChars[j] === 0x5c) j++;
    const slashes = '/'.repeat(j - i);
    log?.note('backslash-as-slash', clean.slice(i, j), slashes);
    out += clean.slice(from, i) + slashes;
    from = i = j;
  }
  if (from === 0 && removed === null) return null;
  const result = from === 0 ? clean : out + clean.slice(from);
  return {
    text: result,
    chars: result === clean ? cleanChars : charBytes(result).bytes,
    inputIndex: (index) => {
      let k = index >= at ? index + shift : index;
      for (const r of removed ?? []) {
        if (r > k) break;
        k++;
      }
      return k;
    },
  };
}

/** A URL of a special scheme, or a network-path reference. */
const SPECIAL_OR_NETWORK_PATH = /^(?:(?:https?|wss?|ftp|file):|\/\/)/i;

/** The offsets of the tabs, LFs and CRs in `text`, in order; `null` when it has none. */
function tabsAndNewlines(text: string): number[] | null {
  if (text.indexOf('\t') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) return null;
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) found.push(i);
  }
  return found;
}

function without(text: string, removed: readonly number[]): string {
  let out = '';
  let from = 0;
  for (const r of removed) {
    out += text.slice(from, r);
    from = r + 1;
  }
  return out + text.slice(from);
}

/** One note per run of removed characters that touch each other. */
function noteRemoved(text: string, removed: readonly number[], log: ChangeLog): void {
  for (let k = 0; k < removed.length; ) {
    const first = removed[k] as number;
    let last = first;
    while (removed[k + 1] === last + 1) last = removed[++k] as number;
    k++;
    log.note('strip-tab-newline', text.slice(first, last + 1), '');
  }
}

/** Where the path ends: the first `?` or `#`. */
function endOfPath(text: string): number {
  const query = text.indexOf('?');
  const fragment = text.indexOf('#');
  if (query < 0) return fragment < 0 ? text.length : fragment;
  return fragment < 0 || query < fragment ? query : fragment;
}

/**
 * `authority` for the URL Standard's special schemes but `file` (any run of slashes before
 * the host is read as `//`), `each` for `file` (whose slashes are read one by one, so each
 * `\` is just a `/`), `null` for any other scheme.
 * https://url.spec.whatwg.org/#special-scheme
 */
function schemeReading(text: string, end: number): 'authority' | 'each' | null {
  switch (text.slice(0, end).toLowerCase()) {
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
    case 'ftp':
      return 'authority';
    case 'file':
      return 'each';
    default:
      return null;
  }
}
