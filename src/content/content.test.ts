import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partnershipsEn } from '@/content/partnerships/en';
import { partnershipsFr } from '@/content/partnerships/fr';
import { policiesEn } from '@/content/policies/en';
import { policiesFr } from '@/content/policies/fr';
import { solutionsEn } from '@/content/solutions/en';
import { solutionsFr } from '@/content/solutions/fr';
import { teamEn } from '@/content/team/en';
import { teamFr } from '@/content/team/fr';
import type { ImageRef, PolicyDetails } from '@/content/types';

const ids = (items: { id: string }[]) => items.map((i) => i.id);

function imagesIn(value: unknown): ImageRef[] {
  if (Array.isArray(value)) return value.flatMap(imagesIn);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && typeof record.width === 'number') return [record as ImageRef];
    return Object.values(record).flatMap(imagesIn);
  }
  return [];
}

describe('static content', () => {
  // News items and blog posts live in the database: tests/backend/content-published.test.ts.
  it('has the agreed counts: 3 members, 3 partners, 4 solutions, 4 steps, 3 values', () => {
    expect([teamEn.length, teamFr.length]).toEqual([3, 3]);
    expect([partnershipsEn.partners.length, partnershipsFr.partners.length]).toEqual([3, 3]);
    expect(solutionsEn.solutions).toHaveLength(4);
    expect(solutionsEn.process.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    expect(solutionsEn.values).toHaveLength(3);
  });

  it('has the same entries in both languages where both languages carry them', () => {
    expect(ids(teamFr)).toEqual(ids(teamEn));
    expect(ids(partnershipsFr.partners)).toEqual(ids(partnershipsEn.partners));
    expect(ids(partnershipsFr.opportunities)).toEqual(ids(partnershipsEn.opportunities));
    expect(ids(solutionsFr.solutions)).toEqual(ids(solutionsEn.solutions));
    expect(solutionsFr.process.map((s) => s.step)).toEqual(solutionsEn.process.map((s) => s.step));
    expect(ids(solutionsFr.values)).toEqual(ids(solutionsEn.values));
  });

  it('ships every image it names, in public/images', () => {
    const images = imagesIn([teamEn, teamFr, partnershipsEn, partnershipsFr, solutionsEn, solutionsFr]);
    expect(images.length).toBeGreaterThan(10);
    for (const image of images) {
      expect(image.src).toMatch(/^\/images\//);
      expect(existsSync(resolve('public', `.${image.src}`)), image.src).toBe(true);
    }
  });

  it('has complete policy texts that quote the business details they are given', () => {
    const details: PolicyDetails = {
      name: 'NAME',
      legalName: 'LEGAL',
      privacyEmail: 'PRIVACY@X',
      infoEmail: 'INFO@X',
      phone: 'PHONE',
      address: 'ADDRESS',
      siteUrl: 'SITE',
      effectiveDate: 'DATE',
    };
    for (const policies of [policiesEn, policiesFr]) {
      const privacy = JSON.stringify(policies.privacy(details));
      const terms = JSON.stringify(policies.terms(details));
      for (const text of [privacy, terms]) {
        expect(text).toContain('LEGAL');
        expect(text).toContain('ADDRESS');
        expect(text.split(/\s+/).length).toBeGreaterThan(600);
      }
      expect(privacy).toContain('PRIVACY@X');
      expect(terms).toMatch(/Ontario/);
    }
    expect(policiesEn.privacy(details).sections.map((s) => s.id)).toEqual(
      policiesFr.privacy(details).sections.map((s) => s.id),
    );
    expect(policiesEn.terms(details).sections.map((s) => s.id)).toEqual(
      policiesFr.terms(details).sections.map((s) => s.id),
    );
  });
});
