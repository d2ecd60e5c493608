import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { analyticsExport, groupMessage, test, texts, tools } from './widgets-helpers';

// Group: the six analytics rows of content/en/analytics-normalization.mdx, split pages first, the filter and the orders,
// why spellings merged, lines, CSV and TSV with a count column, the CSV mapping, share
// links, files too large, and 100,000 lines from a file and from a 4 MB paste.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const SIX = [
  '/landing?utm_source=email',
  '/landing?utm_source=%65mail',
  '/landing?utm_source=email%20campaign',
  '/landing?utm_source=email+campaign',
  '/landing?utm_source=email%20campaign',
  '/landing?utm_source=email%2Bcampaign',
];

/** Chooses a file made in the page (a Playwright buffer of 50 MB would be slow to hand over). */
const chooseInPage = (w: Locator, name: string, size: number) =>
  w.locator('input[type=file]').evaluate(
    (input: HTMLInputElement, [name, size]) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(size).fill(0x2f)], name, { type: 'text/csv' }));
      input.files = data.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [name, size] as const,
  );

/** Downloads the mapping CSV and returns its lines. */
async function mapping(page: Page, w: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), w.locator('[data-action=download]').click()]);
  expect(download.suggestedFilename()).toBe('url-groups.csv');
  return (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
}

const groups = (w: Locator) =>
  w
    .locator('[data-role=group]')
    .evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('[data-role=canonical]')?.textContent, Number(r.getAttribute('data-count'))]),
    );

for (const locale of ['en', 'uk']) {
  test.describe(`Group (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-group' } });

    test('groups the six analytics variants into three pages, and keeps %2B apart', async ({ page }) => {
      const w = page.locator('#tool-group');
      await w.locator('[data-role=input]').fill(SIX.join('\n'));
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email%20campaign', 3],
          ['/landing?utm_source=email', 2],
          ['/landing?utm_source=email%2Bcampaign', 1],
        ]);
      // Compared as RFC 3986 text, + is a plus, so email+campaign is a page of its own.
      await w.locator('details.w-policy > summary').click();
      await w.locator('input[name=model][value=rfc3986]').check();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 2],
          ['/landing?utm_source=email%20campaign', 2],
          ['/landing?utm_source=email%2Bcampaign', 1],
          ['/landing?utm_source=email+campaign', 1],
        ]);
    });

    test('lists lines that are not URLs with the reason', async ({ page }) => {
      const w = page.locator('#tool-group');
      await w.locator('[data-role=input]').fill('/a\n\nnot a url\n/a\nhttp://[::1');
      await expect.poll(() => groups(w)).toEqual([['/a', 2]]);
      const errors = w.locator('[data-role=output] [data-role=error]');
      await expect(errors).toHaveCount(2);
      expect(await errors.evaluateAll((e) => e.map((x) => x.getAttribute('data-code')).sort())).toEqual([
        'invalid-host',
        'invalid-url',
      ]);
    });

    test('reads a CSV file, picks the URL column, and offers the others', async ({ page }) => {
      const w = page.locator('#tool-group');
      const csv =
        'date;page;views\n2024-05-01;/landing?utm_source=email;10\n2024-05-01;"/landing?utm_source=%65mail";5\n2024-05-02;"/x?a=""q""";1\n';
      await w
        .locator('input[type=file]')
        .setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(w.locator('input[name=format][value=csv]')).toBeChecked();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 2],
          ['/x?a=%22q%22', 1],
        ]);
      const column = w.locator('select[name=column]');
      await expect(column).toHaveValue('1');
      expect(await texts(column.locator('option'))).toEqual(['date', 'page', 'views']);
      await column.selectOption('2');
      await expect.poll(() => groups(w)).toEqual([]);
      await expect(w.locator('[data-role=output] [data-role=error]')).toHaveCount(3);
    });

    test('reads a file dropped onto the widget', async ({ page }) => {
      const w = page.locator('#tool-group');
      await w.evaluate((el) => {
        const data = new DataTransfer();
        data.items.add(new File(['/a?x=%41\n/a?x=A\n/b\n'], 'dropped.txt', { type: 'text/plain' }));
        el.querySelector('[data-role=input]')?.dispatchEvent(
          new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      });
      await expect(w.locator('[data-role=input]')).toHaveValue('/a?x=%41\n/a?x=A\n/b\n');
      await expect(w.locator('input[name=format][value=lines]')).toBeChecked();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a?x=A', 2],
          ['/b', 1],
        ]);
    });

    test('downloads the raw-to-canonical mapping as a quoted, formula-safe CSV', async ({ page }) => {
      const w = page.locator('#tool-group');
      await w
        .locator('[data-role=input]')
        .fill(['/a?x=%41', '/a?x=A', '=HYPERLINK("http://evil")', '/b?q="1"'].join('\n'));
      await expect.poll(() => groups(w)).toHaveLength(2);
      expect(await mapping(page, w)).toEqual([
        '"raw","canonical","group_key","count","problem"',
        expect.stringMatching(/^"\/a\?x=%41","\/a\?x=A","[0-9a-f]{16}","1",""$/),
        expect.stringMatching(/^"\/a\?x=A","\/a\?x=A","[0-9a-f]{16}","1",""$/),
        expect.stringMatching(/^"\/b\?q=""1""","\/b\?q=%221%22","[0-9a-f]{16}","1",""$/),
        `"'=HYPERLINK(""http://evil"")","","","1","invalid-url"`,
        '',
      ]);
    });

    test('puts split pages first, says how many were split, filters by canonical URL and sorts', async ({ page }) => {
      const w = page.locator('#tool-group');
      const word = 'кампанія';
      const lines = [
        '/home',
        '/home',
        '/home',
        '/home',
        '/about',
        '/landing?utm_source=email',
        '/landing?utm_source=email',
        '/landing?utm_source=%65mail',
        '/landing?utm_source=email',
        '/promo?x=%7E',
        '/promo?x=~',
        '/promo?x=%7e',
        `/uk?q=${word}`,
        `/uk?q=${encodeURIComponent(word)}`,
      ];
      await w.locator('[data-role=input]').fill(lines.join('\n'));
      const uk = `/uk?q=${encodeURIComponent(word)}`;
      // Split pages first (most lines first), then the pages that arrived under one spelling.
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 4],
          ['/promo?x=~', 3],
          [uk, 2],
          ['/home', 4],
          ['/about', 1],
        ]);
      await expect(w.locator('[data-role=summary]')).toHaveText(
        groupMessage(locale, 'summary', { lines: 14, groups: 5, split: 3, rejected: 0 }),
      );
      await w.locator('input[name=show][value=split]').check();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 4],
          ['/promo?x=~', 3],
          [uk, 2],
        ]);
      await expect(w.locator('[data-role=matching]')).toHaveText(
        groupMessage(locale, 'matching', { count: 3, groups: 5 }),
      );
      await w.locator('input[name=show][value=all]').check();
      await w.locator('select[name=sort]').selectOption('spellings');
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/promo?x=~', 3],
          ['/landing?utm_source=email', 4],
          [uk, 2],
          ['/home', 4],
          ['/about', 1],
        ]);
      await w.locator('select[name=sort]').selectOption('url');
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/about', 1],
          ['/home', 4],
          ['/landing?utm_source=email', 4],
          ['/promo?x=~', 3],
          [uk, 2],
        ]);
      // The filter matches the canonical URL as typed, and the word as the URL escapes it.
      await w.locator('input[name=filter]').fill('PROMO');
      await expect.poll(() => groups(w)).toEqual([['/promo?x=~', 3]]);
      await expect(w.locator('[data-role=matching]')).toHaveText(
        groupMessage(locale, 'matching', { count: 1, groups: 5 }),
      );
      await w.locator('input[name=filter]').fill(word);
      await expect.poll(() => groups(w)).toEqual([[uk, 2]]);
      await w.locator('input[name=filter]').fill('nowhere');
      await expect.poll(() => groups(w)).toEqual([]);
      await expect(w.locator('[data-role=matching]')).toHaveText(groupMessage(locale, 'noMatch'));
      // The summary still counts every page; only the table is narrowed.
      await expect(w.locator('[data-role=summary]')).toHaveText(
        groupMessage(locale, 'summary', { lines: 14, groups: 5, split: 3, rejected: 0 }),
      );
    });

    test('says, on demand, which rules merged each spelling', async ({ page }) => {
      const w = page.locator('#tool-group');
      await w
        .locator('[data-role=input]')
        .fill(['/landing?utm_source=email', '/landing?utm_source=%65mail', '/b', 'HTTP://EXAMPLE.com/c'].join('\n'));
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 2],
          ['/b', 1],
          ['http://example.com/c', 1],
        ]);
      const row = (n: number) => w.locator('[data-role=group]').nth(n);
      // A group's explanation is the disclosure that names its key, in the row below it.
      const whyOf = async (n: number) =>
        w.locator(`details[data-role=why][data-key="${await row(n).locator('[data-role=key]').textContent()}"]`);
      const why = await whyOf(0);
      await expect(why.locator('summary')).toHaveText(groupMessage(locale, 'why'));
      await why.locator('summary').click();
      const variants = why.locator('[data-role=why-variant]');
      await expect(variants).toHaveCount(2);
      await expect(variants.nth(0).locator('[data-role=change]')).toHaveCount(0);
      await expect(variants.nth(1).locator('code').first()).toHaveText('/landing?utm_source=%65mail');
      await expect(variants.nth(1).locator('[data-role=change]')).toHaveAttribute('data-rule', 'decode-unreserved');
      // A page under one spelling has something to explain only when the spelling changed.
      await expect(await whyOf(1)).toHaveCount(0);
      await expect(w.locator('details[data-role=why]')).toHaveCount(2);
      const one = await whyOf(2);
      await expect(one.locator('summary')).toHaveText(groupMessage(locale, 'whyOne'));
      await one.locator('summary').click();
      await expect
        .poll(() =>
          one.locator('[data-role=change]').evaluateAll((items) => items.map((i) => i.getAttribute('data-rule'))),
        )
        .toEqual(['lowercase-scheme', 'lowercase-host']);
    });

    test('reads TSV, adds up a count column, and says which counts are not numbers', async ({ page }) => {
      const w = page.locator('#tool-group');
      const tsv =
        'page\tviews\tsessions\n/landing?utm_source=email\t1,200\t10\n/landing?utm_source=%65mail\t300\t5\n/home\t2 000\t7\n/home\tn/a\t1\n';
      await w
        .locator('input[type=file]')
        .setInputFiles({ name: 'report.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(tsv) });
      await expect(w.locator('input[name=format][value=tsv]')).toBeChecked();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 2],
          ['/home', 2],
        ]);
      await expect(w.locator('select[name=column]')).toHaveValue('0');
      expect(await texts(w.locator('select[name=count] option'))).toEqual([
        groupMessage(locale, 'countNone'),
        'page',
        'views',
        'sessions',
      ]);
      await w.locator('select[name=count]').selectOption('1');
      // Groups now add up the views: the split page still comes first.
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/landing?utm_source=email', 1500],
          ['/home', 2000],
        ]);
      await expect(w.locator('[data-role=output] th').nth(1)).toHaveText(
        groupMessage(locale, 'colSum', { column: 'views' }, true),
      );
      await expect(w.locator('[data-role=summary]')).toContainText(
        groupMessage(locale, 'summarySum', { column: 'views', sum: 3500 }, true),
      );
      await expect(w.locator('[data-role=unreadable]')).toHaveText(
        groupMessage(locale, 'unreadable', { column: 'views', count: 1 }),
      );
      // The mapping keeps each spelling with its rows, and adds the sums.
      expect(await mapping(page, w)).toEqual([
        '"raw","canonical","group_key","count","sum","group_sum","problem"',
        expect.stringMatching(/^"\/home","\/home","[0-9a-f]{16}","2","2000","2000",""$/),
        expect.stringMatching(
          /^"\/landing\?utm_source=email","\/landing\?utm_source=email","[0-9a-f]{16}","1","1200","1500",""$/,
        ),
        expect.stringMatching(
          /^"\/landing\?utm_source=%65mail","\/landing\?utm_source=email","[0-9a-f]{16}","1","300","1500",""$/,
        ),
        '',
      ]);
      // Detection works both ways: a .txt chosen after it is read as lines, unless it is tab-separated.
      await w
        .locator('input[type=file]')
        .setInputFiles({ name: 'pages.txt', mimeType: 'text/plain', buffer: Buffer.from('/a\n/a\n') });
      await expect(w.locator('input[name=format][value=lines]')).toBeChecked();
      await expect(w.locator('[data-region=csv]')).toBeHidden();
      await expect.poll(() => groups(w)).toEqual([['/a', 2]]);
      await w
        .locator('input[type=file]')
        .setInputFiles({ name: 'copied.txt', mimeType: 'text/plain', buffer: Buffer.from('url\tn\n/b\t3\n') });
      await expect(w.locator('input[name=format][value=tsv]')).toBeChecked();
      await expect.poll(() => groups(w)).toEqual([['/b', 1]]);
    });

    test('a paste of tab-separated lines is read as TSV, and lines pasted over it as lines', async ({ page }) => {
      const w = page.locator('#tool-group');
      const box = w.locator('[data-role=input]');
      const paste = async (text: string) => {
        await page.evaluate((t) => navigator.clipboard.writeText(t), text);
        await box.focus();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('ControlOrMeta+V');
      };
      await paste('page\tviews\n/x?a=%41\t5\n/x?a=A\t7\n');
      await expect(w.locator('input[name=format][value=tsv]')).toBeChecked();
      await w.locator('select[name=count]').selectOption('1');
      await expect.poll(() => groups(w)).toEqual([['/x?a=A', 12]]);
      await paste('/y\n/y\n');
      await expect(w.locator('input[name=format][value=lines]')).toBeChecked();
      await expect.poll(() => groups(w)).toEqual([['/y', 2]]);
    });

    test('a column chosen while the last grouping is still answering is kept, and groups', async ({ page }) => {
      const w = page.locator('#tool-group');
      const csv = 'date,landing,referrer,views\n2024-05-01,/a,/r?x=%41,3\n2024-05-01,/a,/r?x=A,4\n2024-05-02,/b,/s,5\n';
      await w.locator('[data-role=input]').fill(csv);
      await w.locator('input[name=format][value=csv]').check();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a', 2],
          ['/b', 1],
        ]);
      // Hold the worker's answers, so that the grouping for the new URL column is still on its way
      // when the reader chooses the count column.
      const grouping = await w.evaluate((el: HTMLElement & { worker: Worker; grouping: number; hold?: () => void }) => {
        const worker = el.worker;
        const deliver = worker.onmessage!;
        const held: MessageEvent[] = [];
        worker.onmessage = (e) => void held.push(e);
        el.hold = () => {
          worker.onmessage = deliver;
          for (const e of held) deliver.call(worker, e);
        };
        return el.grouping;
      });
      await w.locator('select[name=column]').selectOption('2');
      await expect
        .poll(() => w.evaluate((el: HTMLElement & { grouping: number }) => el.grouping))
        .toBeGreaterThan(grouping);
      // In one task: the count column chosen, then the held answer for the URL column arrives.
      await w.evaluate((el: HTMLElement & { hold: () => void }) => {
        const count = el.querySelector<HTMLSelectElement>('select[name=count]')!;
        count.value = '3';
        count.dispatchEvent(new Event('input', { bubbles: true }));
        count.dispatchEvent(new Event('change', { bubbles: true }));
        el.hold();
      });
      await expect(w.locator('select[name=count]')).toHaveValue('3');
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/r?x=A', 7],
          ['/s', 5],
        ]);
    });

    test('a share link keeps the chosen CSV columns', async ({ page, context }) => {
      const w = page.locator('#tool-group');
      const csv = 'date,landing,referrer,views\n2024-05-01,/a,/r?x=%41,3\n2024-05-01,/a,/r?x=A,4\n2024-05-02,/b,/s,5\n';
      await w.locator('[data-role=input]').fill(csv);
      await w.locator('input[name=format][value=csv]').check();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a', 2],
          ['/b', 1],
        ]);
      await w.locator('select[name=column]').selectOption('2');
      await w.locator('select[name=count]').selectOption('3');
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/r?x=A', 7],
          ['/s', 5],
        ]);
      await w.locator('[data-action=share]').click();
      const link = await w.locator('[data-role=share-url]').inputValue();

      const other = await context.newPage();
      await other.goto(link);
      const again = other.locator('#tool-group');
      await expect(again.locator('[data-action=share]')).toBeVisible();
      await expect
        .poll(() => groups(again))
        .toEqual([
          ['/r?x=A', 7],
          ['/s', 5],
        ]);
      await expect(again.locator('select[name=column]')).toHaveValue('2');
      await expect(again.locator('select[name=count]')).toHaveValue('3');
    });

    test('a file over the size limit says so, and leaves no results that pass for its own', async ({ page }) => {
      const w = page.locator('#tool-group');
      // A file grouped from memory, and while it is being grouped, one too large to read.
      await w
        .locator('input[type=file]')
        .setInputFiles({ name: 'pages.txt', mimeType: 'text/plain', buffer: Buffer.from(analyticsExport()) });
      await expect(w.locator('[data-role=file-note]')).toContainText('pages.txt');
      await chooseInPage(w, 'huge.csv', 50 * 2 ** 20 + 1);
      const error = w.locator('[data-role=output] [data-role=error][data-code=file-too-big]');
      await expect(error).toBeVisible();
      await expect(error).toContainText(groupMessage(locale, 'fileTooBig', { name: 'huge.csv', size: 50 }, true));
      await expect(w.locator('[data-role=summary]')).toHaveText(
        groupMessage(locale, 'fileTooBig', { name: 'huge.csv', size: 50 }, true),
      );
      await expect(w.locator('[data-role=file-note]')).toBeHidden();
      await expect(w.locator('progress')).toBeHidden();
      await expect(w.locator('[data-role=group]')).toHaveCount(0);
      // The grouping it interrupted never comes back to fill the table.
      await page.waitForTimeout(3000);
      await expect(w.locator('[data-role=group]')).toHaveCount(0);
      await expect(error).toBeVisible();
      // Typing groups the box again.
      await w.locator('[data-role=input]').fill('/a\n/a');
      await expect.poll(() => groups(w)).toEqual([['/a', 2]]);
    });
  });
}
