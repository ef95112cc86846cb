import { partnerEmblem } from '../images';
import type { PartnershipsContent } from '../types';

export const partnershipsEn: PartnershipsContent = {
  partners: [
    {
      id: 'kritsa-cooperative',
      name: 'Kritsa Women’s Cooperative',
      type: 'Producer cooperative',
      description:
        'Thirty-four women in the hills above Agios Nikolaos who keep bees, gather mountain herbs and roll pasta by hand, as their mothers did.',
      benefits: [
        'A five-year purchase agreement with guaranteed minimum volumes',
        'Payment within 30 days of shipment, in euros',
        'Label design and North American compliance paid by us',
      ],
      image: partnerEmblem('kritsa-cooperative'),
      location: 'Crete, Greece',
    },
    {
      id: 'northbound-cold-chain',
      name: 'Northbound Cold Chain',
      type: 'Logistics partner',
      description:
        'A family-owned refrigerated carrier that moves our cheeses and olives from the port of Montréal to warehouses in Ontario, Quebec and the northeastern United States.',
      benefits: [
        'Temperature logged every five minutes from dock to dock',
        'Consolidated loads that lower the cost of small orders',
        'A shared forecast so trucks are booked before containers land',
      ],
      image: partnerEmblem('northbound-cold-chain'),
      location: 'Montréal, Quebec',
    },
    {
      id: 'maple-market',
      name: 'Maple Market Grocers',
      type: 'Retail partner',
      description:
        'A group of 28 independent grocery stores across Ontario that gave our first producers their first North American shelf space in 2017.',
      benefits: [
        'Exclusive early access to new seasonal products',
        'In-store tastings staffed by our team',
        'Shelf talkers and recipe cards in English and French',
      ],
      image: partnerEmblem('maple-market'),
      location: 'Ontario, Canada',
    },
  ],
  opportunities: [
    {
      id: 'producers',
      title: 'Mediterranean producers',
      description: 'Farms, cooperatives and family workshops with a product that deserves a North American audience.',
      requirements: [
        'Traceable ingredients and a documented production process',
        'A food safety certification such as ISO 22000, BRCGS or IFS, or a plan to obtain one',
        'Capacity to supply at least one pallet per quarter',
      ],
    },
    {
      id: 'retailers',
      title: 'Retailers and foodservice',
      description:
        'Independent grocers, specialty shops, chains and restaurant groups looking for authentic, reliable Mediterranean products.',
      requirements: [
        'A store or kitchen in Canada or the United States',
        'Interest in carrying at least three product lines',
        'Willingness to host tastings or feature our producers’ stories',
      ],
    },
    {
      id: 'distributors',
      title: 'Distributors and logistics',
      description:
        'Regional distributors and carriers who can extend our reach while keeping the quality our producers expect.',
      requirements: [
        'Temperature-controlled storage or transport where products need it',
        'Coverage of a region we do not yet serve',
        'Electronic order exchange and on-time delivery above 95 per cent',
      ],
    },
  ],
};
