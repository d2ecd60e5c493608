import type { ChangeLog } from './changes.ts';
import { canonicalComponent } from './component.ts';
import { decode } from './decode.ts';
import { encode } from './encode.ts';
import type { CompiledPolicy } from './policy.ts';
import { forwardSearch } from './parse.ts';
import { escapedByteAt } from './sets.ts';

type Parameter = { name: string; value: string | null };

/**
 * The canonical query of `text[start, end)` under `policy`, or `null` when nothing is left
 * (an empty `?` is removed). Names and values are canonicalized separately, so `%26` and
 * `%3D` stay escaped and never turn into separators.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-3.4
 */
export function canonicalQuery(
  text: string,
  start: number,
  end: number,
  policy: CompiledPolicy,
  log: ChangeLog,
): string | null {
  const parameters: Parameter[] = [];
  const equalsFrom = forwardSearch(text, '=');
  let hadEmptyPiece = false;
  for (let from = start; from <= end; ) {
    let to = text.indexOf('&', from);
    if (to < 0 || to > end) to = end;
    if (to === from) {
      hadEmptyPiece ||= to < end || from > start;
    } else {
      let equals = equalsFrom(from);
      if (equals >= to) equals = -1;
      const parameter: Parameter = {
        name: canonicalComponent(text, from, equals < 0 ? to : equals, policy.plusAsSpace, log),
        value: equals < 0 ? null : canonicalComponent(text, equals + 1, to, policy.plusAsSpace, log),
      };
      if (applyPolicy(parameter, policy, log)) parameters.push(parameter);
    }
    from = to + 1;
  }
  if (hadEmptyPiece) {
    const written = text.slice(start, end);
    log.note('remove-empty-pairs', written, written.split('&').filter((piece) => piece !== '').join('&'));
  }
  if (policy.sort && !isSortedByName(parameters)) {
    const before = serialize(parameters);
    sortByName(parameters);
    log.note('sort-query', before, serialize(parameters));
  }
  if (parameters.length === 0) {
    log.note('remove-empty-query', '?', '');
    return null;
  }
  return serialize(parameters);
}

/** Applies drop, case and trim rules; `false` when the parameter is dropped. */
function applyPolicy(parameter: Parameter, policy: CompiledPolicy, log: ChangeLog): boolean {
  const { name } = parameter;
  if (policy.dropNames?.has(name) || policy.dropPrefixes?.some((prefix) => name.startsWith(prefix))) {
    log.note('drop-parameter', serialize([parameter]), '');
    return false;
  }
  if (parameter.value === null) return true;
  if (policy.caseInsensitive?.has(name)) {
    const lowered = lowercaseCanonical(parameter.value);
    if (lowered !== parameter.value) log.note('lowercase-value', parameter.value, lowered);
    parameter.value = lowered;
  }
  if (policy.trim) {
    const trimmed = trimSpaces(parameter.value);
    if (trimmed !== parameter.value) log.note('trim-value', parameter.value, trimmed);
    parameter.value = trimmed;
  }
  return true;
}

function serialize(parameters: readonly Parameter[]): string {
  let out = '';
  for (let k = 0; k < parameters.length; k++) {
    const { name, value } = parameters[k] as Parameter;
    out += (k === 0 ? '' : '&') + (value === null ? name : name + '=' + value);
  }
  return out;
}

function isSortedByName(parameters: readonly Parameter[]): boolean {
  for (let k = 1; k < parameters.length; k++) {
    if ((parameters[k - 1] as Parameter).name > (parameters[k] as Parameter).name) return false;
  }
  return true;
}

/** Stable sort by name in code unit order (canonical names are ASCII, so this is byte order). */
function sortByName(parameters: Parameter[]): void {
  if (parameters.length > 16) {
    parameters.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return;
  }
  // Insertion sort: stable, and faster than the built-in sort for a handful of parameters.
  for (let k = 1; k < parameters.length; k++) {
    const current = parameters[k] as Parameter;
    let at = k - 1;
    while (at >= 0 && (parameters[at] as Parameter).name > current.name) {
      parameters[at + 1] = parameters[at] as Parameter;
      at--;
    }
    parameters[at + 1] = current;
  }
}

/**
 * Lowercases a canonical value: ASCII letters directly, and each run of escapes that
 * spells non-ASCII UTF-8 text by decoding, lowercasing and re-encoding it. Escapes of
 * ASCII bytes (`%26`, `%2B`...) and bytes that are not UTF-8 are left as they are.
 */
export function lowercaseCanonical(value: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < value.length; ) {
    const c = value.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      out += value.slice(copied, i) + String.fromCharCode(c + 0x20);
      copied = ++i;
    } else if (c === 0x25 && escapedByteAt(value, i) >= 0x80) {
      let runEnd = i;
      while (escapedByteAt(value, runEnd) >= 0x80) runEnd += 3;
      const decoded = decode(value.slice(i, runEnd));
      if (decoded.ok) {
        const lowered = decoded.value.toLowerCase();
        const encoded = lowered === decoded.value ? null : encode(lowered, 'component');
        if (encoded?.ok) {
          out += value.slice(copied, i) + encoded.value;
          copied = runEnd;
        }
      }
      i = runEnd;
    } else {
      i += escapedByteAt(value, i) >= 0 ? 3 : 1;
    }
  }
  return copied === 0 ? value : out + value.slice(copied);
}

/** Removes leading and trailing spaces, which a canonical value holds as `%20`. */
export function trimSpaces(value: string): string {
  let start = 0;
  let end = value.length;
  while (value.startsWith('%20', start)) start += 3;
  while (end - 3 >= start && value.startsWith('%20', end - 3)) end -= 3;
  return value.slice(start, end);
}
