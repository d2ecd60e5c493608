import { expect } from '@playwright/test';
import { ready, setValue, test, tools } from './widgets-helpers';

// Encode into legacy charsets, every byte, and line by line in Encode and Decode, on the tools
// page in English and Ukrainian. Expected bytes are the literals (ламінат for a
// windows-1251 server) or checked here against the platform's TextDecoder, not the codec.
const hex = (bytes: number[]) => bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const LINE = { en: 'Line 2:', uk: 'Рядок 2:' } as const;

for (const locale of ['en', 'uk'] as const) {
  test.describe(`Legacy charsets and lists (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-encode' } });

    test('encodes ламінат for a windows-1251 server and แคมเปญ for a windows-874 one', async ({ page }) => {
      const w = page.locator('#tool-encode');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').fill('ламінат');
      await w.locator('select[name=charset]').selectOption('windows-1251');
      await expect(out).toHaveText('%EB%E0%EC%B3%ED%E0%F2');
      await w.locator('[data-role=input]').fill('แคมเปญ');
      await w.locator('select[name=charset]').selectOption('windows-874');
      await expect(out).toHaveText('%E1%A4%C1%E0%BB%AD');
      // The platform's decoder reads the bytes back.
      const bytes = ((await out.textContent()) ?? '').match(/%[0-9A-F]{2}/g)!.map((e) => parseInt(e.slice(1), 16));
      expect(new TextDecoder('windows-874').decode(Uint8Array.from(bytes))).toBe('แคมเปญ');
      // The byte table shows the charset's bytes.
      await expect(w.locator('[data-region=why] tbody tr').first().locator('td').nth(2)).toHaveText('E1');
    });

    test('notes a character the charset cannot write, where it is, in the page language', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await w.locator('select[name=charset]').selectOption('koi8-u');
      await w.locator('[data-role=input]').fill('ціна €');
      await expect(w.locator('[data-role=output]')).toHaveText(`${hex([0xc3, 0xa6, 0xce, 0xc1])}%20%26%238364%3B`);
      const notice = w.locator('[data-role=notice][data-code=unmappable]');
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText(locale === 'en' ? 'position 6' : 'позиція 6');
    });

    test('escapes every byte, letters and digits too', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await w.locator('input[name=mode][value=all]').check();
      await w.locator('[data-role=input]').fill('a-Я 1');
      await expect(w.locator('[data-role=output]')).toHaveText('%61%2D%D0%AF%20%31');
    });

    test('Encode takes a list line by line and a share link keeps the choices', async ({ page }) => {
      const w = page.locator('#tool-encode');
      await w.locator('input[name=lines]').check();
      await w.locator('select[name=charset]').selectOption('windows-1251');
      // A lone surrogate (set directly: typing would turn it into U+FFFD) fails its line only.
      await setValue(w.locator('[data-role=input]'), 'ламінат\nok{U+D800}\nціна');
      const out = w.locator('[data-role=output]');
      await expect(out).toHaveText('%EB%E0%EC%B3%ED%E0%F2\n\n%F6%B3%ED%E0');
      await expect(w.locator('[data-role=error][data-code=lone-surrogate]')).toContainText(LINE[locale]);
      const link = await w.evaluate((el) => (el as unknown as { link(): { state: string } }).link().state);
      expect(link).toContain('charset=windows-1251');
      expect(link).toContain('lines=yes');
      await page.goto(
        `${tools(locale)}#tool-encode?value=${encodeURIComponent('a b\nц')}&mode=all&charset=windows-1251&lines=yes`,
      );
      await ready(w);
      await expect(out).toHaveText('%61%20%62\n%F6');
    });

    test('Decode takes a three-line list with one bad line: the others are done', async ({ page }) => {
      const w = page.locator('#tool-decode');
      await ready(w);
      await w.locator('input[name=lines]').check();
      await w.locator('[data-role=input]').fill('%D0%BB%D0%B0\n%E0%A4\nb%20c');
      await expect(w.locator('[data-role=output]')).toHaveText('ла\n\nb c');
      const error = w.locator('[data-role=error][data-code=invalid-utf8]');
      await expect(error).toHaveCount(1);
      await expect(error).toContainText(LINE[locale]);
      await expect(w.locator('[data-role=summary]')).toContainText('3');
    });

    test('Decode offers every WHATWG encoding, grouped, and reads Shift_JIS', async ({ page }) => {
      const w = page.locator('#tool-decode');
      await ready(w);
      await expect(w.locator('select[name=charset] optgroup')).toHaveCount(6);
      await w.locator('select[name=charset]').selectOption('shift_jis');
      await w.locator('[data-role=input]').fill('%83A%83C');
      await expect(w.locator('[data-role=output]')).toHaveText('アイ');
    });
  });
}
