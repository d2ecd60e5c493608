import { expect, type Locator, type Page } from '@playwright/test';

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
    (el as HTMLTextAreaElement).value = v.replace(/\{U\+([0-9A-F]{4})\}/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
 * and is running (its JS-only buttons are revealed). Widgets load that code on first use.
 */
export async function ready(widget: Locator): Promise<void> {
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('[data-action=share]')).toBeVisible();
}

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
