import { describe, expect, test } from 'vitest';
import * as browser from '../../../src/codec/fast-path.browser.ts';
import * as node from '../../../src/codec/fast-path.ts';

/**
 * Browsers resolve `#codec/fast-path` to fast-path.browser.ts, so they never run the Node
 * module's table-driven checks; these tests make sure the compact browser forms give the
 * same answers, so a page normalizes exactly as Node does.
 */
describe('the browser stand-in for the fast path', () => {
  test('has no fast path: every URL takes the general path', () => {
    expect(browser.normalizeFast('/landing?utm_source=email', {} as never)).toBeNull();
  });

  test('exports everything the Node module exports, and nothing else', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(node).sort());
  });

  test('isCanonicalEscape agrees with the table-driven check for every pair of codes', () => {
    // Every code below 0x180 (ASCII, Latin-1, a little beyond) as either digit, plus codes
    // whose low byte looks like a hex digit, in the middle of a text and at its end.
    const codes = [...Array.from({ length: 0x180 }, (_, k) => k), 0x130, 0x141, 0x161, 0xff41, 0xd800];
    let canonical = 0;
    for (const high of codes) {
      for (const low of codes) {
        const text = 'a%' + String.fromCharCode(high, low) + 'b';
        const expected = node.isCanonicalEscape(text, 1);
        if (browser.isCanonicalEscape(text, 1) !== expected) expect([text, browser.isCanonicalEscape(text, 1)]).toEqual([text, expected]);
        if (expected) canonical++;
      }
      for (const text of ['%', '%' + String.fromCharCode(high), 'x%' + String.fromCharCode(high)]) {
        expect([text, browser.isCanonicalEscape(text, text.indexOf('%'))]).toEqual([text, node.isCanonicalEscape(text, text.indexOf('%'))]);
      }
    }
    // 256 bytes less the 66 unreserved ones, each with exactly one canonical spelling.
    expect(canonical).toBe(256 - 66);
  });
});
