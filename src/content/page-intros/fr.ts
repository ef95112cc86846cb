import type { PageIntros } from '../types';

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
