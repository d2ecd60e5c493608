/**
 * The types of normalization, in a module of their own that imports nothing but types,
 * so every normalization module (and the widgets) can use them without
 * importing each other.
 */
import type { Result } from '../issues.ts';
import type { PathStackId } from '../servers/paths.ts';
import type { StackId } from '../servers/types.ts';

/**
 * Which URLs count as the same.
 * - `data`: the same when servers read the same data from them: the same path segments
 *   (each decoded to bytes) and the same query pairs as every modelled server stack reads
 *   them (Node, Express, Python, Django, PHP, Go, Rack, Rails, Tomcat); where one stack reads
 *   two forms apart they stay apart (see `KeptApart`). Applies to http(s) URLs and to
 *   path-only and network-path references.
 * - `rfc3986`: the URL is text, and only RFC 3986 section 6.2.2 applies: every escape of a
 *   reserved character stays, and `+` is a plus. Every other scheme is always compared so.
 */
export type NormalizeModel = 'data' | 'rfc3986';

/** Business rules for grouping analytics URLs. Every field is optional when passed in. */
export type NormalizePolicy = {
  /** `data` (default; http(s) and path-only references) or `rfc3986`. See {@link NormalizeModel}. */
  model: NormalizeModel;
  /**
   * @deprecated The option before `model`, still read from old share links and saved
   * policies: `literal` means `model: 'rfc3986'`, `form` the default. `model` wins when both are set.
   */
  plus?: 'form' | 'literal';
  /** `sort` (default): stable sort of parameters by canonical name; `keep`: input order. */
  order: 'sort' | 'keep';
  /** Parameter names whose values are lowercased, e.g. `['utm_source', 'utm_medium']`. Default none. */
  caseInsensitive: readonly string[];
  /** Strip leading and trailing spaces from values. Default `false`. */
  trim: boolean;
  /** Parameters to remove: exact names, or prefixes when an entry ends in `_` or `*` (`utm_`, `utm_*`). Default none. */
  drop: readonly string[];
  /** `drop` (default) or `keep` the fragment. */
  fragment: 'drop' | 'keep';
};

/**
 * - `strip-whitespace`: leading/trailing C0 controls and spaces removed (as the WHATWG URL parser does).
 * - `strip-tab-newline`: in a URL of a special scheme (and a `//` reference), every tab, LF and
 *   CR removed, wherever it stands, as the WHATWG URL parser does.
 * - `slashes-after-scheme`: in a URL of a special scheme but `file`, the `/` after the scheme
 *   written as `//`, however many there were: `https:x.example` → `https://x.example/`.
 * - `backslash-as-slash`: in a URL of a special scheme (and a `//` reference), a `\` before the
 *   query read as `/`, where the WHATWG URL parser reads it so: `https:\\a\b` → `https://a/b`.
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
 * - `decode-reserved`: (data model) an escape of a reserved character that carries no
 *   structure where it stands, decoded: `%2F` → `/` in a query value, `%3D` → `=` in a path.
 * - `escape-unsafe`: a character that may not appear raw escaped as UTF-8: space, controls,
 *   `" < > \ ^ ` { } |`, non-ASCII.
 * - `escape-reserved`: (data model) a raw reserved character that would carry structure or
 *   is not allowed raw where it stands, escaped: `=` inside a value → `%3D`, `[` → `%5B`.
 * - `escape-stray-percent`: a `%` that starts no valid escape → `%25`.
 * - `remove-dot-segments`: `.` and `..` segments resolved in the path (RFC 3986 §5.2.4).
 * - `guard-double-slash`: a path starting with `//` and no authority gets a `/.` prefix, so
 *   it is not read as a host.
 * - `plus-as-space`: (data model) a `+` in a query name or value is a space, written `%20`.
 * - `remove-empty-pairs`: `&&` and a trailing `&` in the query.
 * - `drop-parameter`: policy `drop`; the parameter is removed.
 * - `lowercase-value`: policy `caseInsensitive`; the value is lowercased.
 * - `trim-value`: policy `trim`; leading/trailing spaces (`%20`) removed from the value.
 * - `sort-query`: policy `order: 'sort'`; parameters sorted by canonical name.
 * - `remove-empty-query`: a `?` with nothing (left) after it.
 * - `drop-fragment`: policy `fragment: 'drop'`.
 */
export type NormalizeRule =
  | 'strip-whitespace'
  | 'strip-tab-newline'
  | 'slashes-after-scheme'
  | 'backslash-as-slash'
  | 'lowercase-scheme'
  | 'lowercase-host'
  | 'canonicalize-host'
  | 'remove-default-port'
  | 'remove-empty-port'
  | 'remove-port-leading-zeros'
  | 'add-root-path'
  | 'uppercase-hex'
  | 'decode-unreserved'
  | 'decode-reserved'
  | 'escape-unsafe'
  | 'escape-reserved'
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

/**
 * What the data model keeps as written in a query, and why (measured: tests/fixtures/servers/):
 * - `keep-semicolon`: a raw `;` and `%3B` stay as written: Go drops a pair holding a raw `;`,
 *   Rack and Rails split pairs at it.
 * - `keep-missing-value`: a name without `=` stays so: Rack and Rails read `nil`, not `""`.
 * - `keep-stray-percent`: a `%` that starts no escape stays: Go drops the pair, Rack raises,
 *   Rails answers 400, Tomcat skips the pair.
 * - `keep-raw-for-tomcat`: a raw ``[ ] ^ ` { | }`` and its escape stay as written, in a query
 *   and in a path, and a raw `\` in a query: Tomcat answers 400 to the raw character and reads
 *   the escape as it. (In a path Tomcat refuses `%5C` too, so a raw `\` there is escaped.)
 * - `keep-path-parameter`: a raw `;` and `%3B` in a path segment stay as written: Tomcat reads a
 *   raw `;` as the start of path parameters and drops them (`/a;b` is `/a` to it).
 * - `keep-path-stray-percent`: a `%` that starts no escape stays in a path: Go and Tomcat
 *   answer 400, and read `%25` as a `%`.
 */
export type KeptRule =
  | 'keep-semicolon'
  | 'keep-missing-value'
  | 'keep-stray-percent'
  | 'keep-raw-for-tomcat'
  | 'keep-path-parameter'
  | 'keep-path-stray-percent';

/**
 * One query pair or path segment kept as written: the rule, the pair or segment as written, and
 * the stacks that read it apart.
 */
export type KeptApart = { rule: KeptRule; text: string; stacks: readonly (StackId | PathStackId)[] };

/** The part of the URL a change touched; `url` for the whole input (`strip-whitespace`). */
export type UrlPart = 'url' | 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

/**
 * One change: the rule, the affected text before and after it, the part of the URL it
 * touched and, for a change inside one query parameter, that parameter's canonical name.
 */
export type NormalizeChange = { rule: NormalizeRule; before: string; after: string; part: UrlPart; name?: string };

export type Normalized = {
  /** The canonical URL: ASCII, every rule applied. */
  canonical: string;
  /** The group key of `canonical`: 16 hex digits. */
  key: string;
  /** The input, unchanged. */
  raw: string;
  /** The model that decided (`rfc3986` for every scheme but http(s), whatever the policy). */
  model: NormalizeModel;
  /** Each rule that changed something, in the order applied. */
  changes: NormalizeChange[];
  /** Data model: each pair kept as written because a server stack reads it apart from the form it would merge with. Absent when none. */
  kept?: KeptApart[];
};

export type NormalizeResult = Result<Normalized>;
