/** Codec issues worded for readers (build and browser). */
import type { CodecIssue } from '../../codec';
import { clip, figure, fmt, h, markHidden, position, type Child, type Dict, type VNode } from './view';

/** At most this many notices are listed; the rest are counted. */
export const MAX_ISSUES = 20;

/** The sentence for one issue: the offending text quoted, its 1-based position, its byte offset. */
export function issueText(m: Dict, text: string, is: CodecIssue): Child[] {
  if (is.code === 'invalid-url' && !text.trim()) return fmt(m, 'issue.empty');
  const shown =
    is.code === 'lone-surrogate'
      ? `U+${text.charCodeAt(is.index).toString(16).toUpperCase()}`
      : clip(text.slice(is.index, is.index + is.length));
  const key = `issue.${is.code}`;
  return fmt(m, key in m ? key : 'issue.other', {
    text: h('code', null, markHidden(shown)),
    position: position(text, is.index),
    byte: is.byteOffset ?? 0,
    code: is.code,
  });
}

/** One `[data-role=notice|error]` item with `data-code` (the DOM contract). */
export const issueItem = (m: Dict, role: 'notice' | 'error', code: string, body: Child): VNode =>
  h(
    'li',
    { class: `w-issue w-${role}`, 'data-role': role, 'data-code': code },
    h('strong', null, m[`common.${role}`]),
    ' ',
    body,
  );

/** Notices (capped) then the error, as list items. */
export function issueItems(m: Dict, text: string, notices: CodecIssue[], error?: CodecIssue | null): Child[] {
  const items: Child[] = notices.slice(0, MAX_ISSUES).map((n) => issueItem(m, 'notice', n.code, issueText(m, text, n)));
  if (notices.length > MAX_ISSUES)
    items.push(h('li', { class: 'w-more' }, fmt(m, 'common.more', { count: figure(m, notices.length - MAX_ISSUES) })));
  if (error) items.push(issueItem(m, 'error', error.code, issueText(m, text, error)));
  return items;
}

/**
 * The notice for hidden characters shown as marks (`data-code=hidden-chars`), or nothing
 * when there are none.
 */
export const hiddenNotice = (m: Dict, count: number): Child =>
  count > 0 && issueItem(m, 'notice', 'hidden-chars', fmt(m, 'common.hidden', { count: figure(m, count) }));
