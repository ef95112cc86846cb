import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postsEn } from '@/content/blog/en';
import { postsFr } from '@/content/blog/fr';
import { translatedSlugs } from '@/content/blog/translations';
import { newsEn } from '@/content/news/en';
import { newsFr } from '@/content/news/fr';
import { partnershipsEn } from '@/content/partnerships/en';
import { partnershipsFr } from '@/content/partnerships/fr';
import { policiesEn } from '@/content/policies/en';
import { policiesFr } from '@/content/policies/fr';
import { solutionsEn } from '@/content/solutions/en';
import { solutionsFr } from '@/content/solutions/fr';
import { teamEn } from '@/content/team/en';
import { teamFr } from '@/content/team/fr';
import type { ImageRef, PolicyDetails } from '@/content/types';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
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
  it('has the agreed counts: news 5 EN / 4 FR, posts 6 EN / 2 FR, 3 members, 3 partners, 4 solutions, 4 steps, 3 values', () => {
    expect([newsEn.length, newsFr.length]).toEqual([5, 4]);
    expect([postsEn.length, postsFr.length]).toEqual([6, 2]);
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
    // French news and posts are translations of English ones, on the same dates.
    for (const item of newsFr) expect(newsEn.find((e) => e.id === item.id)?.date).toBe(item.date);
    for (const post of postsFr) expect(postsEn.find((e) => e.id === post.id)?.slug).toBe(post.slug);
  });

  it('covers every news category in English and all but trade in French', () => {
    expect(new Set(newsEn.map((n) => n.category))).toEqual(
      new Set(['product-launch', 'partnership', 'expansion', 'trade', 'sustainability']),
    );
    expect(new Set(newsFr.map((n) => n.category))).toEqual(
      new Set(['product-launch', 'partnership', 'expansion', 'sustainability']),
    );
  });

  it('stores dates as YYYY-MM-DD and lists news and posts newest first', () => {
    for (const list of [newsEn, newsFr, postsEn, postsFr]) {
      const dates = list.map((item) => item.date);
      for (const date of dates) expect(date).toMatch(ISO_DATE);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it('gives every post a unique slug, a full structured article and exactly one featured post per language', () => {
    for (const posts of [postsEn, postsFr]) {
      expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
      expect(posts.filter((p) => p.featured)).toHaveLength(1);
      for (const post of posts) {
        expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        const words = post.content
          .flatMap((block) => (block.type === 'list' ? block.items : [block.text]))
          .join(' ')
          .split(/\s+/).length;
        expect(words, post.slug).toBeGreaterThan(300);
        expect(post.content.some((block) => block.type === 'heading')).toBe(true);
        expect(JSON.stringify(post.content)).not.toMatch(/<[a-z][\s\S]*>/i);
      }
    }
  });

  it('lists exactly the French posts’ slugs as translated', () => {
    expect([...translatedSlugs].sort()).toEqual(postsFr.map((p) => p.slug).sort());
  });

  it('ships every image it names, in public/images', () => {
    const images = imagesIn([
      newsEn,
      newsFr,
      postsEn,
      postsFr,
      teamEn,
      teamFr,
      partnershipsEn,
      partnershipsFr,
      solutionsEn,
      solutionsFr,
    ]);
    expect(images.length).toBeGreaterThan(20);
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
