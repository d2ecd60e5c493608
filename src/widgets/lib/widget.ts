/**
 * The base custom element every widget extends, in the browser: form wiring, result regions,
 * copy buttons and share links (share-link.ts). Kept small on purpose: every widget's code
 * loads it on first use.
 */
import { hasHidden } from '../../lib/hidden';
import { rawText, toDOM } from './dom';
import { linkFields, linkState } from './share-link';
import { CUT, cutNote, markHidden, widgetTag, type Child, type Dict } from './view';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Wrapping a megabyte of text in a text box takes the browser seconds; not wrapping, a blink. */
const unwrapHugeText = (t: EventTarget | null) => {
  if (t instanceof HTMLTextAreaElement && t.value.length > 1e5) t.wrap = 'off';
};

/**
 * The form kept for a reload or Back, in sessionStorage under the page and the widget's id.
 * At most {@link KEEP} characters of form values are kept: above that (a pasted export)
 * nothing is, and a reload shows the page's example. Nothing leaves the browser.
 */
const keyOf = (id: string) => `pe-form:${location.pathname}#${id}`;
const KEEP = 256 * 1024;
/**
 * Whether this page was reloaded or reached with Back or Forward, when the reader expects
 * the form as they left it; opened afresh (a link followed, an address typed), it starts
 * from the page's example or the share link.
 */
const returning = () =>
  /reload|back_forward/.test((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)?.type);
/** The history entry the page is at (Navigation API; undefined without it). */
const entry = () => globalThis.navigation?.currentEntry?.key;

export abstract class Widget extends HTMLElement {
  messages: Dict = {};
  form!: HTMLFormElement;
  /** The whole text output, when the page shows only its beginning. */
  full?: string;
  /** The share-link fragment this widget has applied (or kept the reader's typing over). */
  applied?: string;
  /** The history entries it was applied on: Back to one keeps the reader's edits. */
  seen = new Set<string | undefined>();

  /** Recomputes every result region from the current form values. */
  abstract update(): void;

  connectedCallback() {
    this.messages = JSON.parse(this.dataset.m ?? '{}');
    this.form = this.querySelector('form')!;
    this.form.addEventListener('input', (e) => {
      unwrapHugeText(e.target);
      // A chosen file is read by its widget first; every other control recomputes at once.
      if ((e.target as Control).type !== 'file') this.update();
    });
    this.form.addEventListener('submit', (e) => e.preventDefault());
    this.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLButtonElement>('button[data-action]');
      if (b?.dataset.action === 'copy')
        void this.copy(b, b.closest('.w-field')!, this.full ?? rawText(this.find('[data-role=output]')));
      else if (b?.dataset.action === 'share') this.share(b);
    });
    for (const el of this.querySelectorAll<HTMLElement>('[data-js]')) el.hidden = false;
    // The static HTML already shows the props' result (and the form's autocomplete=off
    // stops browsers from restoring edited fields): recompute only for the form kept from
    // before a reload, a share link, or when the reader edited the form before this code
    // arrived (see on-use.ts).
    if (!this.restore(true, this.kept()) && this.edited()) this.update();
  }

  /** The form as the reader left it, on a reload or Back; null on a fresh open. */
  kept(): Map<string, string> | null {
    try {
      const state = returning() && sessionStorage.getItem(keyOf(this.id));
      return state ? new Map(Object.entries(JSON.parse(state))) : null;
    } catch {
      return null;
    }
  }

  /** Whether any control differs from what the build-time HTML rendered. */
  edited(): boolean {
    return this.controls().some((c) =>
      'checked' in c && /radio|checkbox/.test(c.type)
        ? c.checked !== c.defaultChecked
        : 'options' in c
          ? [...c.options].some((o) => o.selected !== o.defaultSelected)
          : c.type !== 'file' && c.value !== c.defaultValue,
    );
  }

  /** A module of the widget's loaded on first need (Encode's and Decode's full.ts). */
  more?: unknown;
  loading?: Promise<void> | undefined;

  /** Whether the module at `url` is here; if not, loads it and recomputes once it is. */
  have(url: string): boolean {
    if (!this.more)
      this.loading ??= import(/* @vite-ignore */ url).then(
        (x) => {
          this.more = x;
          this.update();
        },
        () => {
          this.loading = undefined;
        },
      );
    return !!this.more;
  }

  find<E extends Element = HTMLElement>(sel: string): E {
    return this.querySelector<E>(sel)!;
  }

  /**
   * Replaces each region's content (`data-region=<name>`, else `data-role=<name>`) with a
   * view tree. A text output longer than {@link CUT} characters shows its beginning and
   * says so in the `[data-role=cut]` note (a view that cuts its own output passes `cut`);
   * Copy still copies all of it.
   */
  show(view: Record<string, Child>) {
    for (const [k, v] of Object.entries(view)) {
      const el =
        this.querySelector<HTMLElement>(`[data-region=${k}]`) ?? this.querySelector<HTMLElement>(`[data-role=${k}]`);
      if (!el) continue;
      if (k === 'output' && typeof v === 'string') {
        this.full = v;
        // Hidden characters are drawn as marks, never applied; Copy copies `full`.
        const shown = v.slice(0, CUT);
        if (hasHidden(shown)) el.replaceChildren(toDOM(markHidden(shown)));
        else el.textContent = shown;
        // The copy box of a refused clipboard holds the previous result: put it away.
        for (const c of el.parentElement!.querySelectorAll<HTMLElement>('[data-role^=copy-]')) c.hidden = true;
        this.show({ cut: cutNote(this.messages, 'common.cut', v.length) });
      } else {
        el.replaceChildren(toDOM(v));
        if (k === 'cut') el.hidden = !v;
      }
    }
  }

  /**
   * Current values of the named controls: the checked radio of each group, an unchecked box
   * as `''`. Read directly: `new FormData()` takes seconds on a textarea holding a megabyte.
   */
  values(): Record<string, string> {
    const v: Record<string, string> = {};
    for (const c of this.controls()) {
      const checked = (c as HTMLInputElement).checked;
      if (c.type === 'radio' ? checked : c.type !== 'file')
        v[c.name] = c.type === 'checkbox' && !checked ? '' : c.value;
    }
    return v;
  }

  controls(): Control[] {
    return [...this.form.elements].filter((c): c is Control => 'name' in c && !!(c as Control).name);
  }

  /** Polite announcement (copy confirmations and the like). */
  say(text: string) {
    const s = this.find('[data-role=status]');
    s.textContent = '';
    setTimeout(() => (s.textContent = text), 50);
  }

  /**
   * Copies `text`. Without a clipboard (insecure context, permission refused) the whole text
   * goes into the box of `field` (the output's hidden copy box, or the share link), selected,
   * with the Ctrl+C instruction shown beside it.
   */
  async copy(b: HTMLButtonElement, field: Element, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      const label = b.textContent;
      b.textContent = this.messages['common.copied']!;
      setTimeout(() => (b.textContent = label), 2000);
      this.say(this.messages['common.copied']!);
    } catch {
      const box = field.querySelector<HTMLTextAreaElement>('input, textarea')!;
      const hint = field.querySelector<HTMLElement>('[data-role=copy-hint]')!;
      hint.textContent = this.messages['common.copyFailed']!;
      box.value = text;
      unwrapHugeText(box);
      box.hidden = hint.hidden = false;
      box.focus();
      box.select();
      this.say(hint.textContent);
    }
  }

  /**
   * The share-link state of the form (`URLSearchParams` of {@link values}, format in
   * ../README.md), and whether the inputs were left out for length.
   */
  link(): { state: string; cut: boolean } {
    return linkState(this.values(), this.inputs());
  }

  /** The names of the main fields (Compare has two). */
  inputs(): string[] {
    return [...this.querySelectorAll<Control>('[data-role=input]')].map((c) => c.name);
  }

  share(b: HTMLButtonElement) {
    const { state, cut } = this.link();
    const url = `${location.href.split('#')[0]}#${this.id}?${state}`;
    const box = this.find('[data-region=share]');
    this.find<HTMLInputElement>('[data-role=share-url]').value = url;
    box.hidden = false;
    this.find('[data-role=share-note]').textContent = cut ? this.messages['common.linkNoInput']! : '';
    void this.copy(b, box, url);
  }

  /** Runs once a share link's fields are in the form (policy widgets check theirs: policy-link.ts). */
  checkLink(_fields: Map<string, string>): void {}

  /**
   * Fills the form from `#<id>?<state>` if the fragment names this widget, or, at `opening`,
   * from the form `kept` from before a reload or Back, which wins over the link: the reader's
   * edits stay. A link is applied when the page is opened with it (unless the reader typed
   * before this code arrived), and whenever it is opened again on the open page, the same
   * link included; coming back to a link already applied (Back after a table-of-contents
   * link, say) keeps what the reader has typed since.
   */
  restore(opening = false, kept: Map<string, string> | null = null): boolean {
    const frag = location.hash.slice(1);
    const i = frag.indexOf('?');
    const named = i >= 0 && frag.slice(0, i) === this.id;
    if (!kept && (!named || (frag === this.applied && this.seen.has(entry())))) return false;
    if (named) {
      this.applied = frag;
      this.seen.add(entry());
    }
    if (opening && this.edited()) return false;
    const fields = kept ?? linkFields(frag.slice(i + 1));
    this.fill(fields);
    if (!kept) this.checkLink(fields);
    this.update();
    // The page as the reader left it: the browser puts the scroll position back.
    if (kept) return true;
    // A widget inside a closed disclosure (an FAQ answer) is opened up to be seen.
    for (let d = this.closest('details'); d; d = d.parentElement!.closest('details')) d.open = true;
    this.scrollIntoView({ block: 'start' });
    this.find('[data-role=input]').focus({ preventScroll: true });
    this.setAttribute('data-shared', '');
    return true;
  }

  /** Puts `fields` into the controls; a field missing, or an option a control lacks, takes its build-time default. */
  fill(fields: Map<string, string>) {
    const controls = this.controls();
    for (const c of controls) {
      const v = fields.get(c.name);
      if (c instanceof HTMLSelectElement) {
        const known = [...c.options].some((o) => o.value === v);
        for (const o of c.options) o.selected = known ? o.value === v : o.defaultSelected;
      } else if (c.type === 'radio') {
        const known = controls.some((x) => x.name === c.name && x.value === v);
        (c as HTMLInputElement).checked = known ? c.value === v : (c as HTMLInputElement).defaultChecked;
      } else if (c.type === 'checkbox') {
        (c as HTMLInputElement).checked = v == null ? (c as HTMLInputElement).defaultChecked : v === c.value;
      } else if (c.type !== 'file') {
        c.value = v ?? (c as HTMLTextAreaElement).defaultValue;
        unwrapHugeText(c);
      }
    }
  }
}

/** Defines a widget's element once, and re-reads share links when the fragment changes. */
export function define(kind: string, cls: CustomElementConstructor) {
  const name = widgetTag(kind);
  if (!customElements.get(name)) customElements.define(name, cls);
}

addEventListener('hashchange', () => {
  for (const w of document.querySelectorAll('[data-widget]')) (w as Widget).restore?.();
});

/**
 * Keeps every widget's form when the page goes away (a reload, a link, Back) or out of sight:
 * every named control, as long as the inputs are all in it (not Group's, held in memory) and
 * within {@link KEEP}; otherwise the older form is dropped. A widget whose code has not run
 * has no form of its own to keep: opened afresh, the page forgets what an earlier visit kept
 * for it, so a reload never brings back a form the reader has not seen. Storage that refuses
 * (full, blocked) keeps nothing.
 */
const keepAll = () => {
  for (const w of document.querySelectorAll<Widget>('[data-widget]')) {
    const v = w.values?.();
    try {
      if (v && w.inputs().every((name) => name in v) && Object.values(v).join('').length <= KEEP)
        sessionStorage.setItem(keyOf(w.id), JSON.stringify(v));
      else if (v || !returning()) sessionStorage.removeItem(keyOf(w.id));
    } catch {
      // Not kept.
    }
  }
};
addEventListener('pagehide', keepAll);
addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && keepAll());
