/**
 * Removes `.` and `..` segments from an absolute path (one starting with `/`), keeping
 * empty segments (`//`) and a trailing slash where the last segment was a dot segment.
 * Equivalent to the buffer algorithm of RFC 3986, written over segments.
 *
 * https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4
 */
export function removeDotSegments(path: string): string {
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
