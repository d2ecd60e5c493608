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
 * Locales whose editorial style puts no comma before the conjunction of a list's last item,
 * where CLDR's pattern has one (Hindi: «a, b और c», not «a, b, और c»). Their lists take the
 * last separator from the two-item pattern («a और b»).
 */
const NO_SERIAL_COMMA: readonly Locale[] = ['hi'];
/**
 * Locales whose lists of punctuation (a URL's structural characters) are set without commas,
 * which a reader would take for members of the list: «`:` `/` और `#`».
 */
const SPACED_SYMBOLS: readonly Locale[] = ['hi'];

/**
 * Items joined as the locale writes a list ("a, b and c", "a, b і c", "a b และ c", "a, b और c").
 * CLDR's Thai joiner is a bare "และ" ("aและb", "a b และc"), which glues onto code and Latin
 * items: a joiner word gets a space on each side that lacks one.
 */
export function list(locale: Locale, items: Piece[], { symbols = false } = {}): Piece[] {
  const format = new Intl.ListFormat(locale, { type: 'conjunction' });
  const parts = format.formatToParts(items.map((_, i) => String(i)));
  const literals = parts.filter((p) => p.type === 'literal');
  const lastSeparator =
    items.length > 2 && NO_SERIAL_COMMA.includes(locale) ? format.formatToParts(['0', '1'])[1]!.value : null;
  const spaced = symbols && SPACED_SYMBOLS.includes(locale);
  const spacedWord = (joiner: string) => joiner.replace(/^(?=\p{L})/u, ' ').replace(/(?<=\p{L})$/u, ' ');
  return parts.map((p) => {
    if (p.type === 'element') return items[Number(p.value)] ?? '';
    const last = p === literals.at(-1);
    if (last) return spacedWord(lastSeparator ?? p.value);
    return spaced ? ' ' : spacedWord(p.value);
  });
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
export const codePointLabel = (codePoint: number): string =>
  `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
