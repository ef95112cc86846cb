import { illustrations } from '../images';
import type { NewsItem } from '../types';

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
