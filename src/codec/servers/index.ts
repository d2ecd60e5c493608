/**
 * What real server stacks read from a query: a model of each, checked against readings taken
 * from the real runtimes (scripts/fixtures/servers/, tests/fixtures/servers/).
 */
import { queryBytes } from './bytes.ts';
import { refusal } from './fronts.ts';
import { readGo, readPhp, readPython, readRack, readTomcat, readWhatwg } from './models.ts';
import type { ServerReading, ServerStack, StackId } from './types.ts';

export type { ServerReading, ServerStack, ServerText, ServerValue, StackId } from './types.ts';

/** The stacks modelled, in the order the site lists them, with the versions they were checked against. */
export const serverStacks: readonly ServerStack[] = [
  { id: 'node:URLSearchParams', name: 'Node (URLSearchParams)', version: 'Node 24.21' },
  { id: 'node:querystring', name: 'Express 5 (querystring)', version: 'Node 24.21' },
  { id: 'python:parse_qsl', name: 'Python (parse_qsl)', version: 'Python 3.11' },
  { id: 'django:QueryDict', name: 'Django', version: 'Django 3.2' },
  { id: 'php:parse_str', name: 'PHP', version: 'PHP 8.2' },
  { id: 'go:url.ParseQuery', name: 'Go', version: 'Go 1.19' },
  { id: 'rack:parse_query', name: 'Rack', version: 'Rack 2.2' },
  { id: 'rails:ActionDispatch::Request#GET', name: 'Rails', version: 'Rails 6.1' },
  { id: 'java:tomcat', name: 'Tomcat / Spring', version: 'Tomcat 10.1' },
];

/**
 * What `stack` hands the application for the query `query` (the text after `?`, sent as its
 * UTF-8 bytes, as written: a raw space is sent raw). Never throws.
 *
 * @example
 * readQuery('go:url.ParseQuery', 'a=1;b=2') // { params: [], warning: 'invalid semicolon separator in query' }
 * readQuery('rack:parse_query', 'a=1;b=2')  // { params: [['a', ['1']], ['b', ['2']]] }
 */
export function readQuery(stack: StackId, query: string): ServerReading {
  const bytes = queryBytes(String(query));
  const status = refusal(stack, bytes);
  if (status !== null) return { status };
  switch (stack) {
    case 'node:URLSearchParams':
    case 'node:querystring':
      return readWhatwg(bytes);
    case 'python:parse_qsl':
      return readPython(bytes, false);
    case 'django:QueryDict':
      return readPython(bytes, true);
    case 'php:parse_str':
      return readPhp(bytes);
    case 'go:url.ParseQuery':
      return readGo(bytes);
    case 'rack:parse_query':
      return readRack(bytes, false);
    case 'rails:ActionDispatch::Request#GET':
      return readRack(bytes, true);
    default:
      return readTomcat(bytes);
  }
}

/**
 * A reading as one string, equal for equal readings: the names in byte order (no stack's
 * application code sees the order of different names the same way, so it is not compared),
 * each with its values in order; an error by its class and status; Go's warning left out
 * (`r.URL.Query()` drops it).
 *
 * @example
 * readingKey({ params: [['b', ['2']], ['a', ['1']]] }) // 'params:"a"=["1"]&"b"=["2"]'
 */
export function readingKey(reading: ServerReading): string {
  if ('params' in reading) {
    const entries = reading.params.map((entry) => [JSON.stringify(entry[0]), JSON.stringify(entry[1])]);
    entries.sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
    return 'params:' + entries.map(([name, values]) => name + '=' + values).join('&');
  }
  return 'error' in reading ? `error:${reading.error}:${reading.status ?? ''}` : `status:${reading.status}`;
}

/**
 * Whether two readings hand the application the same data (see `readingKey`).
 *
 * @example
 * sameReading(readQuery('rack:parse_query', 'a'), readQuery('rack:parse_query', 'a=')) // false: nil and ""
 */
export function sameReading(a: ServerReading, b: ServerReading): boolean {
  return readingKey(a) === readingKey(b);
}

/**
 * The stacks that read the two queries differently (none: every stack reads them the same).
 *
 * @example
 * stacksReadingApart('a=1;b=2', 'a=1%3Bb=2') // ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET']
 * stacksReadingApart('q=a+b', 'q=a%20b')     // []
 */
export function stacksReadingApart(a: string, b: string): StackId[] {
  return serverStacks.filter(({ id }) => !sameReading(readQuery(id, a), readQuery(id, b))).map(({ id }) => id);
}

/**
 * Each stack's reading of `query`, with a group number shared by the stacks that read it the
 * same (0: the first stack's reading).
 *
 * @example
 * compareStacks('q=100%').map((row) => row.group) // [0, 0, 0, 0, 0, 1, 2, 3, 1]: Go and Tomcat drop q, Rack raises, Rails answers 400
 */
export function compareStacks(query: string): { stack: ServerStack; reading: ServerReading; group: number }[] {
  const groups = new Map<string, number>();
  return serverStacks.map((stack) => {
    const reading = readQuery(stack.id, query);
    const key = readingKey(reading);
    if (!groups.has(key)) groups.set(key, groups.size);
    return { stack, reading, group: groups.get(key) as number };
  });
}
