import { illustrations } from '../images';
import { authorsEn } from '../team/en';
import type { BlogPost } from '../types';

/** Newest first; the first featured post is the one the blog page highlights. */
export const postsEn: BlogPost[] = [
  {
    id: 'olive-oil-to-canada',
    title: 'Bringing a Greek olive oil to Canada: what the first year really looks like',
    slug: 'bringing-greek-olive-oil-to-canada',
    excerpt:
      'From the first sample bottle to the first reorder, a month-by-month account of how a small Cretan estate oil found its place on Canadian shelves.',
    date: '2025-03-04',
    author: authorsEn.eleni,
    category: 'sourcing',
    featured: true,
    image: illustrations.oliveOil,
    readTime: 6,
    content: [
      {
        type: 'paragraph',
        text: 'Every year we are asked the same question by producers: how long does it take to get a bottle from our mill onto a shelf in Toronto? The honest answer is about a year, and most of that year is spent on work nobody sees. Here is what it looked like for one small estate on the Sitia plateau in eastern Crete.',
      },
      { type: 'heading', text: 'Months one to three: choosing the oil, not the label' },
      {
        type: 'paragraph',
        text: 'We tasted eleven oils from the estate’s last two harvests before choosing one. The winner was an early-harvest Koroneiki with a polyphenol content above 500 mg/kg and a clean, green finish. A producer’s best oil is not always the one it is proudest of; it is the one that will still taste right after six weeks at sea and three months on a shelf.',
      },
      {
        type: 'paragraph',
        text: 'We then asked for a full laboratory analysis from an accredited laboratory: acidity, peroxide value, UV absorbance and fatty acid profile. Canadian buyers increasingly ask for these documents, and having them in hand before the first meeting saves weeks.',
      },
      { type: 'heading', text: 'Months four to six: paperwork before packaging' },
      {
        type: 'paragraph',
        text: 'Before designing anything, we confirmed what the label had to say. In Canada that means a bilingual common name, net quantity in metric units, a list of ingredients, the name and address of the Canadian importer, the country of origin and a nutrition facts table. The estate’s Greek label used a lovely hand-drawn map that we kept, but almost everything else had to change.',
      },
      {
        type: 'list',
        items: [
          'A Safe Food for Canadians licence for the importer of record',
          'A preventive control plan covering storage and handling in Canada',
          'A bilingual label reviewed against the Food and Drug Regulations',
          'A harmonised tariff code and a certificate of origin for CETA preferences',
        ],
      },
      { type: 'heading', text: 'Months seven to nine: the first pallet' },
      {
        type: 'paragraph',
        text: 'The first order was small on purpose: one pallet, 720 bottles, shipped in a shared container from Piraeus to Montréal. A small first order keeps the producer’s risk low and gives us real numbers on breakage, transit time and landed cost before we promise anything to a buyer.',
      },
      {
        type: 'quote',
        text: 'We expected the hard part to be the shipping. It was the label. Once that was right, everything else moved.',
        cite: 'The estate’s owner, after the first shipment',
      },
      { type: 'heading', text: 'Months ten to twelve: earning the reorder' },
      {
        type: 'paragraph',
        text: 'A listing is not a sale. We ran twelve in-store tastings across four independent grocers, trained staff to explain what early harvest means, and placed a shelf card with a short story about the estate next to every facing. The first reorder arrived in week eleven, and the second one was twice as large.',
      },
      {
        type: 'paragraph',
        text: 'If you make an oil you are proud of and wonder whether North America is ready for it, the answer is probably yes. The question is whether you are ready for the year it takes, and whether you have a partner who will carry the parts you cannot.',
      },
    ],
  },
  {
    id: 'bilingual-labels',
    title: 'Bilingual labels without the headaches',
    slug: 'bilingual-labels-without-the-headaches',
    excerpt:
      'The six label mistakes we see most often on imported Mediterranean products, and how to fix each one before your container leaves port.',
    date: '2025-01-22',
    author: authorsEn.claire,
    category: 'compliance',
    featured: false,
    image: illustrations.label,
    readTime: 5,
    content: [
      {
        type: 'paragraph',
        text: 'A product that arrives with a non-compliant label cannot be sold until it is relabelled, and relabelling in a Canadian warehouse costs far more than printing the right label in Greece. These are the mistakes we catch most often when we review a producer’s existing packaging.',
      },
      { type: 'heading', text: '1. A common name in one language only' },
      {
        type: 'paragraph',
        text: 'The common name of the food, such as “extra virgin olive oil / huile d’olive extra vierge”, must appear in both English and French on the principal display panel. A Greek name can stay, but it does not replace the two official languages.',
      },
      { type: 'heading', text: '2. A nutrition table copied from Europe' },
      {
        type: 'paragraph',
        text: 'The European nutrition declaration is laid out per 100 g. The Canadian nutrition facts table uses a serving size, a specific order of nutrients, percentage daily values and a prescribed format. It has to be rebuilt, not translated.',
      },
      { type: 'heading', text: '3. No Canadian dealer on the label' },
      {
        type: 'paragraph',
        text: 'When a food is made outside Canada, the label must show the name and address of the Canadian importer or dealer, preceded by “imported by / importé par”, or the food must clearly state its country of origin alongside the foreign producer’s details.',
      },
      { type: 'heading', text: '4. Claims that mean something else here' },
      {
        type: 'paragraph',
        text: 'Words such as “natural”, “traditional” or “light” have specific meanings under Canadian rules. “Light” olive oil, for example, may not be used to describe a colour or flavour unless the label says so. When in doubt we remove the claim and let the story do the work.',
      },
      { type: 'heading', text: '5. Allergens hidden in the ingredients' },
      {
        type: 'paragraph',
        text: 'Priority allergens such as milk, sesame or sulphites must be declared either in the ingredient list or in a “contains / contient” statement. This catches many tapenades, spreads and wines.',
      },
      { type: 'heading', text: '6. Forgetting the United States' },
      {
        type: 'paragraph',
        text: 'A label that works in Canada will not automatically work in the United States: the nutrition facts format, the serving sizes and some units differ. If both markets are in your plans, we design two labels from the same artwork at the same time.',
      },
      {
        type: 'list',
        items: [
          'Send us your current label and product specification sheet',
          'We return a marked-up proof within five business days',
          'Your printer receives final files for both languages and both countries',
        ],
      },
    ],
  },
  {
    id: 'retail-mediterranean',
    title: 'Why retailers are making room for Mediterranean foods',
    slug: 'why-retailers-are-making-room-for-mediterranean',
    excerpt:
      'Shoppers want provenance, flavour and simple ingredients. Here is what that means for category managers deciding what to list next season.',
    date: '2024-12-10',
    author: authorsEn.nikos,
    category: 'market-trends',
    featured: false,
    image: illustrations.market,
    readTime: 4,
    content: [
      {
        type: 'paragraph',
        text: 'Walk through any independent grocer in Ottawa or Halifax and you will see it: the olive oil shelf has doubled, feta has its own cooler section and there is a basket of Greek mountain tea next to the till. Mediterranean food has moved from the ethnic aisle to the centre of the store.',
      },
      { type: 'heading', text: 'What shoppers are asking for' },
      {
        type: 'list',
        items: [
          'A place and a person behind the product, not just a brand',
          'Short ingredient lists they can read without a dictionary',
          'Products that fit everyday cooking, not only special occasions',
          'Fair value: premium quality at a price they can justify every week',
        ],
      },
      { type: 'heading', text: 'What it means for your shelf' },
      {
        type: 'paragraph',
        text: 'Category managers tell us the same thing: a small number of well-told, well-priced products outsells a wall of similar bottles. Three olive oils with a clear good, better and best story will do more than twelve that all claim to be the finest.',
      },
      {
        type: 'paragraph',
        text: 'Provenance also helps with price. Shoppers accept a higher shelf price when they understand why: an early harvest, a single estate, a cooperative of named families. The story must be true, specific and short enough to read in the aisle.',
      },
      { type: 'heading', text: 'Where we see growth next' },
      {
        type: 'paragraph',
        text: 'Beyond olive oil and feta, we see the strongest demand in three areas: single-origin honeys, ready-to-serve meze such as tapenades and spreads, and herbal teas. Each one is easy to sample, easy to gift and easy to reorder.',
      },
      { type: 'heading', text: 'How to start small' },
      {
        type: 'paragraph',
        text: 'A retailer does not need a new aisle to test the category. We usually suggest a single end cap for eight weeks: one olive oil, one honey, one jar of olives and one herbal tea, each with a short shelf card, and two weekend tastings. Sell-through from that test tells both of us which products deserve a permanent facing and at what price.',
      },
      {
        type: 'paragraph',
        text: 'We supply the test stock on consignment terms for independent grocers, so the only real cost is the shelf space. When the eight weeks are up, we review the numbers together and decide what stays.',
      },
    ],
  },
  {
    id: 'producer-story',
    title: 'Telling a family producer’s story on a crowded shelf',
    slug: 'telling-a-family-producers-story-on-a-shelf',
    excerpt:
      'A beautiful story is worthless if nobody reads it. How we turn a producer’s history into five seconds of shelf attention and a reason to buy.',
    date: '2024-10-29',
    author: authorsEn.sofia,
    category: 'brand-building',
    featured: false,
    image: illustrations.herbs,
    readTime: 4,
    content: [
      {
        type: 'paragraph',
        text: 'Most of our producers have wonderful stories: a grandmother’s recipe, a village that has made the same cheese for three centuries, a beekeeper who follows the thyme bloom up the mountain. The difficulty is that a shopper gives a shelf about five seconds.',
      },
      { type: 'heading', text: 'Start with one fact' },
      {
        type: 'paragraph',
        text: 'We look for the single most surprising true fact about a producer and put it on the front of the pack. “Harvested in October, pressed the same day” says more about an oil than a paragraph about tradition.',
      },
      { type: 'heading', text: 'Let the back of the pack do the rest' },
      {
        type: 'paragraph',
        text: 'The back label, the shelf card and the website carry the longer story. Shoppers who are already curious will turn the jar over; our job on the front is to make them curious.',
      },
      {
        type: 'paragraph',
        text: 'Buyers read differently from shoppers. For a category manager we prepare a one-page sheet with the same fact at the top, followed by what matters to them: price points, case sizes, shelf life, and how the product fills a gap in their current range.',
      },
      {
        type: 'quote',
        text: 'People do not buy a story. They buy a product whose story they can repeat at dinner.',
      },
      { type: 'heading', text: 'Keep it honest' },
      {
        type: 'paragraph',
        text: 'We never invent heritage or exaggerate craft. Buyers and shoppers can tell, and a producer’s reputation is worth more than any single listing. Every claim we print is one we can show a buyer on a farm visit.',
      },
      { type: 'heading', text: 'Make it work in two languages' },
      {
        type: 'paragraph',
        text: 'In Canada the front of the pack speaks English and French, which halves the space for everything else. We write the key fact in both languages first, then design around it, rather than squeezing a translation into whatever room is left. Short, concrete words travel best: a date, a place, a number of hives.',
      },
      {
        type: 'list',
        items: [
          'One surprising, provable fact on the front',
          'The producer’s name and village, not just the brand',
          'A short story on the back and the shelf card, with a photo where space allows',
          'Nothing we could not show a buyer on a visit',
        ],
      },
    ],
  },
  {
    id: 'feta-cold-chain',
    title: 'Keeping feta cold from Thessaloniki to Toronto',
    slug: 'keeping-feta-cold-from-thessaloniki-to-toronto',
    excerpt:
      'A block of PDO feta spends about five weeks in transit. Here is how we keep it between 2 and 4 °C, and what happens when something goes wrong.',
    date: '2024-09-17',
    author: authorsEn.nikos,
    category: 'logistics',
    featured: false,
    image: illustrations.cheese,
    readTime: 5,
    content: [
      {
        type: 'paragraph',
        text: 'Feta in brine is forgiving in the kitchen and unforgiving in transit. Above 8 °C its texture changes; below freezing the brine can damage the tins. Our cold chain is designed around a simple target: between 2 and 4 °C, every hour of every day, from the dairy to the customer’s dock.',
      },
      { type: 'heading', text: 'The journey, leg by leg' },
      {
        type: 'list',
        items: [
          'Refrigerated truck from the dairy near Thessaloniki to the port: one day',
          'Reefer container from Thessaloniki to Montréal, usually via a Mediterranean hub: about 24 days',
          'Customs clearance and inspection in Montréal: two to four days',
          'Refrigerated truck to our partner warehouse in Ontario: one day',
          'Final delivery to stores and kitchens: one to five days',
        ],
      },
      { type: 'heading', text: 'Data at every step' },
      {
        type: 'paragraph',
        text: 'Every pallet travels with a temperature logger that records a reading every five minutes. The container itself reports its set point and supply air temperature by satellite, so we see a problem at sea the same day it happens, not when the doors open.',
      },
      { type: 'heading', text: 'When something goes wrong' },
      {
        type: 'paragraph',
        text: 'Twice in the last three years a container has had a refrigeration fault. Both times the alarm reached us within hours, the carrier switched the unit to its backup at the next port and the loggers proved the cheese never left its safe range. Without the data we would have had to discard the whole load.',
      },
      {
        type: 'paragraph',
        text: 'Good logistics is mostly invisible. When a chef opens a tin of feta in Toronto and it tastes the way it did in Macedonia, that is the whole point.',
      },
      { type: 'heading', text: 'What we ask of our partners' },
      {
        type: 'paragraph',
        text: 'Every carrier and warehouse we work with shares its temperature records with us electronically, keeps a documented plan for power failures and agrees to call us before, not after, a delay. These are simple rules, but they are the difference between a delayed shipment and a lost one.',
      },
    ],
  },
  {
    id: 'mountain-tea',
    title: 'A short guide to Greek mountain tea',
    slug: 'a-short-guide-to-greek-mountain-tea',
    excerpt:
      'Sideritis, or mountain tea, grows above 1,000 metres and has been brewed in Greek villages for centuries. How to choose it, brew it and sell it.',
    date: '2024-08-06',
    author: authorsEn.eleni,
    category: 'food-culture',
    featured: false,
    image: illustrations.herbs,
    readTime: 3,
    content: [
      {
        type: 'paragraph',
        text: 'In almost every Greek village there is a jar of dried stems on the kitchen shelf. Mountain tea, from plants of the Sideritis genus, is what families drink on a cold evening or when someone feels unwell. It is caffeine-free, gently floral and slightly citrusy.',
      },
      { type: 'heading', text: 'Where it comes from' },
      {
        type: 'paragraph',
        text: 'The plant grows wild on rocky slopes above 1,000 metres, on Mount Olympus, Parnassus, Taygetos and the mountains of Crete. Most of what we import is now cultivated by small growers at altitude, which protects wild populations and gives a more consistent harvest.',
      },
      { type: 'heading', text: 'How to brew it' },
      {
        type: 'list',
        items: [
          'Break two or three stems into a small pot of cold water',
          'Bring to a simmer and let it steep for five to seven minutes',
          'Strain and serve with a spoonful of thyme honey and a slice of lemon',
        ],
      },
      { type: 'heading', text: 'Why retailers like it' },
      {
        type: 'paragraph',
        text: 'Mountain tea looks striking in a clear bag, has an easy story to tell and sits naturally next to honey and herbal teas. It is also one of the few Mediterranean products that sells as well in January as it does in July.',
      },
      { type: 'heading', text: 'Choosing a good one' },
      {
        type: 'paragraph',
        text: 'Good mountain tea is mostly whole stems with their flower heads intact, pale green to silvery grey, with a clean herbal smell when you rub a leaf between your fingers. Avoid bags of broken dust and stems that have turned brown: they were dried too fast or stored too long. We buy each harvest in late summer and pack it in Greece, so it reaches Canada within months of being picked.',
      },
      {
        type: 'paragraph',
        text: 'Because it is sold as a herbal tea, mountain tea needs the same bilingual labelling as any other food, and we make no health claims for it. Its appeal is simpler: it tastes of a Greek hillside, and it makes a very good cup on a cold Canadian evening.',
      },
    ],
  },
];
