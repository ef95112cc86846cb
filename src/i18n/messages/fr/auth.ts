import type { Messages } from '../en';

export const auth: Messages['auth'] = {
  session: {
    checking: 'Vérification de votre session…',
  },
  form: {
    label: 'Connexion',
    email: 'Courriel',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion en cours…',
  },
  errors: {
    emailRequired: 'Entrez votre adresse courriel.',
    emailInvalid: 'Entrez une adresse courriel valide, par exemple nom@exemple.com.',
    passwordRequired: 'Entrez votre mot de passe.',
    invalidCredentials: 'Identifiants invalides ou votre compte n’a peut-être pas d’accès B2B.',
    unexpected: 'Une erreur inattendue s’est produite.',
    rateLimited: 'Trop de tentatives de connexion. Veuillez patienter quelques minutes, puis réessayer.',
    passwordPolicy: 'Le mot de passe ne respecte pas les exigences.',
  },
  signIn: {
    metaTitle: 'Connexion',
    metaDescription: 'Connectez-vous à votre compte : portail client et espaces du personnel.',
    heading: 'Connexion',
    intro: 'Utilisez l’adresse courriel et le mot de passe de votre compte.',
    signedInAs: (email: string) => `Vous êtes connecté avec le compte ${email}.`,
    noAccess: 'Ce compte n’a pas encore accès au portail client ni aux espaces du personnel.',
    signOut: 'Se déconnecter',
    signingOut: 'Déconnexion…',
    home: 'Aller à la page d’accueil',
  },
  clientLogin: {
    metaTitle: 'Connexion au portail client',
    metaDescription:
      'Les clients B2B approuvés se connectent au portail client; les entreprises peuvent demander un accès B2B.',
    heading: 'Portail client',
    intro: 'Connectez-vous pour suivre vos commandes, vos analyses et vos documents, et joindre votre gestionnaire de compte.',
    requestHeading: 'Demander un accès B2B',
    requestIntro: 'Parlez-nous de votre entreprise et notre équipe communiquera avec vous.',
    needAccess: 'Besoin d’un accès B2B\u00a0?',
    requestIt: 'Faites-en la demande ici',
    haveAccess: 'Vous avez déjà un accès\u00a0?',
    signInLink: 'Connectez-vous',
    forgotPassword: 'Mot de passe oublié\u00a0?',
    forgotPasswordMessage:
      'La réinitialisation du mot de passe sera offerte prochainement. Veuillez communiquer avec le soutien.',
  },
  dashboard: {
    metaTitle: 'Tableau de bord client',
    metaDescription: 'Votre portail client : commandes, analyses et documents.',
    heading: 'Tableau de bord client',
    welcome: (email: string) => `Bienvenue, ${email}`,
    cards: {
      orders: { title: 'Commandes', body: 'Suivez vos expéditions et consultez vos commandes passées.' },
      analytics: { title: 'Analyses', body: 'Voyez le rendement de vos produits dans chaque canal.' },
      documents: { title: 'Documents', body: 'Certificats, fiches techniques et factures au même endroit.' },
    },
    comingSoon: 'Bientôt disponible',
    servicesTitle: 'Vos services B2B',
    servicesBody:
      'Votre gestionnaire de compte prépare vos services. Les détails d’importation, de conformité et de logistique s’afficheront ici.',
    contactManager: 'Communiquer avec votre gestionnaire de compte',
    signOut: 'Se déconnecter',
    signingOut: 'Déconnexion en cours…',
    signOutFailed: 'Nous n’avons pas pu vous déconnecter. Vérifiez votre connexion, puis réessayez.',
  },
};
