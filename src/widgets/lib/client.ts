/**
 * Browser side shared by every widget: view trees to DOM, the form wiring, copy buttons
 * and share links. Kept small on purpose: every page that embeds a widget ships it.
 *
 * Share-link format (documented in ../README.md):
 *   <page URL>#<widget id>?<URLSearchParams of the widget's named form controls>
 * e.g. /en/tools/#tool-encode?value=C%2B%2B+%26+C%23&mode=form
 * The fragment never reaches a server. Values go back into form controls as `.value`,
 * so a fragment holding markup is only ever text.
 */
import { CUT, cutNote, type Child, type Dict } from './view';

export function toDOM(n: Child): Node {
  if (Array.isArray(n)) {
    const f = document.createDocumentFragment();
    for (const c of n) f.append(toDOM(c));
    return f;
  }
  if (n == null || n === false) return document.createTextNode('');
  if (typeof n != 'object') return document.createTextNode(String(n));
  const el = document.createElement(n.t);
  for (const [k, v] of Object.entries(n.a ?? {})) if (v != null && v !== false) el.setAttribute(k, v === true ? '' : String(v));
  el.append(toDOM(n.c));
  return el;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** Longest share link we hand out with the reader's input in it (Group can hold megabytes). */
const MAX_LINK = 16000;

export abstract class Widget extends HTMLElement {
  m: Dict = {};
  f!: HTMLFormElement;
  /** The whole text output, when the page shows only its beginning. */
  full?: string;

  /** Recomputes every result region from the current form values. */
  abstract update(): void;

  connectedCallback() {
    this.m = JSON.parse(this.dataset.m ?? '{}');
    this.f = this.querySelector('form')!;
    this.f.addEventListener('input', (e) => {
      const t = e.target as HTMLTextAreaElement;
      // Wrapping a megabyte of pasted text takes the browser seconds; not wrapping, a blink.
      if (t.type == 'textarea' && t.value.length > 1e5) t.wrap = 'off';
      // A chosen file is read by its widget first; every other control recomputes at once.
      if (t.type != 'file') this.update();
    });
    this.f.addEventListener('submit', (e) => e.preventDefault());
    this.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLButtonElement>('button[data-action]');
      const out = this.q('[data-role=output]');
      if (b?.dataset.action == 'copy') void this.copy(b, out, this.full ?? out.textContent ?? '');
      else if (b?.dataset.action == 'share') this.share(b);
    });
    for (const el of this.querySelectorAll<HTMLElement>('[data-js]')) el.hidden = false;
    // The static HTML already shows the props' result (and the form's autocomplete=off
    // stops browsers from restoring edited fields): recompute only for a share link, or
    // when the reader edited the form before this code arrived (see on-use.ts).
    if (!this.restore() && this.edited()) this.update();
  }

  /** Whether any control differs from what the build-time HTML rendered. */
  edited(): boolean {
    return this.controls().some((c) =>
      'checked' in c && /radio|checkbox/.test(c.type)
        ? c.checked != c.defaultChecked
        : 'options' in c
          ? [...c.options].some((o) => o.selected != o.defaultSelected)
          : c.type != 'file' && c.value != c.defaultValue,
    );
  }

  q<E extends Element = HTMLElement>(sel: string): E {
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
      const el = this.querySelector<HTMLElement>(`[data-region=${k}]`) ?? this.querySelector<HTMLElement>(`[data-role=${k}]`);
      if (!el) continue;
      if (k == 'output' && typeof v == 'string') {
        this.full = v;
        el.textContent = v.slice(0, CUT);
        this.show({ cut: cutNote(this.m, 'common.cut', v.length) });
      } else {
        el.replaceChildren(toDOM(v));
        if (k == 'cut') el.hidden = !v;
      }
    }
  }

  /**
   * Current values of the named controls (unchecked boxes are absent). Read directly:
   * `new FormData()` takes seconds on a textarea holding a megabyte.
   */
  values(): Record<string, string> {
    const v: Record<string, string> = {};
    for (const c of this.controls()) {
      if (c.type != 'file' && (!/radio|checkbox/.test(c.type) || (c as HTMLInputElement).checked)) v[c.name] = c.value;
    }
    return v;
  }

  controls(): Control[] {
    return [...this.f.elements].filter((c): c is Control => 'name' in c && !!(c as Control).name);
  }

  /** Polite announcement (copy confirmations and the like). */
  say(text: string) {
    const s = this.q('[data-role=status]');
    s.textContent = '';
    setTimeout(() => (s.textContent = text), 50);
  }

  async copy(b: HTMLButtonElement, node: HTMLElement, text = node.textContent ?? '') {
    try {
      await navigator.clipboard.writeText(text);
      const label = b.textContent;
      b.textContent = this.m['common.copied']!;
      setTimeout(() => (b.textContent = label), 2000);
      this.say(this.m['common.copied']!);
    } catch {
      // No clipboard (insecure context, permission refused): select it for Ctrl+C.
      if (node instanceof HTMLInputElement) node.select();
      else getSelection()?.selectAllChildren(node);
      this.say(this.m['common.copyFailed']!);
    }
  }

  share(b: HTMLButtonElement) {
    let qs = new URLSearchParams(this.values());
    let note = '';
    if (qs.toString().length > MAX_LINK) {
      for (const c of this.querySelectorAll<Control>('[data-role=input]')) qs.delete(c.name);
      note = this.m['common.linkNoInput']!;
    }
    const url = `${location.href.split('#')[0]}#${this.id}?${qs}`;
    const box = this.q('[data-region=share]');
    const out = this.q<HTMLInputElement>('[data-role=share-url]');
    out.value = url;
    box.hidden = false;
    this.q('[data-role=share-note]').textContent = note;
    void this.copy(b, out, url);
  }

  /** Fills the form from `#<id>?<state>` if the fragment names this widget. */
  restore(): boolean {
    const frag = location.hash.slice(1);
    const i = frag.indexOf('?');
    if (i < 0 || frag.slice(0, i) != this.id) return false;
    const p = new URLSearchParams(frag.slice(i + 1));
    for (const c of this.controls()) {
      if (c instanceof HTMLInputElement && c.type == 'radio') {
        // Checking one radio unchecks the rest; an unknown value leaves the choice alone.
        if (p.get(c.name) == c.value) c.checked = true;
      } else if (c instanceof HTMLInputElement && c.type == 'checkbox') {
        c.checked = p.getAll(c.name).includes(c.value);
      } else if (c instanceof HTMLSelectElement) {
        const v = p.get(c.name);
        if (v != null && [...c.options].some((o) => o.value == v)) c.value = v;
      } else if (c.type != 'file') {
        const v = p.get(c.name);
        if (v != null) c.value = v;
      }
    }
    this.update();
    this.scrollIntoView({ block: 'start' });
    this.q('[data-role=input]').focus({ preventScroll: true });
    this.setAttribute('data-shared', '');
    return true;
  }
}

/** Defines a widget's element once, and re-reads share links when the fragment changes. */
export function define(name: string, cls: CustomElementConstructor) {
  if (!customElements.get(name)) customElements.define(name, cls);
}

addEventListener('hashchange', () => {
  for (const w of document.querySelectorAll('[data-widget]')) (w as Widget).restore?.();
});
