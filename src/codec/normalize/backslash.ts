/**
 * A `\` read where a browser reads it. In a URL of a special scheme the URL Standard reads
 * every `\` before the query as `/`: in the slashes after the scheme, as the end of the
 * authority, and as a path separator. So `https://evil.example\@shop.example/` goes to
 * `evil.example`, and RFC 3986's split (a host `shop.example`) would point a check at the
 * wrong host. A query and a fragment keep their `\`, as browsers keep it.
 *
 * https://url.spec.whatwg.org/#special-authority-slashes-state
 * https://url.spec.whatwg.org/#authority-state ("url is special and c is U+005C (\)")
 * https://url.spec.whatwg.org/#path-state
 */
import { schemeEnd } from '../scan.ts';
import type { CharBytes } from '../char-bytes.ts';
import type { ChangeLog } from './changes.ts';

/** The text as a browser reads it, and where its length changed (the slashes after the scheme). */
export type SlashReading = {
  text: string;
  /** Offsets from `at` on in `text` lie `shift` characters later in the input. */
  at: number;
  shift: number;
};

/**
 * `text` with each `\` before its query read as `/`, or `null` when the text has none there
 * or is not read the URL Standard's way: only URLs of a special scheme, and network-path
 * references (`//host\path`), which resolve against the http(s) page they were found on.
 * A path-only reference (`/a\b`) is a request path from a log: no browser sends a raw `\`,
 * so another client sent it, and servers read it as written.
 * After a special scheme other than `file`, slashes that hold a `\` become `//`, as
 * the URL Standard skips any run of them before the host (`https:\\\x` is `https://x/`).
 */
export function readBackslashes(text: string, chars: CharBytes, log: ChangeLog | null): SlashReading | null {
  const first = text.indexOf('\\');
  if (first < 0) return null;
  const end = endOfPath(text);
  if (first >= end) return null;
  const scheme = schemeEnd(chars, text.length);
  const reading =
    scheme < 0 ? (chars[0] === 0x2f && chars[1] === 0x2f ? 'authority' : null) : schemeReading(text, scheme);
  if (reading === null) return null;

  let out = '';
  let from = 0;
  let at = 0;
  let shift = 0;
  if (reading === 'authority') {
    // The slashes before the host: after the scheme's `:`, or from the start of a reference.
    let run = scheme + 1;
    let backslash = false;
    for (; run < end && (chars[run] === 0x2f || chars[run] === 0x5c); run++) if (chars[run] === 0x5c) backslash = true;
    if (backslash) {
      log?.note('backslash-as-slash', text.slice(scheme + 1, run), '//');
      out = text.slice(0, scheme + 1) + '//';
      from = run;
      at = out.length;
      shift = run - at;
    }
  }
  for (let i = text.indexOf('\\', from); i >= 0 && i < end; i = text.indexOf('\\', i)) {
    let j = i + 1;
    while (j < end && chars[j] === 0x5c) j++;
    const slashes = '/'.repeat(j - i);
    log?.note('backslash-as-slash', text.slice(i, j), slashes);
    out += text.slice(from, i) + slashes;
    from = i = j;
  }
  return { text: out + text.slice(from), at, shift };
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
