import { partnerEmblem } from './images';
import type { Partner, PartnershipOpportunity } from './types';

type PartnershipsContent = { partners: Partner[]; opportunities: PartnershipOpportunity[] };

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

export const partnershipsFr: PartnershipsContent = {
  partners: [
    {
      id: 'kritsa-cooperative',
      name: 'Coopérative des femmes de Kritsa',
      type: 'Coopérative de producteurs',
      description:
        'Trente-quatre femmes des collines qui surplombent Agios Nikolaos élèvent des abeilles, cueillent des herbes de montagne et roulent des pâtes à la main, comme le faisaient leurs mères.',
      benefits: [
        'Une entente d’achat de cinq ans avec des volumes minimaux garantis',
        'Un paiement dans les 30 jours suivant l’expédition, en euros',
        'La conception des étiquettes et la conformité nord-américaine à nos frais',
      ],
      image: partnerEmblem('kritsa-cooperative'),
      location: 'Crète, Grèce',
    },
    {
      id: 'northbound-cold-chain',
      name: 'Northbound Cold Chain',
      type: 'Partenaire logistique',
      description:
        'Un transporteur frigorifique familial qui achemine nos fromages et nos olives du port de Montréal jusqu’aux entrepôts de l’Ontario, du Québec et du nord-est des États-Unis.',
      benefits: [
        'Une température consignée toutes les cinq minutes, d’un quai à l’autre',
        'Des chargements regroupés qui réduisent le coût des petites commandes',
        'Des prévisions communes pour réserver les camions avant l’arrivée des conteneurs',
      ],
      image: partnerEmblem('northbound-cold-chain'),
      location: 'Montréal (Québec)',
    },
    {
      id: 'maple-market',
      name: 'Épiciers Maple Market',
      type: 'Partenaire de détail',
      description:
        'Un regroupement de 28 épiceries indépendantes en Ontario qui a offert à nos premiers producteurs leur premier espace sur un étalage nord-américain en 2017.',
      benefits: [
        'Un accès exclusif et anticipé aux nouveaux produits saisonniers',
        'Des dégustations en magasin animées par notre équipe',
        'Des affichettes et des fiches recettes en français et en anglais',
      ],
      image: partnerEmblem('maple-market'),
      location: 'Ontario, Canada',
    },
  ],
  opportunities: [
    {
      id: 'producers',
      title: 'Producteurs méditerranéens',
      description: 'Fermes, coopératives et ateliers familiaux dont un produit mérite un public nord-américain.',
      requirements: [
        'Des ingrédients traçables et un procédé de production documenté',
        'Une certification de salubrité comme ISO 22000, BRCGS ou IFS, ou un plan pour l’obtenir',
        'La capacité de fournir au moins une palette par trimestre',
      ],
    },
    {
      id: 'retailers',
      title: 'Détaillants et restauration',
      description:
        'Épiciers indépendants, boutiques spécialisées, chaînes et groupes de restaurants à la recherche de produits méditerranéens authentiques et fiables.',
      requirements: [
        'Un magasin ou une cuisine au Canada ou aux États-Unis',
        'L’intention d’offrir au moins trois gammes de produits',
        'L’envie d’accueillir des dégustations ou de mettre en valeur l’histoire de nos producteurs',
      ],
    },
    {
      id: 'distributors',
      title: 'Distributeurs et logistique',
      description:
        'Des distributeurs régionaux et des transporteurs capables d’étendre notre portée tout en préservant la qualité qu’attendent nos producteurs.',
      requirements: [
        'Un entreposage ou un transport à température contrôlée lorsque les produits l’exigent',
        'La desserte d’une région où nous ne sommes pas encore présents',
        'L’échange électronique des commandes et un taux de livraison à temps supérieur à 95 %',
      ],
    },
  ],
};
