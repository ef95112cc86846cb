/**
 * No English on any French page: every French route is
 * walked and its text, accessible names, alt texts, title and description
 * are searched for English strings taken from the message catalogs and the
 * content modules (those that differ from their French counterpart).
 * Text marked as English (the language switch, lang="en-CA") is exempt.
 */
import type { Page } from '@playwright/test';
import { pageIntrosEn } from '../src/content/page-intros/en.ts';
import { pageIntrosFr } from '../src/content/page-intros/fr.ts';
import { partnershipsEn } from '../src/content/partnerships/en.ts';
import { partnershipsFr } from '../src/content/partnerships/fr.ts';
import { solutionsEn } from '../src/content/solutions/en.ts';
import { solutionsFr } from '../src/content/solutions/fr.ts';
import { teamEn } from '../src/content/team/en.ts';
import { teamFr } from '../src/content/team/fr.ts';
import { en } from '../src/i18n/messages/en.ts';
import { fr } from '../src/i18n/messages/fr.ts';
import { VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ALL_PAGES_ON, BOTH_LANGUAGES, hydrated, overrideFlags } from './public-support.ts';

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
const englishStrings = [
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

const frenchRoutes = [
  ...BOTH_LANGUAGES.filter((path) => path.startsWith('/fr')),
  '/fr/client/login',
  '/fr/admin/login',
];

test('the catalogs give this test enough English to look for', () => {
  expect(englishStrings.length).toBeGreaterThan(200);
  expect(englishStrings).toContain('Our Story');
  expect(englishStrings).toContain('Oops! Page not found');
  expect(englishStrings).toContain('min read');
});

for (const path of frenchRoutes) {
  test(`${path} has no English text`, async ({ page }) => {
    await overrideFlags(page, ALL_PAGES_ON);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The cookie banner is part of the first visit.
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(englishIn(await pageTexts(page))).toEqual([]);
  });
}

test('the French 404 page, the open mobile menu and the insights menu have no English text', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/non-existent route|status of 404/);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/fr/nulle-part');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oups ! Page introuvable');
  await hydrated(page);
  expect(englishIn(await pageTexts(page))).toEqual([]);

  await page.getByRole('navigation', { name: 'Principale' }).getByRole('button', { name: 'Perspectives' }).click();
  expect(englishIn(await pageTexts(page))).toEqual([]);

  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Principale' }).getByRole('button', { name: 'Perspectives' }).click();
  expect(englishIn(await pageTexts(page))).toEqual([]);
});

test('the check does find English: an English page fails it', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const found = englishIn(await pageTexts(page));
  expect(found).toContain('Privacy Policy');
  expect(found.length).toBeGreaterThan(10);
});
