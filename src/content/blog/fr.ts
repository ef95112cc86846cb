import { illustrations } from '../images';
import { authorsFr } from '../team/fr';
import type { BlogPost } from '../types';

/** French translations of two English posts; each keeps its original's slug and id. */
export const postsFr: BlogPost[] = [
  {
    id: 'olive-oil-to-canada',
    title: 'Faire connaître une huile d’olive grecque au Canada : à quoi ressemble vraiment la première année',
    slug: 'bringing-greek-olive-oil-to-canada',
    excerpt:
      'Du premier échantillon à la première commande de réassort, le récit, mois par mois, de l’arrivée d’une petite huile de domaine crétoise sur les étalages canadiens.',
    date: '2025-03-04',
    author: authorsFr.eleni,
    category: 'sourcing',
    featured: true,
    image: illustrations.oliveOil,
    readTime: 6,
    content: [
      {
        type: 'paragraph',
        text: 'Chaque année, les producteurs nous posent la même question : combien de temps faut-il pour qu’une bouteille passe de notre moulin à un étalage de Toronto? La réponse honnête est environ un an, et la majeure partie de cette année est consacrée à un travail que personne ne voit. Voici comment cela s’est passé pour un petit domaine du plateau de Sitia, dans l’est de la Crète.',
      },
      { type: 'heading', text: 'Mois un à trois : choisir l’huile, pas l’étiquette' },
      {
        type: 'paragraph',
        text: 'Nous avons goûté onze huiles des deux dernières récoltes du domaine avant d’en retenir une : une Koroneiki de récolte précoce, dont la teneur en polyphénols dépasse 500 mg/kg, avec une finale verte et nette. La meilleure huile d’un producteur n’est pas toujours celle dont il est le plus fier; c’est celle qui aura encore bon goût après six semaines en mer et trois mois sur un étalage.',
      },
      {
        type: 'paragraph',
        text: 'Nous avons ensuite demandé une analyse complète à un laboratoire accrédité : acidité, indice de peroxyde, absorbance UV et profil des acides gras. Les acheteurs canadiens demandent de plus en plus ces documents, et les avoir en main avant la première rencontre fait gagner des semaines.',
      },
      { type: 'heading', text: 'Mois quatre à six : les documents avant l’emballage' },
      {
        type: 'paragraph',
        text: 'Avant de dessiner quoi que ce soit, nous avons confirmé ce que l’étiquette devait indiquer. Au Canada, cela signifie un nom usuel bilingue, la quantité nette en unités métriques, la liste des ingrédients, le nom et l’adresse de l’importateur canadien, le pays d’origine et un tableau de la valeur nutritive. Nous avons conservé la jolie carte dessinée à la main de l’étiquette grecque, mais presque tout le reste a dû changer.',
      },
      {
        type: 'list',
        items: [
          'Une licence pour la salubrité des aliments au Canada au nom de l’importateur officiel',
          'Un plan de contrôle préventif couvrant l’entreposage et la manutention au Canada',
          'Une étiquette bilingue vérifiée selon le Règlement sur les aliments et drogues',
          'Un code tarifaire harmonisé et un certificat d’origine pour profiter des préférences de l’AECG',
        ],
      },
      { type: 'heading', text: 'Mois sept à neuf : la première palette' },
      {
        type: 'paragraph',
        text: 'La première commande était volontairement modeste : une palette de 720 bouteilles, expédiée dans un conteneur partagé du Pirée à Montréal. Une petite première commande limite le risque du producteur et nous donne de vrais chiffres sur la casse, le délai de transit et le coût rendu avant de promettre quoi que ce soit à un acheteur.',
      },
      {
        type: 'quote',
        text: 'Nous pensions que le plus difficile serait le transport. C’était l’étiquette. Une fois qu’elle a été réglée, tout le reste a suivi.',
        cite: 'Le propriétaire du domaine, après le premier envoi',
      },
      { type: 'heading', text: 'Mois dix à douze : mériter le réassort' },
      {
        type: 'paragraph',
        text: 'Une inscription au catalogue n’est pas une vente. Nous avons animé douze dégustations dans quatre épiceries indépendantes, formé le personnel à expliquer ce qu’est une récolte précoce et placé, à côté de chaque facing, une affichette racontant brièvement l’histoire du domaine. La première commande de réassort est arrivée à la onzième semaine, et la deuxième était deux fois plus importante.',
      },
      {
        type: 'paragraph',
        text: 'Si vous produisez une huile dont vous êtes fier et vous demandez si l’Amérique du Nord est prête à l’accueillir, la réponse est probablement oui. La vraie question est de savoir si vous êtes prêt pour l’année que cela demande, et si vous avez un partenaire qui portera ce que vous ne pouvez pas porter seul.',
      },
    ],
  },
  {
    id: 'bilingual-labels',
    title: 'Des étiquettes bilingues sans casse-tête',
    slug: 'bilingual-labels-without-the-headaches',
    excerpt:
      'Les six erreurs d’étiquetage que nous voyons le plus souvent sur les produits méditerranéens importés, et comment corriger chacune avant le départ du conteneur.',
    date: '2025-01-22',
    author: authorsFr.claire,
    category: 'compliance',
    featured: false,
    image: illustrations.label,
    readTime: 5,
    content: [
      {
        type: 'paragraph',
        text: 'Un produit qui arrive avec une étiquette non conforme ne peut pas être vendu tant qu’il n’a pas été réétiqueté, et réétiqueter dans un entrepôt canadien coûte bien plus cher qu’imprimer la bonne étiquette en Grèce. Voici les erreurs que nous relevons le plus souvent en examinant les emballages existants d’un producteur.',
      },
      { type: 'heading', text: '1. Un nom usuel dans une seule langue' },
      {
        type: 'paragraph',
        text: 'Le nom usuel de l’aliment, par exemple « huile d’olive extra vierge », doit figurer en français et en anglais sur l’espace principal de l’étiquette. Un nom grec peut rester, mais il ne remplace pas les deux langues officielles.',
      },
      { type: 'heading', text: '2. Un tableau nutritionnel copié de l’Europe' },
      {
        type: 'paragraph',
        text: 'La déclaration nutritionnelle européenne est présentée pour 100 g. Le tableau de la valeur nutritive canadien repose sur une portion, un ordre précis des éléments nutritifs, des pourcentages de la valeur quotidienne et une présentation réglementée. Il faut le refaire, pas le traduire.',
      },
      { type: 'heading', text: '3. Aucun importateur canadien sur l’étiquette' },
      {
        type: 'paragraph',
        text: 'Lorsqu’un aliment est fabriqué hors du Canada, l’étiquette doit indiquer le nom et l’adresse de l’importateur ou du distributeur canadien, précédés de la mention « importé par », ou bien indiquer clairement le pays d’origine avec les coordonnées du producteur étranger.',
      },
      { type: 'heading', text: '4. Des allégations qui veulent dire autre chose ici' },
      {
        type: 'paragraph',
        text: 'Des mots comme « naturel », « traditionnel » ou « léger » ont un sens précis selon les règles canadiennes. Une huile d’olive « légère », par exemple, ne peut décrire une couleur ou une saveur que si l’étiquette le précise. Dans le doute, nous retirons l’allégation et laissons l’histoire du produit faire le travail.',
      },
      { type: 'heading', text: '5. Des allergènes cachés dans les ingrédients' },
      {
        type: 'paragraph',
        text: 'Les allergènes prioritaires comme le lait, le sésame ou les sulfites doivent être déclarés dans la liste des ingrédients ou dans une mention « contient ». Bien des tapenades, tartinades et vins sont concernés.',
      },
      { type: 'heading', text: '6. Oublier les États-Unis' },
      {
        type: 'paragraph',
        text: 'Une étiquette conforme au Canada ne l’est pas automatiquement aux États-Unis : la présentation des données nutritionnelles, les portions et certaines unités diffèrent. Si les deux marchés font partie de vos projets, nous concevons deux étiquettes à partir du même visuel, en même temps.',
      },
      {
        type: 'list',
        items: [
          'Envoyez-nous votre étiquette actuelle et la fiche technique du produit',
          'Nous vous retournons une épreuve annotée en cinq jours ouvrables',
          'Votre imprimeur reçoit les fichiers finaux pour les deux langues et les deux pays',
        ],
      },
    ],
  },
];
