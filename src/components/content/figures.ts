import {
  decode,
  encode,
  inspect,
  normalize,
  type DecodeMode,
  type EncodeMode,
  type NormalizePolicy,
} from '../../codec';

/**
 * Build-time glue between the article components and the codec. Every figure an article
 * shows is computed here; when the codec refuses an example, the build stops with a
 * message naming the component and its input, because a wrong example must never ship.
 */

export type { EncodeMode };

/** Normalization policy as MDX props: lists may be written as one comma-separated string. */
export interface PolicyProps {
  model?: NormalizePolicy['model'];
  /** The option before `model`: `literal` means `model="rfc3986"`. */
  plus?: NormalizePolicy['plus'];
  order?: NormalizePolicy['order'];
  caseInsensitive?: string | string[];
  trim?: boolean;
  drop?: string | string[];
  fragment?: NormalizePolicy['fragment'];
}

export interface DecodeProps {
  mode?: DecodeMode;
  /** A WHATWG encoding label, chosen for a legacy example (`windows-1251`). */
  charset?: string;
  /** Read the escapes as strict ISO-8859-1 instead (see {@link readStrictLatin1}). */
  strictLatin1?: boolean;
  /** Set when the example is about a stray `%`: its notice is then expected, not a mistake. */
  stray?: boolean;
  /** `replace`: show what a lenient decoder gives for bytes that are not UTF-8 (U+FFFD), not the error. */
  invalid?: 'error' | 'replace';
}

export function fail(component: string, input: string, detail: string): never {
  throw new Error(`<${component}> cannot render ${JSON.stringify(input)}: ${detail}`);
}

const reported = (issue: { code: string; index: number }) => `the codec reports ${issue.code} at index ${issue.index}`;

/** `text` encoded `times` times in `mode` (each extra pass turns `%` into `%25`). */
export function encoded(component: string, text: string, mode: EncodeMode = 'component', times = 1): string {
  if (!['component', 'url', 'form'].includes(mode)) fail(component, text, `unknown mode "${mode}"`);
  if (!Number.isInteger(times) || times < 1) fail(component, text, `times must be a positive integer, not ${times}`);
  let value = text;
  for (let i = 0; i < times; i++) {
    const result = encode(value, mode);
    if (!result.ok) fail(component, text, reported(result.error));
    value = result.value;
  }
  return value;
}

/**
 * What a browser sends for `text` typed into a form on a page served in the legacy `charset`
 * (WHATWG "percent-encode after encoding"): a character the charset cannot write becomes the
 * escaped HTML character reference `&#NNNN;`. tests/e2e/legacy-charset.spec.ts checks this
 * against Chromium on real pages served in legacy charsets.
 */
export function legacyEncoded(component: string, text: string, charset: string): string {
  const result = encode(text, 'form', { charset });
  if (!result.ok) fail(component, text, reported(result.error));
  // Only a legacy charset's result carries notices: UTF-8 and UTF-16 pages send UTF-8.
  if (!result.notices) fail(component, text, `"${charset}" is not a legacy charset: the page sends UTF-8`);
  return result.value;
}

/**
 * The HTML character references a `charset` page turns `text` into, as the server reads them
 * once decoded: the decoded form of {@link legacyEncoded}, so prose and escape always agree.
 */
export function characterReferences(component: string, text: string, charset: string): string {
  const value = decoded(component, legacyEncoded(component, text, charset), { mode: 'form', charset });
  if (!value.includes('&#')) fail(component, text, `${charset} can write it: the browser sends no character reference`);
  return value;
}

export function decoded(component: string, value: string, options: DecodeProps): string {
  const { mode = 'standard', charset, strictLatin1 = false, stray = false, invalid = 'error' } = options;
  if (strictLatin1) {
    if (charset !== undefined || mode !== 'standard' || invalid !== 'error')
      fail(component, value, 'strictLatin1 takes no charset, mode or invalid');
    return readStrictLatin1(component, value);
  }
  const result = decode(value, charset === undefined ? { mode, invalid } : { mode, invalid, charset });
  if (!result.ok) fail(component, value, reported(result.error));
  const [notice] = result.notices;
  if (notice && !stray) fail(component, value, `${reported(notice)} (set stray if that is the point)`);
  if (!notice && stray) fail(component, value, 'stray is set but there is no stray %');
  return result.value;
}

/**
 * The escapes of `value` read as strict ISO-8859-1, where every byte is the code point of the
 * same number (byte 9F becomes the control character U+009F). Browsers never decode this way
 * (the WHATWG Encoding Standard reads that label as windows-1252, and so does the codec), but
 * older servers do, and an article has to show what their users saw. The bytes come from the
 * codec's inspect; only the byte-to-code-point step, which is the charset's definition, is here.
 */
function readStrictLatin1(component: string, value: string): string {
  let out = '';
  let at = 0;
  for (const escape of inspect(value).escapes) {
    if (escape.byte === null) fail(component, value, `the codec reports stray-percent at index ${escape.index}`);
    out += value.slice(at, escape.index) + String.fromCharCode(escape.byte);
    at = escape.index + escape.length;
  }
  return out + value.slice(at);
}

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);

/** The codec's policy from MDX props (fields not given keep their defaults). */
export function policyOf(policy: PolicyProps): Partial<NormalizePolicy> {
  return {
    ...(policy.model !== undefined && { model: policy.model }),
    ...(policy.plus !== undefined && { plus: policy.plus }),
    ...(policy.order !== undefined && { order: policy.order }),
    ...(policy.trim !== undefined && { trim: policy.trim }),
    ...(policy.fragment !== undefined && { fragment: policy.fragment }),
    caseInsensitive: list(policy.caseInsensitive),
    drop: list(policy.drop),
  };
}

export function canonical(component: string, value: string, policy: PolicyProps): string {
  const result = normalize(value, policyOf(policy));
  if (!result.ok) fail(component, value, reported(result.error));
  return result.canonical;
}

/** Per character (code point): the code point and its UTF-8 bytes (value and hex), from the codec's inspect. */
export function characters(
  component: string,
  text: string,
): { codePoint: number; bytes: { value: number; hex: string }[] }[] {
  if (text === '') fail(component, text, 'empty text');
  const inspection = inspect(text);
  const lone = inspection.characters.find((c) => c.loneSurrogate);
  if (lone) fail(component, text, reported({ code: 'lone-surrogate', index: lone.index }));
  if (inspection.truncated) fail(component, text, 'too long for an inline figure');
  return inspection.characters.map((c) => ({
    codePoint: c.codePoint,
    bytes: c.bytes.map(({ value, hex }) => ({ value, hex })),
  }));
}
