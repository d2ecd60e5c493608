import { expect, test, type Locator } from '@playwright/test';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import {
  bareBox,
  longestTask,
  makeBig,
  pasteBig,
  prepareBig,
  ready,
  tools,
  typeAtEnd,
  type Big,
} from './widgets-helpers';

// A megabyte in any widget: no main-thread task more than 200 ms longer than the one the
// browser itself spends on the same megabyte in a bare text box beside it, for the paste and
// for a keystroke after it; every list and table shows a bounded number of rows and counts
// the rest, in the page's language (Ukrainian here). Timing-sensitive: the config runs this
// file last, one test at a time (project chromium-timed); on a machine loaded by other work,
// rerun it alone (`npx playwright test tests/e2e/widgets-large-input.spec.ts --no-deps`)
// before concluding anything.
const BEYOND_THE_BOX = 200;
const common = uk.widgets.common;
// Figures as Ukrainian writes them (200 000, with a no-break space).
const say = (message: string, values: Record<string, number>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]!.toLocaleString('uk'));
const distinctNames: Big = { prefix: 'http://a.example/p?', unit: 'k#=v&' };
const pairsIn = (text: string) => text.split('?')[1]!.split('&').filter(Boolean).length;

type Case = { widget: string; what: string; big: Big; bounded: (w: Locator, text: string) => Promise<void> };

const CASES: Case[] = [
  {
    widget: 'encode',
    what: 'emoji',
    big: { unit: '😀' },
    bounded: async (w, text) => {
      const out = w.locator('[data-role=output]');
      expect(await out.evaluate((e) => e.textContent?.length)).toBe(200_000);
      await expect(w.locator('[data-role=cut]')).toHaveText(
        say(common.cut, { shown: 200_000, length: encodeURIComponent(text).length }),
      );
      expect(await w.locator('[data-region=why] tbody tr').count()).toBeLessThanOrEqual(48);
    },
  },
  {
    widget: 'decode',
    what: 'stray %, escapes and invalid UTF-8',
    big: { unit: '%zz%41%E0' },
    bounded: async (w, text) => {
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-utf8');
      await expect(w.locator('[data-role=notice]')).toHaveCount(20);
      // Every % that is not followed by two hex digits is a note.
      const stray = [...text.matchAll(/%(?![\dA-Fa-f]{2})/g)].length;
      await expect(w.locator('.w-more')).toHaveText(say(common.more, { count: stray - 20 }));
    },
  },
  {
    widget: 'anatomy',
    what: 'a path',
    big: { prefix: 'https://example.com/', unit: 'x/' },
    bounded: async (w, text) => {
      // The output's text is the URL's first 200,000 characters.
      const out = w.locator('[data-role=output]');
      expect(await out.evaluate((e, head) => e.textContent === head, text.slice(0, 200_000))).toBe(true);
      await expect(w.locator('[data-role=cut]')).toHaveText(
        say(common.cutShown, { shown: 200_000, length: text.length }),
      );
      // The table's cell keeps the path's two ends around "…".
      expect(
        (await w.locator('tr[data-part=path] code').textContent()) ===
          `${text.slice(19, 19 + 248)}…${text.slice(-248)}`,
      ).toBe(true);
    },
  },
  {
    widget: 'anatomy',
    what: 'a query of distinct names',
    big: distinctNames,
    bounded: async (w, text) => {
      await expect(w.locator('[data-role=pair]')).toHaveCount(100);
      await expect(w.locator('[data-region=details]')).toContainText(say(common.more, { count: pairsIn(text) - 100 }));
    },
  },
  {
    widget: 'server-view',
    what: 'a query of distinct names',
    big: distinctNames,
    bounded: async (w, text) => {
      await expect(w.locator('[data-role=param]')).toHaveCount(100);
      await expect(w.locator('[data-role=summary]')).toContainText(pairsIn(text).toLocaleString('uk'));
      await expect(w.locator('[data-role=output]')).toContainText(say(common.more, { count: pairsIn(text) - 100 }));
    },
  },
  {
    widget: 'server-view',
    what: 'one long value',
    big: { prefix: '/search?q=', unit: 'ab+' },
    bounded: async (w, text) => {
      const value = text.slice(10).replaceAll('+', ' ');
      expect(
        (await w.locator('[data-role=value]').textContent()) === `${value.slice(0, 248)}…${value.slice(-248)}`,
      ).toBe(true);
      await expect(w.locator('[data-role=output]')).toContainText(common.clipped);
    },
  },
  {
    widget: 'compare',
    what: 'one parameter repeated',
    big: { prefix: 'http://a.example/p?', unit: 'a=1&' },
    bounded: async (w) => {
      // At most 200 parameter rows beside the parts; the rest counted.
      expect(await w.locator('[data-role=part]').count()).toBeLessThanOrEqual(200 + 7);
      await expect(w.locator('[data-region=details]')).toContainText(uk.widgets.compare.moreRows.split('{{')[0] ?? '?');
      await expect(w.locator('[data-region=details]')).toContainText(common.clipped);
    },
  },
  {
    widget: 'normalize',
    what: 'a query of distinct names',
    big: distinctNames,
    bounded: async (w) => {
      await expect(w.locator('[data-role=output]')).toContainText('http://a.example/p?k0=v&k1=v&k10=v');
    },
  },
];

/** Empties a text field (as the reader selecting all and deleting would) and lets the page draw it. */
const empty = (field: Locator) =>
  field.evaluate((el) => {
    (el as HTMLTextAreaElement).value = '';
    el.dispatchEvent(new Event('input', { bubbles: true }));
    return new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  });

for (const { widget, what, big, bounded } of CASES) {
  test(`${widget}, a megabyte of ${what}: no task 200 ms past the text box's own, rows bounded`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto(tools('uk'));
    const w = page.locator(`#tool-${widget}`);
    await ready(w);
    const input = w.locator('[data-role=input]').first();
    const bare = await bareBox(w);
    await prepareBig(page, big);
    // Each figure is the smallest of three rounds, bare box and widget taking turns: the
    // machine may be busy with other work, which only ever adds time.
    const box = { paste: Infinity, key: Infinity };
    const ours = { paste: Infinity, key: Infinity };
    for (let round = 0; round < 3; round++) {
      for (const [field, figures] of [
        [bare, box],
        [input, ours],
      ] as const) {
        if (round) await empty(field);
        figures.paste = Math.min(figures.paste, await longestTask(page, () => pasteBig(field)));
        figures.key = Math.min(figures.key, await longestTask(page, await typeAtEnd(field)));
        if (field === bare) await empty(bare);
      }
    }
    const figures = `${widget}, 1 MB of ${what}: longest task on paste ${ours.paste} ms (bare text box ${box.paste} ms), on a keystroke ${ours.key} ms (bare ${box.key} ms)`;
    console.log(figures);
    test.info().annotations.push({ type: 'timing', description: figures });
    // The keystroke added an `x`: check what the widget shows for the text it now holds.
    await bounded(w, `${makeBig(big)}x`);
    expect(ours.paste, figures).toBeLessThan(box.paste + BEYOND_THE_BOX);
    expect(ours.key, figures).toBeLessThan(box.key + BEYOND_THE_BOX);
  });
}

test('a share link carrying a megabyte of distinct names opens without freezing the page', async ({ page }) => {
  test.setTimeout(120_000);
  const text = makeBig(distinctNames);
  // Every long task of the page from its first script on.
  await page.addInitScript(() => {
    const tasks: number[] = [];
    new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration))).observe({
      type: 'longtask',
      buffered: true,
    });
    (window as unknown as { tasks: number[] }).tasks = tasks;
  });
  await page.goto(`${tools('uk')}#tool-server-view?value=${encodeURIComponent(text)}`);
  const w = page.locator('#tool-server-view');
  await expect(w.locator('[data-role=param]')).toHaveCount(100, { timeout: 30_000 });
  await expect(w.locator('[data-role=summary]')).toContainText(pairsIn(text).toLocaleString('uk'));
  await expect(w).toBeInViewport();
  const opened = await page.evaluate(() =>
    Math.round(Math.max(0, ...(window as unknown as { tasks: number[] }).tasks)),
  );
  const figures = `server-view opened from a 1 MB link: longest task of the page ${opened} ms`;
  console.log(figures);
  test.info().annotations.push({ type: 'timing', description: figures });
  // A bound for a loaded machine, not the 200 ms margin: opening a page with a 1.3 MB
  // address takes the browser itself several long tasks, which vary too much to subtract.
  // The widget's own part is the paste measured above; this link froze the page for 45 s.
  expect(opened, figures).toBeLessThan(5_000);
});
