import { expect, type Page } from '@playwright/test';
import { ready, setValue, test, tools } from './widgets-helpers';

// What the reader typed survives a reload and Back (QA defects 10 and 11): each widget keeps
// its form in sessionStorage (src/widgets/lib/widget.ts, `keepAll`), read back on a reload or Back,
// never on a fresh open. Playwright's Chromium runs without the back/forward cache, so Back
// loads the page again, as a browser does when it has evicted the page.

/** The text box's value as the build wrote it (the page's example). */
const example = (page: Page, id: string) =>
  page
    .locator(`#${id} [data-role=input]`)
    .first()
    .evaluate((b) => (b as HTMLTextAreaElement).defaultValue);

test('typed input and options survive a reload and Back, and never leave the browser', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => sent.push(r.url() + (r.postData() ?? '')));
  await page.goto(tools('en'));
  const decode = page.locator('#tool-decode');
  await ready(decode);
  await decode.locator('[data-role=input]').fill('caf%C3%A9+kept');
  await decode.locator('input[name=mode][value=form]').check();
  const group = page.locator('#tool-group');
  await ready(group);
  await group.locator('[data-role=input]').fill('/kept?a=1\n/kept?a=%31');
  await expect(group.locator('[data-role=group]')).toHaveCount(1);

  const expectKept = async () => {
    await ready(decode);
    await expect(decode.locator('[data-role=input]')).toHaveValue('caf%C3%A9+kept');
    await expect(decode.locator('input[name=mode][value=form]')).toBeChecked();
    await expect(decode.locator('[data-role=output]')).toHaveText('café kept');
    await ready(group);
    await expect(group.locator('[data-role=input]')).toHaveValue('/kept?a=1\n/kept?a=%31');
    await expect(group.locator('[data-role=group]')).toHaveCount(1);
    await expect(group.locator('[data-role=group]')).toHaveAttribute('data-spellings', '2');
  };
  await page.reload();
  await expectKept();
  await page.goto('/en/faq/');
  await page.goBack();
  await expectKept();
  // Opened afresh (a link followed), the page shows its examples again.
  await page.goto(tools('en'));
  await ready(decode);
  await expect(decode.locator('[data-role=input]')).toHaveValue(await example(page, 'tool-decode'));
  await expect(decode.locator('input[name=mode][value=standard]')).toBeChecked();
  // …and a reload then does not bring back what an earlier visit kept.
  await page.reload();
  await ready(group);
  await expect(group.locator('[data-role=input]')).toHaveValue(await example(page, 'tool-group'));
  expect(sent.filter((url) => /kept/.test(decodeURIComponent(url)))).toEqual([]);
});

test('a share link: a reload keeps the edits, opening the link again applies it again', async ({ page }) => {
  const link = `${tools('en')}#tool-encode?value=shared&mode=form`;
  await page.goto(link);
  const w = page.locator('#tool-encode');
  const box = w.locator('[data-role=input]');
  await expect(box).toHaveValue('shared');
  await box.fill('edited');
  await page.reload();
  await ready(w);
  await expect(box).toHaveValue('edited');
  await expect(w.locator('input[name=mode][value=form]')).toBeChecked();
  await expect(w.locator('[data-role=output]')).toHaveText('edited');
  // Away through the table of contents, then the same link opened again: applied again.
  await page.locator('.tools__toc a').first().click();
  await page.goto(link);
  await expect(box).toHaveValue('shared');
  // Edited, then Back to the entry where the link was applied: the edits stay.
  await box.fill('edited again');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/#tool-encode\?value=shared&mode=form$/);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
  await expect(box).toHaveValue('edited again');
  // Opened afresh from another page: the link, not the edits.
  await page.goto('/en/faq/');
  await page.goto(link);
  await expect(box).toHaveValue('shared');
});

test('input over 256 KB is not kept: a reload shows the example, not an older input', async ({ page }) => {
  await page.goto(tools('en'));
  const w = page.locator('#tool-encode');
  await ready(w);
  await w.locator('[data-role=input]').fill('small');
  await setValue(w.locator('[data-role=input]'), 'x'.repeat(300_000));
  await page.reload();
  await ready(w);
  await expect(w.locator('[data-role=input]')).toHaveValue(await example(page, 'tool-encode'));
});

test('storage that refuses the form keeps nothing, with no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
  });
  await page.goto(tools('en'));
  const w = page.locator('#tool-encode');
  await ready(w);
  await w.locator('[data-role=input]').fill('not kept');
  await page.reload();
  await ready(w);
  await expect(w.locator('[data-role=input]')).toHaveValue(await example(page, 'tool-encode'));
  await w.locator('[data-role=input]').fill('still live');
  await expect(w.locator('[data-role=output]')).toHaveText('still%20live');
  expect(errors).toEqual([]);
});
