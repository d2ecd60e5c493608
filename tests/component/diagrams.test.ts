import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { routedContainer } from '../support/container';
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import UrlPartsDiagram from '../../src/components/diagrams/UrlPartsDiagram.astro';
import EscapeStepsDiagram from '../../src/components/diagrams/EscapeStepsDiagram.astro';
import LayersDiagram from '../../src/components/diagrams/LayersDiagram.astro';
import GroupingDiagram from '../../src/components/diagrams/GroupingDiagram.astro';
import PipelineDiagram from '../../src/components/diagrams/PipelineDiagram.astro';
import { group, normalize, parseUrl } from '../../src/codec';
import { lineHeight, textWidth } from '../../src/components/diagrams/measure';
import { TEXT, type TextKind } from '../../src/components/diagrams/scene';
import { resources } from '../../src/i18n';
import { LOCALES, type Locale } from '../../src/i18n/locales';

// Every diagram in every locale, for inputs in Latin, Cyrillic, Thai and Devanagari: its
// labels are the locale's strings, its figures the codec's (or an independent oracle's,
// where the platform has one), and its layout keeps every text inside its box, inside the
// picture and clear of every other text, by the same estimates the layout used.
let container: AstroContainer;
beforeAll(async () => {
  container = await routedContainer();
});

type Component = Parameters<AstroContainer['renderToString']>[0];
const strings = (locale: Locale) => resources[locale].translation;

async function render(component: Component, props: Record<string, unknown>, locale: Locale): Promise<HTMLElement> {
  const html = await container.renderToString(component, {
    props,
    request: new Request(`http://localhost/${locale}/tools/`),
  });
  const figure = parse(html).querySelector('figure.dg');
  if (!figure) throw new Error('no figure.dg rendered');
  return figure;
}

const texts = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((e) => e.text);
const squash = (s: string) => s.replace(/\s+/g, '');
/** RFC 3986 component encoding by the platform (encodeURIComponent leaves !'()* raw). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hexBytes = (s: string) =>
  [...new TextEncoder().encode(s)].map((b) => b.toString(16).toUpperCase().padStart(2, '0'));

/** The frame every diagram shares, and the fit of its text (see measure.ts). */
function checkFrame(figure: HTMLElement, kind: string, locale: Locale, title: string) {
  expect(figure.getAttribute('data-diagram')).toBe(kind);
  expect(figure.getAttribute('lang')).toBe(locale);
  const svg = figure.querySelector('svg')!;
  expect(svg.getAttribute('role')).toBe('img');
  const name = figure.querySelector(`#${svg.getAttribute('aria-labelledby')}`);
  expect(name?.tagName.toLowerCase()).toBe('title');
  expect(name?.text).toBe(title);
  expect(figure.querySelector('figcaption .dg-name')?.text).toBe(title);
  expect(figure.querySelector('figcaption')!.text.length).toBeGreaterThan(title.length + 40);
  // The escape gate skips codec output: the picture, and the figures in the caption.
  expect(svg.getAttribute('data-codec')).toBe('diagram');
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  expect(svg.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`);
  const scroller = figure.querySelector('.dg-scroll')!;
  if (width > 288) {
    expect(scroller.getAttribute('tabindex')).toBe('0');
    expect(scroller.getAttribute('aria-labelledby')).toBe(svg.getAttribute('aria-labelledby'));
  } else {
    expect(scroller.hasAttribute('tabindex')).toBe(false);
  }
  checkFit(svg, width, height);
}

type Rect = { x0: number; x1: number; y0: number; y1: number; text: string };
function textRect(t: HTMLElement): Rect {
  const kind = (t.getAttribute('class') ?? '').split(' ')[0]!.slice(2) as TextKind;
  const style = TEXT[kind];
  expect(style, `text style of ${t.toString()}`).toBeDefined();
  const w = textWidth(t.text, style);
  const h = lineHeight(t.text, style);
  const x = Number(t.getAttribute('x'));
  const y = Number(t.getAttribute('y'));
  const anchor = t.getAttribute('text-anchor');
  const x0 = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
  return { x0, x1: x0 + w, y0: y - h / 2, y1: y + h / 2, text: t.text };
}
const SLACK = 0.6;
const inside = (a: Rect, b: Omit<Rect, 'text'>) =>
  a.x0 >= b.x0 - SLACK && a.x1 <= b.x1 + SLACK && a.y0 >= b.y0 - SLACK && a.y1 <= b.y1 + SLACK;
const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > SLACK && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > SLACK;

function checkFit(svg: HTMLElement, width: number, height: number) {
  const all = svg.querySelectorAll('text').map(textRect);
  for (const r of all)
    expect(inside(r, { x0: 0, x1: width, y0: 0, y1: height }), `"${r.text}" inside the picture`).toBe(true);
  for (const g of svg.querySelectorAll('g.dg-b')) {
    const rect = g.querySelector('rect')!;
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
    for (const t of g.querySelectorAll('text').map(textRect)) {
      expect(inside(t, { x0: x!, x1: x! + w!, y0: y!, y1: y! + h! }), `"${t.text}" inside its box`).toBe(true);
    }
  }
  for (const [i, a] of all.entries()) {
    for (const b of all.slice(i + 1)) expect(overlap(a, b), `"${a.text}" clear of "${b.text}"`).toBe(false);
  }
}

describe('UrlPartsDiagram', () => {
  const urls = [
    'https://example.com/search?q=dogs&cats#top',
    'https://user@приклад.укр:8080/пошук/товари?q=ламінат',
    'https://ตัวอย่าง.ไทย/ค้นหา?q=แคมเปญ&หน้า=2#ผล',
    '//उदाहरण.भारत/खोज?q=नमस्ते',
  ];
  const cases = LOCALES.flatMap((locale) => urls.map((url) => [locale, url] as const));

  it.each(cases)('%s: %s, part by part', async (locale, value) => {
    const figure = await render(UrlPartsDiagram, { value }, locale);
    const m = strings(locale);
    checkFrame(figure, 'url-parts', locale, m.diagrams.urlParts.title);
    // Every character of the URL is drawn once, in order: data runs and structural boxes.
    expect(texts(figure, '[data-role=token]').join('')).toBe(value);
    const parsed = parseUrl(value);
    if (!parsed.ok) throw new Error('example does not parse');
    const parts = (['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const)
      .filter((p) => (parsed.spans[p]?.length ?? 0) > 0)
      .sort((a, b) => parsed.spans[a]!.index - parsed.spans[b]!.index);
    expect(texts(figure, 'g[data-role=part]')).toEqual(parts.map((p) => m.widgets.part[p]));
    for (const d of texts(figure, 'g[data-role=structural]'))
      expect(['/', '//', ':', '?', '#', '&', '=', '@']).toContain(d);
    expect(figure.querySelector('figcaption code')?.text).toBe(value);
  });

  it('stops the build on a URL the codec refuses', async () => {
    await expect(render(UrlPartsDiagram, { value: 'http://[::1' }, 'en')).rejects.toThrow(
      /UrlPartsDiagram.*invalid-host/,
    );
  });
});

describe('EscapeStepsDiagram', () => {
  const sets = [
    ['é', 'A'],
    ['ж', 'ї'],
    ['ก', 'ที่'],
    ['न', 'नमस्ते', '😀'],
  ];
  const cases = LOCALES.flatMap((locale) => sets.map((chars) => [locale, chars] as const));

  it.each(cases)('%s: %j, byte by byte', async (locale, chars) => {
    const figure = await render(EscapeStepsDiagram, { chars }, locale);
    const m = strings(locale);
    checkFrame(figure, 'escape-steps', locale, m.diagrams.escapeSteps.title);
    const e = m.widgets.encode;
    expect([0, 1, 2, 3].map((i) => squash(texts(figure, `[data-role="head:${i}"]`).join('')))).toEqual(
      [e.colChar, e.colCodePoint, e.colBytes, e.colResult].map(squash),
    );
    expect(texts(figure, '[data-role=char]')).toEqual(chars);
    const points = chars.flatMap((c) => [...c]);
    expect(texts(figure, '[data-role=code-point]').map((t) => t.split(' ').at(-1))).toEqual(
      points.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`),
    );
    expect(texts(figure, 'g[data-role=byte]')).toEqual(points.flatMap(hexBytes));
    // One cell per byte: an escape, or the character itself where it stays raw.
    expect(texts(figure, 'g[data-role=escape]')).toEqual(points.flatMap((c) => rfc3986(c).match(/%[0-9A-F]{2}|./gu)));
    expect(figure.querySelectorAll('figcaption li').length).toBe(chars.length);
  });

  it('names each script in the reader’s language', async () => {
    expect(texts(await render(EscapeStepsDiagram, { chars: ['ж', 'ก', '😀'] }, 'th'), '[data-role=script]')).toEqual([
      'ซีริลลิก',
      'ไทย',
      'อีโมจิ',
    ]);
    expect(texts(await render(EscapeStepsDiagram, { chars: ['न'] }, 'uk'), '[data-role=script]')).toEqual([
      'деванагарі',
    ]);
  });

  it('stops the build on a lone surrogate', async () => {
    await expect(render(EscapeStepsDiagram, { chars: ['\uD800'] }, 'en')).rejects.toThrow(/lone-surrogate/);
  });
});

describe('LayersDiagram', () => {
  const cases = LOCALES.flatMap((locale) => [':', 'ї', 'ก', 'न'].map((text) => [locale, text] as const));

  it.each(cases)('%s: %s encoded three times, peeled layer by layer', async (locale, text) => {
    const figure = await render(LayersDiagram, { text, times: 3 }, locale);
    const m = strings(locale);
    checkFrame(figure, 'layers', locale, m.diagrams.layers.title);
    const layers = [rfc3986(rfc3986(rfc3986(text))), rfc3986(rfc3986(text)), rfc3986(text), text];
    expect(layers.map((_, i) => texts(figure, `[data-role="layer:${i}"]`).join(''))).toEqual(layers);
    expect(layers.map((_, i) => texts(figure, `[data-role="label:${i}"]`)[0])).toEqual([
      m.widgets.decode.layerInput,
      ...[1, 2, 3].map((n) => m.widgets.decode.layer.replace('{{n}}', String(n))),
    ]);
    // Marked: each escaped % that wraps a further layer.
    const marked = texts(figure, 'g[data-role=layered]');
    expect(marked.length).toBe([...layers[0]!.matchAll(/%25/g)].length + [...layers[1]!.matchAll(/%25/g)].length);
    expect(new Set(marked)).toEqual(new Set(['%25']));
  });
});

describe('GroupingDiagram', () => {
  const words = ['campaign', 'кампанія', 'แคมเปญ', 'अभियान'];
  const cases = LOCALES.flatMap((locale) => words.map((word) => [locale, word] as const));
  const sixRows = (word: string) => [
    '/landing?utm_source=email',
    '/landing?utm_source=%65mail',
    `/landing?utm_source=email%20${word}`,
    `/landing?utm_source=email+${word}`,
    `/landing?utm_source=email ${word}`,
    `/landing?utm_source=email%2B${word}`,
  ];

  it.each(cases)('%s: six rows around %s become three groups', async (locale, word) => {
    const figure = await render(GroupingDiagram, { word }, locale);
    const m = strings(locale);
    checkFrame(figure, 'grouping', locale, m.diagrams.grouping.title);
    const lines = sixRows(word);
    const rows = figure.querySelectorAll('g[data-role=row]');
    expect(rows.map((r) => texts(r, '[data-role=raw]').join(''))).toEqual(lines);
    // Each row lists the rules normalization applied to it, by their names in this locale.
    rows.forEach((row, i) => {
      const rules = [...new Set((normalize(lines[i]!) as { changes: { rule: string }[] }).changes.map((c) => c.rule))];
      const names = rules.length
        ? rules.map((r) => (m.widgets.rule as Record<string, string>)[r]!)
        : [m.diagrams.grouping.unchanged];
      expect(squash(texts(row, 'text[data-role^="rule:"]').join(''))).toBe(squash(names.join('')));
    });
    const groups = figure.querySelectorAll('g[data-role=group]');
    const expected = group(lines);
    expect(groups.length).toBe(3);
    expect(groups.map((g) => texts(g, '[data-role=canonical]').join('')).sort()).toEqual(
      expected.map((g) => g.canonical).sort(),
    );
    expect(groups.map((g) => texts(g, '[data-role=count]')[0])).toEqual(['× 2', '× 3', '× 1']);
    // The literal plus keeps its group apart: the escaped reserved character is named.
    expect(texts(groups[2]!, '[data-role=reserved]').join(' ')).toContain('%2B');
    expect(texts(groups[0]!, '[data-role=reserved]')).toEqual([]);
    expect(squash(texts(groups[1]!, '[data-role=pair]').join(''))).toContain(squash(`email ${word}`));
    expect(texts(figure, 'g.dg-b text.t-strong').slice(0, 2).map(squash)).toEqual(
      [m.diagrams.grouping.rows.replace('{{count}}', '6'), m.diagrams.grouping.groups.replace('{{count}}', '3')].map(
        squash,
      ),
    );
  });

  it('draws the rows it is given, under the policy it is given', async () => {
    const lines = ['/page?utm_source=EMAIL', '/page?utm_source=email'];
    expect((await render(GroupingDiagram, { lines }, 'en')).querySelectorAll('g[data-role=group]').length).toBe(2);
    const merged = await render(GroupingDiagram, { lines, caseInsensitive: 'utm_source' }, 'en');
    expect(merged.querySelectorAll('g[data-role=group]').length).toBe(1);
    expect(squash(texts(merged, 'text[data-role^="rule:"]').join(''))).toContain(
      squash(resources.en.translation.widgets.rule['lowercase-value']),
    );
  });

  it('stops the build on a row the codec cannot normalize', async () => {
    await expect(render(GroupingDiagram, { lines: ['landing'] }, 'en')).rejects.toThrow(/GroupingDiagram.*invalid-url/);
  });
});

describe('PipelineDiagram', () => {
  const values = [
    '/landing?utm_source=%65mail&campaign=spring',
    'HTTPS://Example.COM:443/каталог/%d0%bb?q=весна',
    '/landing?utm_source=%65mail&campaign=แคมเปญ',
    '/landing?campaign=नमस्ते',
  ];
  const cases = LOCALES.flatMap((locale) => values.map((value) => [locale, value] as const));

  it.each(cases)('%s: %s on its way in', async (locale, value) => {
    const figure = await render(PipelineDiagram, { value }, locale);
    const m = strings(locale);
    checkFrame(figure, 'pipeline', locale, m.diagrams.pipeline.title);
    const result = normalize(value);
    if (!result.ok) throw new Error('example does not normalize');
    expect(texts(figure, '[data-role=raw]').join('')).toBe(value);
    expect(texts(figure, '[data-role=token]').join('')).toBe(value);
    expect(squash(texts(figure, '[data-role=rule]').join(''))).toBe(
      squash(result.changes.map((c) => (m.widgets.rule as Record<string, string>)[c.rule]!).join('')),
    );
    expect(texts(figure, '[data-role=canonical]').join('')).toBe(result.canonical);
    expect(texts(figure, '[data-role=key]')).toEqual([result.key]);
    expect(result.key).toMatch(/^[0-9a-f]{16}$/);
    // The record: key, canonical and raw side by side.
    expect([0, 1, 2].map((i) => texts(figure, `g[data-role="cell:${i}"] text`).join(''))).toEqual([
      result.key,
      result.canonical,
      value,
    ]);
  });

  it('says so when a URL is already canonical', async () => {
    const figure = await render(PipelineDiagram, { value: '/landing?utm_source=email' }, 'uk');
    expect(texts(figure, '[data-role=rule]')).toEqual([]);
    expect(squash(figure.querySelector('svg')!.text)).toContain(
      squash(resources.uk.translation.widgets.normalize.none),
    );
  });
});

describe('Hindi typography in the diagrams (issue 32)', () => {
  it('names emoji as the articles spell it, not as CLDR does', async () => {
    const figure = await render(EscapeStepsDiagram, { chars: ['😀'] }, 'hi');
    expect(figure.text).toContain('इमोजी');
    expect(figure.text).not.toContain('ईमोजी');
  });

  it('puts no comma before और, and sets the structural characters without commas', async () => {
    const steps = await render(EscapeStepsDiagram, { chars: ['स्ते'] }, 'hi');
    expect(steps.querySelector('figcaption')!.text).toContain('U+0938, U+094D, U+0924 और U+0947');
    const parts = (await render(UrlPartsDiagram, {}, 'hi')).querySelector('figcaption')!.text;
    expect(parts).toContain('क्वेरी q=dogs&cats और फ़्रैगमेंट top');
    expect(parts).toContain('कैरेक्टर : // / ? = & और # URL');
  });
});
