import { illustrations } from './images';
import type { NewsItem } from './types';

/** Newest first. Five English items; the French site carries four (no trade story). */
export const newsEn: NewsItem[] = [
  {
    id: 'early-harvest-2025',
    title: 'Early-harvest Cretan olive oil arrives for the 2025 season',
    excerpt:
      'Our first container of the season landed in Montréal this week: 1,800 litres of green, peppery early-harvest oil from the Sitia plateau, pressed within four hours of picking.',
    date: '2025-03-18',
    category: 'product-launch',
    image: illustrations.oliveOil,
    tag: 'New arrival',
  },
  {
    id: 'kritsa-cooperative',
    title: 'A new partnership with a women’s cooperative in eastern Crete',
    excerpt:
      'Thirty-four members of the Kritsa cooperative now supply us with thyme honey, mountain tea and hand-rolled pasta, on a five-year agreement with guaranteed minimum volumes.',
    date: '2025-02-05',
    category: 'partnership',
    image: illustrations.honey,
    tag: 'Partnership',
  },
  {
    id: 'quebec-maritimes',
    title: 'Our products are now on shelves in Quebec and the Maritimes',
    excerpt:
      'Forty-two independent grocers and two regional chains in Quebec, New Brunswick and Nova Scotia now stock our olive oils, honeys and olives, with fully bilingual labels.',
    date: '2024-11-20',
    category: 'expansion',
    image: illustrations.market,
    tag: 'Expansion',
  },
  {
    id: 'ceta-cheese-quota',
    title: 'What the 2025 cheese quota allocation means for Greek feta',
    excerpt:
      'Canada’s tariff-rate quota for European cheeses was reallocated for 2025. We explain what changes for importers of PDO feta and how we secured volume for our retail partners.',
    date: '2024-10-02',
    category: 'trade',
    image: illustrations.cheese,
    tag: 'Trade policy',
  },
  {
    id: 'lighter-bottles',
    title: 'Lighter bottles, lower freight emissions',
    excerpt:
      'By moving our 500 ml olive oil to a lighter glass bottle and filling containers more densely, we cut the freight emissions of each litre we ship by about 18 per cent.',
    date: '2024-08-14',
    category: 'sustainability',
    image: illustrations.harbour,
    tag: 'Sustainability',
  },
];

export const newsFr: NewsItem[] = [
  {
    id: 'early-harvest-2025',
    title: 'L’huile d’olive crétoise de récolte précoce arrive pour la saison 2025',
    excerpt:
      'Notre premier conteneur de la saison est arrivé à Montréal cette semaine : 1 800 litres d’huile verte et poivrée du plateau de Sitia, pressée moins de quatre heures après la cueillette.',
    date: '2025-03-18',
    category: 'product-launch',
    image: illustrations.oliveOil,
    tag: 'Nouvel arrivage',
  },
  {
    id: 'kritsa-cooperative',
    title: 'Un nouveau partenariat avec une coopérative de femmes de l’est de la Crète',
    excerpt:
      'Trente-quatre membres de la coopérative de Kritsa nous fournissent désormais du miel de thym, du thé des montagnes et des pâtes roulées à la main, grâce à une entente de cinq ans avec des volumes minimaux garantis.',
    date: '2025-02-05',
    category: 'partnership',
    image: illustrations.honey,
    tag: 'Partenariat',
  },
  {
    id: 'quebec-maritimes',
    title: 'Nos produits sont maintenant offerts au Québec et dans les Maritimes',
    excerpt:
      'Quarante-deux épiciers indépendants et deux chaînes régionales du Québec, du Nouveau-Brunswick et de la Nouvelle-Écosse offrent maintenant nos huiles d’olive, nos miels et nos olives, avec des étiquettes entièrement bilingues.',
    date: '2024-11-20',
    category: 'expansion',
    image: illustrations.market,
    tag: 'Croissance',
  },
  {
    id: 'lighter-bottles',
    title: 'Des bouteilles plus légères, moins d’émissions liées au transport',
    excerpt:
      'En passant à une bouteille de verre plus légère pour notre huile d’olive de 500 ml et en remplissant mieux nos conteneurs, nous avons réduit d’environ 18 % les émissions de transport de chaque litre expédié.',
    date: '2024-08-14',
    category: 'sustainability',
    image: illustrations.harbour,
    tag: 'Durabilité',
  },
];
