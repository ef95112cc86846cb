import { illustrations } from '../images';
import type { SolutionsContent } from '../types';

export const solutionsEn: SolutionsContent = {
  solutions: [
    {
      id: 'market-entry',
      title: 'Market entry for producers',
      description:
        'For Mediterranean producers who want to sell in Canada or the United States: we become your importer of record and your team on the ground.',
      features: ['Market and pricing study', 'Importer of record and licences', 'First-order logistics and customs'],
      industries: ['Manufacturing', 'Producer cooperatives', 'Family farms'],
      image: illustrations.harbour,
    },
    {
      id: 'private-label',
      title: 'Private label and sourcing',
      description:
        'For retailers and distributors who want their own Mediterranean range: we find the producer, develop the product and manage the supply.',
      features: ['Producer search and audits', 'Recipe and packaging development', 'Quality control on every lot'],
      industries: ['Retail', 'Wholesale', 'Distribution'],
      image: illustrations.olives,
    },
    {
      id: 'compliance-labelling',
      title: 'Compliance and labelling',
      description:
        'For brands that already export elsewhere: we adapt your labels, claims and documents to Canadian and American rules before you ship.',
      features: ['Bilingual label review', 'Nutrition facts tables', 'Safe Food for Canadians licence support'],
      industries: ['Manufacturing', 'Wholesale', 'Distribution'],
      image: illustrations.label,
    },
    {
      id: 'foodservice-supply',
      title: 'Foodservice supply',
      description:
        'For restaurants, hotels and caterers: steady supply of chef-grade oils, cheeses and pantry staples in kitchen-sized formats.',
      features: ['Bulk and kitchen formats', 'Standing orders and forecasts', 'Menu and product training for staff'],
      industries: ['Foodservice', 'Hospitality', 'Catering'],
      image: illustrations.cheese,
    },
  ],
  process: [
    {
      step: 1,
      title: 'Discovery',
      description:
        'A conversation about your products or your range, your goals and your timeline, followed by a written assessment.',
    },
    {
      step: 2,
      title: 'Plan',
      description:
        'We agree on channels, pricing, compliance work and a shipping calendar, with costs set out in advance.',
    },
    {
      step: 3,
      title: 'Launch',
      description:
        'We ship, clear customs, deliver and introduce the products to buyers, tracking every step with you.',
    },
    {
      step: 4,
      title: 'Review and grow',
      description:
        'Each quarter we review sell-through and margins together, then decide what to add, change or scale.',
    },
  ],
  values: [
    {
      id: 'one-partner',
      title: 'One accountable partner',
      description: 'Sourcing, compliance, logistics and sales sit with one team, so nothing falls between suppliers.',
    },
    {
      id: 'traceable',
      title: 'Traceable to the farm',
      description:
        'Every lot we ship can be traced to the producer, the harvest and the batch, and we share those records with you.',
    },
    {
      id: 'bilingual',
      title: 'Bilingual from day one',
      description:
        'Labels, sales material and support in English and French, ready for every Canadian province and the United States.',
    },
  ],
};
