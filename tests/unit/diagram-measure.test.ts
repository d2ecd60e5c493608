import { describe, expect, it } from 'vitest';
import { isTall, lineHeight, textWidth, wrapCode, wrapWords } from '../../src/components/diagrams/measure';
import th from '../../src/i18n/th.json';
import { segmentThai } from '../../src/integrations/thai-segment';

// The diagrams' text estimates (no browser at build time): combining marks take no width,
// Thai and Devanagari get taller lines, and wrapping keeps every line within its width.
const label = { size: 13 };
const code = { size: 14, mono: true };

describe('textWidth', () => {
  it('gives combining marks no width of their own', () => {
    // ที่ is one base letter with a vowel and a tone mark above it; स्ते holds a virama and a vowel sign.
    expect(textWidth('ที่', label)).toBe(textWidth('ท', label));
    expect(textWidth('स्ते', label)).toBe(textWidth('सत', label));
  });

  it('counts at least one monospace cell per character of code', () => {
    expect(textWidth('%E0%B8%81', code)).toBeGreaterThanOrEqual(9 * 0.6 * 14);
  });

  it('makes an emoji wider than a letter, and bold wider than regular', () => {
    expect(textWidth('😀', label)).toBeGreaterThan(textWidth('m', label));
    expect(textWidth('Parse', { ...label, bold: true })).toBeGreaterThan(textWidth('Parse', label));
  });
});

describe('lineHeight', () => {
  it('is taller wherever Thai or Devanagari marks stack above and below', () => {
    expect(isTall('email แคมเปญ')).toBe(true);
    expect(isTall('नमस्ते')).toBe(true);
    expect(isTall('ламінат')).toBe(false);
    expect(lineHeight('แคมเปญ', label)).toBeGreaterThan(lineHeight('campaign', label));
  });
});

describe('wrapWords', () => {
  it('breaks Thai, which writes no spaces, between words', () => {
    const text = 'แปลงรหัสเปอร์เซ็นต์ที่ไม่จำเป็นกลับเป็นอักขระไม่สงวน';
    const lines = wrapWords(text, 120, label, 'th');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(text);
    for (const line of lines) expect(textWidth(line, label)).toBeLessThanOrEqual(120);
    // Every break is at a word boundary: no line starts with a combining mark.
    for (const line of lines) expect(line).not.toMatch(/^\p{M}/u);
  });

  it('ends a Thai line between dictionary words or phrases, never inside a glossary term', () => {
    const labels = [
      th.widgets.rule['decode-unreserved'],
      th.widgets.rule['escape-unsafe'],
      th.widgets.rule['decode-reserved'],
      th.diagrams.grouping.title,
      th.diagrams.pipeline.keyNote,
    ];
    for (const text of labels) {
      for (const width of [100, 140, 180, 220, 260, 300]) {
        const lines = wrapWords(text, width, label, 'th');
        // The text again, with the spaces a break dropped, and where each line ended.
        let rebuilt = '';
        const breaks: number[] = [];
        const atSpace: boolean[] = [];
        for (const [i, line] of lines.entries()) {
          if (i > 0) {
            atSpace.push(text[rebuilt.length] === ' ' || rebuilt.endsWith(' '));
            if (text[rebuilt.length] === ' ') rebuilt += ' ';
            breaks.push(rebuilt.length);
          }
          rebuilt += line;
        }
        expect(rebuilt).toBe(text);
        const inside = lines.slice(1).map((line, i) => `${lines[i]}|${line}`);
        // A term is cut only where it does not fit on a line of its own.
        for (const term of ['รหัสเปอร์เซ็นต์', 'อักขระไม่สงวน', 'รูปแบบมาตรฐาน'].filter(
          (t) => textWidth(`${t}: `, label) <= width,
        )) {
          expect(
            inside.filter(
              (b) => b.replace('|', '').includes(term) && !b.split('|').some((side) => side.includes(term)),
            ),
            `${width}: ${term}`,
          ).toEqual([]);
        }
        // A line that ends without a space, read on its own, ends with a whole dictionary
        // word, and the next one begins with one.
        for (const [i, space] of atSpace.entries()) {
          if (space) continue;
          expect(segmentThai(lines[i]!.trim()).at(-1)?.kind, `${width}: ${lines[i]}|`).toBe('word');
          expect(segmentThai(lines[i + 1]!.trim())[0]?.kind, `${width}: |${lines[i + 1]}`).toBe('word');
        }
        expect(breaks.length).toBe(lines.length - 1);
      }
    }
  });

  it('breaks other scripts at spaces, and drops the space at the break', () => {
    const lines = wrapWords('Needless escapes of unreserved characters decoded', 150, label, 'en');
    expect(lines.join(' ')).toBe('Needless escapes of unreserved characters decoded');
    for (const line of lines) expect(textWidth(line, label)).toBeLessThanOrEqual(150);
  });

  it('cuts a word longer than the line between graphemes, never inside one', () => {
    const lines = wrapWords('नमस्तेनमस्तेनमस्ते', 40, label, 'hi');
    expect(lines.join('')).toBe('नमस्तेनमस्तेनमस्ते');
    for (const line of lines) expect(line).not.toMatch(/^\p{M}/u);
  });
});

describe('wrapCode', () => {
  it('breaks a URL before an escape or after a delimiter', () => {
    const url = '/landing?utm_source=email%20%E0%B9%81%E0%B8%84%E0%B8%A1';
    const lines = wrapCode(url, 150, code);
    expect(lines.join('')).toBe(url);
    for (const line of lines.slice(1)) expect(line).toMatch(/^(%[0-9A-F]{2}|[^%])/);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/([/?&=#]|%[0-9A-F]{2}|[^%])$/);
    for (const line of lines) expect(textWidth(line, code)).toBeLessThanOrEqual(150);
    expect(lines.every((line) => !/%[0-9A-F]?$/.test(line))).toBe(true);
  });
});
