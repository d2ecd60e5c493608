import { expect } from '@playwright/test';
import { setValue, test, texts, timedSetValue, tools } from './widgets-helpers';

// Decode on the tools page, with the worked examples of content/en/decoding.mdx and
// content/en/real-world-bugs.mdx. Behaviour in
// English and in one other locale (its notices and digits); every locale's static
// results are checked by widgets-nojs.spec.ts, its strings by the parity test, axe by pages.spec.ts.
for (const locale of ['en', 'uk']) {
  test.describe(`Decode (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-decode' } });

    test('reads Fu%C3%9Fball as UTF-8, and as windows-1252 only when the reader says so', async ({ page }) => {
      const w = page.locator('#tool-decode');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').fill('Fu%C3%9Fball');
      await expect(out).toHaveText('Fußball');
      await expect(w.locator('select[name=charset]')).toHaveValue('utf-8');
      await w.locator('select[name=charset]').selectOption('windows-1252');
      await expect(out).toHaveText('FuÃŸball');
      // The layers follow the chosen charset too.
      await expect(w.locator('[data-role=layer]')).toHaveText(['Fu%C3%9Fball', 'FuÃŸball']);
    });

    test('says why the layers stop: at the input itself, or never for a legacy decode that works', async ({ page }) => {
      const w = page.locator('#tool-decode');
      const layers = w.locator('[data-region=layers]');
      await w.locator('details:has([data-region=layers]) > summary').click();
      await w.locator('[data-role=input]').fill('%EB%E0%EC');
      const m = await w.evaluate((el) => JSON.parse((el as HTMLElement).dataset.m ?? '{}') as Record<string, string>);
      await expect(layers.locator('.w-hint')).toContainText(m['decode.layersStoppedAtInput'] ?? '?');
      // Not the "stopped after layer N" sentence, which for the input itself read "after layer 0".
      await expect(layers).not.toContainText((m['decode.layersStopped'] ?? '?').split('{{')[0] ?? '?');
      await w.locator('select[name=charset]').selectOption('windows-1251');
      await expect(w.locator('[data-role=layer]')).toHaveText(['%EB%E0%EC', 'лам']);
      await expect(layers.locator('.w-hint')).toHaveCount(0);
    });

    test('stops on bytes that are not UTF-8, marks them, and suggests a charset without picking one', async ({
      page,
    }) => {
      const w = page.locator('#tool-decode');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').fill('%EB%E0%EC%B3%ED%E0%F2');
      const error = w.locator('[data-role=error]');
      await expect(error).toHaveAttribute('data-code', 'invalid-utf8');
      await expect(error.locator('code')).toHaveText('%EB');
      await expect(error).toContainText('1');
      await expect(w.locator('[data-role=hint]')).toContainText('windows-1251');
      await expect(out).toHaveText('');
      // Every invalid run is marked in the copy of the input, not by colour alone.
      const marks = w.locator('[data-region=marked] mark.w-mark--error');
      expect(await marks.count()).toBeGreaterThan(1);
      await expect(marks.first()).toHaveCSS('text-decoration-style', 'wavy');
      // Nothing is guessed: the charset is still UTF-8 until the reader changes it.
      await expect(w.locator('select[name=charset]')).toHaveValue('utf-8');
      await w.locator('select[name=charset]').selectOption('windows-1251');
      await expect(out).toHaveText('ламінат');
      await expect(error).toHaveCount(0);
    });

    test('reads the Thai example as windows-874', async ({ page }) => {
      const w = page.locator('#tool-decode');
      await w.locator('[data-role=input]').fill('%E1%A4%C1%E0%BB%AD');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-utf8');
      await w.locator('select[name=charset]').selectOption('windows-874');
      await expect(w.locator('[data-role=output]')).toHaveText('แคมเปญ');
    });

    test('keeps a stray % as text and says where it is', async ({ page }) => {
      const w = page.locator('#tool-decode');
      const out = w.locator('[data-role=output]');
      const notice = w.locator('[data-role=notice][data-code=stray-percent]');
      await w.locator('[data-role=input]').fill('100% sure');
      await expect(out).toHaveText('100% sure');
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText('4');
      await expect(w.locator('[data-region=marked] mark')).toHaveText('%');
      await w.locator('[data-role=input]').fill('%zz');
      await expect(out).toHaveText('%zz');
      await expect(notice).toHaveCount(1);
      await w.locator('[data-role=input]').fill('a%4');
      await expect(out).toHaveText('a%4');
      await expect(notice).toContainText('2');
    });

    test('reads + as a space only in form mode', async ({ page }) => {
      const w = page.locator('#tool-decode');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').fill('C%2B%2B+%26+C%23');
      await expect(out).toHaveText('C+++&+C#');
      await w.locator('input[name=mode][value=form]').check();
      await expect(out).toHaveText('C++ & C#');
    });

    test('unwraps the double-encoded redirect layer by layer', async ({ page }) => {
      const w = page.locator('#tool-decode');
      await w.locator('[data-role=input]').fill('https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1');
      expect(await texts(w.locator('[data-role=layer]'))).toEqual([
        'https%253A%252F%252Fservice-a.com%252Fdashboard%253Fparam%253D1',
        'https%3A%2F%2Fservice-a.com%2Fdashboard%3Fparam%3D1',
        'https://service-a.com/dashboard?param=1',
      ]);
      const notice = w.locator('[data-role=notice][data-code=double-encoded]');
      await expect(notice).toContainText('%253A');
      await expect(notice).toContainText('6');
      await expect(w.locator('[data-role=output]')).toHaveText('https%3A%2F%2Fservice-a.com%2Fdashboard%3Fparam%3D1');
    });

    test('reports a lone surrogate instead of producing garbage', async ({ page }) => {
      const w = page.locator('#tool-decode');
      await setValue(w.locator('[data-role=input]'), '%41{U+DC00}');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'lone-surrogate');
      await expect(w.locator('[data-role=error]')).toContainText('U+DC00');
      await expect(w.locator('[data-role=output]')).toHaveText('');
    });

    test('returns promptly on a 1 MB paste full of problems, listing only the first ones', async ({ page }) => {
      const w = page.locator('#tool-decode');
      const big = '%zz%41%E0'.repeat(116509).slice(0, 1_048_576);
      const t0 = Date.now();
      const work = await timedSetValue(w.locator('[data-role=input]'), big);
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-utf8');
      const wall = Date.now() - t0;
      console.log(
        `Decode, 1 MB with 116,510 stray %: widget ${work.toFixed(0)} ms; with the browser's layout ${wall} ms`,
      );
      expect(work).toBeLessThan(10_000);
      expect(wall).toBeLessThan(30_000);
      await expect(w.locator('[data-role=notice]')).toHaveCount(20);
      await w.locator('input[name=invalid]').check();
      await expect(w.locator('[data-role=error]')).toHaveCount(0);
      const head = await w.locator('[data-role=output]').evaluate((e) => e.textContent?.slice(0, 6));
      expect(head).toBe('%zzA\uFFFD%');
      expect(Date.now() - t0).toBeLessThan(45_000);
    });
  });
}
