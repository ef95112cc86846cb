import type { PortalMessages } from '../en/portal';

export const portal: PortalMessages = {
  documents: {
    metaTitle: 'Documents',
    metaDescription: 'Certificats, fiches techniques, listes de prix, contrats et factures de votre équipe de compte.',
    heading: 'Documents',
    intro: 'Certificats, fiches techniques, listes de prix, contrats et factures partagés avec votre entreprise.',
    backToDashboard: 'Retour au tableau de bord',
    filters: 'Filtrer les documents',
    category: 'Catégorie',
    allCategories: 'Toutes les catégories',
    language: 'Langue du fichier',
    allLanguages: 'Toutes les langues',
    search: 'Rechercher par titre',
    searchPlaceholder: 'p. ex. certificat',
    clearFilters: 'Effacer les filtres',
    count: (shown: number, total: number) =>
      shown === total
        ? `${total} document${total > 1 ? 's' : ''}`
        : `${shown} sur ${total} document${total > 1 ? 's' : ''}`,
    loading: 'Chargement des documents…',
    empty: 'Aucun document n’a encore été partagé avec vous. Votre gestionnaire de compte les ajoutera ici.',
    noMatch: 'Aucun document ne correspond à ces filtres.',
    loadFailed: 'Les documents n’ont pas pu être chargés. Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
    categories: {
      spec_sheet: 'Fiche technique',
      certificate: 'Certificat',
      price_list: 'Liste de prix',
      contract: 'Contrat',
      invoice: 'Facture',
      other: 'Autre',
    },
    languages: { en: 'Anglais', fr: 'Français', both: 'Anglais et français' },
    fields: {
      category: 'Catégorie',
      language: 'Langue',
      product: 'Produit',
      size: 'Taille',
      type: 'Type de fichier',
      date: 'Date',
    },
    expired: 'Expiré',
    expiredOn: (date: string) => `Expiré le ${date}`,
    expiresOn: (date: string) => `Valide jusqu’au ${date}`,
    download: 'Télécharger',
    downloadLabel: (title: string) => `Télécharger ${title}`,
    downloading: 'Préparation…',
    downloadNotFound: 'Ce document n’est plus disponible. Rechargez la page pour voir la liste à jour.',
    downloadNetwork:
      'Le téléchargement n’a pas pu commencer\u00a0: le serveur est injoignable. Vérifiez votre connexion, puis réessayez.',
    downloadFailed: 'Le téléchargement n’a pas pu commencer. Réessayez dans un instant.',
  },
  dashboard: {
    company: (name: string) => `Entreprise\u00a0: ${name}`,
    settingUp:
      'Votre compte est en cours de configuration\u00a0: votre gestionnaire de compte le rattachera bientôt à votre entreprise. En attendant, voici les documents partagés avec tous les clients.',
    documentsTitle: 'Derniers documents',
    allDocuments: 'Tous les documents',
    managerTitle: 'Votre gestionnaire de compte',
    managerLoading: 'Chargement de votre gestionnaire de compte…',
    noManager: 'Le nom de votre gestionnaire de compte s’affichera ici une fois votre compte configuré.',
    email: 'Courriel',
    phone: 'Téléphone',
    contactManager: 'Écrire à votre gestionnaire de compte',
    accountFailed:
      'Les renseignements de votre entreprise n’ont pas pu être chargés. Rechargez la page pour réessayer.',
  },
};
