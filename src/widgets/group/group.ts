import { define, Widget } from '../lib/client';
import { policyOf } from '../lib/policy';
import { str } from '../lib/view';
import type { GroupData } from './engine';
import { groupView } from './view';
import workerUrl from './worker?chunk';

/** Largest file read at all. */
const MAX_MB = 50;
/**
 * A file larger than this is grouped from memory rather than put in the text box: laying
 * out 100,000 lines in a textarea freezes a page for seconds, the grouping does not.
 */
const BOX = 256 * 1024;

class GroupWidget extends Widget {
  w: Worker | null = null;
  busy = false;
  job = 0;
  timer = 0;
  /** Resolves when the current job's result has been shown. */
  done: Promise<void> = Promise.resolve();
  fresh = false;
  /** Milliseconds the worker took for the last grouping (read by the e2e timing test). */
  ms = 0;
  /** The chosen file's text, when it is too large for the box. */
  text: string | undefined;
  /** A file dropped before this code arrived (kept by Group.astro's script). `declare`: a
   * field initializer would wipe it when the element upgrades. */
  declare early?: File;

  override connectedCallback() {
    super.connectedCallback();
    const file = this.q<HTMLInputElement>('input[type=file]');
    file.addEventListener('change', () => file.files?.[0] && this.load(file.files[0]));
    this.addEventListener('dragover', (e) => e.preventDefault());
    this.addEventListener('drop', (e) => {
      const f = e.dataTransfer?.files[0];
      if (f) e.preventDefault(), this.load(f);
    });
    this.q('[data-action=download]').addEventListener('click', () => this.download());
    // Typing in the box puts its lines back in charge.
    this.q('[data-role=input]').addEventListener('input', () => this.file());
    if (this.early) void this.load(this.early), delete this.early;
  }

  /** Uses a file's text (in the box, or from memory when large) and notes it. */
  file(text?: string, note = '') {
    this.text = text;
    const p = this.q('[data-role=file-note]');
    p.textContent = note;
    p.hidden = !note;
  }

  async load(f: File) {
    this.q('[data-role=file-name]').textContent = f.name;
    if (f.size > MAX_MB * 2 ** 20) return this.say(str(this.m, 'group.fileTooBig', { size: MAX_MB }));
    let text: string;
    try {
      text = await f.text();
    } catch {
      return this.say(this.m['group.fileError']!);
    }
    const box = this.q<HTMLTextAreaElement>('[data-role=input]');
    if (text.length > BOX) {
      box.value = '';
      const note = str(this.m, 'group.fileInUse', { name: f.name, size: (f.size / 2 ** 20).toFixed(1) });
      this.file(text, note);
      this.say(note);
    } else {
      box.value = text;
      this.file();
    }
    if (/\.csv$/i.test(f.name)) this.q<HTMLInputElement>('input[name=format][value=csv]').checked = true;
    this.q<HTMLSelectElement>('select[name=column]').value = '';
    this.update();
  }

  update() {
    this.fresh = false;
    this.q('[data-region=csv]').hidden = this.values().format != 'csv';
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.run(), 150);
  }

  async run(): Promise<void> {
    clearTimeout(this.timer);
    // A job still running is stale: stop it rather than queue behind it.
    if (this.busy) this.w?.terminate(), (this.w = null);
    const w = (this.w ??= new Worker(workerUrl, { type: 'module' }));
    const v = this.values();
    const id = ++this.job;
    const bar = this.q<HTMLProgressElement>('progress');
    this.busy = true;
    this.done = new Promise<void>((resolve) => {
      w.onmessage = (e) => {
        const d = e.data;
        if (d.id != id) return;
        if (d.type == 'progress') {
          bar.parentElement!.hidden = false;
          bar.max = d.total;
          bar.value = d.done;
          return;
        }
        this.busy = false;
        this.fresh = true;
        this.ms = d.ms;
        bar.parentElement!.hidden = true;
        this.columns(d.headers, d.column);
        this.show(groupView(this.m, d.data as GroupData));
        resolve();
      };
    });
    w.postMessage({ type: 'run', id, job: { text: this.text ?? v.lines ?? '', format: v.format, column: v.column ?? '', policy: policyOf(v) } });
    await this.done;
  }

  /** Offers the CSV's header cells as column choices. */
  columns(headers: string[] | null, column: number) {
    const sel = this.q<HTMLSelectElement>('select[name=column]');
    if (!headers) return;
    const keep = sel.value;
    sel.replaceChildren(...headers.map((h, i) => new Option(h || `#${i + 1}`, String(i))));
    sel.value = keep !== '' && +keep < headers.length ? keep : String(column);
  }

  async download() {
    if (!this.fresh) await this.run();
    const id = this.job;
    const w = this.w!;
    const csv: string = await new Promise((resolve) => {
      w.onmessage = (e) => e.data.type == 'csv' && e.data.id == id && resolve(e.data.csv);
      w.postMessage({ type: 'csv', id });
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    a.download = 'url-groups.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 30000);
  }
}

define('pe-group', GroupWidget);
