import type { KeptApart, NormalizeChange, NormalizeRule, UrlPart } from './types.ts';

/**
 * Collects what normalization changed, in the order the rules apply. The part being
 * canonicalized is set by the caller before each step, so the rules themselves only say
 * what they did; the query names each pair's changes once the pair is done (`nameSince`).
 */
export class ChangeLog {
  readonly changes: NormalizeChange[] = [];
  /** What the data model kept as written because some server stack reads it apart (see `noteKeptApart`). */
  readonly kept: KeptApart[] = [];
  part: UrlPart = 'url';

  note(rule: NormalizeRule, before: string, after: string): void {
    this.changes.push({ rule, before, after, part: this.part });
  }

  /** Names the query parameter whose changes were noted since `mark`. */
  nameSince(mark: number, name: string): void {
    for (let k = mark; k < this.changes.length; k++) (this.changes[k] as NormalizeChange).name = name;
  }
}

/**
 * Merges character-level changes of one rule that touch each other in the input into one
 * entry (`%6c%61` → `la`), so a widget shows words, not single bytes.
 */
export class ChangeRuns {
  private readonly text: string;
  private readonly log: ChangeLog;
  private rule: NormalizeRule | null = null;
  private from = 0;
  private to = 0;
  private after = '';

  constructor(text: string, log: ChangeLog) {
    this.text = text;
    this.log = log;
  }

  add(rule: NormalizeRule, from: number, to: number, after: string): void {
    if (rule === this.rule && from === this.to) {
      this.to = to;
      this.after += after;
      return;
    }
    this.flush();
    this.rule = rule;
    this.from = from;
    this.to = to;
    this.after = after;
  }

  flush(): void {
    if (this.rule !== null) this.log.note(this.rule, this.text.slice(this.from, this.to), this.after);
    this.rule = null;
  }
}
