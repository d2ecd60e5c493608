/**
 * The note under a policy widget (Normalize, Group, Compare) that a share link's policy
 * names a field or a value the widget does not have. The checker (policy-check.ts, with the
 * codec's `checkPolicy`) loads only for such a link: a link the form took as written, which
 * is every link the Share button makes, needs no check, so no page pays for it up front.
 */
import checkerUrl from './policy-check?chunk';
import type { Widget } from './widget';

/** Checks the link fields `fields` just applied to `w`, and shows what is wrong, if anything. */
export function notePolicyLink(w: Widget, fields: Map<string, string>): void {
  const note = w.find('[data-role=link-note]');
  const link = w.applied;
  note.hidden = true;
  note.textContent = '';
  const now = w.values();
  if ([...fields].every(([k, v]) => k === 'v' || now[k] === v)) return;
  import(/* @vite-ignore */ checkerUrl).then(
    ({ linkPolicyNote }: typeof import('./policy-check')) => {
      // A newer link has been applied since: this note is not about it.
      if (w.applied !== link) return;
      note.textContent =
        linkPolicyNote(
          w.messages,
          fields,
          w.controls().map((c) => c.name),
        ) ?? '';
      note.hidden = !note.textContent;
      if (note.textContent) w.say(note.textContent);
    },
    // Offline: the link is applied all the same, without the note.
    () => {},
  );
}
