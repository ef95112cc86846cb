/**
 * The description (for search engines and link previews) and the introduction
 * of each insights page, per language. Kept out of the message catalogs, which
 * ship with every page, because only these lazily loaded pages use them.
 */
export type PageIntro = { metaDescription: string; intro: string };
export type PageIntros = Record<'news' | 'blog' | 'teams' | 'partnerships' | 'solutions', PageIntro>;

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

export const pageIntrosFr: PageIntros = {
  news: {
    metaDescription:
      'Lancements de produits, partenariats et étapes marquantes de notre entreprise d’importation méditerranéenne.',
    intro: 'Lancements, partenariats et étapes marquantes de nos producteurs et de notre équipe.',
  },
  blog: {
    metaDescription:
      'Des articles pratiques sur l’importation, le lancement et la vente de produits méditerranéens en Amérique du Nord.',
    intro:
      'Nos notes de terrain sur l’approvisionnement, la conformité et la création de marques méditerranéennes en Amérique du Nord.',
  },
  teams: {
    metaDescription:
      'Rencontrez les personnes qui sélectionnent, importent et développent des marques méditerranéennes en Amérique du Nord.',
    intro:
      'Une petite équipe forte d’une longue expérience en importation alimentaire, en conformité et en commerce de détail, basée à Ottawa et à Athènes.',
  },
  partnerships: {
    metaDescription:
      'Les producteurs, transporteurs et détaillants avec qui nous travaillons, et comment devenir partenaire.',
    intro:
      'Nous bâtissons des relations durables avec des producteurs, des fournisseurs logistiques et des détaillants qui partagent nos exigences.',
  },
  solutions: {
    metaDescription:
      'Solutions d’importation, de marque, de distribution et de logistique pour les producteurs et acheteurs de produits méditerranéens.',
    intro:
      'Quatre façons d’aider les producteurs à atteindre l’Amérique du Nord et les acheteurs à offrir des produits méditerranéens authentiques.',
  },
};
