import { portrait } from './images';
import type { Author, TeamMember } from './types';

export const teamEn: TeamMember[] = [
  {
    id: 'nikos-papadakis',
    name: 'Nikos Papadakis',
    position: 'Head of sourcing and logistics',
    bio: 'Nikos grew up in his family’s olive mill in Messinia and spent a decade in freight forwarding before joining us. He chooses our producers, plans every shipment and knows most of our farmers by their first name.',
    image: portrait('nikos-papadakis'),
    expertise: ['Producer audits', 'Cold-chain freight', 'Customs and brokerage'],
    location: 'Athens, Greece',
  },
  {
    id: 'claire-tremblay',
    name: 'Claire Tremblay',
    position: 'Regulatory and compliance lead',
    bio: 'A food scientist by training, Claire spent eight years with a national grocery chain before joining us. She turns European product files into labels, licences and permits that satisfy Canadian and American rules.',
    image: portrait('claire-tremblay'),
    expertise: ['CFIA and FDA rules', 'Bilingual labelling', 'Food safety plans'],
    location: 'Ottawa, Ontario',
  },
  {
    id: 'sofia-andreou',
    name: 'Sofia Andreou',
    position: 'Brand and marketing director',
    bio: 'Sofia has launched specialty food brands in Toronto, Montréal and New York. She helps our producers tell their story in a way that reads well on a crowded shelf and sells well in a buyer’s meeting.',
    image: portrait('sofia-andreou'),
    expertise: ['Brand positioning', 'Retail merchandising', 'Trade marketing'],
    location: 'Toronto, Ontario',
  },
];

export const teamFr: TeamMember[] = [
  {
    id: 'nikos-papadakis',
    name: 'Nikos Papadakis',
    position: 'Directeur de l’approvisionnement et de la logistique',
    bio: 'Nikos a grandi dans le moulin à huile familial en Messénie et a passé une dizaine d’années dans l’expédition de fret avant de se joindre à nous. Il choisit nos producteurs, planifie chaque envoi et connaît la plupart de nos agriculteurs par leur prénom.',
    image: portrait('nikos-papadakis'),
    expertise: ['Audits de producteurs', 'Transport sous chaîne du froid', 'Douanes et courtage'],
    location: 'Athènes, Grèce',
  },
  {
    id: 'claire-tremblay',
    name: 'Claire Tremblay',
    position: 'Responsable de la réglementation et de la conformité',
    bio: 'Scientifique de l’alimentation de formation, Claire a passé huit ans au sein d’une chaîne d’épiceries nationale avant de se joindre à nous. Elle transforme les dossiers de produits européens en étiquettes, licences et permis conformes aux règles canadiennes et américaines.',
    image: portrait('claire-tremblay'),
    expertise: ['Règles de l’ACIA et de la FDA', 'Étiquetage bilingue', 'Plans de salubrité alimentaire'],
    location: 'Ottawa (Ontario)',
  },
  {
    id: 'sofia-andreou',
    name: 'Sofia Andreou',
    position: 'Directrice de la marque et du marketing',
    bio: 'Sofia a lancé des marques d’épicerie fine à Toronto, à Montréal et à New York. Elle aide nos producteurs à raconter leur histoire de façon claire sur un étalage encombré et convaincante lors d’une rencontre avec un acheteur.',
    image: portrait('sofia-andreou'),
    expertise: ['Positionnement de marque', 'Marchandisage', 'Marketing commercial'],
    location: 'Toronto (Ontario)',
  },
];

/** Blog authors: the team plus the founder. */
export const authorsEn = {
  eleni: {
    name: 'Eleni Markou',
    role: 'Founder and managing director',
    bio: 'Eleni founded the company in 2016 after years in food import and category management. She still visits every partner farm before its first shipment.',
  },
  nikos: {
    name: 'Nikos Papadakis',
    role: teamEn[0]!.position,
    bio: 'Nikos chooses our producers and plans every shipment from the Mediterranean to North America.',
  },
  claire: {
    name: 'Claire Tremblay',
    role: teamEn[1]!.position,
    bio: 'Claire makes sure every label, licence and permit satisfies Canadian and American rules.',
  },
  sofia: {
    name: 'Sofia Andreou',
    role: teamEn[2]!.position,
    bio: 'Sofia helps producers tell their story on the shelf and in the buyer’s meeting.',
  },
} satisfies Record<string, Author>;

export const authorsFr = {
  eleni: {
    name: 'Eleni Markou',
    role: 'Fondatrice et directrice générale',
    bio: 'Eleni a fondé l’entreprise en 2016 après plusieurs années en importation alimentaire et en gestion de catégories. Elle visite encore chaque ferme partenaire avant son premier envoi.',
  },
  claire: {
    name: 'Claire Tremblay',
    role: teamFr[1]!.position,
    bio: 'Claire veille à ce que chaque étiquette, licence et permis respecte les règles canadiennes et américaines.',
  },
} satisfies Record<string, Author>;
