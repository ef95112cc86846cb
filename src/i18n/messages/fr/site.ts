import type { Messages } from '../en';

export const site: Messages['site'] = {
  meta: {
    homeTitle: (name) => `${name} | Produits méditerranéens haut de gamme pour l’Amérique du Nord`,
    homeDescription:
      'Nous importons, lançons et développons des marques alimentaires grecques et méditerranéennes haut de gamme au Canada et aux États-Unis : huiles d’olive, miels, fromages et plus encore.',
  },
  nav: {
    label: 'Principale',
    logoLabel: (name) => `${name}, accueil`,
    home: 'Accueil',
    brandStory: 'Notre histoire',
    products: 'Produits',
    solutions: 'Solutions',
    insights: 'Perspectives',
    news: 'Actualités',
    blog: 'Blogue',
    teams: 'Équipes',
    partnerships: 'Partenariats',
    services: 'Services',
    contact: 'Nous joindre',
    clientPortal: 'Portail client',
    menu: 'Menu',
  },
  hero: {
    eyebrow: 'Des produits grecs et méditerranéens importés avec soin depuis 2016',
    keywords: ['Importer', 'Lancer', 'Développer', 'Étendre'],
    headlineRest: 'votre marque méditerranéenne en Amérique du Nord',
    headlineSpoken: 'Importer, lancer, développer et étendre votre marque méditerranéenne en Amérique du Nord',
    lead: 'Nous sélectionnons des huiles d’olive, des miels, des fromages et bien d’autres produits d’exception auprès de producteurs familiaux, puis nous nous occupons de tout entre la récolte et l’étalage nord-américain : conformité, logistique, image de marque et ventes.',
    toProducts: 'Découvrir nos produits',
    toStory: 'Lire notre histoire',
    pause: 'Mettre en pause le mot changeant',
    play: 'Relancer le mot changeant',
  },
  products: {
    eyebrow: 'Ce que nous importons',
    heading: 'Six catégories d’excellence méditerranéenne',
    intro:
      'Chaque produit peut être retracé jusqu’à la ferme, la coopérative ou l’atelier familial qui l’a fabriqué, et chacun est choisi d’abord pour son goût.',
    allProducts: 'Voir tous les produits du catalogue',
    items: [
      {
        id: 'olive-oils',
        name: 'Huiles d’olive',
        description:
          'Huiles d’olive extra vierges de récolte précoce et de domaine, de Crète, de Messénie et de Lesbos, extraites à froid et embouteillées sur place.',
      },
      {
        id: 'honeys',
        name: 'Miels',
        description:
          'Miels de thym, de pin et de fleurs sauvages, récoltés par des apiculteurs qui déplacent leurs ruches au fil des saisons.',
      },
      {
        id: 'olives-tapenades',
        name: 'Olives et tapenades',
        description:
          'Olives de Kalamata, de Halkidiki et d’Amfissa, et tapenades préparées en petits lots, prêtes à servir.',
      },
      {
        id: 'spices-teas',
        name: 'Épices et tisanes',
        description:
          'Thé des montagnes, origan, safran et sauge, cueillis à la main sur les pentes et séchés de façon traditionnelle.',
      },
      {
        id: 'wines-vinegars',
        name: 'Vins et vinaigres balsamiques',
        description: 'Vins de cépages indigènes et vinaigres vieillis en fût, issus de domaines indépendants.',
      },
      {
        id: 'cheeses',
        name: 'Fromages',
        description:
          'Feta AOP, graviera et kefalotyri, maintenus sous chaîne du froid de la laiterie jusqu’à votre quai.',
      },
    ],
  },
  services: {
    eyebrow: 'Ce que nous faisons',
    heading: 'Tout ce qui sépare la récolte de l’étalage',
    intro:
      'Un seul partenaire pour tout le parcours : les producteurs se concentrent sur leurs produits et les acheteurs comptent sur un approvisionnement stable.',
    items: [
      {
        id: 'importing-sourcing',
        title: 'Importation et approvisionnement',
        description:
          'Nous trouvons et auditons les producteurs, négocions des conditions équitables et regroupons les envois de Grèce et de toute la Méditerranée.',
      },
      {
        id: 'brand-development',
        title: 'Développement de marque',
        description:
          'Positionnement, emballage bilingue et récit de marque pour qu’une recette familiale soit prête pour les étalages nord-américains.',
      },
      {
        id: 'sales-distribution',
        title: 'Ventes et distribution',
        description:
          'Mises en relation avec des détaillants, des exploitants en restauration et des distributeurs partout au Canada et aux États-Unis.',
      },
      {
        id: 'compliance',
        title: 'Conformité',
        description:
          'Exigences de l’ACIA et de la FDA, tableaux de la valeur nutritive, étiquettes bilingues et licences d’importation, réglés avant le départ du conteneur.',
      },
      {
        id: 'logistics-operations',
        title: 'Logistique et opérations',
        description:
          'Transport à température contrôlée, courtage en douane, entreposage et exécution des commandes, coordonnés d’un bout à l’autre.',
      },
    ],
  },
  process: {
    eyebrow: 'Notre méthode',
    heading: 'Quatre étapes, du premier envoi aux étalages de tout le pays',
    steps: [
      {
        title: 'Importer',
        description:
          'Nous choisissons vos produits, préparons chaque document et faisons passer le premier envoi à la douane.',
      },
      {
        title: 'Lancer',
        description:
          'Nous positionnons la marque, fixons les prix et la plaçons chez les premiers partenaires de détail et de restauration.',
      },
      {
        title: 'Développer',
        description:
          'Nous stimulons les ventes par des dégustations, des promotions commerciales et une planification soignée des réassorts.',
      },
      {
        title: 'Étendre',
        description:
          'Nous ouvrons de nouvelles régions et de nouveaux canaux, et gardons l’approvisionnement stable à mesure que les volumes augmentent.',
      },
    ],
    stepLabel: (n) => `Étape ${n}`,
  },
  story: {
    eyebrow: 'Notre histoire',
    heading: 'Enracinés en Méditerranée, bâtis pour l’Amérique du Nord',
    paragraphs: [
      'Tout a commencé en 2016 avec une seule palette d’huile d’olive crétoise et une conviction simple : les meilleurs produits méditerranéens sont faits par de petits producteurs qui ont rarement la chance d’atteindre les tables nord-américaines.',
      'Aujourd’hui, nous travaillons avec plus de 50 fermes, coopératives et ateliers familiaux partenaires, et nous mettons plus de 15 ans d’expérience en importation, en conformité et en gestion de catégories au service de chaque marque que nous représentons.',
    ],
    missionLabel: 'Notre mission',
    mission:
      'Faire découvrir aux tables nord-américaines des produits méditerranéens authentiques et traçables, et offrir à celles et ceux qui les fabriquent un accès au marché juste et durable.',
    stats: [
      { value: '2016', label: 'Fondée à Ottawa' },
      { value: '50+', label: 'Fermes partenaires' },
      { value: '15+', label: 'Années d’expérience' },
    ],
  },
  founder: {
    eyebrow: 'Rencontrez la fondatrice',
    name: 'Eleni Markou',
    role: 'Fondatrice et directrice générale',
    bio: 'Élevée entre Thessalonique et Ottawa, Eleni a travaillé de nombreuses années en importation alimentaire et en gestion de catégories avant de fonder l’entreprise. Elle visite encore elle-même chaque ferme partenaire avant l’expédition du moindre pot.',
    sister: (brand) =>
      `Eleni dirige aussi ${brand}, notre marque sœur de produits d’épicerie grecs pour les cuisiniers à la maison.`,
    sisterLink: (brand) => `Visiter ${brand}`,
    portraitAlt: 'Portrait illustré d’Eleni Markou',
  },
  contact: {
    eyebrow: 'Nous joindre',
    heading: 'Faisons connaître vos produits en Amérique du Nord',
    intro:
      'Parlez-nous de votre marque ou de vos besoins d’approvisionnement. Nous répondons à chaque message en un jour ouvrable.',
    detailsHeading: 'Coordonnées',
    email: 'Courriel',
    phone: 'Téléphone',
    office: 'Bureau',
    formHeading: 'Écrivez-nous',
  },
  footer: {
    tagline:
      'Des produits grecs et méditerranéens haut de gamme, importés, lancés et développés en Amérique du Nord depuis 2016.',
    quickLinks: 'Liens rapides',
    productLinks: 'Produits',
    contact: 'Coordonnées',
    legal: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions d’utilisation',
    copyright: (year, name) => `© ${year} ${name}. Tous droits réservés.`,
  },
  cookie: {
    heading: 'Votre vie privée compte pour nous',
    body: 'Nous utilisons des témoins (cookies) pour mémoriser vos choix et comprendre l’utilisation du site.',
    policy: 'Lire notre politique de confidentialité',
    accept: 'Accepter',
    decline: 'Refuser',
  },
  policy: {
    effective: (date) => `Date d’entrée en vigueur : ${date}`,
    toc: 'Sur cette page',
    backToTop: 'Retour en haut',
  },
  error: {
    heading: 'Un problème est survenu',
    body: 'Cette partie de la page n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
    retry: 'Recharger la page',
  },
};
