/**
 * Issues are data, never sentences: a stable kebab-case code plus a position, so a
 * widget can word the problem in the reader's language and highlight the input.
 */

/**
 * Every code the codec can report.
 *
 * - `stray-percent` (notice): a `%` not followed by two hex digits; it stays a literal `%`.
 * - `invalid-utf8`: escaped bytes that are not valid UTF-8 (bad lead byte, truncated
 *   sequence, overlong form, surrogate code point, above U+10FFFF). `index`/`length` cover
 *   the escapes of the maximal invalid subsequence, `byteOffset` its first byte.
 * - `invalid-bytes`: escaped bytes the chosen legacy charset cannot decode.
 * - `lone-surrogate`: an unpaired UTF-16 surrogate, which has no UTF-8 form.
 * - `unmappable` (notice): a character the chosen legacy charset cannot write; the encoder
 *   sends it as its HTML character reference `&#NNNN;`, escaped, as browsers do.
 * - `unknown-charset`: the charset label is not a WHATWG Encoding Standard label (or, for
 *   the encoder, names a charset without an encoder: ISO-2022-JP).
 * - `invalid-url`: empty input, or (normalize) neither an absolute URL nor a path-only reference.
 * - `invalid-host`: an unclosed `[`, or a host the platform URL parser rejects.
 * - `invalid-port`: a port that is not digits, or is above 65535.
 */
export type IssueCode =
  | 'stray-percent'
  | 'invalid-utf8'
  | 'invalid-bytes'
  | 'lone-surrogate'
  | 'unmappable'
  | 'unknown-charset'
  | 'invalid-url'
  | 'invalid-host'
  | 'invalid-port';

/**
 * One error or notice. `index` and `length` are UTF-16 indices into the input text;
 * `byteOffset` (when bytes are involved) is the offset in the byte sequence the text
 * stands for, where an escape is one byte and any other character its UTF-8 bytes.
 */
export type CodecIssue = {
  code: IssueCode;
  index: number;
  length: number;
  byteOffset?: number;
};

/** Success carries the payload's fields next to `ok: true`; failure carries one issue. */
export type Result<T> = ({ ok: true } & T) | { ok: false; error: CodecIssue };

export function issue(code: IssueCode, index: number, length: number, byteOffset?: number): CodecIssue {
  return byteOffset === undefined ? { code, index, length } : { code, index, length, byteOffset };
}

export function failure(
  code: IssueCode,
  index: number,
  length: number,
  byteOffset?: number,
): { ok: false; error: CodecIssue } {
  return { ok: false, error: issue(code, index, length, byteOffset) };
}
