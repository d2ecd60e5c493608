/** The path: its escapes under the model's set, its dot segments, and the `//` guard. */
import type { ComponentSet } from '../sets.ts';
import type { CharBytes } from '../char-bytes.ts';
import type { ChangeLog } from './changes.ts';
import { canonicalComponent, canonicalEnd } from './component.ts';

/**
 * The canonical path of `text[start, end)` (`chars`: its bytes, see `charBytes`), or `null`
 * when it is written so already.
 * Escapes of unreserved characters are decoded first, so `%2E%2E` is a dot segment too.
 * `rootIfEmpty`: the scheme has an authority-based default (http, https, ws, wss, ftp), whose
 * empty path means `/`.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.3 (dot segments)
 * https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3 (an empty path is `/`)
 */
export function canonicalPath(
  text: string,
  chars: CharBytes,
  start: number,
  end: number,
  set: ComponentSet,
  hasAuthority: boolean,
  rootIfEmpty: boolean,
  log: ChangeLog | null,
): string | null {
  if (log !== null) log.part = 'path';
  if (start === end) {
    if (!rootIfEmpty) return null;
    log?.note('add-root-path', '', '/');
    return '/';
  }
  const written = canonicalEnd(chars, start, end, set) === end;
  // Most paths: canonical as written, no dot segment (one only follows a `/`), no `//` to guard.
  if (written && !hasDotSegment(text, chars, start, end) && (hasAuthority || !startsWithTwoSlashes(chars, start, end)))
    return null;
  const path = written
    ? text.slice(start, end)
    : set.keepsStray === true
      ? canonicalSegments(text, start, end, set, log)
      : canonicalComponent(text, start, end, set, log);
  let resolved = path.charCodeAt(0) === 0x2f ? removeDotSegments(path) : path;
  // Without an authority, a path starting with "//" would be read back as a host.
  // https://url.spec.whatwg.org/#url-serializing (the "/." prefix)
  const guarded = !hasAuthority && resolved.startsWith('//');
  if (guarded) resolved = '/.' + resolved;
  if (resolved !== path) {
    const unguarded = guarded ? resolved.slice(2) : resolved;
    if (unguarded !== path) log?.note('remove-dot-segments', path, unguarded);
    if (guarded) log?.note('guard-double-slash', unguarded, resolved);
  }
  return written && resolved === path ? null : resolved;
}

/**
 * Each segment canonical on its own, so that one kept as written (it holds a stray `%`) keeps
 * only itself, and the path is written the same on a second pass.
 */
function canonicalSegments(text: string, start: number, end: number, set: ComponentSet, log: ChangeLog | null): string {
  let out = '';
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i < end && text.charCodeAt(i) !== 0x2f) continue;
    out += canonicalComponent(text, from, i, set, log) + (i < end ? '/' : '');
    from = i + 1;
  }
  return out;
}

/**
 * Removes `.` and `..` segments from an absolute path (one starting with `/`), keeping
 * empty segments (`//`) and a trailing slash where the last segment was a dot segment.
 * Equivalent to the buffer algorithm of RFC 3986, written over segments.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4
 */
function removeDotSegments(path: string): string {
  // Dot segments only exist after a "/", so most paths need no work at all.
  if (path.indexOf('/.') < 0) return path;
  const segments = path.split('/');
  const output: string[] = [];
  const last = segments.length - 1;
  for (let k = 1; k <= last; k++) {
    const segment = segments[k] as string;
    if (segment === '.' || segment === '..') {
      if (segment === '..') output.pop();
      // "/a/b/.." is "/a/": a final dot segment leaves the directory's slash.
      if (k === last) output.push('');
    } else {
      output.push(segment);
    }
  }
  return '/' + output.join('/');
}

/**
 * Whether the path `text[start, end)` may hold a dot segment: a `.` right after a `/`.
 * Paths hold few dots, and the native search for one is quicker than reading every character.
 */
function hasDotSegment(text: string, chars: CharBytes, start: number, end: number): boolean {
  for (let at = text.indexOf('.', start); at >= 0 && at < end; at = text.indexOf('.', at + 1)) {
    if (at > start && chars[at - 1] === 0x2f) return true;
  }
  return false;
}

function startsWithTwoSlashes(chars: CharBytes, start: number, end: number): boolean {
  return end - start >= 2 && chars[start] === 0x2f && chars[start + 1] === 0x2f;
}
