import { illustrations } from '../images';
import type { SolutionsContent } from '../types';

export const solutionsFr: SolutionsContent = {
  solutions: [
    {
      id: 'market-entry',
      title: 'Entrée sur le marché pour les producteurs',
      description:
        'Pour les producteurs méditerranéens qui veulent vendre au Canada ou aux États-Unis : nous devenons votre importateur officiel et votre équipe sur le terrain.',
      features: [
        'Étude de marché et de prix',
        'Importateur officiel et licences',
        'Logistique et douane de la première commande',
      ],
      industries: ['Fabrication', 'Coopératives de producteurs', 'Fermes familiales'],
      image: illustrations.harbour,
    },
    {
      id: 'private-label',
      title: 'Marque privée et approvisionnement',
      description:
        'Pour les détaillants et distributeurs qui veulent leur propre gamme méditerranéenne : nous trouvons le producteur, développons le produit et gérons l’approvisionnement.',
      features: [
        'Recherche et audit de producteurs',
        'Développement de recettes et d’emballages',
        'Contrôle de la qualité de chaque lot',
      ],
      industries: ['Commerce de détail', 'Vente en gros', 'Distribution'],
      image: illustrations.olives,
    },
    {
      id: 'compliance-labelling',
      title: 'Conformité et étiquetage',
      description:
        'Pour les marques qui exportent déjà ailleurs : nous adaptons vos étiquettes, allégations et documents aux règles canadiennes et américaines avant l’expédition.',
      features: [
        'Révision des étiquettes bilingues',
        'Tableaux de la valeur nutritive',
        'Soutien pour la licence en vertu de la Loi sur la salubrité des aliments au Canada',
      ],
      industries: ['Fabrication', 'Vente en gros', 'Distribution'],
      image: illustrations.label,
    },
    {
      id: 'foodservice-supply',
      title: 'Approvisionnement en restauration',
      description:
        'Pour les restaurants, hôtels et traiteurs : un approvisionnement régulier en huiles, fromages et produits d’épicerie de qualité chef, en formats adaptés aux cuisines.',
      features: [
        'Formats en vrac et pour cuisines',
        'Commandes permanentes et prévisions',
        'Formation du personnel sur les produits et les menus',
      ],
      industries: ['Restauration', 'Hôtellerie', 'Traiteurs'],
      image: illustrations.cheese,
    },
  ],
  process: [
    {
      step: 1,
      title: 'Découverte',
      description:
        'Une conversation sur vos produits ou votre gamme, vos objectifs et votre échéancier, suivie d’une évaluation écrite.',
    },
    {
      step: 2,
      title: 'Plan',
      description:
        'Nous convenons des canaux, des prix, du travail de conformité et d’un calendrier d’expédition, avec des coûts établis d’avance.',
    },
    {
      step: 3,
      title: 'Lancement',
      description:
        'Nous expédions, dédouanons, livrons et présentons les produits aux acheteurs, en suivant chaque étape avec vous.',
    },
    {
      step: 4,
      title: 'Bilan et croissance',
      description:
        'Chaque trimestre, nous examinons ensemble les ventes et les marges, puis décidons quoi ajouter, modifier ou étendre.',
    },
  ],
  values: [
    {
      id: 'one-partner',
      title: 'Un seul partenaire responsable',
      description:
        'Approvisionnement, conformité, logistique et ventes relèvent d’une même équipe : rien ne se perd entre les fournisseurs.',
    },
    {
      id: 'traceable',
      title: 'Traçable jusqu’à la ferme',
      description:
        'Chaque lot expédié peut être retracé jusqu’au producteur, à la récolte et au lot de fabrication, et nous vous transmettons ces registres.',
    },
    {
      id: 'bilingual',
      title: 'Bilingue dès le premier jour',
      description:
        'Étiquettes, matériel de vente et soutien en français et en anglais, prêts pour toutes les provinces canadiennes et les États-Unis.',
    },
  ],
};
