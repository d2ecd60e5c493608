import { expect, test } from '@playwright/test';
import { ready, tools } from './widgets-helpers';

// A page loads only a small loader up front; each widget's live code (and the codec) arrives
// when the reader comes near the widget, focuses it, or opens a share link naming it.
const defined = (page: import('@playwright/test').Page, tag: string) =>
  page.evaluate((t) => customElements.get(t) !== undefined, tag);

test('a widget far down the page loads its live code only when the reader comes near it', async ({ page }) => {
  await page.goto(tools('en'));
  await ready(page.locator('#tool-encode'));
  await page.waitForLoadState('networkidle');
  expect(await defined(page, 'pe-encode')).toBe(true);
  expect(await defined(page, 'pe-compare')).toBe(false);
  await expect(page.locator('#tool-compare [data-action=share]')).toBeHidden();

  await page.locator('#tool-compare').scrollIntoViewIfNeeded();
  await expect(page.locator('#tool-compare [data-action=share]')).toBeVisible();
  expect(await defined(page, 'pe-compare')).toBe(true);
});

test('what a reader types before the live code arrives is not lost', async ({ page }) => {
  await page.goto(tools('en'));
  await page.waitForLoadState('networkidle');
  const w = page.locator('#tool-compare');
  const verdict = w.locator('[data-role=output]');
  await expect(verdict).not.toHaveAttribute('data-verdict', 'different');

  // Hold every script requested from now on, as a slow network would.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/_astro/**', async (route) => {
    await held;
    await route.continue();
  });
  await w.locator('[data-role=input]').nth(0).fill('/p?x=1');
  await w.locator('[data-role=input]').nth(1).fill('/p?x=2');
  expect(await defined(page, 'pe-compare')).toBe(false);

  release();
  await expect(verdict).toHaveAttribute('data-verdict', 'different');
});

test('a share link opened on a page that is already open loads the widget it names', async ({ page }) => {
  await page.goto(tools('th'));
  await page.waitForLoadState('networkidle');
  expect(await defined(page, 'pe-group')).toBe(false);
  await page.evaluate(() => (location.hash = `tool-group?lines=${encodeURIComponent('/a?x=%41\n/a?x=A')}`));
  await expect(page.locator('#tool-group [data-role=group]')).toHaveCount(1);
  await expect(page.locator('#tool-group')).toBeInViewport();
});

test('a widget whose code failed to load tries again on the next use', async ({ page }) => {
  await page.goto(tools('en'));
  await page.waitForLoadState('networkidle');
  let refused = 0;
  await page.route(/\/_astro\/compare\.[\w-]+\.js$/, (route) => (refused++ === 0 ? route.abort() : route.continue()));
  const w = page.locator('#tool-compare');
  await w.scrollIntoViewIfNeeded();
  await expect.poll(() => refused).toBe(1);
  await expect(w.locator('[data-action=share]')).toBeHidden();

  await w.locator('[data-role=input]').first().focus();
  await ready(w);
  expect(refused).toBe(2);
});

test('a file dropped on Group before its code arrives is kept and grouped once it has', async ({ page }) => {
  await page.goto(tools('en'));
  await page.waitForLoadState('networkidle');
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/_astro/**', async (route) => {
    await held;
    await route.continue();
  });
  const w = page.locator('#tool-group');
  const box = w.locator('[data-role=input]');
  // The reader scrolls to Group (its code is requested, and held) and drops a file at once.
  await w.scrollIntoViewIfNeeded();
  const taken = await box.evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(['/a?x=%41\n/a?x=A\n'], 'early.txt', { type: 'text/plain' }));
    const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
    const drop = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
    el.dispatchEvent(over);
    el.dispatchEvent(drop);
    // Cancelled, so the browser does not open the file in the tab.
    return over.defaultPrevented && drop.defaultPrevented;
  });
  expect(taken).toBe(true);
  // Dragged text is not taken: it still drops into the box as usual.
  const textTaken = await box.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '/dragged');
    const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
    el.dispatchEvent(over);
    return over.defaultPrevented;
  });
  expect(textTaken).toBe(false);
  expect(await defined(page, 'pe-group')).toBe(false);

  release();
  await expect(box).toHaveValue('/a?x=%41\n/a?x=A\n');
  await expect(w.locator('[data-role=group]')).toHaveCount(1);
});

test("Decode's inspector loads on first need, and the result that needs it waits for it", async ({ page }) => {
  // The codec's inspector marks every invalid run and finds a layered escape: it comes with
  // Decode's full.ts, which no first screen fetches.
  await page.goto(tools('en'));
  const w = page.locator('#tool-decode');
  const input = w.locator('[data-role=input]');
  const out = w.locator('[data-role=output]');
  await ready(w);
  await page.waitForLoadState('networkidle');
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('.js') && asked.push(r.url())));
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/_astro/**', async (route) => {
    await held;
    await route.continue();
  });
  await input.fill('100% Fu%C3%9Fball');
  await expect(out).toHaveText('100% Fußball');
  expect(asked).toEqual([]);

  await input.fill('%EB%E0%EC%B3%ED%E0%F2');
  await expect.poll(() => asked.some((u) => /\/full\.[\w-]+\.js$/.test(u))).toBe(true);
  // Until it arrives the last whole result stays: never the error with only its first run marked.
  await expect(out).toHaveText('100% Fußball');
  await expect(w.locator('[data-role=error]')).toHaveCount(0);
  release();
  await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-utf8');
  await expect(w.locator('[data-region=marked] mark.w-mark--error')).toHaveText([
    '%EB',
    '%E0',
    '%EC%B3',
    '%ED',
    '%E0',
    '%F2',
  ]);

  // Here now: the layered escape is the first %25 that escapes an escape, at character 7.
  const fetched = asked.length;
  await input.fill('a%25zz%2541');
  const notice = w.locator('[data-role=notice][data-code=double-encoded]');
  await expect(notice).toContainText('%2541');
  await expect(notice).toContainText('7');
  expect(asked).toHaveLength(fetched);
});
