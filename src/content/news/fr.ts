import { illustrations } from '../images';
import type { NewsItem } from '../types';

/** Newest first. The French site carries four of the five English stories (no trade story). */
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
