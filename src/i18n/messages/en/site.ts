/**
 * The public site's UI and home-page copy. Both catalogs ship in the main
 * bundle, so long texts (policies, articles) live in src/content instead.
 */
export const site = {
  meta: {
    homeTitle: (name: string) => `${name} | Premium Mediterranean foods for North America`,
    homeDescription:
      'We import, launch and grow premium Greek and Mediterranean food brands across Canada and the United States: olive oils, honeys, cheeses and more.',
  },
  nav: {
    label: 'Main',
    logoLabel: (name: string) => `${name}, home`,
    home: 'Home',
    brandStory: 'Our Story',
    products: 'Products',
    solutions: 'Solutions',
    insights: 'Insights',
    news: 'News',
    blog: 'Blog',
    teams: 'Teams',
    partnerships: 'Partnerships',
    services: 'Services',
    contact: 'Contact',
    clientPortal: 'Client Portal',
    menu: 'Menu',
  },
  hero: {
    eyebrow: 'Greek and Mediterranean foods, imported with care since 2016',
    keywords: ['Import', 'Launch', 'Grow', 'Scale'],
    headlineRest: 'your Mediterranean brand across North America',
    /** What screen readers hear instead of the changing word. */
    headlineSpoken: 'Import, launch, grow and scale your Mediterranean brand across North America',
    lead: 'We source exceptional olive oils, honeys, cheeses and more from family producers, then take care of everything between their harvest and a North American shelf: compliance, logistics, branding and sales.',
    toProducts: 'Explore our products',
    toStory: 'Read our story',
    pause: 'Pause the changing word',
    play: 'Play the changing word',
  },
  products: {
    eyebrow: 'What we import',
    heading: 'Six categories of Mediterranean excellence',
    intro:
      'Every product can be traced to the farm, cooperative or family workshop that made it, and each one is chosen for flavour first.',
    allProducts: 'See every product in the catalogue',
    items: [
      {
        id: 'olive-oils',
        name: 'Olive oils',
        description:
          'Early-harvest and estate extra virgin olive oils from Crete, Messinia and Lesvos, cold-extracted and bottled at the source.',
      },
      {
        id: 'honeys',
        name: 'Honeys',
        description: 'Thyme, pine and wildflower honeys from beekeepers who move their hives with the seasons.',
      },
      {
        id: 'olives-tapenades',
        name: 'Olives and tapenades',
        description: 'Kalamata, Halkidiki and Amfissa olives, and small-batch tapenades ready for the table.',
      },
      {
        id: 'spices-teas',
        name: 'Spices and herbal teas',
        description:
          'Mountain tea, oregano, saffron and sage, hand-picked on the slopes and dried the traditional way.',
      },
      {
        id: 'wines-vinegars',
        name: 'Wines and balsamic vinegars',
        description: 'Wines from indigenous grape varieties and barrel-aged vinegars from independent estates.',
      },
      {
        id: 'cheeses',
        name: 'Cheeses',
        description: 'PDO feta, graviera and kefalotyri, kept in an unbroken cold chain from the dairy to your dock.',
      },
    ],
  },
  services: {
    eyebrow: 'What we do',
    heading: 'Everything between the harvest and the shelf',
    intro:
      'One partner for the whole journey, so producers can focus on making great food and buyers can count on steady supply.',
    items: [
      {
        id: 'importing-sourcing',
        title: 'Importing and sourcing',
        description:
          'We find and audit producers, negotiate fair terms and consolidate shipments from Greece and across the Mediterranean.',
      },
      {
        id: 'brand-development',
        title: 'Brand development',
        description:
          'Positioning, bilingual packaging and storytelling that make a family recipe ready for North American shelves.',
      },
      {
        id: 'sales-distribution',
        title: 'Sales and distribution',
        description:
          'Introductions to retailers, foodservice operators and distributors across Canada and the United States.',
      },
      {
        id: 'compliance',
        title: 'Compliance',
        description:
          'CFIA and FDA requirements, nutrition facts tables, bilingual labels and import licences, settled before the container sails.',
      },
      {
        id: 'logistics-operations',
        title: 'Logistics and operations',
        description:
          'Temperature-controlled freight, customs brokerage, warehousing and order fulfilment in one coordinated flow.',
      },
    ],
  },
  process: {
    eyebrow: 'How we work',
    heading: 'Four steps from first shipment to national shelf',
    steps: [
      {
        title: 'Import',
        description: 'We select your products, prepare every document and bring the first shipment through customs.',
      },
      {
        title: 'Launch',
        description: 'We position the brand, set pricing and place it with the first retail and foodservice partners.',
      },
      {
        title: 'Grow',
        description: 'We support sell-through with tastings, trade promotions and careful reorder planning.',
      },
      {
        title: 'Scale',
        description: 'We open new regions and channels, and keep supply steady as volumes rise.',
      },
    ],
    stepLabel: (n: number) => `Step ${n}`,
  },
  story: {
    eyebrow: 'Our story',
    heading: 'Rooted in the Mediterranean, built for North America',
    paragraphs: [
      'We started in 2016 with a single pallet of Cretan olive oil and a simple conviction: the best Mediterranean food is made by small producers who rarely get the chance to reach North American tables.',
      'Today we work with more than 50 partner farms, cooperatives and family workshops, and bring over 15 years of experience in import, compliance and category management to every brand we carry.',
    ],
    missionLabel: 'Our mission',
    mission:
      'To bring honest, traceable Mediterranean food to North American tables, and to give the people who make it a fair and lasting route to market.',
    stats: [
      { value: '2016', label: 'Founded in Ottawa' },
      { value: '50+', label: 'Partner farms' },
      { value: '15+', label: 'Years of experience' },
    ],
  },
  founder: {
    eyebrow: 'Meet the founder',
    name: 'Eleni Markou',
    role: 'Founder and managing director',
    bio: 'Raised between Thessaloniki and Ottawa, Eleni spent years in food import and category management before founding the company. She still visits every partner farm herself before a single jar is shipped.',
    sister: (brand: string) => `Eleni also runs ${brand}, our sister brand of Greek pantry staples for home cooks.`,
    sisterLink: (brand: string) => `Visit ${brand}`,
    portraitAlt: 'Illustrated portrait of Eleni Markou',
  },
  contact: {
    eyebrow: 'Contact',
    heading: 'Let’s bring your products to North America',
    intro: 'Tell us about your brand or your sourcing needs. We answer every message within one business day.',
    detailsHeading: 'Reach us directly',
    email: 'Email',
    phone: 'Phone',
    office: 'Office',
    formHeading: 'Send us a message',
  },
  footer: {
    tagline: 'Premium Greek and Mediterranean foods, imported, launched and grown across North America since 2016.',
    quickLinks: 'Quick links',
    productLinks: 'Products',
    contact: 'Contact',
    legal: 'Legal',
    privacy: 'Privacy Policy',
    terms: 'Terms of Use',
    copyright: (year: number, name: string) => `© ${year} ${name}. All rights reserved.`,
  },
  cookie: {
    heading: 'We value your privacy',
    body: 'We use cookies to remember your choices and understand how the site is used.',
    policy: 'Read our privacy policy',
    accept: 'Accept',
    decline: 'Decline',
  },
  policy: {
    effective: (date: string) => `Effective date: ${date}`,
    toc: 'On this page',
    backToTop: 'Back to top',
  },
  error: {
    heading: 'Something went wrong',
    body: 'This part of the page could not be loaded. Check your connection and try again.',
    retry: 'Reload the page',
  },
};
