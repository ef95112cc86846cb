import { partnerEmblem } from '../images';
import type { PartnershipsContent } from '../types';

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
