import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// Reader features: the table of contents' numbering, the Group widget's file chooser in
// the page's language, and what a printed page holds.
type Strings = { [key: string]: string | Strings };
const strings = (locale: string): Strings =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'i18n', `${locale}.json`), 'utf8')) as Strings;
const get = (tree: Strings, path: string) =>
  path.split('.').reduce<Strings | string>((t, k) => (t as Strings)[k] ?? '', tree) as string;

interface Item {
  marker: string;
  link: string;
  items: Item[];
}

/**
 * The table of contents as Chromium's accessibility tree has it: each list item's marker
 * (the number the reader sees and hears) and link, with its own list's items.
 */
async function tocAsRendered(page: Page): Promise<Item[]> {
  type AXNode = { nodeId: string; role?: { value: string }; name?: { value: string }; childIds?: string[] };
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const children = (n: AXNode) => (n.childIds ?? []).flatMap((id) => byId.get(id) ?? []);
  const find = (n: AXNode, role: string): AXNode | undefined => children(n).find((c) => c.role?.value === role);
  const items = (list: AXNode): Item[] =>
    children(list)
      .filter((c) => c.role?.value === 'listitem')
      .map((li) => {
        const sub = find(li, 'list');
        return {
          marker: find(li, 'ListMarker')?.name?.value.trim() ?? '',
          link: find(li, 'link')?.name?.value ?? '',
          items: sub ? items(sub) : [],
        };
      });
  const nav = nodes.find((n) => n.role?.value === 'navigation' && n.name?.value === get(strings('en'), 'article.toc'));
  const list = nav && find(nav, 'list');
  return list ? items(list) : [];
}

test('the table of contents numbers sections 1, 2, 3… and each section’s subsections from 1', async ({ page }) => {
  await page.goto('/en/percent-encoding/');
  const toc = await tocAsRendered(page);
  const sections = await page.locator('article .heading > h2[id]').allTextContents();
  // Every section, numbered in order; a subsection never counts as one.
  expect(toc.map((i) => i.link)).toEqual(sections);
  expect(toc.map((i) => i.marker)).toEqual(toc.map((_, n) => `${n + 1}.`));
  const nested = toc.filter((i) => i.items.length > 0);
  expect(nested.length).toBeGreaterThan(0);
  for (const section of nested)
    expect(section.items.map((i) => i.marker)).toEqual(section.items.map((_, n) => `${n + 1}.`));
  // The section after the subsections keeps its own number.
  const after = toc[toc.indexOf(nested[0] as Item) + 1];
  expect(after?.marker).toBe(`${toc.indexOf(nested[0] as Item) + 2}.`);
});

for (const locale of ['th', 'uk']) {
  test(`${locale}: the file chooser speaks the page's language and works by mouse and keyboard`, async ({ page }) => {
    const s = strings(locale);
    await page.goto(`/${locale}/tools/`);
    const w = page.locator('#tool-group');
    await w.locator('[data-role=input]').focus(); // loads the widget's code
    const input = w.locator('input[type=file]');
    const button = w.locator(`label[for="${await input.getAttribute('id')}"]`);
    await expect(button).toBeVisible();
    await expect(button).toHaveText(get(s, 'reader.chooseFile'));
    await expect(w.locator('[data-role=file-name]')).toHaveText(get(s, 'reader.noFile'));
    // The browser's own button (in the browser's language) is not shown.
    const box = await input.boundingBox();
    expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1, 'the native file button is hidden').toBe(true);
    await expect(input).toHaveAccessibleName(get(s, 'widgets.group.file'));

    // Mouse: the label opens the file picker.
    const [byMouse] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    await byMouse.setFiles({ name: 'pages.txt', mimeType: 'text/plain', buffer: Buffer.from('/a?x=%41\n/a?x=A\n') });
    await expect(w.locator('[data-role=file-name]')).toHaveText('pages.txt');
    await expect(w.locator('[data-role=group]')).toHaveCount(1);

    // Keyboard: the input takes focus (its label shows it) and opens the picker.
    await w.locator('[data-role=input]').focus();
    await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    const outline = await button.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    const [byKey] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await byKey.setFiles({ name: 'more.txt', mimeType: 'text/plain', buffer: Buffer.from('/b\n/c\n') });
    await expect(w.locator('[data-role=file-name]')).toHaveText('more.txt');
    await expect(w.locator('[data-role=group]')).toHaveCount(2);
  });
}

test('a printed tools page shows every widget’s input beside its result, and none of its buttons', async ({ page }) => {
  await page.goto('/en/tools/');
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['site-search', 'language-switcher', '.site-menu', 'theme-switch']) {
    await expect(page.locator(selector).first(), selector).toBeHidden();
  }
  const widgets = page.locator('[data-widget]');
  const ids = [
    'tool-encode',
    'tool-decode',
    'tool-anatomy',
    'tool-server-view',
    'tool-servers',
    'tool-normalize',
    'tool-group',
    'tool-compare',
  ];
  expect(await widgets.evaluateAll((els) => els.map((e) => e.id))).toEqual(ids);
  let chosenShown = 0;
  for (const w of await widgets.all()) {
    const id = await w.getAttribute('id');
    await expect(w.locator('[data-role=output]').first(), `${id}: result`).toBeVisible();
    for (const input of await w.locator('[data-role=input]').all()) {
      await expect(input, `${id}: input`).toBeVisible();
      // The whole text, not a scrolled box.
      expect(await input.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), `${id}: input shown whole`).toBe(
        true,
      );
    }
    // Of each set of options on screen, the chosen one's label (options in a closed
    // disclosure print with it closed, as on screen).
    for (const option of await w
      .locator('label:has(> input[type=radio]):not(details:not([open]) *, [hidden] *)')
      .all()) {
      const chosen = await option.locator('input').isChecked();
      if (chosen) await expect(option, `${id}: the chosen option`).toBeVisible();
      else await expect(option, `${id}: an option not chosen`).toBeHidden();
      if (chosen) chosenShown++;
    }
    for (const c of await w.locator('button, summary, input[type=file]').all())
      await expect(c, `${id}: a control`).toBeHidden();
  }
  expect(chosenShown, 'options printed as chosen').toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('#tool-encode [data-role=input]')).toBeVisible();
});

test('a printed FAQ shows every answer, and links to other sites show their address', async ({ page }) => {
  await page.goto('/en/faq/');
  const answer = page.locator('#space-percent20-or-plus .faq__answer p').first();
  await expect(answer).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(answer).toBeVisible();
  await expect(page.locator('.faq__tools').first()).toBeHidden();
  const external = page.locator('.prose a[href^="http"]').first();
  const after = await external.evaluate((a) => getComputedStyle(a, '::after').content);
  expect(after).toMatch(/attr\(href\)|https?:/);
  expect(await external.evaluate((a) => a.getBoundingClientRect().width)).toBeGreaterThan(0);
});
