import { expect } from '@playwright/test';
import { setValue, test, texts, timedSetValue, tools } from './widgets-helpers';

// Normalize and Compare with the worked examples of content/en/analytics-normalization.mdx.
for (const locale of ['en', 'th']) {
  test.describe(`Normalize (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-normalize' } });

    test('decodes unreserved escapes, and says which rule did it', async ({ page }) => {
      const w = page.locator('#tool-normalize');
      await w.locator('input[name=caseInsensitive]').fill('');
      await w.locator('[data-role=input]').fill('/landing?utm_source=%65mail');
      await expect(w.locator('[data-role=output]')).toHaveText('/landing?utm_source=email');
      await expect(w.locator('[data-role=key]')).toHaveText(/^[0-9a-f]{16}$/);
      const change = w.locator('[data-role=change]');
      await expect(change).toHaveCount(1);
      await expect(change).toHaveAttribute('data-rule', 'decode-unreserved');
      expect(await texts(change.locator('code'))).toEqual(['%65', 'e']);
    });

    test('never turns an escaped / into structure, and follows the chosen model in the query', async ({ page }) => {
      const w = page.locator('#tool-normalize');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').fill('/a%2Fb?next=%2f%6c%61%6e%64%69%6e%67');
      // Data model (the default): in a query value an escaped / is the same data as a raw one.
      await expect(out).toHaveText('/a%2Fb?next=/landing');
      await expect(w.locator('[data-role=change][data-rule=decode-reserved]')).toHaveCount(1);
      await w.locator('input[name=model][value=rfc3986]').check();
      await expect(out).toHaveText('/a%2Fb?next=%2Flanding');
      await expect(w.locator('[data-role=change][data-rule=decode-reserved]')).toHaveCount(0);
      await w.locator('input[name=model][value=data]').check();
      await expect(out).toHaveText('/a%2Fb?next=/landing');
    });

    test('says when a scheme is compared as text whatever the model', async ({ page }) => {
      const w = page.locator('#tool-normalize');
      await w.locator('[data-role=input]').fill('mailto:a@b.example?subject=%2F');
      await expect(w.locator('[data-role=output]')).toHaveText('mailto:a@b.example?subject=%2F');
      await expect(w.locator('[data-role=model-note]')).toContainText('mailto:');
    });

    test('applies each policy control', async ({ page }) => {
      const w = page.locator('#tool-normalize');
      const out = w.locator('[data-role=output]');
      await w.locator('input[name=caseInsensitive]').fill('');
      await w.locator('[data-role=input]').fill('/page?utm_source=EMAIL+Campaign%20&b=1&a=2#top');
      await expect(out).toHaveText('/page?a=2&b=1&utm_source=EMAIL%20Campaign%20');
      await w.locator('input[name=model][value=rfc3986]').check();
      await expect(out).toHaveText('/page?a=2&b=1&utm_source=EMAIL+Campaign%20');
      await w.locator('input[name=model][value=data]').check();
      await w.locator('input[name=caseInsensitive]').fill('utm_source');
      await expect(out).toHaveText('/page?a=2&b=1&utm_source=email%20campaign%20');
      await w.locator('input[name=trim]').check();
      await expect(out).toHaveText('/page?a=2&b=1&utm_source=email%20campaign');
      await w.locator('input[name=order][value=keep]').check();
      await expect(out).toHaveText('/page?utm_source=email%20campaign&b=1&a=2');
      await w.locator('input[name=drop]').fill('utm_');
      await expect(out).toHaveText('/page?b=1&a=2');
      await w.locator('input[name=fragment][value=keep]').check();
      await expect(out).toHaveText('/page?b=1&a=2#top');
    });

    test('reports input that is not a URL', async ({ page }) => {
      const w = page.locator('#tool-normalize');
      await w.locator('[data-role=input]').fill('landing page');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-url');
      await expect(w.locator('[data-role=output]')).toHaveText('');
      await setValue(w.locator('[data-role=input]'), '/a?{U+D800}');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'lone-surrogate');
      const work = await timedSetValue(w.locator('[data-role=input]'), `/p?q=${'%41 é'.repeat(200_000)}`);
      await expect(w.locator('[data-role=output]')).toContainText('/p?q=A%20%C3%A9A');
      console.log(`Normalize, 1 MB: widget ${work.toFixed(0)} ms`);
      expect(work).toBeLessThan(10_000);
    });
  });
}

for (const locale of ['en', 'hi']) {
  test.describe(`Compare (${locale})`, () => {
    test.use({ widgetPage: { path: tools(locale), widget: '#tool-compare' } });

    test('tells encoding-only differences from data differences', async ({ page }) => {
      const w = page.locator('#tool-compare');
      const [a, b] = [w.locator('[data-role=input]').nth(0), w.locator('[data-role=input]').nth(1)];
      const out = w.locator('[data-role=output]');
      await a.fill('/page?utm_source=email');
      await b.fill('/page?utm_source=%65mail');
      await expect(out).toHaveAttribute('data-verdict', 'equivalent');
      await expect(w.locator('[data-role=part][data-verdict=different]')).toHaveCount(0);
      await b.fill('/page?utm_source=email');
      await expect(out).toHaveAttribute('data-verdict', 'identical');
      await a.fill('/landing?utm_source=email%2Bcampaign');
      await b.fill('/landing?utm_source=email+campaign');
      await expect(out).toHaveAttribute('data-verdict', 'different');
      await expect(w.locator('[data-role=part][data-verdict=different]').first()).toBeVisible();
      await b.fill('/landing?utm_source=EMAIL%2Bcampaign');
      await expect(out).toHaveAttribute('data-verdict', 'different');
    });

    test('follows the chosen model, and says in each row which rule decided', async ({ page }) => {
      const w = page.locator('#tool-compare');
      const out = w.locator('[data-role=output]');
      await w.locator('[data-role=input]').nth(0).fill('/go?next=%2Flanding');
      await w.locator('[data-role=input]').nth(1).fill('/go?next=/landing');
      await expect(out).toHaveAttribute('data-verdict', 'equivalent');
      const row = w.locator('[data-role=part]').filter({ has: page.locator('th code', { hasText: /^next$/ }) });
      await expect(row.locator('[data-rule]')).toHaveAttribute('data-rule', 'decode-reserved');
      await w.locator('details.w-policy').evaluate((d) => ((d as HTMLDetailsElement).open = true));
      await w.locator('input[name=model][value=rfc3986]').check();
      await expect(out).toHaveAttribute('data-verdict', 'different');
      await expect(row).toHaveAttribute('data-verdict', 'different');
      await expect(row.locator('[data-rule]')).toHaveAttribute('data-rule', 'kept-escape');
    });

    test('matches parameters by canonical name and shows the rules applied', async ({ page }) => {
      const w = page.locator('#tool-compare');
      await w.locator('[data-role=input]').nth(0).fill('/page?utm_source=email&campaign=test');
      await w.locator('[data-role=input]').nth(1).fill('/page?%63ampaign=test&utm_source=%65%6d%61%69%6c');
      await expect(w.locator('[data-role=output]')).toHaveAttribute('data-verdict', 'equivalent');
      await expect(w.locator('[data-role=change][data-rule=decode-unreserved]')).toHaveCount(2);
      await w.locator('[data-role=input]').nth(0).fill('');
      await expect(w.locator('[data-role=output]')).toHaveAttribute('data-verdict', 'failed');
      await expect(w.locator('[data-role=error]')).toHaveAttribute('data-code', 'invalid-url');
    });
  });
}
