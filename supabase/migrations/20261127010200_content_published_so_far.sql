-- The news items and blog posts the site has published so far, moved from
-- the TypeScript modules into the database
-- (docs/decisions/161-existing-content-moves-by-migration.md).
--
-- A data migration, not the seed: this is the company's published content,
-- and production must have it. Each item keeps its slug in both languages
-- (a French post keeps its English original's slug, as before; a news item's
-- slug is its former id), its dates, category, author and site image; its id
-- is md5('<kind>:<former id>') as a uuid, so it is the same in every
-- database. Bodies are Markdown, converted from the former structured
-- blocks (paragraphs, "##" headings, "-" lists, "> " quotes with a
-- "> — " citation line). publish_at is 14:00 UTC on the displayed date.
-- `on conflict do nothing`: a database that already has them keeps its rows.

insert into public.content_items (id, kind, status, publish_at, featured, category, image_path, image_width, image_height, author_name)
values
  ('6df0ca49-146e-4821-8a05-539e77ff506e', 'blog', 'published', '2025-03-04T14:00:00Z', true, 'sourcing', '/images/illustrations/olive-oil.svg', 480, 320, 'Eleni Markou'),
  ('7f330b53-0069-e8e6-8b80-0ee8b9079905', 'blog', 'published', '2025-01-22T14:00:00Z', false, 'compliance', '/images/illustrations/label.svg', 480, 320, 'Claire Tremblay'),
  ('220253e8-2ad7-9054-1c4c-7314bc904dc1', 'blog', 'published', '2024-12-10T14:00:00Z', false, 'market-trends', '/images/illustrations/market.svg', 480, 320, 'Nikos Papadakis'),
  ('51624ee2-a9bc-988f-58a6-596e87679baa', 'blog', 'published', '2024-10-29T14:00:00Z', false, 'brand-building', '/images/illustrations/herbs.svg', 480, 320, 'Sofia Andreou'),
  ('9fe3dfed-3e9f-a741-4a91-ac9001aabb12', 'blog', 'published', '2024-09-17T14:00:00Z', false, 'logistics', '/images/illustrations/cheese.svg', 480, 320, 'Nikos Papadakis'),
  ('7d002898-f395-5c12-8390-2e529da46e2b', 'blog', 'published', '2024-08-06T14:00:00Z', false, 'food-culture', '/images/illustrations/herbs.svg', 480, 320, 'Eleni Markou'),
  ('488ecacd-d6c6-6a12-9757-1838bd0758e8', 'news', 'published', '2025-03-18T14:00:00Z', false, 'product-launch', '/images/illustrations/olive-oil.svg', 480, 320, null),
  ('bf66bf8e-51f7-9337-0cc5-4c9f37a8dae5', 'news', 'published', '2025-02-05T14:00:00Z', false, 'partnership', '/images/illustrations/honey.svg', 480, 320, null),
  ('8ceb68c4-ab94-4976-ee15-3123b7230bb1', 'news', 'published', '2024-11-20T14:00:00Z', false, 'expansion', '/images/illustrations/market.svg', 480, 320, null),
  ('050f184a-4182-501e-0510-b713daf26b25', 'news', 'published', '2024-10-02T14:00:00Z', false, 'trade', '/images/illustrations/cheese.svg', 480, 320, null),
  ('3749eb75-a067-f3c6-82ac-6313539ec6ad', 'news', 'published', '2024-08-14T14:00:00Z', false, 'sustainability', '/images/illustrations/harbour.svg', 480, 320, null)
on conflict (id) do nothing;

insert into public.content_translations (item_id, kind, lang, title, slug, excerpt, body_md, image_alt, date, author_role, author_bio, tag)
values
  ('6df0ca49-146e-4821-8a05-539e77ff506e', 'blog', 'en', 'Bringing a Greek olive oil to Canada: what the first year really looks like', 'bringing-greek-olive-oil-to-canada', 'From the first sample bottle to the first reorder, a month-by-month account of how a small Cretan estate oil found its place on Canadian shelves.',
   'Every year we are asked the same question by producers: how long does it take to get a bottle from our mill onto a shelf in Toronto? The honest answer is about a year, and most of that year is spent on work nobody sees. Here is what it looked like for one small estate on the Sitia plateau in eastern Crete.

## Months one to three: choosing the oil, not the label

We tasted eleven oils from the estate’s last two harvests before choosing one. The winner was an early-harvest Koroneiki with a polyphenol content above 500 mg/kg and a clean, green finish. A producer’s best oil is not always the one it is proudest of; it is the one that will still taste right after six weeks at sea and three months on a shelf.

We then asked for a full laboratory analysis from an accredited laboratory: acidity, peroxide value, UV absorbance and fatty acid profile. Canadian buyers increasingly ask for these documents, and having them in hand before the first meeting saves weeks.

## Months four to six: paperwork before packaging

Before designing anything, we confirmed what the label had to say. In Canada that means a bilingual common name, net quantity in metric units, a list of ingredients, the name and address of the Canadian importer, the country of origin and a nutrition facts table. The estate’s Greek label used a lovely hand-drawn map that we kept, but almost everything else had to change.

- A Safe Food for Canadians licence for the importer of record
- A preventive control plan covering storage and handling in Canada
- A bilingual label reviewed against the Food and Drug Regulations
- A harmonised tariff code and a certificate of origin for CETA preferences

## Months seven to nine: the first pallet

The first order was small on purpose: one pallet, 720 bottles, shipped in a shared container from Piraeus to Montréal. A small first order keeps the producer’s risk low and gives us real numbers on breakage, transit time and landed cost before we promise anything to a buyer.

> We expected the hard part to be the shipping. It was the label. Once that was right, everything else moved.
>
> — The estate’s owner, after the first shipment

## Months ten to twelve: earning the reorder

A listing is not a sale. We ran twelve in-store tastings across four independent grocers, trained staff to explain what early harvest means, and placed a shelf card with a short story about the estate next to every facing. The first reorder arrived in week eleven, and the second one was twice as large.

If you make an oil you are proud of and wonder whether North America is ready for it, the answer is probably yes. The question is whether you are ready for the year it takes, and whether you have a partner who will carry the parts you cannot.',
   '', '2025-03-04', 'Founder and managing director', 'Eleni founded the company in 2016 after years in food import and category management. She still visits every partner farm before its first shipment.', null),
  ('6df0ca49-146e-4821-8a05-539e77ff506e', 'blog', 'fr', 'Faire connaître une huile d’olive grecque au Canada : à quoi ressemble vraiment la première année', 'bringing-greek-olive-oil-to-canada', 'Du premier échantillon à la première commande de réassort, le récit, mois par mois, de l’arrivée d’une petite huile de domaine crétoise sur les étalages canadiens.',
   'Chaque année, les producteurs nous posent la même question : combien de temps faut-il pour qu’une bouteille passe de notre moulin à un étalage de Toronto? La réponse honnête est environ un an, et la majeure partie de cette année est consacrée à un travail que personne ne voit. Voici comment cela s’est passé pour un petit domaine du plateau de Sitia, dans l’est de la Crète.

## Mois un à trois : choisir l’huile, pas l’étiquette

Nous avons goûté onze huiles des deux dernières récoltes du domaine avant d’en retenir une : une Koroneiki de récolte précoce, dont la teneur en polyphénols dépasse 500 mg/kg, avec une finale verte et nette. La meilleure huile d’un producteur n’est pas toujours celle dont il est le plus fier; c’est celle qui aura encore bon goût après six semaines en mer et trois mois sur un étalage.

Nous avons ensuite demandé une analyse complète à un laboratoire accrédité : acidité, indice de peroxyde, absorbance UV et profil des acides gras. Les acheteurs canadiens demandent de plus en plus ces documents, et les avoir en main avant la première rencontre fait gagner des semaines.

## Mois quatre à six : les documents avant l’emballage

Avant de dessiner quoi que ce soit, nous avons confirmé ce que l’étiquette devait indiquer. Au Canada, cela signifie un nom usuel bilingue, la quantité nette en unités métriques, la liste des ingrédients, le nom et l’adresse de l’importateur canadien, le pays d’origine et un tableau de la valeur nutritive. Nous avons conservé la jolie carte dessinée à la main de l’étiquette grecque, mais presque tout le reste a dû changer.

- Une licence pour la salubrité des aliments au Canada au nom de l’importateur officiel
- Un plan de contrôle préventif couvrant l’entreposage et la manutention au Canada
- Une étiquette bilingue vérifiée selon le Règlement sur les aliments et drogues
- Un code tarifaire harmonisé et un certificat d’origine pour profiter des préférences de l’AECG

## Mois sept à neuf : la première palette

La première commande était volontairement modeste : une palette de 720 bouteilles, expédiée dans un conteneur partagé du Pirée à Montréal. Une petite première commande limite le risque du producteur et nous donne de vrais chiffres sur la casse, le délai de transit et le coût rendu avant de promettre quoi que ce soit à un acheteur.

> Nous pensions que le plus difficile serait le transport. C’était l’étiquette. Une fois qu’elle a été réglée, tout le reste a suivi.
>
> — Le propriétaire du domaine, après le premier envoi

## Mois dix à douze : mériter le réassort

Une inscription au catalogue n’est pas une vente. Nous avons animé douze dégustations dans quatre épiceries indépendantes, formé le personnel à expliquer ce qu’est une récolte précoce et placé, à côté de chaque facing, une affichette racontant brièvement l’histoire du domaine. La première commande de réassort est arrivée à la onzième semaine, et la deuxième était deux fois plus importante.

Si vous produisez une huile dont vous êtes fier et vous demandez si l’Amérique du Nord est prête à l’accueillir, la réponse est probablement oui. La vraie question est de savoir si vous êtes prêt pour l’année que cela demande, et si vous avez un partenaire qui portera ce que vous ne pouvez pas porter seul.',
   '', '2025-03-04', 'Fondatrice et directrice générale', 'Eleni a fondé l’entreprise en 2016 après plusieurs années en importation alimentaire et en gestion de catégories. Elle visite encore chaque ferme partenaire avant son premier envoi.', null),
  ('7f330b53-0069-e8e6-8b80-0ee8b9079905', 'blog', 'en', 'Bilingual labels without the headaches', 'bilingual-labels-without-the-headaches', 'The six label mistakes we see most often on imported Mediterranean products, and how to fix each one before your container leaves port.',
   'A product that arrives with a non-compliant label cannot be sold until it is relabelled, and relabelling in a Canadian warehouse costs far more than printing the right label in Greece. These are the mistakes we catch most often when we review a producer’s existing packaging.

## 1. A common name in one language only

The common name of the food, such as “extra virgin olive oil / huile d’olive extra vierge”, must appear in both English and French on the principal display panel. A Greek name can stay, but it does not replace the two official languages.

## 2. A nutrition table copied from Europe

The European nutrition declaration is laid out per 100 g. The Canadian nutrition facts table uses a serving size, a specific order of nutrients, percentage daily values and a prescribed format. It has to be rebuilt, not translated.

## 3. No Canadian dealer on the label

When a food is made outside Canada, the label must show the name and address of the Canadian importer or dealer, preceded by “imported by / importé par”, or the food must clearly state its country of origin alongside the foreign producer’s details.

## 4. Claims that mean something else here

Words such as “natural”, “traditional” or “light” have specific meanings under Canadian rules. “Light” olive oil, for example, may not be used to describe a colour or flavour unless the label says so. When in doubt we remove the claim and let the story do the work.

## 5. Allergens hidden in the ingredients

Priority allergens such as milk, sesame or sulphites must be declared either in the ingredient list or in a “contains / contient” statement. This catches many tapenades, spreads and wines.

## 6. Forgetting the United States

A label that works in Canada will not automatically work in the United States: the nutrition facts format, the serving sizes and some units differ. If both markets are in your plans, we design two labels from the same artwork at the same time.

- Send us your current label and product specification sheet
- We return a marked-up proof within five business days
- Your printer receives final files for both languages and both countries',
   '', '2025-01-22', 'Regulatory and compliance lead', 'Claire makes sure every label, licence and permit satisfies Canadian and American rules.', null),
  ('7f330b53-0069-e8e6-8b80-0ee8b9079905', 'blog', 'fr', 'Des étiquettes bilingues sans casse-tête', 'bilingual-labels-without-the-headaches', 'Les six erreurs d’étiquetage que nous voyons le plus souvent sur les produits méditerranéens importés, et comment corriger chacune avant le départ du conteneur.',
   'Un produit qui arrive avec une étiquette non conforme ne peut pas être vendu tant qu’il n’a pas été réétiqueté, et réétiqueter dans un entrepôt canadien coûte bien plus cher qu’imprimer la bonne étiquette en Grèce. Voici les erreurs que nous relevons le plus souvent en examinant les emballages existants d’un producteur.

## 1. Un nom usuel dans une seule langue

Le nom usuel de l’aliment, par exemple « huile d’olive extra vierge », doit figurer en français et en anglais sur l’espace principal de l’étiquette. Un nom grec peut rester, mais il ne remplace pas les deux langues officielles.

## 2. Un tableau nutritionnel copié de l’Europe

La déclaration nutritionnelle européenne est présentée pour 100 g. Le tableau de la valeur nutritive canadien repose sur une portion, un ordre précis des éléments nutritifs, des pourcentages de la valeur quotidienne et une présentation réglementée. Il faut le refaire, pas le traduire.

## 3. Aucun importateur canadien sur l’étiquette

Lorsqu’un aliment est fabriqué hors du Canada, l’étiquette doit indiquer le nom et l’adresse de l’importateur ou du distributeur canadien, précédés de la mention « importé par », ou bien indiquer clairement le pays d’origine avec les coordonnées du producteur étranger.

## 4. Des allégations qui veulent dire autre chose ici

Des mots comme « naturel », « traditionnel » ou « léger » ont un sens précis selon les règles canadiennes. Une huile d’olive « légère », par exemple, ne peut décrire une couleur ou une saveur que si l’étiquette le précise. Dans le doute, nous retirons l’allégation et laissons l’histoire du produit faire le travail.

## 5. Des allergènes cachés dans les ingrédients

Les allergènes prioritaires comme le lait, le sésame ou les sulfites doivent être déclarés dans la liste des ingrédients ou dans une mention « contient ». Bien des tapenades, tartinades et vins sont concernés.

## 6. Oublier les États-Unis

Une étiquette conforme au Canada ne l’est pas automatiquement aux États-Unis : la présentation des données nutritionnelles, les portions et certaines unités diffèrent. Si les deux marchés font partie de vos projets, nous concevons deux étiquettes à partir du même visuel, en même temps.

- Envoyez-nous votre étiquette actuelle et la fiche technique du produit
- Nous vous retournons une épreuve annotée en cinq jours ouvrables
- Votre imprimeur reçoit les fichiers finaux pour les deux langues et les deux pays',
   '', '2025-01-22', 'Responsable de la réglementation et de la conformité', 'Claire veille à ce que chaque étiquette, licence et permis respecte les règles canadiennes et américaines.', null),
  ('220253e8-2ad7-9054-1c4c-7314bc904dc1', 'blog', 'en', 'Why retailers are making room for Mediterranean foods', 'why-retailers-are-making-room-for-mediterranean', 'Shoppers want provenance, flavour and simple ingredients. Here is what that means for category managers deciding what to list next season.',
   'Walk through any independent grocer in Ottawa or Halifax and you will see it: the olive oil shelf has doubled, feta has its own cooler section and there is a basket of Greek mountain tea next to the till. Mediterranean food has moved from the ethnic aisle to the centre of the store.

## What shoppers are asking for

- A place and a person behind the product, not just a brand
- Short ingredient lists they can read without a dictionary
- Products that fit everyday cooking, not only special occasions
- Fair value: premium quality at a price they can justify every week

## What it means for your shelf

Category managers tell us the same thing: a small number of well-told, well-priced products outsells a wall of similar bottles. Three olive oils with a clear good, better and best story will do more than twelve that all claim to be the finest.

Provenance also helps with price. Shoppers accept a higher shelf price when they understand why: an early harvest, a single estate, a cooperative of named families. The story must be true, specific and short enough to read in the aisle.

## Where we see growth next

Beyond olive oil and feta, we see the strongest demand in three areas: single-origin honeys, ready-to-serve meze such as tapenades and spreads, and herbal teas. Each one is easy to sample, easy to gift and easy to reorder.

## How to start small

A retailer does not need a new aisle to test the category. We usually suggest a single end cap for eight weeks: one olive oil, one honey, one jar of olives and one herbal tea, each with a short shelf card, and two weekend tastings. Sell-through from that test tells both of us which products deserve a permanent facing and at what price.

We supply the test stock on consignment terms for independent grocers, so the only real cost is the shelf space. When the eight weeks are up, we review the numbers together and decide what stays.',
   '', '2024-12-10', 'Head of sourcing and logistics', 'Nikos chooses our producers and plans every shipment from the Mediterranean to North America.', null),
  ('51624ee2-a9bc-988f-58a6-596e87679baa', 'blog', 'en', 'Telling a family producer’s story on a crowded shelf', 'telling-a-family-producers-story-on-a-shelf', 'A beautiful story is worthless if nobody reads it. How we turn a producer’s history into five seconds of shelf attention and a reason to buy.',
   'Most of our producers have wonderful stories: a grandmother’s recipe, a village that has made the same cheese for three centuries, a beekeeper who follows the thyme bloom up the mountain. The difficulty is that a shopper gives a shelf about five seconds.

## Start with one fact

We look for the single most surprising true fact about a producer and put it on the front of the pack. “Harvested in October, pressed the same day” says more about an oil than a paragraph about tradition.

## Let the back of the pack do the rest

The back label, the shelf card and the website carry the longer story. Shoppers who are already curious will turn the jar over; our job on the front is to make them curious.

Buyers read differently from shoppers. For a category manager we prepare a one-page sheet with the same fact at the top, followed by what matters to them: price points, case sizes, shelf life, and how the product fills a gap in their current range.

> People do not buy a story. They buy a product whose story they can repeat at dinner.

## Keep it honest

We never invent heritage or exaggerate craft. Buyers and shoppers can tell, and a producer’s reputation is worth more than any single listing. Every claim we print is one we can show a buyer on a farm visit.

## Make it work in two languages

In Canada the front of the pack speaks English and French, which halves the space for everything else. We write the key fact in both languages first, then design around it, rather than squeezing a translation into whatever room is left. Short, concrete words travel best: a date, a place, a number of hives.

- One surprising, provable fact on the front
- The producer’s name and village, not just the brand
- A short story on the back and the shelf card, with a photo where space allows
- Nothing we could not show a buyer on a visit',
   '', '2024-10-29', 'Brand and marketing director', 'Sofia helps producers tell their story on the shelf and in the buyer’s meeting.', null),
  ('9fe3dfed-3e9f-a741-4a91-ac9001aabb12', 'blog', 'en', 'Keeping feta cold from Thessaloniki to Toronto', 'keeping-feta-cold-from-thessaloniki-to-toronto', 'A block of PDO feta spends about five weeks in transit. Here is how we keep it between 2 and 4 °C, and what happens when something goes wrong.',
   'Feta in brine is forgiving in the kitchen and unforgiving in transit. Above 8 °C its texture changes; below freezing the brine can damage the tins. Our cold chain is designed around a simple target: between 2 and 4 °C, every hour of every day, from the dairy to the customer’s dock.

## The journey, leg by leg

- Refrigerated truck from the dairy near Thessaloniki to the port: one day
- Reefer container from Thessaloniki to Montréal, usually via a Mediterranean hub: about 24 days
- Customs clearance and inspection in Montréal: two to four days
- Refrigerated truck to our partner warehouse in Ontario: one day
- Final delivery to stores and kitchens: one to five days

## Data at every step

Every pallet travels with a temperature logger that records a reading every five minutes. The container itself reports its set point and supply air temperature by satellite, so we see a problem at sea the same day it happens, not when the doors open.

## When something goes wrong

Twice in the last three years a container has had a refrigeration fault. Both times the alarm reached us within hours, the carrier switched the unit to its backup at the next port and the loggers proved the cheese never left its safe range. Without the data we would have had to discard the whole load.

Good logistics is mostly invisible. When a chef opens a tin of feta in Toronto and it tastes the way it did in Macedonia, that is the whole point.

## What we ask of our partners

Every carrier and warehouse we work with shares its temperature records with us electronically, keeps a documented plan for power failures and agrees to call us before, not after, a delay. These are simple rules, but they are the difference between a delayed shipment and a lost one.',
   '', '2024-09-17', 'Head of sourcing and logistics', 'Nikos chooses our producers and plans every shipment from the Mediterranean to North America.', null),
  ('7d002898-f395-5c12-8390-2e529da46e2b', 'blog', 'en', 'A short guide to Greek mountain tea', 'a-short-guide-to-greek-mountain-tea', 'Sideritis, or mountain tea, grows above 1,000 metres and has been brewed in Greek villages for centuries. How to choose it, brew it and sell it.',
   'In almost every Greek village there is a jar of dried stems on the kitchen shelf. Mountain tea, from plants of the Sideritis genus, is what families drink on a cold evening or when someone feels unwell. It is caffeine-free, gently floral and slightly citrusy.

## Where it comes from

The plant grows wild on rocky slopes above 1,000 metres, on Mount Olympus, Parnassus, Taygetos and the mountains of Crete. Most of what we import is now cultivated by small growers at altitude, which protects wild populations and gives a more consistent harvest.

## How to brew it

- Break two or three stems into a small pot of cold water
- Bring to a simmer and let it steep for five to seven minutes
- Strain and serve with a spoonful of thyme honey and a slice of lemon

## Why retailers like it

Mountain tea looks striking in a clear bag, has an easy story to tell and sits naturally next to honey and herbal teas. It is also one of the few Mediterranean products that sells as well in January as it does in July.

## Choosing a good one

Good mountain tea is mostly whole stems with their flower heads intact, pale green to silvery grey, with a clean herbal smell when you rub a leaf between your fingers. Avoid bags of broken dust and stems that have turned brown: they were dried too fast or stored too long. We buy each harvest in late summer and pack it in Greece, so it reaches Canada within months of being picked.

Because it is sold as a herbal tea, mountain tea needs the same bilingual labelling as any other food, and we make no health claims for it. Its appeal is simpler: it tastes of a Greek hillside, and it makes a very good cup on a cold Canadian evening.',
   '', '2024-08-06', 'Founder and managing director', 'Eleni founded the company in 2016 after years in food import and category management. She still visits every partner farm before its first shipment.', null),
  ('488ecacd-d6c6-6a12-9757-1838bd0758e8', 'news', 'en', 'Early-harvest Cretan olive oil arrives for the 2025 season', 'early-harvest-2025', 'Our first container of the season landed in Montréal this week: 1,800 litres of green, peppery early-harvest oil from the Sitia plateau, pressed within four hours of picking.', '', '', '2025-03-18', null, null, 'New arrival'),
  ('488ecacd-d6c6-6a12-9757-1838bd0758e8', 'news', 'fr', 'L’huile d’olive crétoise de récolte précoce arrive pour la saison 2025', 'early-harvest-2025', 'Notre premier conteneur de la saison est arrivé à Montréal cette semaine : 1 800 litres d’huile verte et poivrée du plateau de Sitia, pressée moins de quatre heures après la cueillette.', '', '', '2025-03-18', null, null, 'Nouvel arrivage'),
  ('bf66bf8e-51f7-9337-0cc5-4c9f37a8dae5', 'news', 'en', 'A new partnership with a women’s cooperative in eastern Crete', 'kritsa-cooperative', 'Thirty-four members of the Kritsa cooperative now supply us with thyme honey, mountain tea and hand-rolled pasta, on a five-year agreement with guaranteed minimum volumes.', '', '', '2025-02-05', null, null, 'Partnership'),
  ('bf66bf8e-51f7-9337-0cc5-4c9f37a8dae5', 'news', 'fr', 'Un nouveau partenariat avec une coopérative de femmes de l’est de la Crète', 'kritsa-cooperative', 'Trente-quatre membres de la coopérative de Kritsa nous fournissent désormais du miel de thym, du thé des montagnes et des pâtes roulées à la main, grâce à une entente de cinq ans avec des volumes minimaux garantis.', '', '', '2025-02-05', null, null, 'Partenariat'),
  ('8ceb68c4-ab94-4976-ee15-3123b7230bb1', 'news', 'en', 'Our products are now on shelves in Quebec and the Maritimes', 'quebec-maritimes', 'Forty-two independent grocers and two regional chains in Quebec, New Brunswick and Nova Scotia now stock our olive oils, honeys and olives, with fully bilingual labels.', '', '', '2024-11-20', null, null, 'Expansion'),
  ('8ceb68c4-ab94-4976-ee15-3123b7230bb1', 'news', 'fr', 'Nos produits sont maintenant offerts au Québec et dans les Maritimes', 'quebec-maritimes', 'Quarante-deux épiciers indépendants et deux chaînes régionales du Québec, du Nouveau-Brunswick et de la Nouvelle-Écosse offrent maintenant nos huiles d’olive, nos miels et nos olives, avec des étiquettes entièrement bilingues.', '', '', '2024-11-20', null, null, 'Croissance'),
  ('050f184a-4182-501e-0510-b713daf26b25', 'news', 'en', 'What the 2025 cheese quota allocation means for Greek feta', 'ceta-cheese-quota', 'Canada’s tariff-rate quota for European cheeses was reallocated for 2025. We explain what changes for importers of PDO feta and how we secured volume for our retail partners.', '', '', '2024-10-02', null, null, 'Trade policy'),
  ('3749eb75-a067-f3c6-82ac-6313539ec6ad', 'news', 'en', 'Lighter bottles, lower freight emissions', 'lighter-bottles', 'By moving our 500 ml olive oil to a lighter glass bottle and filling containers more densely, we cut the freight emissions of each litre we ship by about 18 per cent.', '', '', '2024-08-14', null, null, 'Sustainability'),
  ('3749eb75-a067-f3c6-82ac-6313539ec6ad', 'news', 'fr', 'Des bouteilles plus légères, moins d’émissions liées au transport', 'lighter-bottles', 'En passant à une bouteille de verre plus légère pour notre huile d’olive de 500 ml et en remplissant mieux nos conteneurs, nous avons réduit d’environ 18 % les émissions de transport de chaque litre expédié.', '', '', '2024-08-14', null, null, 'Durabilité')
on conflict (item_id, lang) do nothing;

-- Their first version, restorable like any later one, and a record of where
-- they came from.
insert into public.content_versions (item_id, snapshot)
select i.id, private.content_snapshot(i.id)
from public.content_items i
where not exists (select 1 from public.content_versions v where v.item_id = i.id);

insert into public.content_audit (item_id, kind, action, changes, actor_email)
select i.id, i.kind, 'create', '{"source": "moved from the site''s code"}'::jsonb, 'migration'
from public.content_items i
where not exists (select 1 from public.content_audit a where a.item_id = i.id);
