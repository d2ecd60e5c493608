/**
 * The term check of an edition's glossary (content/<locale>/GLOSSARY.md): the table that
 * follows a `<!-- term-check -->` line names, for each concept, the term the edition uses
 * and the variants it must not use. Cells hold patterns in backticks, one per pattern:
 * words separated by spaces (any run of spaces, no-break ones too), a word ending in `*`
 * matches any ending, so `екранован* послідовн*` finds every case of the phrase.
 *
 * Also the prose of an edition's sources, for the checks that read text rather than code:
 * MDX with its code, components and link targets taken out (a FAQ question is prose and
 * stays), and every string of a locale's UI JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface TermRule {
  concept: string;
  /** Patterns of the term itself: each must occur somewhere in the edition. */
  terms: string[];
  /** Patterns that must occur nowhere. */
  forbidden: string[];
}

const MARKER = '<!-- term-check -->';
const LETTER = "[\\p{L}\\p{M}’'ʼ-]";

/** A cell's patterns: the text of each backtick span. */
const patternsOf = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim());

/** The rows of the term-check table; empty when the glossary has no marker. */
export function termRules(glossary: string): TermRule[] {
  const at = glossary.indexOf(MARKER);
  if (at < 0) return [];
  const rows = glossary
    .slice(at + MARKER.length)
    .trimStart()
    .split('\n');
  const table = rows.slice(0, rows.findIndex((line) => !line.startsWith('|')) >>> 0);
  return table
    .slice(2) // header and its rule
    .map((line) => line.split('|').slice(1, -1))
    .map(([concept = '', terms = '', forbidden = '']) => ({
      concept: concept.trim(),
      terms: patternsOf(terms),
      forbidden: patternsOf(forbidden),
    }));
}

/** A pattern as a case-insensitive regular expression that matches whole words only. */
function patternRegExp(pattern: string): RegExp {
  const words = pattern.split(/\s+/).map((word) => {
    const stem = word.endsWith('*') ? word.slice(0, -1) : word;
    const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return word.endsWith('*') ? `${escaped}${LETTER}*` : `${escaped}(?!${LETTER})`;
  });
  return new RegExp(`(?<!${LETTER})${words.join('[\\s\\u00a0]+')}`, 'giu');
}

/** Every match of a pattern in a text, as written. */
export const findAll = (pattern: string, text: string) => [...text.matchAll(patternRegExp(pattern))].map((m) => m[0]);

/** The text a reader sees of an MDX article: no code, no components, no link targets. */
export function mdxProse(source: string): string {
  const [, front = '', body = source] = source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
  const frontProse = [...front.matchAll(/^\s*-?\s*(?:title|description): "?(.*?)"?$/gm)].map((m) => m[1]).join('\n');
  const prose = body
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    // Imports and exports run to the first blank line.
    .replace(/^(?:import|export) [\s\S]*?(?=\n\n)/gm, '')
    // A FAQ question is a visible heading, and so prose; other props are not.
    .replace(/<FaqItem\b[^>]*\bquestion="([^"]*)"[^>]*>/g, '\n$1\n')
    .replace(/<\/?[A-Za-z][^<>]*?\/?>/g, '◊')
    .replace(/`[^`\n]*`/g, '◊')
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/\{#[\w-]+\}/g, '');
  return `${frontProse}\n${prose}`;
}

type Tree = { [key: string]: string | Tree };

/** Every string of a UI JSON, keyed by its dotted path. */
function uiStrings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : uiStrings(value, path);
  });
}

/** An edition's sources as prose: each article, then each UI string. */
export function editionSources(locale: string): { name: string; text: string }[] {
  const dir = join(ROOT, 'content', locale);
  const articles = readdirSync(dir)
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .map((file) => ({ name: `content/${locale}/${file}`, text: mdxProse(readFileSync(join(dir, file), 'utf8')) }));
  const json = JSON.parse(readFileSync(join(ROOT, 'src', 'i18n', `${locale}.json`), 'utf8')) as Tree;
  const ui = uiStrings(json).map(([key, text]) => ({
    name: `src/i18n/${locale}.json ${key}`,
    text: text.replace(/\{\{[\w.]+\}\}/g, '◊'),
  }));
  return [...articles, ...ui];
}

export const glossaryOf = (locale: string) => readFileSync(join(ROOT, 'content', locale, 'GLOSSARY.md'), 'utf8');
