import type { Messages } from '../en';

export const insights: Messages['insights'] = {
  crumbs: { home: 'Accueil', insights: 'Perspectives', company: 'Entreprise' },
  news: {
    title: 'Actualités',
    metaDescription:
      'Lancements de produits, partenariats et étapes marquantes de notre entreprise d’importation méditerranéenne.',
    intro: 'Lancements, partenariats et étapes marquantes de nos producteurs et de notre équipe.',
    filterLabel: 'Filtrer par catégorie',
    categories: {
      all: 'Toutes les actualités',
      'product-launch': 'Lancements de produits',
      partnership: 'Partenariats',
      expansion: 'Croissance',
      trade: 'Commerce',
      sustainability: 'Durabilité',
    },
    count: (n) => (n <= 1 ? `${n} article` : `${n} articles`),
  },
  blog: {
    title: 'Blogue',
    metaDescription:
      'Des articles pratiques sur l’importation, le lancement et la vente de produits méditerranéens en Amérique du Nord.',
    intro:
      'Nos notes de terrain sur l’approvisionnement, la conformité et la création de marques méditerranéennes en Amérique du Nord.',
    featured: 'Article vedette',
    latest: 'Derniers articles',
    readArticle: 'Lire l’article',
    readTime: (minutes) => `${minutes} min de lecture`,
    by: (name) => `Par ${name}`,
    categories: {
      'market-trends': 'Tendances du marché',
      sourcing: 'Approvisionnement',
      compliance: 'Conformité',
      'brand-building': 'Image de marque',
      logistics: 'Logistique',
      'food-culture': 'Culture culinaire',
    },
  },
  article: {
    share: 'Partager',
    copied: 'Lien copié dans le presse-papiers.',
    copyManually: 'Copiez ce lien pour partager l’article :',
    linkLabel: 'Lien de l’article',
    aboutAuthor: 'À propos de l’auteur',
    backToBlog: 'Retour à tous les articles',
    published: 'Publié le',
    author: 'Auteur',
  },
  teams: {
    title: 'Notre équipe',
    metaDescription:
      'Rencontrez les personnes qui sélectionnent, importent et développent des marques méditerranéennes en Amérique du Nord.',
    intro:
      'Une petite équipe forte d’une longue expérience en importation alimentaire, en conformité et en commerce de détail, basée à Ottawa et à Athènes.',
    expertise: 'Expertise',
    location: 'En poste à',
    portraitAlt: (name) => `Portrait illustré de ${name}`,
  },
  partnerships: {
    title: 'Partenariats',
    metaDescription:
      'Les producteurs, transporteurs et détaillants avec qui nous travaillons, et comment devenir partenaire.',
    intro:
      'Nous bâtissons des relations durables avec des producteurs, des fournisseurs logistiques et des détaillants qui partagent nos exigences.',
    partnersHeading: 'Nos partenaires',
    benefits: 'Ce qu’apporte le partenariat',
    location: 'Emplacement :',
    opportunitiesHeading: 'Possibilités de partenariat',
    opportunitiesIntro: 'Nous recherchons de nouveaux partenaires dans ces domaines.',
    requirements: 'Ce que nous recherchons',
    ctaHeading: 'Envie de travailler avec nous?',
    ctaBody: 'Écrivez à notre équipe des partenariats en décrivant brièvement votre entreprise.',
    ctaLink: (email) => `Écrire à ${email}`,
  },
  solutions: {
    title: 'Solutions',
    metaDescription:
      'Solutions d’importation, de marque, de distribution et de logistique pour les producteurs et acheteurs de produits méditerranéens.',
    intro:
      'Quatre façons d’aider les producteurs à atteindre l’Amérique du Nord et les acheteurs à offrir des produits méditerranéens authentiques.',
    features: 'Ce qui est inclus',
    industries: 'Pour qui',
    processHeading: 'Le déroulement d’un mandat',
    valueHeading: 'Pourquoi travailler avec nous',
    stepLabel: (n) => `Étape ${n}`,
    ctaHeading: 'Parlons de votre projet',
    ctaLink: 'Nous joindre',
  },
};
