import { portrait } from '../images';
import type { TeamMember } from '../types';

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
