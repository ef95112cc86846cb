/**
 * English left on a French page: the page's text, accessible names, alt
 * texts, title and description searched for English strings taken from the
 * message catalogs and the content modules (those that differ from their
 * French counterpart). Text marked as English (the language switch,
 * lang="en-CA") is exempt. Used by french-strings.spec.ts and, in the same
 * visit as axe, by public-a11y.spec.ts.
 */
import type { Page } from '@playwright/test';
import { pageIntrosEn } from '../../src/content/page-intros/en.ts';
import { pageIntrosFr } from '../../src/content/page-intros/fr.ts';
import { partnershipsEn } from '../../src/content/partnerships/en.ts';
import { partnershipsFr } from '../../src/content/partnerships/fr.ts';
import { solutionsEn } from '../../src/content/solutions/en.ts';
import { solutionsFr } from '../../src/content/solutions/fr.ts';
import { teamEn } from '../../src/content/team/en.ts';
import { teamFr } from '../../src/content/team/fr.ts';
import { en } from '../../src/i18n/messages/en.ts';
import { fr } from '../../src/i18n/messages/fr.ts';

const HOLE = '\u0000';

/** Pairs of [English, French] leaves at the same place in two parallel structures. */
function pairs(a: unknown, b: unknown): [string, string | undefined][] {
  if (typeof a === 'function') {
    // A message with parameters: its fixed parts, with the parameters left out.
    const call = (f: unknown) =>
      typeof f === 'function' ? String((f as (...x: string[]) => unknown)(HOLE, HOLE)) : undefined;
    const enParts = call(a)?.split(HOLE) ?? [];
    const frText = call(b);
    return enParts.map((part) => [part, frText]);
  }
  if (typeof a === 'string') return [[a, typeof b === 'string' ? b : undefined]];
  if (Array.isArray(a)) return a.flatMap((item, i) => pairs(item, Array.isArray(b) ? b[i] : undefined));
  if (a && typeof a === 'object') {
    return Object.entries(a).flatMap(([key, value]) => pairs(value, (b as Record<string, unknown> | undefined)?.[key]));
  }
  return [];
}

const sources: [unknown, unknown][] = [
  [en, fr],
  [teamEn, teamFr],
  [partnershipsEn, partnershipsFr],
  [solutionsEn, solutionsFr],
  [pageIntrosEn, pageIntrosFr],
];
const allPairs = sources.flatMap(([a, b]) => pairs(a, b));
const frenchValues = new Set(allPairs.map(([, f]) => f?.trim()).filter(Boolean));

/** English strings worth looking for: translated differently, long enough to mean something, with letters. */
export const englishStrings = [
  ...new Set(
    allPairs
      .map(([e, f]) => [e.trim(), f?.trim()] as const)
      .filter(
        ([e, f]) =>
          e.length >= 4 && /[A-Za-z]{3}/.test(e) && e !== f && !frenchValues.has(e) && !/^[a-z0-9-]+$/.test(e),
      )
      .map(([e]) => e),
  ),
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patterns = englishStrings.map((text) => ({
  text,
  re: new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u'),
}));

/** What a visitor or a screen reader meets on the page, minus text marked as English. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    for (const meta of document.querySelectorAll(
      'meta[name="description"], meta[property="og:title"], meta[property="og:description"]',
    )) {
      texts.push(meta.getAttribute('content') ?? '');
    }
    // Parts marked as English; the page's own language (<html lang>) is what is under test.
    const english = (node: Element | null) => {
      const marked = node?.closest('[lang^="en"]');
      return Boolean(marked && marked !== document.documentElement);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let chunk: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || english(parent) || parent.closest('script, style, template, noscript')) continue;
      chunk.push(node.textContent ?? '');
    }
    texts.push(chunk.join(' '));
    chunk = [];
    for (const el of document.body.querySelectorAll(
      '[aria-label], [alt], [title], [placeholder], [aria-description]',
    )) {
      if (english(el)) continue;
      for (const attr of ['aria-label', 'alt', 'title', 'placeholder', 'aria-description']) {
        const value = el.getAttribute(attr);
        if (value) texts.push(value);
      }
    }
    return texts.map((t) => t.replace(/\s+/g, ' ').trim());
  });
}

function englishIn(texts: string[]): string[] {
  const joined = texts.join(' \n ');
  return patterns.filter(({ re }) => re.test(joined)).map(({ text }) => text);
}

/** The English strings found on the page as it is now (none on a French page). */
export async function englishOn(page: Page): Promise<string[]> {
  return englishIn(await pageTexts(page));
}
