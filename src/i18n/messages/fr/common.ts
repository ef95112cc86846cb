import type { Messages } from '../en';

export const common: Messages['common'] = {
  skipToContent: 'Passer au contenu principal',
  loading: 'Chargement…',
  loadingPage: 'Chargement de la page',
  languageName: 'Français',
  otherLanguageName: 'English',
  newTab: '(s’ouvre dans un nouvel onglet)',
  breadcrumb: 'Fil d’Ariane',
  notFound: {
    title: 'Page introuvable',
    heading: 'Oups ! Page introuvable',
    body: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    home: 'Retour à l’accueil',
    metaDescription: 'Cette page est introuvable.',
  },
};
