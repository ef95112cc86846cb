import type { AccountPageMessages } from '../en/account-pages';

export const accountPages: AccountPageMessages = {
  account: {
    metaTitle: 'Votre compte',
    heading: 'Votre compte',
    signedInAs: (email: string) => `Connecté en tant que ${email}.`,
    loading: 'Vérification de votre demande…',
    loadFailed: 'Nous n’avons pas pu vérifier votre demande. Rechargez la page pour réessayer.',
    pendingTitle: 'Votre demande est à l’étude',
    pendingBody:
      'Notre équipe examine chaque demande d’accès B2B. Vous accéderez au portail client à votre prochaine connexion après son approbation.',
    declinedTitle: 'Votre demande a été refusée',
    revokedTitle: 'Votre accès a été retiré',
    noteLabel: 'Message de notre équipe :',
    approvedTitle: 'Votre demande a été approuvée',
    approvedBody: 'Rechargez la page\u00a0: le portail client vous est ouvert.',
    noneTitle: 'Aucune demande d’accès',
    noneBody: 'Ce compte n’a pas demandé d’accès B2B et n’a accès ni au portail client ni aux espaces du personnel.',
    requestIntro:
      'Parlez-nous de votre entreprise et envoyez votre demande : notre équipe l’examine et vous répond par courriel.',
    requestSent: 'Votre demande est envoyée. Notre équipe va l’examiner.',
    requestButton: 'Envoyer ma demande',
    backToDashboard: 'Retour au tableau de bord',
    clientHeading: 'Votre compte',
    signOut: 'Se déconnecter',
  },
  reset: {
    metaTitle: 'Choisissez un nouveau mot de passe',
    heading: 'Choisissez un nouveau mot de passe',
    intro: 'Appuyez sur le bouton pour continuer avec le lien de votre courriel.',
    button: 'Continuer',
    verifying: 'Vérification du lien…',
    invalid: 'Ce lien est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    askAgain: 'Demander un nouveau lien',
    newPassword: 'Nouveau mot de passe',
    submit: 'Enregistrer et me connecter',
    saving: 'Enregistrement…',
    failed: 'Le mot de passe n’a pas pu être enregistré. Réessayez.',
    samePassword: 'Choisissez un mot de passe différent de l’ancien.',
    codeIntro:
      'Ce compte utilise la vérification en deux étapes : entrez d’abord le code à 6 chiffres de votre application d’authentification.',
    code: 'Code d’authentification',
    verify: 'Vérifier',
    wrongCode: 'Ce code n’est pas le bon. Essayez le code que votre application affiche maintenant.',
    codeFormat: 'Entrez le code à 6 chiffres de votre application d’authentification.',
    codeFailed: 'Le code n’a pas pu être vérifié. Réessayez.',
  },
  invite: {
    metaTitle: 'Acceptez votre invitation',
    heading: 'Rejoignez l’équipe',
    intro:
      'Appuyez sur le bouton pour accepter l’invitation reçue par courriel, puis choisissez votre mot de passe. Vous ajouterez ensuite le compte à une application d’authentification.',
    button: 'Accepter l’invitation',
    invalid:
      'Ce lien d’invitation est invalide, a déjà servi ou a expiré. Demandez à l’administrateur qui vous a invité de vous en envoyer un nouveau.',
    askAgain: 'Aller à la page de connexion',
    newPassword: 'Votre mot de passe',
    submit: 'Enregistrer et continuer',
  },
  dashboard: {
    metaTitle: 'Tableau de bord client',
    metaDescription: 'Votre portail client\u00a0: vos documents et votre gestionnaire de compte.',
    heading: 'Tableau de bord client',
    welcome: (email: string) => `Bienvenue, ${email}`,
    account: 'Votre compte',
    signOut: 'Se déconnecter',
  },
};
