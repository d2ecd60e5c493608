/**
 * The diagrams' words: their strings in the page's locale, messages with codec figures set
 * in as code, and lists joined the way the locale joins them. Build time only.
 */
import { resources } from '../../i18n';
import type { Locale } from '../../i18n/locales';

/** Text, a codec figure (shown as code), or a run of both. */
export type Piece = string | { code: string } | Piece[];

/** All of a locale's strings (the same shape in every locale: the parity test holds it). */
export const stringsFor = (locale: Locale) => resources[locale].translation;

/** A message with its `{{placeholders}}` replaced by pieces. */
export function fill(template: string, params: Record<string, Piece>): Piece[] {
  return template.split(/\{\{(\w+)\}\}/).map((s, i) => (i % 2 === 0 ? s : (params[s] ?? '')));
}

/**
 * Items joined as the locale writes a list ("a, b and c", "a, b і c", "a b และ c").
 * CLDR's Thai joiner is a bare "และ" ("aและb", "a b และc"), which glues onto code and Latin
 * items: a joiner word gets a space on each side that lacks one.
 */
export function list(locale: Locale, items: Piece[]): Piece[] {
  const parts = new Intl.ListFormat(locale, { type: 'conjunction' }).formatToParts(items.map((_, i) => String(i)));
  return parts.map((p) => (p.type === 'element' ? (items[Number(p.value)] ?? '') : p.value.replace(/^(?=\p{L})/u, ' ').replace(/(?<=\p{L})$/u, ' ')));
}

/** The pieces as plain text (for `<title>` and other attributes). */
export const plain = (piece: Piece): string =>
  typeof piece === 'string' ? piece : Array.isArray(piece) ? piece.map(plain).join('') : piece.code;

/** Pieces flattened to text runs and code runs, for rendering. */
export function flat(piece: Piece, out: (string | { code: string })[] = []): (string | { code: string })[] {
  if (Array.isArray(piece)) for (const p of piece) flat(p, out);
  else if (piece !== '') out.push(piece);
  return out;
}

/**
 * A normalization rule's name in the locale (`widgets.rule.*`, as the Normalize widget
 * shows it). The codec may gain rules before their strings exist: those read "Rule <name>".
 */
export function ruleName(locale: Locale, rule: string): string {
  const rules: Record<string, string> = stringsFor(locale).widgets.rule;
  return rules[rule] ?? rules.other!.replace('{{rule}}', rule);
}

/** The code point in U+XXXX notation. */
export const codePointLabel = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
