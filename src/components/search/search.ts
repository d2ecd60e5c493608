/**
 * The header search once the reader opens it (Search.astro loads this module on focus):
 * Pagefind's search API from the site's own /pagefind/ bundle, over the index of the page's
 * `<html lang>`, and the results as links to pages, their sections and FAQ answers.
 *
 * Keyboard: ArrowDown from the field goes to the first result, ArrowUp and ArrowDown move
 * through the results (Tab works too), Enter in the field follows the first result, Escape
 * closes the results and returns to the field (a second Escape clears it, as the browser
 * does); typing or an arrow key opens them again.
 *
 * What the reader types stays in the browser: it is never part of a request. Each locale's
 * index and excerpts are one file each (search-index.ts), so the files fetched are the same
 * whatever the query.
 */
import { excerptRuns } from './excerpt';

/** The part of Pagefind's search API used here (https://pagefind.app/docs/api/). */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<PageResult> }[] }>;
}
interface PageResult {
  url: string;
  meta: { title?: string };
  excerpt: string;
  sub_results: { title: string; url: string; excerpt: string; anchor?: unknown }[];
}

/**
 * A character for every way an indexed word can start: ASCII letters, digits and `%`, and
 * the letters of the Thai, Devanagari and Cyrillic blocks. Preloading them all loads every
 * chunk of the index, whatever its split; a character no word starts with loads nothing.
 */
function* firstCharacters(): Generator<string> {
  const ranges = [
    [0x61, 0x7a],
    [0x30, 0x39],
    [0x25, 0x25],
    [0x0e01, 0x0e2e],
    [0x0e40, 0x0e44],
    [0x0904, 0x0939],
    [0x0958, 0x0961],
    [0x0430, 0x045f],
    [0x0491, 0x0491],
  ];
  for (const [from, to] of ranges) {
    for (let c = from as number; c <= (to as number); c++) yield String.fromCharCode(c);
  }
}

/** Pages listed, and sections listed under each. */
const PAGES = 8;
const SECTIONS = 3;

type Child = Node | string | false | undefined | Child[];

/**
 * An element with its attributes and children, text as text nodes. (The widgets' h() and
 * toDOM() do the same, but importing them splits their shared chunk and brings the widgets'
 * base element along: +250 B on every widget page, +1.8 KB on opening the search.)
 */
function el(tag: string, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  const add = (c: Child): void => void (Array.isArray(c) ? c.forEach(add) : c && node.append(c));
  children.forEach(add);
  return node;
}

/** A message with its {{placeholders}} filled in, as plain text. */
const fill = (template = '', values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

const excerpt = (html: string) =>
  el(
    'p',
    { class: 'site-search__excerpt' },
    excerptRuns(html).map((run) => (run.mark ? el('mark', {}, run.text) : run.text)),
  );

/**
 * One page: its title as a link, then the sections (headings with an id, FAQ answers) where
 * the words were found, each a link with its excerpt. Words found before the first such
 * section give the page's own excerpt.
 */
function resultView(page: PageResult): HTMLElement {
  const sections = page.sub_results.filter((s) => s.anchor !== undefined).slice(0, SECTIONS);
  const top = page.sub_results.find((s) => s.anchor === undefined);
  return el(
    'li',
    { class: 'site-search__result' },
    el('a', { class: 'site-search__page', href: page.url }, page.meta.title ?? page.url),
    (top || sections.length === 0) && excerpt(top?.excerpt ?? page.excerpt),
    sections.length > 0 &&
      el(
        'ul',
        { class: 'site-search__sections' },
        sections.map((s) => el('li', {}, el('a', { href: s.url }, s.title), excerpt(s.excerpt))),
      ),
  );
}

export function start(root: HTMLElement): void {
  const m: Record<string, string> = JSON.parse(root.dataset.m ?? '{}');
  const input = root.querySelector('input')!;
  const panel = root.querySelector<HTMLElement>('.site-search__panel')!;
  const status = panel.querySelector('[role=status]')!;
  const list = panel.querySelector('ol')!;
  // A plain variable: an import() of a template literal would bring Vite's preload helper.
  const apiUrl = root.dataset.bundle + 'pagefind.js';
  const pagefind: Promise<Pagefind> = import(/* @vite-ignore */ apiUrl).then(async (api: Pagefind) => {
    // Without exactDiacritics, Pagefind drops combining marks from the query: Hindi vowel
    // signs, Thai vowel and tone marks, the breve of Ukrainian й. Those are letters here.
    await api.options({ exactDiacritics: true, excerptLength: 18 });
    await api.init();
    // Pagefind splits a large index into chunks by word and fetches those a query needs,
    // which would tell the server which words were looked up. Loading every chunk before the
    // first query keeps what the search fetches the same whatever the reader types.
    await Promise.all([...firstCharacters()].map((c) => api.preload(c)));
    return api;
  });
  let latest = 0;
  const links = () => [...list.querySelectorAll('a')];
  /** The place of the focused result among the results; -1 when focus is elsewhere. */
  const focused = () => links().indexOf(document.activeElement as HTMLAnchorElement);
  /** Focuses the result at `index` (the last one past the end); before the first, the field. */
  const focusAt = (index: number) => {
    const all = links();
    (index < 0 ? input : (all[Math.min(index, all.length - 1)] ?? input)).focus();
  };

  const show = (open: boolean) => {
    panel.hidden = !open;
    root.toggleAttribute('data-open', open);
  };
  // True while the results are being replaced: Chromium fires focusout on a focused result
  // as it is removed, which must not close the panel under a reader who arrowed into it.
  let replacing = false;
  const say = (text: string, results: HTMLElement[] = []) => {
    status.textContent = text;
    // A reader may arrow into the results of an earlier query while this one is searched:
    // focus stays at the same place in the new results (or on the field, if there are none).
    const at = focused();
    replacing = true;
    list.replaceChildren(...results);
    replacing = false;
    if (at >= 0) focusAt(at);
  };

  async function search() {
    const query = input.value.trim();
    const run = ++latest;
    if (query === '') return show(false);
    show(true);
    // Busy until this query's results are in: the status is announced once, when they are.
    panel.setAttribute('aria-busy', 'true');
    if (!status.textContent) say(m.searching ?? '');
    try {
      const { results } = await (await pagefind).search(query);
      const pages = await Promise.all(results.slice(0, PAGES).map((r) => r.data()));
      if (run !== latest) return;
      const more = results.length - pages.length;
      const rest = more > 0 ? [el('li', { class: 'site-search__more' }, fill(m.more, { count: more }))] : [];
      say(results.length === 0 ? fill(m.none, { query }) : fill(m.results, { count: results.length }), [
        ...pages.map(resultView),
        ...rest,
      ]);
    } catch {
      if (run === latest) say(m.unavailable ?? '');
    }
    if (run === latest) panel.removeAttribute('aria-busy');
  }

  input.addEventListener('input', search);
  input.addEventListener('click', () => show(input.value.trim() !== ''));
  root.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      // Closed results (after Escape, or on coming back to the field) open again.
      if (panel.hidden) show(input.value.trim() !== '');
      // From the field (-1), ArrowDown goes to the first result and ArrowUp stays.
      else focusAt(focused() + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Escape' && !panel.hidden) {
      e.preventDefault();
      show(false);
      input.focus();
    } else if (e.key === 'Enter' && e.target === input) {
      links()[0]?.click();
    }
  });
  // Leaving the search (a click or Tab elsewhere) closes the results.
  root.addEventListener('focusout', (e) => {
    if (!replacing && !root.contains(e.relatedTarget as Node | null)) show(false);
  });
  list.addEventListener('click', (e) => {
    const link = (e.target as Element).closest('a');
    if (!link) return;
    show(false);
    // A link to the answer already in the address bar fires no hashchange: FaqItem still
    // needs one to open that answer again.
    if (link.href === location.href) dispatchEvent(new HashChangeEvent('hashchange'));
  });
  // Whatever was typed before this code arrived.
  if (input.value.trim()) void search();
}
