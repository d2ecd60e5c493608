import { expect, test } from '@playwright/test';
import { readsLeftToRight, ready, setValue, tools } from './widgets-helpers';

// Reader text is isolated from the sentence around it: a right-to-left override (U+202E) at
// the end of what the reader typed must not run on into the counts, notes and sentences the
// widget puts after it.
const RLO = '\u202E';

test('a line ending in a right-to-left override leaves its group count reading ×12', async ({ page }) => {
  await page.goto(tools('en'));
  const w = page.locator('#tool-group');
  await ready(w);
  await setValue(w.locator('[data-role=input]'), Array(12).fill(`/a?x=1${RLO}`).join('\n'));
  const variant = w.locator('[data-role=variant]');
  await expect(variant).toHaveCount(1);
  await expect(variant).toHaveAttribute('data-count', '12');
  await expect(variant).toContainText('×12');
  expect(await readsLeftToRight(variant, '×12')).toBe(true);
});

test('an error sentence quoting a right-to-left override still reads left to right', async ({ page }) => {
  await page.goto(tools('en'));
  const w = page.locator('#tool-anatomy');
  await ready(w);
  await setValue(w.locator('[data-role=input]'), `http://[${RLO}`);
  const error = w.locator('[data-role=error]');
  await expect(error).toHaveAttribute('data-code', 'invalid-host');
  expect(await readsLeftToRight(error, 'at position 8 is not valid')).toBe(true);
});

test('a rule applied to text with a right-to-left override still reads before → after', async ({ page }) => {
  await page.goto(tools('en'));
  const w = page.locator('#tool-normalize');
  await ready(w);
  await setValue(w.locator('[data-role=input]'), `/p?b=1${RLO}&a=2`);
  const change = w.locator('[data-role=change]').first();
  await expect(change).toBeVisible();
  expect(await readsLeftToRight(change, ' → after')).toBe(true);
});

test('a file named with a right-to-left override leaves the note about it readable', async ({ page }) => {
  await page.goto(tools('uk'));
  const w = page.locator('#tool-group');
  await ready(w);
  // Over 256 KB: grouped from memory, with a note naming the file.
  const lines = Array.from({ length: 20_000 }, (_, i) => `/p/${i}?utm_source=email`).join('\n');
  await w
    .locator('input[type=file]')
    .setInputFiles({ name: `pages${RLO}.txt`, mimeType: 'text/plain', buffer: Buffer.from(lines) });
  const note = w.locator('[data-role=file-note]');
  await expect(note).toContainText(`pages${RLO}.txt`);
  expect(await readsLeftToRight(note, 'групується')).toBe(true);
});
