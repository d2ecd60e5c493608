/**
 * The Thai line-break step (src/integrations/thai-breaks.ts, thai-words.ts, thai-segment.ts)
 * on fixture text and HTML with real Thai prose: `<wbr>` only between dictionary words,
 * listed loanwords and words ICU would cut kept whole, nothing touched in code, form fields,
 * widget regions, scripts, SVG, attributes or other scripts.
 * The build gate (tests/build/thai-breaks.test.ts) checks the same on dist/th, and the
 * Chromium test (tests/e2e/thai-breaks.spec.ts) where lines really break.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { describe, expect, test } from 'vitest';
import { breakThaiLines, KEEP_CLASS } from '../../src/integrations/thai-breaks.ts';
import { noSplitTerms, thaiWordBreaks } from '../../src/integrations/thai-words.ts';
import { isThaiWord, segmentThai, thaiDictionary } from '../../src/integrations/thai-segment.ts';
import { breakProblem, stretchesAtBreaks } from '../support/thai-words.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/thai/${name}`, import.meta.url), 'utf8');
const PROSE = fixture('prose.html');
const TERMS = noSplitTerms(fixture('glossary.md'));
const THAI = /\p{Script=Thai}/u;
const KEEP_OPEN = `<span class="${KEEP_CLASS}">`;

/** The text with a `|` at each break. */
const cut = (text: string, terms: string[] = []) => {
  const { breaks } = thaiWordBreaks(text, terms);
  return [...text].reduce((out, ch, i) => out + (breaks.includes(i) ? '|' : '') + ch, '');
};
/** The text with a `|` at each break and `[…]` around each span kept on one line. */
const kept = (text: string, terms: string[] = []) => {
  const { breaks, keep } = thaiWordBreaks(text, terms);
  return [...text].reduce(
    (out, ch, i) =>
      out +
      (breaks.includes(i) ? '|' : '') +
      (keep.some(([s]) => s === i) ? '[' : '') +
      ch +
      (keep.some(([, e]) => e === i + 1) ? ']' : ''),
    '',
  );
};
/** Where ICU (Intl.Segmenter), and so Chromium, finds words. */
const icu = (text: string) =>
  [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.segment).join('|');
/** The page back: what the step adds, taken out again. */
const undo = (html: string) =>
  html.replaceAll('<wbr>', '').replace(new RegExp(`${KEEP_OPEN}([^<]*)</span>`, 'g'), '$1');

describe('the no-split list in the Thai glossary', () => {
  test('is the bullets under ## คำที่ห้ามตัดบรรทัด, to the next heading, without code marks', () => {
    expect(TERMS).toEqual([
      'ซีริลลิก',
      'ออฟเซ็ต',
      'อีโมจิ',
      'เซอร์โรเกต',
      'คิวรี',
      'รีไดเร็กต์',
      'เซกเมนต์',
      'แฟรกเมนต์',
      'สคีม',
      'เทวนาครี',
    ]);
  });
  test('is empty without the section or the file', () => {
    expect(noSplitTerms('# อภิธานศัพท์\n\n## ศัพท์\n\n- คิวรี\n')).toEqual([]);
    expect(noSplitTerms('')).toEqual([]);
    // Without the list, the dictionary still knows ซีริลลิก, and ICU's cut is kept whole.
    expect(breakThaiLines(PROSE, []).html).toContain(`อักษร<wbr>${KEEP_OPEN}ซีริลลิก</span>`);
  });
});

describe('segmentThai: the fewest dictionary words', () => {
  test('the dictionary is the hunspell-th word list', () => {
    expect(thaiDictionary().size).toBeGreaterThan(51_000);
    for (const word of ['ข้อมูล', 'หน้าที่', 'กลุ่ม', 'กลาย', 'มอง', 'ทีละ', 'เข้มงวด', 'ล้มเหลว', 'เครื่องมือ'])
      expect(isThaiWord(word), word).toBe(true);
    expect(isThaiWord('เป็นก')).toBe(false);
  });

  test('keeps compounds whole and, where splits tie, takes the one ICU agrees with', () => {
    const words = (text: string, extra?: Set<string>) =>
      segmentThai(text, extra)
        .map((s) => `${s.kind === 'word' ? '' : '?'}${text.slice(s.start, s.end)}`)
        .join('|');
    expect(words('ข้อมูล')).toBe('ข้อมูล');
    expect(words('เป็นกลุ่ม')).toBe('เป็น|กลุ่ม');
    // Two words either way (บอ|กว่า, ข้อ|ความใน, อี|กรอบ are dictionary words too).
    expect(words('บอกว่า')).toBe('บอก|ว่า');
    expect(words('ข้อความใน')).toBe('ข้อความ|ใน');
    expect(words('อีกรอบ')).toBe('อีก|รอบ');
    // Where ICU is wrong too, the glossary lists the word (ทีละ, หน้าที่): thaiWordBreaks keeps
    // a listed term whole wherever it occurs; as an extra word alone it only ties.
    expect(words('พิมพ์ตามทีละตัว')).toBe('พิมพ์|ตามที|ละ|ตัว');
    expect(words('พิมพ์ตามทีละตัว', new Set(['ทีละ']))).toBe('พิมพ์|ตามที|ละ|ตัว');
    // Thai that no word covers is one unknown segment; other text is other.
    expect(words('รายงานแฟรกเมนต์')).toBe('รายงาน|?แฟ|รก|?เ|มนต์');
    expect(words('แฟรกเมนต์ UTF-8', new Set(['แฟรกเมนต์']))).toBe('แฟรกเมนต์|? UTF-8');
  });
});

describe('thaiWordBreaks: where a line of Thai may break', () => {
  test('between dictionary words only, and inside listed terms never', () => {
    // ICU cuts these words (the native review's list); the dictionary does not, and what
    // ICU would cut is kept on one line.
    expect(icu('แถวในรายงานรวมกันเป็นกลุ่มได้อย่างไร')).toContain('เป็นก|ลุ่ม');
    expect(kept('แถวในรายงานรวมกันเป็นกลุ่มได้อย่างไร')).toBe('แถว|ใน|รายงาน|[รวมกัน]|เป็น|[กลุ่ม]|ได้|อย่างไร');
    expect(kept('ไบต์ NUL ในค่าข้างบนมองไม่เห็น')).toBe('ไบต์ NUL ใน|ค่า|[ข้างบน]|[มองไม่เห็น]');
    expect(cut('มีหน้าที่เชิงโครงสร้าง พิมพ์ตามทีละตัว แล้วกลายเป็น วางข้อมูล', ['หน้าที่', 'ทีละ', 'ข้อมูล'])).toBe(
      'มี|หน้าที่|เชิง|โครงสร้าง พิมพ์|ตาม|ทีละ|ตัว แล้ว|กลายเป็น วาง|ข้อมูล',
    );
    // ICU splits the loanword by syllable; the dictionary and the list keep it whole.
    expect(icu('อักษรซีริลลิกทุกตัว')).toBe('อักษร|ซี|ริ|ล|ลิ|ก|ทุก|ตัว');
    expect(cut('อักษรซีริลลิกทุกตัวใช้ไบต์เดียว', TERMS)).toBe('อักษร|ซีริลลิก|ทุก|ตัว|ใช้|ไบต์|เดียว');
    expect(cut('ค่าออฟเซ็ตของไบต์', TERMS)).toBe('ค่า|ออฟเซ็ต|ของ|ไบต์');
    expect(thaiWordBreaks('อักษรซีริลลิกทุกตัว', TERMS).keep).toEqual([[5, 13]]);
  });

  test('no break next to Thai that no word covers: the stretch stays whole', () => {
    expect(kept('อาจรายงานแฟรกเมนต์ด้วย')).toBe('อาจ|[รายงานแฟรกเมนต์]|ด้วย');
    expect(kept('อาจรายงานแฟรกเมนต์ด้วย', TERMS)).toBe('อาจ|[รายงาน]|[แฟรกเมนต์]|ด้วย');
  });

  test('every break is between two words of the dictionary or the list', () => {
    const text = parse(PROSE).querySelector('main')!.text;
    const { breaks } = thaiWordBreaks(text, TERMS);
    expect(breaks.length).toBeGreaterThan(200);
    const stretches = stretchesAtBreaks(text, breaks);
    expect(stretches.flatMap((s) => breakProblem(s, new Set(TERMS)) ?? [])).toEqual([]);
    // Without the list, the loanwords are Thai no word covers: never cut, but no break beside them.
    expect(breakProblem({ text: 'เอนทิตี', before: true, after: false }, new Set())).toBeUndefined();
    expect(breakProblem({ text: 'ข้อมูลเดียว', before: true, after: true }, new Set())).toBe('|ข้อมูลเดียว|: not one word');
    expect(breakProblem({ text: 'เป็นก', before: true, after: true }, new Set())).toBe(
      '|เป็นก|: a break beside Thai no word covers',
    );
    for (const at of breaks) {
      expect(text[at - 1]).toMatch(THAI);
      expect(text[at]).toMatch(/[\u0E01-\u0E2E\u0E40-\u0E44]/);
    }
  });

  test('a listed term is read as a word of its own, so the words before it are found right', () => {
    // Read whole, ICU also cuts the word before the loanword (รา|ยงาน): Chromium does not.
    expect(icu('แท็กของระบบวิเคราะห์เว็บอาจรายงานแฟรกเมนต์ด้วย')).toBe('แท็ก|ของ|ระบบ|วิเคราะห์|เว็บ|อาจ|รา|ยงานแฟ|รก|เมน|ต์|ด้วย');
    expect(cut('แท็กของระบบวิเคราะห์เว็บอาจรายงานแฟรกเมนต์ด้วย', TERMS)).toBe(
      'แท็ก|ของ|ระบบ|วิเคราะห์|เว็บ|อาจ|รายงาน|แฟรกเมนต์|ด้วย',
    );
    expect(cut('และแอปของคุณกำหนดเส้นทางด้วยแฟรกเมนต์', TERMS)).toBe('และ|แอป|ของ|คุณ|กำหนด|เส้นทาง|ด้วย|แฟรกเมนต์');
  });

  test('none next to Latin, digits or spaces, before ๆ or a mark, or inside a URL or a domain', () => {
    expect(cut('ใช้ UTF-8กับภาษาไทย 3 ตัว')).toBe('ใช้ UTF-8กับ|ภาษาไทย 3 ตัว');
    expect(cut('ดี ๆ ฯลฯ')).toBe('ดี ๆ ฯลฯ');
    expect(cut('ที่ https://ตัวอย่าง.ไทย/ค้นหา?q=แคมเปญ หรือโดเมน ตัวอย่าง.ไทย ในแถบที่อยู่')).toBe(
      'ที่ https://ตัวอย่าง.ไทย/ค้นหา?q=แคมเปญ หรือ|โดเมน ตัวอย่าง.ไทย ใน|แถบ|ที่อยู่',
    );
    // A run without spaces that holds a domain is one token: no break anywhere in it.
    expect(cut('โดเมนตัวอย่าง.ไทย')).toBe('โดเมนตัวอย่าง.ไทย');
    // A colon or a full stop that ends a run is prose, not a URL.
    expect(cut('ข้อความเพี้ยน: ไบต์ถูก')).toBe('ข้อความ|เพี้ยน: ไบต์|ถูก');
  });

  test('leaves text without Thai alone', () => {
    for (const text of ['Percent-encoding writes each byte as %XX.', 'Кодування відсотками', 'प्रतिशत एन्कोडिंग', '']) {
      expect(thaiWordBreaks(text, TERMS)).toEqual({ breaks: [], keep: [] });
    }
  });
});

describe('breakThaiLines: a page with the breaks added', () => {
  const { html, breaks, kept } = breakThaiLines(PROSE, TERMS);
  const out = parse(html, { comment: true });

  test('adds <wbr> between Thai words and changes nothing else', () => {
    expect(breaks).toBeGreaterThan(200);
    expect(html.split('<wbr>').length - 1).toBe(breaks);
    expect(html).toContain('ภาษา<wbr>ยูเครน<wbr>และ<wbr>รัสเซีย');
    // Taken out again, the page is the input byte for byte.
    expect(undo(html)).toBe(PROSE);
  });

  test('keeps every listed term in the prose on one line, and each word ICU would cut', () => {
    const prose = parse(PROSE).querySelector('main')!;
    const spans = out.querySelectorAll(`span.${KEEP_CLASS}`).map((s) => s.innerHTML);
    expect(kept).toBe(spans.length);
    // Every occurrence in the article's text, outside code, the SVG and the widget.
    const listed = [
      ...prose.text.replace(/const ข้อความ[^;]*;|แผนภาพอักษรซีริลลิก/g, '').match(new RegExp(TERMS.join('|'), 'g'))!,
    ];
    expect(spans.filter((s) => TERMS.includes(s)).sort()).toEqual(listed.sort());
    // The others: words (or stretches without a break) that ICU cuts where they stand.
    const others = spans.filter((s) => !TERMS.includes(s));
    expect(others).toEqual(expect.arrayContaining(['ช่องว่าง', 'เครื่องหมาย', 'ภาษาไทย']));
    for (const s of others) expect(s).toMatch(/^[\u0E01-\u0E3A\u0E40-\u0E4E]+$/u);
    expect(icu('การตัดทิ้งก็ถูกต้อง')).toContain('ถูก|ต้อง');
    for (const term of TERMS) {
      const split = new RegExp([...term].join('(?:<wbr>)*'), 'g');
      for (const m of html.matchAll(split)) expect(m[0], term).toBe(term);
    }
    expect(html).toContain(`อักษร<wbr>${KEEP_OPEN}ซีริลลิก</span><wbr>ทุก`);
  });

  test('touches no code, form field, widget region, script, style, SVG, head, comment or attribute', () => {
    const untouched =
      'head, code, pre, kbd, samp, var, textarea, select, script, style, svg, [data-role], [data-region]';
    const before = parse(PROSE, { comment: true }).querySelectorAll(untouched);
    const after = out.querySelectorAll(untouched);
    expect(after.map((el) => el.outerHTML)).toEqual(before.map((el) => el.outerHTML));
    expect(html).toContain('<!-- ความเห็นภาษาไทยที่ไม่ควรถูกแตะต้อง -->');
    expect(html).toContain('href="https://ตัวอย่าง.ไทย/ค้นหา?q=แคมเปญ">https://ตัวอย่าง.ไทย/ค้นหา?q=แคมเปญ</a>');
    expect(html).toContain('value="ค่าที่ผู้อ่านพิมพ์ไว้ในช่องนี้"');
    // A widget is left as it is: its labels are flex items, where a span would stand apart.
    expect(html).toContain('<label for="decode-th-value">ข้อความที่จะถอดรหัส</label>');
    expect(html).toContain('<p class="w-note">ผลลัพธ์ของคิวรีคำนวณในเบราว์เซอร์ของคุณเท่านั้น</p>');
  });

  test('does not break a Thai word from a code span, an entity or Latin beside it', () => {
    expect(html).toContain('<code>encodeURIComponent</code>ของ<wbr>ภาษา');
    expect(html).toContain(`${KEEP_OPEN}ไม่มีผล</span> &amp; ${KEEP_OPEN}เครื่องหมาย</span>`);
    // With the kept terms unwrapped, a Thai letter is on each side of every <wbr>.
    const unwrapped = html.replace(new RegExp(`${KEEP_OPEN}([^<]*)</span>`, 'g'), '$1');
    expect(
      [...unwrapped.matchAll(/(.)<wbr>(.)/gu)].filter(([, a, b]) => !THAI.test(a ?? '') || !THAI.test(b ?? '')),
    ).toEqual([]);
  });

  test('is idempotent', () => {
    expect(breakThaiLines(html, TERMS)).toEqual({ html, breaks: 0, kept: 0 });
  });

  test('leaves a page without Thai, and a document without a body, as they are', () => {
    const english =
      '<!DOCTYPE html><html lang="en"><body><p>Percent-encoding, <code>%20</code> and Кодування.</p></body></html>';
    expect(breakThaiLines(english, TERMS).html).toBe(english);
    expect(breakThaiLines('อักษรซีริลลิก', TERMS).html).toBe('อักษรซีริลลิก');
  });
});
