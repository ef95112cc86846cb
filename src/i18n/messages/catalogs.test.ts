import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/messages/en';
import { fr } from '@/i18n/messages/fr';
import { portal as portalEn } from '@/i18n/messages/en/portal';
import { portal as portalFr } from '@/i18n/messages/fr/portal';
import { catalogue as catalogueEn } from '@/i18n/messages/en/catalogue';
import { catalogue as catalogueFr } from '@/i18n/messages/fr/catalogue';
import { orders as ordersEn } from '@/i18n/messages/en/orders';
import { orders as ordersFr } from '@/i18n/messages/fr/orders';

type Leaf = { path: string; en: unknown; fr: unknown };

/** Every leaf of the English catalog beside the French one at the same path. */
function leaves(a: unknown, b: unknown, path = ''): Leaf[] {
  if (a && typeof a === 'object' && !Array.isArray(a)) {
    return Object.keys(a).flatMap((key) =>
      leaves(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown> | undefined)?.[key],
        path ? `${path}.${key}` : key,
      ),
    );
  }
  if (Array.isArray(a)) {
    return a.flatMap((item, i) => leaves(item, Array.isArray(b) ? b[i] : undefined, `${path}[${i}]`));
  }
  return [{ path, en: a, fr: b }];
}

// The public site's namespaces, and the lazily loaded catalogs of the client portal and the catalogue; others check their own.
const catalogs = {
  common: [en.common, fr.common],
  site: [en.site, fr.site],
  insights: [en.insights, fr.insights],
  portal: [portalEn, portalFr],
  catalogue: [catalogueEn, catalogueFr],
  orders: [ordersEn, ordersFr],
} as const;
const namespaces = Object.keys(catalogs) as (keyof typeof catalogs)[];

/** Words that are the same in both languages. */
const SAME_IN_BOTH = new Set([
  'Solutions',
  'Message',
  'Messages',
  'Services',
  'Menu',
  'Expertise',
  '2016',
  '50+',
  '15+',
  'Eleni Markou',
  'Ontario, Canada',
  'Documents',
  'Date',
  'Catalogue',
  'Certification',
  'Certifications',
  'Gluten',
  'Halal',
  'Public',
  'Total',
  'Canada',
  'Notes',
]);

/** Words that give English away, for a French string. */
const ENGLISH_WORDS = /\b(the|and|with|your|our|for|from|of|to|is|are|this|that|read|more|home|all|by)\b/i;

describe('French catalog', () => {
  for (const ns of namespaces) {
    const [source, french] = catalogs[ns];
    const all = leaves(source, french);

    it(`${ns}: has every key and list entry of the English one, of the same kind`, () => {
      for (const leaf of all) {
        expect(typeof leaf.fr, leaf.path).toBe(typeof leaf.en);
      }
      // And no extra keys the English source lacks.
      expect(
        leaves(french, source)
          .map((l) => l.path)
          .sort(),
      ).toEqual(all.map((l) => l.path).sort());
    });

    it(`${ns}: is translated (no French string equal to its English source, apart from shared words)`, () => {
      const untranslated = all.filter(
        (leaf) =>
          typeof leaf.en === 'string' &&
          leaf.en === leaf.fr &&
          !SAME_IN_BOTH.has(leaf.en) &&
          !/^[a-z0-9-]+$/.test(leaf.en),
      );
      expect(untranslated.map((l) => `${l.path}: ${String(l.en)}`)).toEqual([]);
    });

    it(`${ns}: reads as French, messages with parameters included`, () => {
      const english = all
        .map((leaf) => {
          const value = typeof leaf.fr === 'function' ? (leaf.fr as (...args: unknown[]) => unknown)(3, 'X') : leaf.fr;
          return { path: leaf.path, value };
        })
        .filter(
          ({ path, value }) =>
            typeof value === 'string' &&
            !path.endsWith('otherLanguageName') &&
            !path.endsWith('switchLanguageLabel') &&
            ENGLISH_WORDS.test(value),
        );
      expect(english).toEqual([]);
    });
  }
});
