/**
 * What a URL parser writes for `text` in each part of a URL, through each part's setter (the
 * oracle for BrowserSets). Self-contained on purpose: the e2e spec also runs it in the page
 * (`urlWrites.toString()`), so Chromium's parser answers the same question as Node's.
 * A user name drops tab and newlines, as the codec does for that part.
 */
export function urlWrites(text: string): Record<string, string> {
  const http = () => new URL('http://h/');
  const path = http();
  path.pathname = `x${text}`;
  const special = http();
  special.search = `x${text}`;
  const other = new URL('foo://h/');
  other.search = `x${text}`;
  const fragment = http();
  fragment.hash = `x${text}`;
  const user = http();
  user.username = `x${text.replace(/[\t\n\r]/g, '')}`;
  return {
    userinfo: user.username.slice(1),
    path: path.pathname.slice(2),
    'special-query': special.search.slice(2),
    query: other.search.slice(2),
    fragment: fragment.hash.slice(2),
  };
}
