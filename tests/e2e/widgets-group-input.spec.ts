import { expect, test, type Locator } from '@playwright/test';
import { groupMessage, ready, texts, tools } from './widgets-helpers';

// Group with the inputs the browser review brought: a windows-1251 export (its bytes were
// silently made U+FFFD, four URLs counted as two pages), a spreadsheet's "Unicode text"
// (UTF-16 with a byte order mark), and spreadsheet rows pasted without their header (the
// first URL was taken as the header: "Rows: 2").
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The review's four windows-1251 URLs: /Привіт, /Київах, /catalog?q=лам, /catalog?q=дом. */
const CP1251 = Buffer.from(
  '/\xcf\xf0\xe8\xe2\xb3\xf2\n/\xca\xe8\xbf\xe2\xe0\xf5\n/catalog?q=\xeb\xe0\xec\n/catalog?q=\xe4\xee\xec\n',
  'latin1',
);

const groups = (w: Locator) =>
  w
    .locator('[data-role=group]')
    .evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('[data-role=canonical]')?.textContent, Number(r.getAttribute('data-count'))]),
    );

for (const locale of ['en', 'uk']) {
  test.describe(`Group input (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(tools(locale));
      await ready(page.locator('#tool-group'));
    });

    test('a windows-1251 file stops with its line and byte, and the encoding chosen reads it again', async ({
      page,
    }) => {
      const w = page.locator('#tool-group');
      await w
        .locator('input[type=file]')
        .setInputFiles({ name: 'cp1251b.txt', mimeType: 'text/plain', buffer: CP1251 });
      const error = w.locator('[data-role=output] [data-role=error][data-code=undecodable]');
      await expect(error).toContainText(
        // The bytes are a figure, not reader text: not isolated.
        groupMessage(
          locale,
          'undecodable',
          { name: 'cp1251b.txt', encoding: 'utf-8', line: 1, byte: 1, bytes: '0xCF 0xF0' },
          true,
        ).replace('\u20680xCF 0xF0\u2069', '0xCF 0xF0'),
      );
      await expect(w.locator('[data-role=group]')).toHaveCount(0);
      // Each legacy encoding on offer shows how it reads the line that failed (isolated: it is reader text).
      const options = w.locator('[data-role=encoding] option');
      expect(await texts(options)).toEqual([
        groupMessage(locale, 'encodingUtf8'),
        'windows-1251: \u2068/Привіт\u2069',
        'windows-1252: \u2068/Ïðèâ³ò\u2069',
        'koi8-u: \u2068/оПХБЁР\u2069',
        'iso-8859-5: \u2068/Я№штГђ\u2069',
        'windows-874: \u2068/ฯ๐่โณ๒\u2069',
        'utf-16le',
        'utf-16be',
      ]);
      await w.locator('[data-role=encoding]').selectOption('windows-1251');
      // Four pages, four keys: nothing merged.
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/%D0%9A%D0%B8%D1%97%D0%B2%D0%B0%D1%85', 1],
          ['/%D0%9F%D1%80%D0%B8%D0%B2%D1%96%D1%82', 1],
          ['/catalog?q=%D0%B4%D0%BE%D0%BC', 1],
          ['/catalog?q=%D0%BB%D0%B0%D0%BC', 1],
        ]);
      expect(new Set(await texts(w.locator('[data-role=key]'))).size).toBe(4);
      await expect(w.locator('[data-role=output] [data-role=error]')).toHaveCount(0);
      expect(await texts(options)).toContain('windows-1251');
    });

    test('a spreadsheet’s Unicode text (UTF-16 LE with its mark) is read without asking', async ({ page }) => {
      const w = page.locator('#tool-group');
      const sheet = 'page\tvisits\r\n/Привіт\t5\r\n/a?x=%31\t2\r\n/a?x=1\t1\r\n';
      await w.locator('input[type=file]').setInputFiles({
        name: 'export.txt',
        mimeType: 'text/plain',
        buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sheet, 'utf16le')]),
      });
      await expect(w.locator('input[name=format][value=tsv]')).toBeChecked();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a?x=1', 2],
          ['/%D0%9F%D1%80%D0%B8%D0%B2%D1%96%D1%82', 1],
        ]);
      await expect(w.locator('[data-role=header-note]')).toContainText(
        groupMessage(locale, 'headerTaken', { names: 'page, visits' }, true),
      );
    });

    test('spreadsheet rows pasted without a header are all data, and one click reads the first as names', async ({
      page,
    }) => {
      const w = page.locator('#tool-group');
      const box = w.locator('[data-role=input]');
      await page.evaluate((t) => navigator.clipboard.writeText(t), '/a?x=1\t5\n/a?x=%31\t7\n/b\t1\n');
      await box.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('ControlOrMeta+V');
      await expect(w.locator('input[name=format][value=tsv]')).toBeChecked();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a?x=1', 2],
          ['/b', 1],
        ]);
      await expect(w.locator('[data-role=summary]')).toContainText(
        groupMessage(locale, 'summary', { lines: 3, groups: 2, split: 1, rejected: 0 }, true).split('.')[0]!,
      );
      await expect(w.locator('[data-role=header-note]')).toContainText(groupMessage(locale, 'headerNone'));
      expect(await texts(w.locator('select[name=column] option'))).toEqual(['#1', '#2']);
      // The switch: the first row becomes the column names, and says so; and back.
      const toggle = w.locator('[data-action=header]');
      await expect(toggle).toHaveText(groupMessage(locale, 'headerToNames'));
      await toggle.click();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a?x=1', 1],
          ['/b', 1],
        ]);
      await expect(w.locator('[data-role=header-note]')).toContainText(
        groupMessage(locale, 'headerTaken', { names: '/a?x=1, 5' }, true),
      );
      await expect(toggle).toHaveText(groupMessage(locale, 'headerToData'));
      await toggle.click();
      await expect
        .poll(() => groups(w))
        .toEqual([
          ['/a?x=1', 2],
          ['/b', 1],
        ]);
    });
  });
}
