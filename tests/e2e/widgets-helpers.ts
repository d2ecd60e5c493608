import { readFileSync } from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** The tools page of a locale, with every widget at full size (ids `tool-<name>`). */
export const tools = (locale: string) => `/${locale}/tools/`;

/**
 * Sets a field's value as a script would (for text Playwright cannot type, such as a lone
 * surrogate, or 1 MB at once) and fires the `input` event the widget listens to.
 */
export async function setValue(field: Locator, value: string): Promise<void> {
  await field.evaluate((el, v) => {
    // `{U+D800}` stands for a single UTF-16 unit: a lone surrogate would not survive the
    // trip from the test process to the page, so it is made in the page.
    (el as HTMLTextAreaElement).value = v.replace(/\{U\+([0-9A-F]{4})\}/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/**
 * {@link setValue}, returning how long the widget took to react: the `input` listeners run
 * synchronously inside `dispatchEvent`, so this is the widget's own work, without the
 * browser's layout of a megabyte of text (reported separately by the tests).
 */
export async function timedSetValue(field: Locator, value: string): Promise<number> {
  return field.evaluate((el, v) => {
    (el as HTMLTextAreaElement).value = v;
    const t0 = performance.now();
    el.dispatchEvent(new Event('input', { bubbles: true }));
    return performance.now() - t0;
  }, value);
}

/** Collects every dialog (alert, confirm) a page opens; an injection would open one. */
export function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

/**
 * Brings the widget into view, as a reader would, and waits until its live code has loaded
 * and is running (its JS-only buttons are revealed). Widgets load that code on first use: on a
 * machine busy with two test workers, fetching and compiling it has taken over 5 s.
 */
export async function ready(widget: Locator): Promise<void> {
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('[data-action=share]')).toBeVisible({ timeout: 15_000 });
}

/**
 * Playwright's `test`, with an option for a describe whose every test starts on one page with
 * one widget ready: `test.use({ widgetPage: { path: tools('en'), widget: '#tool-encode' } })`.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: an automatic fixture gives no value; Playwright types it void.
export const test = base.extend<{ widgetPage: { path: string; widget: string } | undefined; openWidgetPage: void }>({
  widgetPage: [undefined, { option: true }],
  openWidgetPage: [
    async ({ page, widgetPage }, use) => {
      if (widgetPage) {
        await page.goto(widgetPage.path);
        await ready(page.locator(widgetPage.widget));
      }
      await use();
    },
    { auto: true },
  ],
});

/** The text of each element, in order. */
export const texts = (l: Locator) => l.evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/**
 * Starts a `longtask` observer in the page. `longest()` gives the longest main-thread task
 * since the start (or the last `reset()`), taking the entries still queued too: they reach
 * an observer a while after their task, so reading right after a table appears would miss
 * the task that drew it.
 */
export async function watchLongTasks(page: Page) {
  type Watch = { longest: number; seen: PerformanceObserver; take(list: PerformanceEntryList): void };
  await page.evaluate(() => {
    const watch = {
      longest: 0,
      take(list: PerformanceEntryList) {
        for (const e of list) watch.longest = Math.max(watch.longest, e.duration);
      },
    } as Watch;
    watch.seen = new PerformanceObserver((list) => watch.take(list.getEntries()));
    watch.seen.observe({ type: 'longtask' });
    (window as unknown as { watch: Watch }).watch = watch;
  });
  return {
    longest: () =>
      page.evaluate(() => {
        const { watch } = window as unknown as { watch: Watch };
        watch.take(watch.seen.takeRecords());
        return watch.longest;
      }),
    reset: () =>
      page.evaluate(() => {
        const { watch } = window as unknown as { watch: Watch };
        watch.take(watch.seen.takeRecords());
        watch.longest = 0;
      }),
  };
}

/** A megabyte (2^20 UTF-16 units) of input. */
const MB = 2 ** 20;

/**
 * A megabyte of input, described so the page can build it: `unit` repeated after `prefix`,
 * with `#` in the unit replaced by a running number (`k#=v&`: a query of distinct names).
 * Handing a megabyte to the page from the test would itself be a long task.
 */
export type Big = { prefix?: string; unit: string };

export function makeBig({ prefix = '', unit }: Big, size = MB): string {
  let text = prefix;
  if (!unit.includes('#')) text += unit.repeat(Math.ceil(size / unit.length));
  else for (let i = 0; text.length < size; i++) text += unit.replace('#', String(i));
  return text.slice(0, size);
}

/** Builds `big` in the page (the same function, sent as source), where {@link pasteBig} finds it. */
export async function prepareBig(page: Page, big: Big): Promise<void> {
  await page.evaluate(`window.__big = (${makeBig.toString()})(${JSON.stringify(big)}, ${MB})`);
}

/**
 * Puts the prepared megabyte into a text field as a paste does (the value, then `input`) in
 * a task of the page's own, and waits in the page for the two frames that lay it out. (The
 * Long Tasks API does not see work done inside a test's `evaluate`, nor, in headless
 * Chromium, the layout after it unless the page itself waits for its frames.)
 */
export async function pasteBig(field: Locator): Promise<void> {
  await field.evaluate(
    (el) =>
      new Promise<void>((drawn) =>
        setTimeout(() => {
          (el as HTMLTextAreaElement).value = (window as unknown as { __big: string }).__big;
          el.dispatchEvent(new Event('input', { bubbles: true }));
          requestAnimationFrame(() => requestAnimationFrame(() => drawn()));
        }),
      ),
  );
}

/**
 * One real keystroke at the end of a text field (the browser's editing, then the widget),
 * returned as an action that ends when the page has drawn two frames after it.
 */
export async function typeAtEnd(field: Locator, key = 'x'): Promise<() => Promise<void>> {
  await field.evaluate((el) => {
    const box = el as HTMLTextAreaElement;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  });
  return async () => {
    await field.evaluate((el) => {
      const page = window as unknown as { drawn: Promise<void> };
      page.drawn = new Promise((drawn) =>
        el.addEventListener('input', () => requestAnimationFrame(() => requestAnimationFrame(() => drawn())), {
          once: true,
        }),
      );
    });
    await field.page().keyboard.press(key);
    await field.page().evaluate(() => (window as unknown as { drawn: Promise<void> }).drawn);
  };
}

/**
 * A bare text box outside any widget, styled as `widget`'s own (and, like a widget's, not
 * wrapping a text over 100,000 characters): what the browser alone spends on a megabyte.
 */
export async function bareBox(widget: Locator): Promise<Locator> {
  await widget.evaluate((w) => {
    const frame = document.createElement('div');
    frame.className = 'widget';
    frame.innerHTML = '<form class="w-form"></form>';
    const box = w.querySelector('textarea')!.cloneNode() as HTMLTextAreaElement;
    box.removeAttribute('name');
    box.id = 'bare-box';
    box.addEventListener('input', () => box.value.length > 1e5 && (box.wrap = 'off'));
    frame.firstElementChild!.append(box);
    w.after(frame);
  });
  return widget.page().locator('#bare-box');
}

/**
 * The longest main-thread task (Long Tasks API) from `act` (which waits for its frames to be
 * drawn) until `settleMs` later, time for deferred work. Entries
 * reach an observer a while after their task, so the ones still queued are taken too
 * (`takeRecords()`).
 */
export async function longestTask(page: Page, act: () => Promise<unknown>, settleMs = 1500): Promise<number> {
  type Watch = { tasks: number[]; seen: PerformanceObserver };
  await page.evaluate(() => {
    const watch: Watch = {
      tasks: [],
      seen: new PerformanceObserver((list) => watch.tasks.push(...list.getEntries().map((e) => e.duration))),
    };
    watch.seen.observe({ type: 'longtask' });
    (window as unknown as { watch: Watch }).watch = watch;
  });
  await act();
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => {
    const { watch } = window as unknown as { watch: Watch };
    watch.tasks.push(...watch.seen.takeRecords().map((e) => e.duration));
    watch.seen.disconnect();
    return Math.round(Math.max(0, ...watch.tasks));
  });
}

/**
 * Whether `text`, found in the text of `scope`, is drawn left to right: each of its
 * characters to the right of the one before (on one line). A right-to-left override in reader
 * text before it, left unisolated, would draw it backwards.
 */
export const readsLeftToRight = (scope: Locator, text: string): Promise<boolean> =>
  scope.evaluate((root, wanted) => {
    const at = root.textContent!.indexOf(wanted);
    if (at < 0) throw new Error(`"${wanted}" is not in "${root.textContent}"`);
    // The text node and offset of each character of the match.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const lefts: number[] = [];
    for (let node = walker.nextNode(), start = 0; node; start += node.textContent!.length, node = walker.nextNode()) {
      for (let i = Math.max(at, start); i < Math.min(at + wanted.length, start + node.textContent!.length); i++) {
        const range = document.createRange();
        range.setStart(node, i - start);
        range.setEnd(node, i - start + 1);
        lefts.push(range.getBoundingClientRect().left);
      }
    }
    return lefts.every((x, i) => i === 0 || x > lefts[i - 1]!);
  }, text);

/**
 * A message of the locale's Group strings, figures in the locale's digits. `isolated`: the
 * message is plain text (an aria-live summary, a heading), where reader data (a string
 * value: a column or file name) is set between U+2068 and U+2069, as the widget's str() does.
 */
export const groupMessage = (
  locale: string,
  key: string,
  params: Record<string, string | number> = {},
  isolated = false,
) => {
  const group = JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}.json`, import.meta.url), 'utf8')).widgets
    .group;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (group[key] as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const v = params[k] ?? '';
    return typeof v === 'number' ? number.format(v) : isolated ? `\u2068${v}\u2069` : v;
  });
};

/**
 * An export as analytics tools produce it: 100,000 lines (4.4 MB) of 5,000 pages, each reached
 * through links that spell the same parameters differently (escapes, hex case, +, order), some
 * with other data.
 */
export function analyticsExport(): string {
  const spellings = [
    'email',
    '%65mail',
    'e%6Dail',
    '%65%6d%61%69%6c',
    'EMAIL',
    'email+news',
    'email%20news',
    'email%2Bnews',
  ];
  return Array.from({ length: 100_000 }, (_, i) => {
    const source = spellings[Math.floor(i / 5000) % spellings.length];
    const page = `/p/${i % 5000}`;
    return i % 3 ? `${page}?utm_source=${source}&utm_medium=mail` : `${page}?utm_medium=mail&utm_source=${source}`;
  }).join('\n');
}
