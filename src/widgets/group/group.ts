import type { UndecodableBytes } from '../../codec';
import { define, Widget } from '../lib/widget';
import { toDOM } from '../lib/dom';
import { issueItem } from '../lib/issues';
import { policyOf } from '../lib/policy';
import { notePolicyLink } from '../lib/policy-link';
import { type Child, h, str } from '../lib/view';
import type { Explained, GroupData, View } from './engine';
import { groupRows, groupView, whyView } from './view';
import workerUrl from './worker?chunk';

/** Largest file read at all. */
const MAX_MB = 50;
/**
 * Input longer than this (a file, or a paste) is grouped from memory rather than put in
 * the text box: laying out 100,000 lines in a textarea freezes a page for seconds, the
 * grouping does not. The box shows its beginning instead.
 */
const BOX = 256 * 1024;
/** How much of an input held in memory the box shows. */
const PREVIEW_LINES = 100;
const PREVIEW_CHARS = 10_000;
/**
 * Groups drawn per frame. Building and drawing all 200 rows of 100,000 lines at once (up to
 * 20 variants each) kept a loaded main thread for 150-250 ms; a batch per frame keeps each
 * task short.
 */
const ROWS_PER_FRAME = 25;

/** The beginning of a long text: its first lines, for the box. */
function beginning(text: string): string {
  let end = -1;
  for (let i = 0; i < PREVIEW_LINES && end < PREVIEW_CHARS; i++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) return text.slice(0, PREVIEW_CHARS);
  }
  return text.slice(0, Math.min(end, PREVIEW_CHARS));
}

/** Tab-separated text (a spreadsheet copy) has a tab in its first line. */
const tabbed = (text: string) => text.slice(0, text.search(/\r|\n|$/)).includes('\t');

type Reply = { type: string; id: number } & Record<string, unknown>;
/** A file whose text the worker holds (too long for the box): `read` numbers the reading. */
type Held = { file: File; encoding: string; read: number };
/** The worker's answer to a `read` job (worker.ts). */
type ReadReply = {
  ok: boolean;
  text?: string;
  head?: string;
  tabbed?: boolean;
  error?: UndecodableBytes & { code: 'undecodable'; line: number };
  line?: Uint8Array | null;
};
type Result = {
  data: GroupData | null;
  headers?: string[] | null;
  header?: boolean;
  column?: number;
  count?: number;
  ms?: number;
  unreadable?: boolean;
};

/** Control characters of a charset's reading of a line, not drawn (C1 controls in ISO-8859-5). */
const readable = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');

class GroupWidget extends Widget {
  worker: Worker | null = null;
  /** The worker's unanswered jobs, by id. */
  pending = new Map<number, (reply: Reply | null) => void>();
  jobs = 0;
  /** The last job whose answer may be shown, and the last grouping (for its progress). */
  latest = 0;
  grouping = 0;
  timer = 0;
  /** Counts the tables drawn: a table still being drawn stops when a newer one replaces it. */
  tables = 0;
  /** Whether the form changed since the table was last asked for. */
  stale = false;
  /** Resolves when the last requested table has been shown. */
  done: Promise<void> = Promise.resolve();
  /** What the worker last grouped: the text and the other inputs (format, columns, policy). */
  groupedText: string | Held | undefined;
  groupedWith = '';
  /** Milliseconds the worker took for the last grouping (read by the e2e timing test). */
  ms = 0;
  /** The input, when it is too large for the box: a paste, or a file the worker holds. */
  text: string | Held | undefined;
  /** Counts the files read: an answer for an earlier one is not shown. */
  reads = 0;
  /** A share link's state, until the CSV's header row has given its column choices options. */
  linked: Map<string, string> | undefined;
  /** The file chosen last, kept so that choosing its encoding reads it again. */
  file: File | undefined;
  /** A file dropped before this code arrived (kept by Group.astro's script). `declare`: a
   * field initializer would wipe it when the element upgrades. */
  declare early?: File;

  override connectedCallback() {
    super.connectedCallback();
    const file = this.find<HTMLInputElement>('input[type=file]');
    file.addEventListener('change', () => file.files?.[0] && this.load(file.files[0]));
    // Choosing an encoding reads the same file again in it.
    const encoding = this.encoding();
    encoding.addEventListener('change', () => this.file && this.load(this.file));
    this.find('[data-action=header]').addEventListener('click', (e) =>
      this.toggleHeader(e.currentTarget as HTMLButtonElement),
    );
    this.addEventListener('dragover', (e) => e.preventDefault());
    this.addEventListener('drop', (e) => {
      const f = e.dataTransfer?.files[0];
      if (!f) return;
      e.preventDefault();
      void this.load(f);
    });
    this.find('[data-action=download]').addEventListener('click', () => this.download());
    const box = this.box();
    // Typing in the box puts its lines back in charge.
    box.addEventListener('input', () => this.memory());
    box.addEventListener('paste', (e) => this.paste(e));
    // `toggle` does not bubble; a capturing listener sees every row's disclosure.
    this.addEventListener('toggle', (e) => this.explain(e.target as HTMLElement), true);
    if (this.early) {
      void this.load(this.early);
      delete this.early;
    }
  }

  box() {
    return this.find<HTMLTextAreaElement>('[data-role=input]');
  }

  encoding() {
    return this.find<HTMLSelectElement>('[data-role=encoding]');
  }

  /** The form's header choice: `yes`, `no`, or empty (the rows decide). */
  header() {
    return this.find<HTMLInputElement>('input[name=header]');
  }

  /** The one-click switch: read the first row the other way, with the columns chosen anew. */
  toggleHeader(b: HTMLButtonElement) {
    this.header().value = b.dataset.header ?? '';
    for (const sel of this.querySelectorAll<HTMLSelectElement>('select[name=column], select[name=count]'))
      sel.value = '';
    this.update();
  }

  /** Says how the first row of a CSV or TSV was read, with the switch to read it the other way. */
  headerNote(header: boolean | undefined, headers: string[] | null | undefined) {
    const note = this.find('[data-role=header-note]');
    note.hidden = !headers;
    if (!headers) return;
    const names = headers.map((h, i) => h || `#${i + 1}`).join(', ');
    this.find('[data-role=header-text]').textContent = str(
      this.messages,
      header ? 'group.headerTaken' : 'group.headerNone',
      { names },
    );
    const b = this.find<HTMLButtonElement>('[data-action=header]');
    b.textContent = this.messages[header ? 'group.headerToData' : 'group.headerToNames']!;
    b.dataset.header = header ? 'no' : 'yes';
  }

  /** Holds a long input in memory (or, with none, lets the box's lines count), with a note. */
  memory(text?: string | Held, note = '') {
    this.text = text;
    const p = this.find('[data-role=file-note]');
    p.textContent = note;
    p.hidden = !note;
  }

  /**
   * The text for the box, or for memory with its beginning in the box (`head`: the beginning
   * of a file the worker holds); then groups it.
   */
  take(text: string | Held, format: string, note: string, head = '') {
    const large = typeof text !== 'string' || text.length > BOX;
    this.box().value = typeof text !== 'string' ? beginning(head) : large ? beginning(text) : text;
    this.memory(large ? text : undefined, large ? note : '');
    if (large) this.say(note);
    this.find<HTMLInputElement>(`input[name=format][value=${format}]`).checked = true;
    for (const sel of this.querySelectorAll<HTMLSelectElement>('select[name=column], select[name=count]'))
      sel.value = '';
    // New input: its rows decide again whether the first is a header.
    this.header().value = '';
    this.update();
  }

  /**
   * A paste replacing the whole box decides the format: tab-separated text is TSV, and
   * text without tabs is not. A long paste is taken into memory, as a long file is: the
   * browser laying it out in the box would block the page for seconds.
   */
  paste(e: ClipboardEvent) {
    const pasted = e.clipboardData?.getData('text/plain') ?? '';
    const box = this.box();
    const { selectionStart: from, selectionEnd: to, value } = box;
    const whole = from === 0 && to === value.length;
    const current = this.values().format ?? 'lines';
    const format = !whole ? current : tabbed(pasted) ? 'tsv' : current === 'tsv' ? 'lines' : current;
    if (pasted.length + value.length - (to - from) <= BOX) {
      // The browser pastes it; its input event groups it.
      this.find<HTMLInputElement>(`input[name=format][value=${format}]`).checked = true;
      if (whole) this.header().value = '';
      return;
    }
    e.preventDefault();
    const text = whole ? pasted : value.slice(0, from) + pasted + value.slice(to);
    // In a task of its own: handing over the clipboard's text (getData) is already a long one.
    setTimeout(() => this.take(text, format, str(this.messages, 'group.pasteInUse', { size: this.mb(text.length) })));
  }

  /** A size in megabytes, in the page's digits: a figure (not isolated as reader data is). */
  mb(bytes: number): Child[] {
    return [new Intl.NumberFormat(this.lang, { maximumFractionDigits: 1 }).format(bytes / 2 ** 20)];
  }

  /**
   * Reads a file in the chosen encoding (a byte order mark wins; UTF-8 by default), strictly:
   * bytes that do not decode are never made U+FFFD, which would merge different URLs. The
   * worker reads and decodes it (worker.ts, `read`): on the page, a 10 MB file blocked it for
   * half a second. A text too long for the box stays in the worker, which sends its beginning.
   */
  async load(f: File) {
    if (f !== this.file) this.encoding().value = 'utf-8';
    this.file = f;
    this.find('[data-role=file-name]').textContent = f.name;
    if (f.size > MAX_MB * 2 ** 20)
      return this.fail('file-too-big', str(this.messages, 'group.fileTooBig', { name: f.name, size: MAX_MB }));
    // A grouping still running is of the input this file replaces.
    if (this.pending.has(this.grouping)) this.stop();
    const source: Held = { file: f, encoding: this.encoding().value, read: ++this.reads };
    const [, answer] = this.ask({ type: 'read', ...source, box: BOX, preview: PREVIEW_CHARS });
    const r = (await answer) as (Reply & ReadReply) | null;
    // Stopped, or another file (or encoding) chosen since.
    if (!r || source.read !== this.reads) return;
    this.find('[data-region=encoding]').hidden = false;
    this.labelEncodings(null);
    if (!r.ok) {
      if (r.error?.code !== 'undecodable')
        return this.fail('file-unreadable', str(this.messages, 'group.fileError', { name: f.name }));
      return this.undecodable(f, r.error, r.line ?? null);
    }
    // The name decides when it says CSV or TSV; otherwise the content does, both ways.
    const format = /\.csv$/i.test(f.name) ? 'csv' : /\.(tsv|tab)$/i.test(f.name) || r.tabbed ? 'tsv' : 'lines';
    const note = str(this.messages, 'group.fileInUse', { name: f.name, size: this.mb(f.size) });
    this.take(r.text ?? source, format, note, r.head);
  }

  /**
   * A file whose bytes do not decode: where, and each encoding on offer labelled with how it
   * would read that line (`line`: the bytes around the first bad one, when UTF-8 failed), so
   * the reader can pick the one that reads right.
   */
  undecodable(f: File, at: UndecodableBytes & { line: number }, line: Uint8Array | null) {
    const n = new Intl.NumberFormat(this.lang);
    const hex = at.bytes
      .slice(0, 2)
      .map((b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(' ');
    this.labelEncodings(line);
    this.fail(
      'undecodable',
      str(this.messages, 'group.undecodable', {
        name: f.name,
        encoding: at.encoding,
        line: [n.format(at.line)],
        byte: [n.format(at.byte)],
        bytes: [hex],
      }),
    );
    this.find<HTMLInputElement>('input[type=file]').value = '';
  }

  /** Labels each legacy encoding with how it reads `line` (null: the labels alone). */
  labelEncodings(line: Uint8Array | null) {
    for (const o of this.encoding().options) {
      // The line as a single-byte legacy charset reads it (UTF-8 failed; UTF-16 would be noise).
      o.textContent =
        !line || /^utf-/.test(o.value)
          ? o.dataset.label!
          : str(this.messages, 'group.encodingReads', {
              encoding: [o.dataset.label!],
              text: readable(new TextDecoder(o.value).decode(line)),
            });
    }
  }

  /**
   * A file that cannot be grouped: stop what was being grouped, and show the error where
   * the table was, so the previous results do not pass for the new file's.
   */
  fail(code: string, text: string) {
    this.stop();
    if (this.text !== undefined) this.box().value = '';
    this.memory();
    this.find<HTMLInputElement>('input[type=file]').value = '';
    this.tables++;
    this.show({ summary: text, output: h('ul', { class: 'w-issues' }, issueItem(this.messages, 'error', code, text)) });
  }

  /** The form's values; the box's lines only when they are the input (not a beginning shown). */
  override values() {
    const v = super.values();
    if (this.text !== undefined) delete v.lines;
    return v;
  }

  /** A link made while the input is in memory carries the options only, and says so. */
  override share(b: HTMLButtonElement) {
    super.share(b);
    if (this.text !== undefined) this.find('[data-role=share-note]').textContent = this.messages['group.linkNoInput']!;
  }

  override fill(fields: Map<string, string>) {
    // The column choices have options only once the worker has read the CSV's header row:
    // keep the link's (or the kept form's) choice until then.
    this.linked = fields;
    super.fill(fields);
  }

  override checkLink(fields: Map<string, string>) {
    notePolicyLink(this, fields);
  }

  update() {
    this.stale = true;
    this.find('[data-region=csv]').hidden = (this.values().format ?? 'lines') === 'lines';
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.run(), 150);
  }

  /** Asks the worker for a job's answer; null when the worker was stopped first. */
  ask(job: Record<string, unknown>): [number, Promise<Reply | null>] {
    const worker = (this.worker ??= this.start());
    const id = ++this.jobs;
    const answer = new Promise<Reply | null>((resolve) => this.pending.set(id, resolve));
    worker.postMessage({ ...job, id });
    return [id, answer];
  }

  start() {
    const w = new Worker(workerUrl, { type: 'module' });
    const bar = this.find<HTMLProgressElement>('progress');
    w.onmessage = (e: MessageEvent<Reply>) => {
      const d = e.data;
      if (d.type === 'progress') {
        if (d.id !== this.grouping) return;
        bar.parentElement!.hidden = false;
        bar.max = d.total as number;
        bar.value = d.done as number;
        return;
      }
      this.pending.get(d.id)?.(d);
      this.pending.delete(d.id);
    };
    return w;
  }

  /** Stops the worker and whatever it was doing. */
  stop() {
    clearTimeout(this.timer);
    this.worker?.terminate();
    this.worker = null;
    for (const answer of this.pending.values()) answer(null);
    this.pending.clear();
    this.groupedWith = '';
    this.find('progress').parentElement!.hidden = true;
  }

  /**
   * Shows the table for the form: groups again when the input, its format or columns, or
   * the policy changed (stopping a grouping still running, which is stale); otherwise only
   * asks for the last grouping cut anew (another filter, order or choice of groups).
   */
  run(): Promise<void> {
    clearTimeout(this.timer);
    this.stale = false;
    const v = this.values();
    const text = this.text ?? v.lines ?? '';
    const pick = (name: string) => this.linked?.get(name) ?? v[name] ?? '';
    const job = {
      format: v.format ?? 'lines',
      column: pick('column'),
      count: pick('count'),
      header: v.header ?? '',
      policy: policyOf(v),
    };
    const view: View = { show: v.show ?? 'all', filter: v.filter ?? '', sort: v.sort ?? 'lines' };
    const inputs = JSON.stringify(job);
    const regroup = text !== this.groupedText || inputs !== this.groupedWith;
    if (regroup && this.grouping && this.pending.has(this.grouping)) this.stop();
    if (regroup) {
      this.groupedText = text;
      this.groupedWith = inputs;
    }
    const input = typeof text === 'string' ? { text } : { file: text };
    const [id, answer] = this.ask(regroup ? { type: 'run', job: { ...job, ...input }, view } : { type: 'view', view });
    if (regroup) this.grouping = id;
    this.latest = id;
    this.done = answer.then(async (reply) => {
      const r = reply as Result | null;
      if (!r || reply?.type === 'failed') return;
      // The file the worker held could not be read again (changed or removed since).
      if (r.unreadable)
        return this.fail('file-unreadable', str(this.messages, 'group.fileError', { name: this.file?.name ?? '' }));
      // A grouping's answer sets the columns even when a newer cut of it is what to show.
      if (regroup && id === this.grouping) {
        this.find('progress').parentElement!.hidden = true;
        this.ms = r.ms ?? 0;
        this.linked = undefined;
        this.headerNote(r.header, r.headers);
        if (r.headers) {
          const column = String(r.column ?? 0);
          const count = (r.count ?? -1) < 0 ? '' : String(r.count);
          // A column chosen while this grouping ran stands (stale: its own run is on its way).
          if (this.stale) this.columns(r.headers, this.chosen('column', column), this.chosen('count', count));
          else {
            this.columns(r.headers, column, count);
            // The columns it chose are the form's now: choosing them again groups nothing anew.
            this.groupedWith = JSON.stringify({ ...job, column, count });
          }
        }
      }
      if (id !== this.latest) return;
      // Nothing grouped yet (the worker was restarted): group.
      if (!r.data) {
        this.groupedWith = '';
        return this.run();
      }
      this.draw(r.data);
    });
    return this.done;
  }

  /** Shows a table, its first rows at once and the rest a batch per frame. */
  draw(d: GroupData) {
    this.show(groupView(this.messages, d, this.lang, undefined, ROWS_PER_FRAME));
    const body = this.querySelector('[data-role=output] tbody');
    const table = ++this.tables;
    let drawn = ROWS_PER_FRAME;
    const next = () => {
      if (table !== this.tables || !body || drawn >= d.groups.length) return;
      body.append(toDOM(groupRows(this.messages, d.groups.slice(drawn, (drawn += ROWS_PER_FRAME)), this.lang)));
      requestAnimationFrame(next);
    };
    requestAnimationFrame(next);
  }

  /** The column the reader chose in `name`'s select, or `fallback` while it offers no column to choose. */
  chosen(name: 'column' | 'count', fallback: string): string {
    const select = this.find<HTMLSelectElement>(`select[name=${name}]`);
    // The count select always offers "none" first; the columns come after it.
    return select.options.length > (name === 'count' ? 1 : 0) ? select.value : fallback;
  }

  /** Offers the CSV's header cells as column choices, with the ones the grouping used. */
  columns(headers: string[], column: string, count: string) {
    const options = () => headers.map((h, i) => new Option(h || `#${i + 1}`, String(i)));
    const url = this.find<HTMLSelectElement>('select[name=column]');
    url.replaceChildren(...options());
    url.value = column;
    const sum = this.find<HTMLSelectElement>('select[name=count]');
    sum.replaceChildren(sum.options[0]!, ...options());
    sum.value = count;
  }

  /** Fills a row's disclosure, when first opened, with the rules that changed each variant. */
  async explain(details: HTMLElement) {
    if (!(details instanceof HTMLDetailsElement) || details.dataset.role !== 'why' || !details.open) return;
    const body = details.querySelector('.w-why-body')!;
    // Filled already: at build time, or when opened before.
    if (body.textContent) return;
    body.textContent = this.messages['group.whyLoading']!;
    const [, answer] = this.ask({ type: 'why', key: details.dataset.key });
    const variants = (await answer)?.variants as Explained[] | null | undefined;
    body.replaceChildren(variants ? toDOM(whyView(this.messages, variants)) : '');
  }

  async download() {
    await (this.stale ? this.run() : this.done);
    const [, answer] = this.ask({ type: 'csv' });
    const csv = (await answer)?.csv as string | undefined;
    if (!csv) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    a.download = 'url-groups.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 30000);
  }
}

define('group', GroupWidget);
