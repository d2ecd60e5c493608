import { describe, expect, it } from 'vitest';
import { builtPages } from '../support/dist';

// No page holds a raw control character: the HTML parser drops a NUL (the security pages'
// "report.pdf%00.png" once read `report.pdf.png` in its Value cell, with or without
// JavaScript) and the others are invisible. Widgets draw decoded controls as marks
// (markHidden), so a raw one in the HTML is a display that applied what it should show.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('built pages', () => {
  it('hold no raw NUL or other control character, and the security pages mark theirs', () => {
    const found = builtPages().flatMap((page) => {
      const at = page.html.search(CONTROL);
      return at < 0
        ? []
        : [
            `${page.path}: U+${page.html.charCodeAt(at).toString(16).padStart(4, '0')} near ${JSON.stringify(page.html.slice(Math.max(0, at - 40), at + 10))}`,
          ];
    });
    expect(found).toEqual([]);
    for (const locale of ['en', 'th', 'hi', 'uk']) {
      const security = builtPages().find((p) => p.path === `/${locale}/security/`)!;
      expect(security.html).toContain('<span class="w-hidden" data-role="hidden" data-cp="0000">U+0000</span>');
    }
  });
});
