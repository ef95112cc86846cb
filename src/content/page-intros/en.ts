import type { PageIntros } from '../types';

/**
 * The description (for search engines and link previews) and the introduction
 * of each insights page, per language. Kept out of the message catalogs, which
 * ship with every page, because only these lazily loaded pages use them.
 */
export const pageIntrosEn: PageIntros = {
  news: {
    metaDescription: 'Product launches, partnerships and milestones from our Mediterranean import business.',
    intro: 'Launches, partnerships and milestones from our producers and our team.',
  },
  blog: {
    metaDescription: 'Practical articles on importing, launching and selling Mediterranean food in North America.',
    intro: 'Field notes on sourcing, compliance and building Mediterranean food brands in North America.',
  },
  teams: {
    metaDescription: 'Meet the people who source, import and grow Mediterranean food brands across North America.',
    intro: 'A small team with long experience in food import, compliance and retail, working from Ottawa and Athens.',
  },
  partnerships: {
    metaDescription: 'The producers, carriers and retailers we work with, and how to become a partner.',
    intro:
      'We build long-term relationships with producers, logistics providers and retailers who share our standards.',
  },
  solutions: {
    metaDescription: 'Import, brand, distribution and logistics solutions for Mediterranean food producers and buyers.',
    intro: 'Four ways we help producers reach North America and help buyers stock authentic Mediterranean food.',
  },
};
