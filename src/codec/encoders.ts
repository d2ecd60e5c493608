/**
 * What the percent-encoding functions of seven languages write for a string, modelled from
 * the codec's own pieces: each function is a set of ASCII characters it leaves raw, a rule
 * for the space, what it does to an existing `%XX`, and what it does to a lone surrogate.
 * Every model is checked against the real function (tests/fixtures/encoders.json, made by
 * scripts/fixtures/encoders/generate.sh). All of them but JavaScript's legacy `escape()` write
 * UTF-8 (`escape()` writes UTF-16 code units: `%XX` below 256, `%uXXXX` above), all but .NET's
 * `HttpUtility.UrlEncode` with uppercase hex digits, and none of them keeps an existing escape:
 * each escapes its `%` (so `%41` becomes `%2541`).
 */
import { failure, issue, type CodecIssue, type Result } from './issues.ts';
import { percentEncode } from './percent-encode.ts';
import { asciiTable, isAsciiAlpha, isAsciiDigit, isFormSafe, isUnreserved } from './sets.ts';
import { findLoneSurrogate, replaceLoneSurrogates } from './utf8.ts';

export type EncoderId =
  | 'js:encodeURIComponent'
  | 'js:encodeURI'
  | 'js:URLSearchParams'
  | 'js:escape'
  | 'python:quote'
  | 'python:quote_plus'
  | 'python:urlencode'
  | 'java:URLEncoder.encode'
  | 'php:urlencode'
  | 'php:rawurlencode'
  | 'go:url.QueryEscape'
  | 'go:url.PathEscape'
  | 'dotnet:Uri.EscapeDataString'
  | 'dotnet:HttpUtility.UrlEncode'
  | 'dotnet:WebUtility.UrlEncode'
  | 'ruby:CGI.escape'
  | 'ruby:ERB::Util.url_encode';

/**
 * What the real function does with an unpaired UTF-16 surrogate, which has no UTF-8 form:
 * - `throws`: it raises `exception`; the model fails with `lone-surrogate` at its index.
 * - `replaces`: it writes the UTF-8 bytes of `replacement` instead; the model does too, and
 *   lists each replaced surrogate as a `lone-surrogate` notice.
 * - `unrepresentable`: the language's strings hold UTF-8 bytes and cannot contain one, so the
 *   function never meets it; the model fails with `lone-surrogate`, as the codec's `encode` does.
 * - `units`: it writes code units, not UTF-8 (`escape()`), so a lone surrogate is written like
 *   any other unit (`%uD800`); the model does too, and lists each one as a `lone-surrogate` notice.
 */
export type LoneSurrogateRule =
  | { kind: 'throws'; exception: string }
  | { kind: 'replaces'; replacement: '\uFFFD' | '?' }
  | { kind: 'unrepresentable' }
  | { kind: 'units' };

/** Like `decode`'s result: the value, or the error; replaced lone surrogates ride along as notices. */
export type EncoderResult = Result<{ value: string }> & { notices: CodecIssue[] };

export interface Encoder {
  id: EncoderId;
  /** The language's name (a proper noun, the same in every locale). */
  language: string;
  /** The function's name as its documentation writes it. */
  name: string;
  /** The exact call modelled; `s` is the text. For a form serializer, the value after `q=`. */
  call: string;
  loneSurrogate: LoneSurrogateRule;
  /**
   * What it escapes: `utf-8`, each character's UTF-8 bytes; `code-units`, each UTF-16 code unit
   * (`escape()`: `%XX` below 256, so Latin-1 for those, and `%uXXXX` above).
   */
  writes: 'utf-8' | 'code-units';
  /**
   * The case of the hex digits in its escapes. `%c3%a9` and `%C3%A9` decode alike, but they are
   * different text to anything that compares bytes, such as an OAuth 1.0a or SigV4 signature.
   */
  hex: 'upper' | 'lower';
  encode(text: string): EncoderResult;
}

interface Spec {
  id: EncoderId;
  language: string;
  name: string;
  call: string;
  /** ASCII characters left raw (the space aside). */
  raw: (c: number) => boolean;
  /** `+` (form encoding) or an escape. */
  spaceAsPlus: boolean;
  /** Its hex digits, when not uppercase (`HttpUtility.UrlEncode`). */
  hex?: 'lower';
  loneSurrogate: LoneSurrogateRule;
}

const isAlphanumeric = (c: number) => isAsciiAlpha(c) || isAsciiDigit(c);
/** `base` plus the characters of `extra`. */
const and = (base: (c: number) => boolean, extra: string) => (c: number) =>
  base(c) || extra.includes(String.fromCharCode(c));
const throws = (exception: string): LoneSurrogateRule => ({ kind: 'throws', exception });

/** Built when the module is used, not when it is imported: the codec has no top-level side effects. */
function specs(): Spec[] {
  // https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent  (uriUnescaped: alphanumerics and - _ . ! ~ * ' ( ))
  const uriUnescaped = and(isUnreserved, "!*'()");
  const UTF8_STRINGS: LoneSurrogateRule = { kind: 'unrepresentable' };
  return [
    {
      id: 'js:encodeURIComponent',
      language: 'JavaScript',
      name: 'encodeURIComponent',
      call: 'encodeURIComponent(s)',
      raw: uriUnescaped,
      spaceAsPlus: false,
      loneSurrogate: throws('URIError'),
    },
    // https://tc39.es/ecma262/#sec-encodeuri-uri  (uriUnescaped, uriReserved ; / ? : @ & = + $ , and #)
    {
      id: 'js:encodeURI',
      language: 'JavaScript',
      name: 'encodeURI',
      call: 'encodeURI(s)',
      raw: and(uriUnescaped, ';/?:@&=+$,#'),
      spaceAsPlus: false,
      loneSurrogate: throws('URIError'),
    },
    // https://url.spec.whatwg.org/#concept-urlencoded-serializer  (a record's values are USVStrings: lone surrogates are U+FFFD first)
    {
      id: 'js:URLSearchParams',
      language: 'JavaScript',
      name: 'URLSearchParams',
      call: 'new URLSearchParams({ q: s }).toString()',
      raw: isFormSafe,
      spaceAsPlus: true,
      loneSurrogate: { kind: 'replaces', replacement: '\uFFFD' },
    },
    // https://tc39.es/ecma262/#sec-escape-string  (Annex B: alphanumerics and @*_+-./ raw; code units, not UTF-8)
    {
      id: 'js:escape',
      language: 'JavaScript',
      name: 'escape',
      call: 'escape(s)',
      raw: and(isAlphanumeric, '@*_+-./'),
      spaceAsPlus: false,
      loneSurrogate: { kind: 'units' },
    },
    // https://docs.python.org/3/library/urllib.parse.html#urllib.parse.quote  (safe='/' by default; ~ is raw since 3.7)
    {
      id: 'python:quote',
      language: 'Python',
      name: 'urllib.parse.quote',
      call: 'quote(s)',
      raw: and(isUnreserved, '/'),
      spaceAsPlus: false,
      loneSurrogate: throws('UnicodeEncodeError'),
    },
    // quote_plus(s) has safe='' by default, so unlike quote it escapes the slash.
    {
      id: 'python:quote_plus',
      language: 'Python',
      name: 'urllib.parse.quote_plus',
      call: 'quote_plus(s)',
      raw: isUnreserved,
      spaceAsPlus: true,
      loneSurrogate: throws('UnicodeEncodeError'),
    },
    // urlencode() runs each value through quote_plus.
    {
      id: 'python:urlencode',
      language: 'Python',
      name: 'urllib.parse.urlencode',
      call: "urlencode({'q': s})",
      raw: isUnreserved,
      spaceAsPlus: true,
      loneSurrogate: throws('UnicodeEncodeError'),
    },
    // https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URLEncoder.html  (String.getBytes writes ? for a lone surrogate)
    {
      id: 'java:URLEncoder.encode',
      language: 'Java',
      name: 'URLEncoder.encode',
      call: 'URLEncoder.encode(s, StandardCharsets.UTF_8)',
      raw: isFormSafe,
      spaceAsPlus: true,
      loneSurrogate: { kind: 'replaces', replacement: '?' },
    },
    // https://www.php.net/manual/en/function.urlencode.php  (form encoding without * and with ~ escaped)
    {
      id: 'php:urlencode',
      language: 'PHP',
      name: 'urlencode',
      call: 'urlencode($s)',
      raw: and(isAlphanumeric, '-_.'),
      spaceAsPlus: true,
      loneSurrogate: UTF8_STRINGS,
    },
    // https://www.php.net/manual/en/function.rawurlencode.php  (RFC 3986)
    {
      id: 'php:rawurlencode',
      language: 'PHP',
      name: 'rawurlencode',
      call: 'rawurlencode($s)',
      raw: isUnreserved,
      spaceAsPlus: false,
      loneSurrogate: UTF8_STRINGS,
    },
    // https://pkg.go.dev/net/url#QueryEscape
    {
      id: 'go:url.QueryEscape',
      language: 'Go',
      name: 'url.QueryEscape',
      call: 'url.QueryEscape(s)',
      raw: isUnreserved,
      spaceAsPlus: true,
      loneSurrogate: UTF8_STRINGS,
    },
    // https://pkg.go.dev/net/url#PathEscape  (shouldEscape in encodePathSegment mode keeps $ & + : = @)
    {
      id: 'go:url.PathEscape',
      language: 'Go',
      name: 'url.PathEscape',
      call: 'url.PathEscape(s)',
      raw: and(isUnreserved, '$&+:=@'),
      spaceAsPlus: false,
      loneSurrogate: UTF8_STRINGS,
    },
    // https://learn.microsoft.com/dotnet/api/system.uri.escapedatastring  (current .NET reads the text as runes: U+FFFD for a lone surrogate)
    {
      id: 'dotnet:Uri.EscapeDataString',
      language: '.NET',
      name: 'Uri.EscapeDataString',
      call: 'Uri.EscapeDataString(s)',
      raw: isUnreserved,
      spaceAsPlus: false,
      loneSurrogate: { kind: 'replaces', replacement: '\uFFFD' },
    },
    // https://learn.microsoft.com/dotnet/api/system.web.httputility.urlencode  (HttpEncoderUtility.IsUrlSafeChar:
    // "RFC 1738.4 minus '+'", so - _ . ! * ( ) raw; IntToHex writes lowercase; UTF-8 through Encoding.UTF8, U+FFFD for a lone surrogate)
    {
      id: 'dotnet:HttpUtility.UrlEncode',
      language: '.NET',
      name: 'HttpUtility.UrlEncode',
      call: 'HttpUtility.UrlEncode(s)',
      raw: and(isAlphanumeric, '-_.!*()'),
      spaceAsPlus: true,
      hex: 'lower',
      loneSurrogate: { kind: 'replaces', replacement: '\uFFFD' },
    },
    // https://learn.microsoft.com/dotnet/api/system.net.webutility.urlencode  (the same safe set, uppercase hex)
    {
      id: 'dotnet:WebUtility.UrlEncode',
      language: '.NET',
      name: 'WebUtility.UrlEncode',
      call: 'WebUtility.UrlEncode(s)',
      raw: and(isAlphanumeric, '-_.!*()'),
      spaceAsPlus: true,
      loneSurrogate: { kind: 'replaces', replacement: '\uFFFD' },
    },
    // https://docs.ruby-lang.org/en/3.1/CGI/Escape.html#method-i-escape
    {
      id: 'ruby:CGI.escape',
      language: 'Ruby',
      name: 'CGI.escape',
      call: 'CGI.escape(s)',
      raw: isUnreserved,
      spaceAsPlus: true,
      loneSurrogate: UTF8_STRINGS,
    },
    // https://docs.ruby-lang.org/en/3.1/ERB/Util.html#method-c-url_encode
    {
      id: 'ruby:ERB::Util.url_encode',
      language: 'Ruby',
      name: 'ERB::Util.url_encode',
      call: 'ERB::Util.url_encode(s)',
      raw: isUnreserved,
      spaceAsPlus: false,
      loneSurrogate: UTF8_STRINGS,
    },
  ];
}

/** Indices of every unpaired surrogate, in order. */
function loneSurrogates(text: string): number[] {
  const found: number[] = [];
  for (let i = findLoneSurrogate(text); i >= 0; i = findLoneSurrogate(text, i + 1)) found.push(i);
  return found;
}

const HEX = '0123456789ABCDEF';

/**
 * What `escape()` writes: each UTF-16 code unit on its own, as itself when `raw` says so, as
 * `%XX` below 256 and as `%uXXXX` above (so a lone surrogate is a unit like any other).
 */
function escapeUnits(text: string, raw: Uint8Array): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80 && raw[c] === 1) continue;
    if (start < i) parts.push(text.slice(start, i));
    parts.push(
      c < 0x100
        ? `%${HEX[c >> 4]}${HEX[c & 15]}`
        : `%u${HEX[c >> 12]}${HEX[(c >> 8) & 15]}${HEX[(c >> 4) & 15]}${HEX[c & 15]}`,
    );
    start = i + 1;
  }
  if (start === 0) return text;
  if (start < text.length) parts.push(text.slice(start));
  return parts.join('');
}

/** Lowercase hex digits in every escape: each of these functions escapes `%`, so every `%` in its output starts one. */
const lowercaseEscapes = (value: string) => value.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

function encoderOf(spec: Spec): Encoder {
  const { raw, spaceAsPlus, hex = 'upper', ...described } = spec;
  const encoder = uppercaseEncoder(spec);
  if (hex === 'upper') return { ...described, hex, writes: encoder.writes, encode: encoder.encode };
  return {
    ...described,
    hex,
    writes: encoder.writes,
    encode(text: string): EncoderResult {
      const result = encoder.encode(text);
      return result.ok ? { ...result, value: lowercaseEscapes(result.value) } : result;
    },
  };
}

/** The function's loop as if it wrote uppercase hex, as all but one of them do. */
function uppercaseEncoder(spec: Spec): Pick<Encoder, 'writes' | 'encode'> {
  const { raw, spaceAsPlus } = spec;
  let table: Uint8Array | undefined;
  const rule = spec.loneSurrogate;
  return {
    writes: rule.kind === 'units' ? 'code-units' : 'utf-8',
    encode(text: string): EncoderResult {
      table ??= asciiTable(raw);
      if (rule.kind === 'units') {
        return {
          ok: true,
          value: escapeUnits(text, table),
          notices: loneSurrogates(text).map((index) => issue('lone-surrogate', index, 1)),
        };
      }
      if (rule.kind !== 'replaces') {
        // A function that throws writes nothing, so the text is checked before it is encoded:
        // a megabyte with a lone surrogate at its end costs one scan, not one encoding.
        const lone = findLoneSurrogate(text);
        return {
          ...(lone < 0 ? percentEncode(text, table, spaceAsPlus, false) : failure('lone-surrogate', lone, 1)),
          notices: [],
        };
      }
      const lone = loneSurrogates(text);
      const value = lone.length === 0 ? text : replaceLoneSurrogates(text, rule.replacement);
      // Replaced, the text is well formed: the encoder cannot fail.
      const result = percentEncode(value, table, spaceAsPlus, false) as { ok: true; value: string };
      return { ok: true, value: result.value, notices: lone.map((index) => issue('lone-surrogate', index, 1)) };
    },
  };
}

/**
 * The functions, grouped by language in the order JavaScript, Python, Java, PHP, Go, .NET,
 * Ruby; JavaScript's legacy `escape()` last of its group.
 *
 * @example
 * encoders.find((e) => e.id === 'python:quote')?.encode('a/b c')  // { ok: true, value: 'a/b%20c', notices: [] }
 * encoders.find((e) => e.id === 'java:URLEncoder.encode')?.encode('a\uD800')  // { ok: true, value: 'a%3F', notices: [{ code: 'lone-surrogate', index: 1, length: 1 }] }
 */
export const encoders: readonly Encoder[] = /* @__PURE__ */ specs().map(encoderOf);
