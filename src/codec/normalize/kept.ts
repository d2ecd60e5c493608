/**
 * What the data model keeps apart in a query because some server stack reads it differently
 * from the form it would otherwise merge with (measured: tests/fixtures/servers/), noted so a
 * reader sees why two URLs stay in two rows.
 */
import type { StackId } from '../servers/types.ts';
import type { ChangeLog } from './changes.ts';
import type { KeptRule } from './types.ts';


/** The stacks that read each kept form apart from the form it would merge with (checked against the models). */
export const keptApartBy: Readonly<Record<KeptRule, readonly StackId[]>> = {
  'keep-semicolon': ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET'],
  'keep-missing-value': ['rack:parse_query', 'rails:ActionDispatch::Request#GET'],
  'keep-stray-percent': ['go:url.ParseQuery', 'rack:parse_query', 'rails:ActionDispatch::Request#GET', 'java:tomcat'],
  'keep-raw-for-tomcat': ['java:tomcat'],
};

/** Notes, pair by pair, what the data model kept as written in the query `text[start, end)`. */
export function noteKeptApart(text: string, start: number, end: number, log: ChangeLog): void {
  for (const pair of text.slice(start, end).split('&')) {
    if (pair === '') continue;
    const note = (rule: KeptRule) => log.kept.push({ rule, text: pair, stacks: keptApartBy[rule] });
    if (/;|%3b/i.test(pair)) note('keep-semicolon');
    if (!pair.includes('=')) note('keep-missing-value');
    if (/%(?![0-9A-Fa-f]{2})/.test(pair)) note('keep-stray-percent');
    if (/[[\\\]^`{|}]/.test(pair)) note('keep-raw-for-tomcat');
  }
}
