import type { Policies } from '../types';

/** Textes des politiques en français. Les coordonnées de l’entreprise viennent de la configuration du site par `d`. */
export const policiesFr: Policies = {
  privacy: (d) => ({
    title: 'Politique de confidentialité',
    metaDescription: `Comment ${d.legalName} recueille, utilise et protège les renseignements personnels sur son site Web et son portail client.`,
    intro: [
      `La présente politique de confidentialité explique comment ${d.legalName} (« ${d.name} », « nous ») recueille, utilise, communique et protège les renseignements personnels lorsque vous visitez ${d.siteUrl}, communiquez avec nous, demandez un accès interentreprises (B2B) ou utilisez notre portail client.`,
      'Nous traitons les renseignements personnels conformément à la Loi sur la protection des renseignements personnels et les documents électroniques (LPRPDE) et aux autres lois sur la protection de la vie privée qui s’appliquent à nous. La présente politique entre en vigueur à la date indiquée ci-dessus.',
    ],
    sections: [
      {
        id: 'who-we-are',
        heading: '1. Qui nous sommes',
        blocks: [
          {
            type: 'paragraph',
            text: `${d.legalName} est un importateur et un créateur de marques de produits alimentaires méditerranéens établi au ${d.address}. Nous sommes responsables des renseignements personnels dont nous avons la gestion et avons désigné une personne responsable de la protection de la vie privée, chargée de veiller au respect de la présente politique. Vous pouvez la joindre à ${d.privacyEmail}.`,
          },
        ],
      },
      {
        id: 'information-we-collect',
        heading: '2. Renseignements que nous recueillons',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous ne recueillons que les renseignements nécessaires aux fins décrites dans la présente politique.',
          },
          {
            type: 'list',
            items: [
              'Formulaire de contact : vos prénom et nom, votre adresse courriel, votre numéro de téléphone (facultatif) et votre message.',
              'Demande d’accès B2B : vos nom et prénom, votre adresse courriel, votre numéro de téléphone, le nom de votre entreprise, votre titre, la taille de l’entreprise, son secteur, son site Web (facultatif) et la description de vos besoins.',
              'Avec chaque formulaire : la langue et l’adresse de la page d’où vous l’avez envoyé, l’heure, si vous avez coché la case demandant nos courriels de marketing ainsi que le texte exact qui vous a été présenté et sa version, et, seulement si vous avez accepté les témoins, l’identifiant du témoin de notre fournisseur de formulaires.',
              'Pour écarter le pourriel automatisé : l’adresse réseau (IP) d’où un formulaire a été envoyé, et si le formulaire présentait des signes de remplissage par un programme.',
              'Portail client : votre adresse courriel, votre nom si vous le fournissez et les données nécessaires pour maintenir votre connexion de façon sécuritaire.',
              'Correspondance : le contenu des courriels, appels et conversations par clavardage que vous avez avec nous.',
              'Mesure des visites : pour chaque page affichée, et lorsqu’un formulaire de contact ou B2B apparaît à l’écran, l’adresse de la page sans ses paramètres, la langue de la page, le nom du site qui vous a dirigé vers nous (son domaine seulement) et le format de l’écran (téléphone, tablette ou ordinateur). Notre base de données combine votre adresse réseau (IP) et le type de votre navigateur avec un secret qui change chaque jour pour en tirer un code dont on ne peut retrouver ni l’une ni l’autre; l’adresse et le type de navigateur eux-mêmes ne sont pas conservés, et le secret du jour est supprimé, de sorte que les visites ne peuvent être reliées d’un jour à l’autre ni à vous. Rien n’est enregistré dans votre navigateur à cette fin : cela ne dépend donc pas de votre choix concernant les témoins. Les moteurs de recherche et autres programmes automatisés ne sont pas comptés. Les enregistrements individuels sont supprimés après 90 jours; les totaux quotidiens sont conservés deux ans.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Nous ne demandons aucun renseignement de carte de paiement sur ce site et nous ne recueillons pas sciemment de renseignements sensibles, comme des données sur la santé. Veuillez ne pas en inclure dans vos messages.',
          },
        ],
      },
      {
        id: 'how-we-use',
        heading: '3. Utilisation de vos renseignements',
        blocks: [
          {
            type: 'list',
            items: [
              'Répondre à vos questions et donner suite à vos messages.',
              'Évaluer les demandes d’accès B2B et, si elles sont approuvées, créer et soutenir votre compte du portail client.',
              'Préparer les soumissions, ententes et commandes que vous nous demandez.',
              'Comprendre l’utilisation du site afin de l’améliorer.',
              'Protéger le site, nos clients et nous-mêmes contre la fraude, les abus et les incidents de sécurité.',
              'Respecter nos obligations légales, comptables et réglementaires.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Nous ne vendons ni ne louons de renseignements personnels. Nous n’utiliserons pas vos renseignements à une nouvelle fin sans vous en informer et, lorsque la loi l’exige, sans obtenir votre consentement.',
          },
        ],
      },
      {
        id: 'consent',
        heading: '4. Consentement',
        blocks: [
          {
            type: 'paragraph',
            text: 'En soumettant un formulaire ou en nous écrivant, vous consentez à ce que nous utilisions vos renseignements pour vous répondre de la manière décrite ici. Vous pouvez retirer votre consentement en tout temps, sous réserve de restrictions légales ou contractuelles, en écrivant à la personne responsable de la protection de la vie privée. Le retrait du consentement peut nous empêcher de fournir un service, comme l’accès au portail client.',
          },
          {
            type: 'paragraph',
            text: `Les courriels de marketing sont une question distincte. Comme l’exige la Loi canadienne anti-pourriel (LCAP), nous n’envoyons de nouvelles et d’offres par courriel que si vous les avez demandées en cochant la case non cochée de notre formulaire de contact ou de demande B2B; la réponse à votre message n’en dépend jamais. Nous conservons une trace de votre choix, du texte que vous avez accepté et du moment, afin de pouvoir prouver votre consentement. Vous pouvez le retirer en tout temps, sans frais, grâce au lien de désabonnement présent dans chaque courriel de marketing ou en écrivant à ${d.privacyEmail}; nous y donnons suite dans un délai de 10 jours ouvrables.`,
          },
        ],
      },
      {
        id: 'cookies',
        heading: '5. Témoins et technologies semblables',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous utilisons un petit nombre de témoins (cookies) et de moyens de stockage semblables dans le navigateur. À votre première visite, un bandeau vous demande si vous acceptez ou refusez; nous enregistrons votre réponse dans votre navigateur sous le nom « cookie-consent » afin de ne pas vous la redemander.',
          },
          {
            type: 'list',
            items: [
              'Stockage essentiel : votre choix concernant les témoins et, si vous vous connectez au portail client, votre session. Le site ne peut pas fonctionner correctement sans eux.',
              'Mesure : aucun. Nous comptons les visites sans témoins ni stockage dans le navigateur et sans renseignements personnels (voir « Mesure des visites » à la section 2), quel que soit votre choix.',
              'Formulaires et clavardage : seulement si vous acceptez les témoins, l’identifiant contenu dans le témoin de notre fournisseur de formulaires (HubSpot) est envoyé avec les formulaires que vous soumettez, pour relier les messages que vous nous envoyez; notre fournisseur de clavardage, lorsque le clavardage est offert, dépose des témoins pour garder votre conversation ouverte.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Vous pouvez aussi supprimer ou bloquer les témoins dans les paramètres de votre navigateur. Le cas échéant, le bandeau de consentement s’affichera de nouveau à votre prochaine visite.',
          },
        ],
      },
      {
        id: 'sharing',
        heading: '6. Fournisseurs de services et transferts hors du Canada',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous ne communiquons des renseignements personnels qu’aux fournisseurs de services qui nous aident à exploiter notre entreprise, comme l’hébergement du site et de la base de données, notre service de gestion de la relation client et de formulaires, notre service de clavardage et notre fournisseur de courriel. Ils ne peuvent utiliser ces renseignements que pour nous fournir leurs services, en vertu de contrats qui les obligent à les protéger.',
          },
          {
            type: 'paragraph',
            text: 'Ce que vous envoyez au moyen de nos formulaires de contact et de demande B2B est conservé à deux endroits : notre propre base de données (hébergée par Supabase), où notre personnel peut voir chaque demande même si le second endroit est indisponible, et HubSpot, notre service de gestion de la relation client, qui enregistre aussi votre choix concernant les courriels de marketing. Les formulaires qui présentent des signes de pourriel automatisé sont conservés dans notre base de données seulement et ne sont pas envoyés à HubSpot.',
          },
          {
            type: 'paragraph',
            text: 'Certains de ces fournisseurs stockent ou traitent des renseignements hors du Canada, notamment aux États-Unis et dans l’Union européenne. Pendant qu’ils s’y trouvent, ces renseignements sont assujettis aux lois du pays concerné et peuvent être accessibles à ses tribunaux et à ses autorités policières et de sécurité nationale.',
          },
          {
            type: 'paragraph',
            text: 'Nous pouvons aussi communiquer des renseignements lorsque la loi l’exige, ou dans le cadre de la vente ou de la réorganisation de notre entreprise, auquel cas ils demeureraient protégés par des conditions au moins aussi strictes que celles-ci.',
          },
        ],
      },
      {
        id: 'retention',
        heading: '7. Durée de conservation',
        blocks: [
          {
            type: 'list',
            items: [
              'Messages et demandes B2B : dans notre base de données, 24 mois après leur envoi, puis ils sont supprimés automatiquement; dans notre service de gestion de la relation client, jusqu’à 24 mois après notre dernier échange, sauf s’ils mènent à une relation d’affaires.',
              'Formulaires présentant des signes de pourriel automatisé : 30 jours. Adresses réseau enregistrées pour limiter le pourriel : 24 heures.',
              'Votre consentement aux courriels de marketing et sa trace : jusqu’à ce que vous le retiriez, puis aussi longtemps que nécessaire pour prouver que nous avons respecté votre choix.',
              'Comptes du portail client : tant que le compte est actif et pendant 12 mois après sa fermeture.',
              'Enregistrements des chargements de page : jusqu’à 13 mois.',
              'Documents commerciaux comme les factures et les contrats : aussi longtemps que l’exigent les lois fiscales et sur les sociétés, habituellement sept ans.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Lorsque des renseignements ne sont plus nécessaires, nous les supprimons ou les rendons anonymes.',
          },
        ],
      },
      {
        id: 'security',
        heading: '8. Protection des renseignements',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous protégeons les renseignements personnels par des mesures adaptées à leur sensibilité : connexions chiffrées, accès réservé au personnel qui en a besoin, autorisations fondées sur les rôles dans nos systèmes, authentification forte et révision régulière des accès. Aucune méthode de transmission ou de stockage n’est parfaitement sûre; si une atteinte présente un risque réel de préjudice grave, nous vous en aviserons, ainsi que le Commissariat à la protection de la vie privée du Canada, comme l’exige la loi.',
          },
        ],
      },
      {
        id: 'your-rights',
        heading: '9. Vos droits',
        blocks: [
          {
            type: 'paragraph',
            text: `Vous pouvez demander à consulter les renseignements personnels que nous détenons à votre sujet, savoir comment ils ont été utilisés et communiqués, et les faire corriger s’ils sont inexacts ou incomplets. Écrivez à ${d.privacyEmail}; nous vous répondrons dans un délai de 30 jours et pourrons d’abord vous demander de confirmer votre identité.`,
          },
          {
            type: 'paragraph',
            text: 'Si notre réponse ne vous satisfait pas, vous pouvez porter plainte auprès du Commissariat à la protection de la vie privée du Canada.',
          },
        ],
      },
      {
        id: 'children',
        heading: '10. Enfants',
        blocks: [
          {
            type: 'paragraph',
            text: 'Ce site s’adresse aux entreprises et aux adultes. Nous ne recueillons pas sciemment de renseignements personnels auprès de personnes de moins de 16 ans. Si vous croyez qu’un enfant nous a transmis des renseignements, communiquez avec nous et nous les supprimerons.',
          },
        ],
      },
      {
        id: 'changes',
        heading: '11. Modifications de la présente politique',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous pouvons mettre à jour la présente politique selon l’évolution de nos services ou de la loi. Nous publierons la nouvelle version sur cette page avec une nouvelle date d’entrée en vigueur et, si les changements sont importants, nous vous en informerons par un avis sur le site ou par courriel.',
          },
        ],
      },
      {
        id: 'contact',
        heading: '12. Nous joindre',
        blocks: [
          {
            type: 'paragraph',
            text: `Responsable de la protection de la vie privée, ${d.legalName}, ${d.address}. Courriel : ${d.privacyEmail}. Téléphone : ${d.phone}.`,
          },
        ],
      },
    ],
  }),

  terms: (d) => ({
    title: 'Conditions d’utilisation',
    metaDescription: `Les conditions qui régissent l’utilisation du site Web et du portail client de ${d.name}.`,
    intro: [
      `Les présentes conditions d’utilisation régissent votre utilisation de ${d.siteUrl}, y compris ses pages publiques, ses formulaires et son portail client (collectivement, le « site »), exploité par ${d.legalName} (« ${d.name} », « nous »).`,
      'En utilisant le site, vous acceptez ces conditions. Si vous ne les acceptez pas, veuillez ne pas utiliser le site.',
    ],
    sections: [
      {
        id: 'about',
        heading: '1. À propos de nous',
        blocks: [
          {
            type: 'paragraph',
            text: `${d.legalName} est une société établie au ${d.address}. Vous pouvez nous joindre à ${d.infoEmail} ou au ${d.phone}.`,
          },
        ],
      },
      {
        id: 'use',
        heading: '2. Utilisation du site',
        blocks: [
          {
            type: 'paragraph',
            text: 'Vous pouvez utiliser le site à des fins légitimes liées à la découverte de nos produits et services et aux affaires que vous faites avec nous. Vous vous engagez à ne pas :',
          },
          {
            type: 'list',
            items: [
              'nuire au fonctionnement ou à la sécurité du site, ni tenter d’accéder à des zones ou à des données auxquelles vous n’êtes pas autorisé à accéder;',
              'extraire du contenu ou des renseignements du site par des moyens automatisés sans notre autorisation écrite;',
              'envoyer de la publicité non sollicitée, du code malveillant ou de faux renseignements au moyen de nos formulaires;',
              'usurper l’identité d’une autre personne ou présenter faussement vos liens avec une entreprise.',
            ],
          },
        ],
      },
      {
        id: 'information',
        heading: '3. Renseignements sur les produits et l’entreprise',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les descriptions de produits, de producteurs et de services sur le site sont fournies à titre informatif. La disponibilité, les caractéristiques et les prix varient selon les récoltes et les marchés et ne sont confirmés que dans une soumission ou une entente écrite. Aucun contenu du site ne constitue une offre susceptible d’acceptation, et aucun contrat n’est conclu avant que nous en ayons signé un avec vous.',
          },
        ],
      },
      {
        id: 'accounts',
        heading: '4. Accès B2B et comptes du portail client',
        blocks: [
          {
            type: 'paragraph',
            text: 'L’accès au portail client est accordé aux entreprises à notre discrétion. Lorsque vous demandez l’accès, les renseignements fournis doivent être exacts et vous devez être autorisé à agir au nom de l’entreprise indiquée.',
          },
          {
            type: 'paragraph',
            text: 'Gardez votre mot de passe confidentiel et avisez-nous immédiatement si vous croyez qu’une autre personne a utilisé votre compte. Vous êtes responsable des activités effectuées au moyen de votre compte. Nous pouvons suspendre ou fermer un compte utilisé de façon abusive, qui met le site en danger, ou lorsque notre relation d’affaires prend fin.',
          },
        ],
      },
      {
        id: 'intellectual-property',
        heading: '5. Propriété intellectuelle',
        blocks: [
          {
            type: 'paragraph',
            text: `Le site et son contenu, y compris les textes, les illustrations, les logos et le nom ${d.name}, nous appartiennent ou appartiennent à nos concédants de licence et sont protégés par les lois sur le droit d’auteur et les marques de commerce. Vous pouvez consulter et imprimer des pages pour les besoins de votre entreprise. Toute autre utilisation, y compris la copie, la modification ou la republication du contenu, exige notre autorisation écrite. Les noms et marques des producteurs appartiennent aux producteurs.`,
          },
        ],
      },
      {
        id: 'submissions',
        heading: '6. Ce que vous nous transmettez',
        blocks: [
          {
            type: 'paragraph',
            text: 'Lorsque vous nous envoyez un message ou une demande, vous nous permettez de l’utiliser pour vous répondre et gérer notre relation, comme le décrit notre politique de confidentialité. Veuillez ne pas transmettre de renseignements commerciaux confidentiels au moyen des formulaires publics; nous pouvons conclure une entente de confidentialité avant des discussions détaillées.',
          },
        ],
      },
      {
        id: 'third-parties',
        heading: '7. Liens et services de tiers',
        blocks: [
          {
            type: 'paragraph',
            text: 'Le site contient des liens vers des sites que nous ne contrôlons pas, comme la boutique de notre marque sœur, et utilise des services de tiers pour les formulaires et le clavardage. Nous ne sommes pas responsables de leur contenu ni de leurs pratiques, et leurs propres conditions et politiques de confidentialité s’appliquent lorsque vous les utilisez.',
          },
        ],
      },
      {
        id: 'disclaimer',
        heading: '8. Exonération',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous nous efforçons de garder le site exact et accessible, mais nous le fournissons « tel quel » et « selon sa disponibilité ». Dans la mesure permise par la loi, nous ne garantissons pas qu’il sera ininterrompu, exempt d’erreurs ou de composants nuisibles, ni que ses renseignements sont complets ou à jour.',
          },
        ],
      },
      {
        id: 'liability',
        heading: '9. Limitation de responsabilité',
        blocks: [
          {
            type: 'paragraph',
            text: 'Dans la mesure permise par la loi, nous ne sommes pas responsables des pertes indirectes, accessoires, spéciales ou consécutives, ni des pertes de profits, de revenus ou de données, découlant de votre utilisation du site ou de l’impossibilité de l’utiliser. Notre responsabilité totale pour toute réclamation liée au site est limitée à cent dollars canadiens (100 $ CA). Rien dans les présentes conditions ne limite une responsabilité que la loi ne permet pas de limiter.',
          },
        ],
      },
      {
        id: 'indemnity',
        heading: '10. Indemnisation',
        blocks: [
          {
            type: 'paragraph',
            text: 'Vous acceptez de nous indemniser des réclamations, pertes et frais raisonnables découlant d’un manquement de votre part aux présentes conditions ou d’une utilisation abusive du site.',
          },
        ],
      },
      {
        id: 'governing-law',
        heading: '11. Droit applicable',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les présentes conditions sont régies par les lois de la province de l’Ontario et les lois fédérales du Canada qui s’y appliquent. Vous et nous nous soumettons à la compétence exclusive des tribunaux de l’Ontario siégeant à Ottawa pour tout différend concernant le site ou les présentes conditions.',
          },
        ],
      },
      {
        id: 'changes',
        heading: '12. Modifications des présentes conditions',
        blocks: [
          {
            type: 'paragraph',
            text: 'Nous pouvons modifier ces conditions de temps à autre. La version publiée sur cette page, avec sa date d’entrée en vigueur, est celle qui s’applique. Si vous continuez d’utiliser le site après une modification, vous acceptez les nouvelles conditions.',
          },
        ],
      },
      {
        id: 'language',
        heading: '13. Langue',
        blocks: [
          {
            type: 'paragraph',
            text: 'Les présentes conditions sont offertes en français et en anglais, et les deux versions font également foi.',
          },
        ],
      },
      {
        id: 'contact',
        heading: '14. Nous joindre',
        blocks: [
          {
            type: 'paragraph',
            text: `Questions sur les présentes conditions : ${d.legalName}, ${d.address}. Courriel : ${d.infoEmail}. Téléphone : ${d.phone}.`,
          },
        ],
      },
    ],
  }),
};
