import { portrait } from '../images';
import type { TeamMember } from '../types';

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
