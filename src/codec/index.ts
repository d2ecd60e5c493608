/**
 * The codec's public API: percent-encoding, decoding, inspection, URL parsing,
 * normalization and grouping. Pure TypeScript for Node, browsers and workers; every
 * failure is data (`CodecIssue`), nothing throws. See README.md in this folder.
 */
export type { CodecIssue, IssueCode, Result } from './issues.ts';
export { encode, type EncodeMode, type EncodeOptions, type EncodeResult } from './encode.ts';
export { isEncodable } from './legacy-encode.ts';
export { browserEncode, browserParts, browserResolve, rfc3986Allows, type BrowserPart } from './browser-sets.ts';
export { encoders, type Encoder, type EncoderId, type EncoderResult, type LoneSurrogateRule } from './encoders.ts';
export { decode, type DecodeMode, type DecodeOptions, type DecodeResult } from './decode.ts';
export { decodeLayers, type Layers } from './layers.ts';
export {
  inspect,
  type ByteBreakdown,
  type CharacterBreakdown,
  type CharacterClass,
  type EscapeBreakdown,
  type InvalidRun,
  type Inspection,
} from './inspect.ts';
export { parseUrl, type ParsedUrl, type QueryPair, type UrlKind, type UrlSpan } from './parse.ts';
export { parseFormPairs } from './form.ts';
export { createNormalizer, normalize, type NormalizerOptions } from './normalize/index.ts';
export { DEFAULT_POLICY } from './normalize/policy.ts';
export { checkPolicy, type PolicyProblem } from './normalize/check-policy.ts';
export type {
  NormalizeChange,
  NormalizeModel,
  NormalizePolicy,
  NormalizeResult,
  NormalizeRule,
  Normalized,
  UrlPart,
} from './normalize/types.ts';
export {
  compareCanonical,
  group,
  groupReport,
  type GroupReport,
  type RejectedLine,
  type UrlGroup,
  type WeightedUrl,
} from './group.ts';
export {
  byteOrderMark,
  decodeTextFile,
  LEGACY_CHARSETS,
  lineBreaks,
  lineBytesAround,
  textFileDecoder,
  type TextFileDecoder,
  type ByteOrderMark,
  type TextFile,
  type UndecodableBytes,
} from './text-file.ts';
export {
  compareStacks,
  readingKey,
  readQuery,
  sameReading,
  serverStacks,
  stacksReadingApart,
  type ServerReading,
  type ServerStack,
  type ServerText,
  type ServerValue,
  type StackId,
} from './servers/index.ts';
export { pathStacks, readPath, type PathReading, type PathStackId } from './servers/paths.ts';
export {
  DECODER_PROBES,
  decoderTraits,
  decodingOutcome,
  type DecoderQuestion,
  type DecoderTraits,
  type DecodingOutcome,
  type ReadingSource,
} from './servers/decoding.ts';
