/**
 * What normalization changed, as data a widget can show: each change names a rule and
 * carries the text before and after it. Rule names are kebab-case and stable.
 */

/**
 * - `strip-whitespace`: leading/trailing C0 controls and spaces removed (as the WHATWG URL parser does).
 * - `lowercase-scheme`: `HTTP:` → `http:`.
 * - `lowercase-host`: `Example.COM` → `example.com`.
 * - `canonicalize-host`: the platform URL parser rewrote the host: IDN → punycode,
 *   IPv4/IPv6 canonical form, escapes in the host decoded.
 * - `remove-default-port`: `:80` for http/ws, `:443` for https/wss, `:21` for ftp.
 * - `remove-empty-port`: a `:` with no digits.
 * - `remove-port-leading-zeros`: `:08080` → `:8080`.
 * - `add-root-path`: the empty path of an http(s), ws(s) or ftp URL becomes `/`.
 * - `uppercase-hex`: `%2f` → `%2F`.
 * - `decode-unreserved`: an escape of `A-Z a-z 0-9 - . _ ~` decoded: `%7E` → `~`.
 * - `escape-unsafe`: a character that may not appear raw escaped as UTF-8: space, controls,
 *   `" < > \ ^ ` { } |`, non-ASCII.
 * - `escape-stray-percent`: a `%` that starts no valid escape → `%25`.
 * - `remove-dot-segments`: `.` and `..` segments resolved in the path (RFC 3986 §5.2.4).
 * - `guard-double-slash`: a path starting with `//` and no authority gets a `/.` prefix, so
 *   it is not read as a host.
 * - `plus-as-space`: policy `plus: 'form'`; a `+` in the query is a space, written `%20`.
 * - `remove-empty-pairs`: `&&` and a trailing `&` in the query.
 * - `drop-parameter`: policy `drop`; the parameter is removed.
 * - `lowercase-value`: policy `caseInsensitive`; the value is lowercased.
 * - `trim-value`: policy `trim`; leading/trailing spaces (`%20`) removed from the value.
 * - `sort-query`: policy `order: 'sort'`; parameters sorted by encoded name.
 * - `remove-empty-query`: a `?` with nothing (left) after it.
 * - `drop-fragment`: policy `fragment: 'drop'`.
 */
export type NormalizeRule =
  | 'strip-whitespace'
  | 'lowercase-scheme'
  | 'lowercase-host'
  | 'canonicalize-host'
  | 'remove-default-port'
  | 'remove-empty-port'
  | 'remove-port-leading-zeros'
  | 'add-root-path'
  | 'uppercase-hex'
  | 'decode-unreserved'
  | 'escape-unsafe'
  | 'escape-stray-percent'
  | 'remove-dot-segments'
  | 'guard-double-slash'
  | 'plus-as-space'
  | 'remove-empty-pairs'
  | 'drop-parameter'
  | 'lowercase-value'
  | 'trim-value'
  | 'sort-query'
  | 'remove-empty-query'
  | 'drop-fragment';

/** One change: the rule, and the affected text before and after it. */
export type NormalizeChange = { rule: NormalizeRule; before: string; after: string };

/** Collects changes in the order the rules apply. */
export class ChangeLog {
  readonly changes: NormalizeChange[] = [];

  note(rule: NormalizeRule, before: string, after: string): void {
    this.changes.push({ rule, before, after });
  }
}
