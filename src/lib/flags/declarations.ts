/**
 * Every flag, declared once: its default and the home-page section it shows
 * (all the public pages need), its group, its name for people, the
 * description seeded in the database, what switching it off does
 * (docs/decisions/003-every-flag-has-a-visible-effect.md) and which published
 * pages depend on it (docs/decisions/041-publishing-on-flag-change.md).
 *
 * Plain data with no imports. The public bundle never carries the
 * texts: ./defaults.ts derives what public pages need from this table, and
 * the client build hands ./defaults.ts a copy holding only each flag's
 * default and home section (vite.config.ts, `flagDefaultsForThePublicBundle`);
 * scripts/lib/budgets.ts fails a build where this module reaches a public page.
 *
 * src/lib/flags/registry.test.ts and tests/backend/flag-registry.test.ts hold
 * it against the flags and descriptions the migrations seed.
 */
export type FlagGroupId = 'navigation' | 'homepage' | 'features';

/** Where a flag's home-page section goes: `order` places it (sections stack from the lowest), `section` names it (its heading's id is `${section}-heading`, and its id the anchor links use). */
export type HomeSlot = { order: number; section: string };

export type FlagDeclaration = {
  /** Its value while the database cannot be read (docs/decisions/004-public-site-never-blank.md); the seed migration inserts the same. */
  default: boolean;
  /** The home-page section the flag shows, if it shows one. */
  home?: HomeSlot;
  group: FlagGroupId;
  /** The flag's name for people ("Brand Story"). */
  label: string;
  /** What the flag controls; the migrations seed the same text into the database. */
  description: string;
  /**
   * What visitors stop seeing when it is off, in plain words ("the Products
   * section"): switching it off asks staff to confirm that. Null when
   * switching it off hides nothing visitors see.
   */
  hides: string | null;
  /** What switching it off does, in a sentence. */
  effectWhenOff: string;
  /**
   * Which published pages show it; required, so that no flag is published
   * too little. Route ids are checked against the route table in ./registry.ts
   * (this table cannot name the route type: routes name flags).
   */
  publishes: 'all' | 'none' | readonly string[];
};

/** Every flag, in the order staff see them, group by group. */
export const flagDeclarations = {
  insights: {
    default: false,
    group: 'navigation',
    label: 'Insights',
    description: 'Insights menu with the News and Blog pages, in English and French.',
    hides: 'the Insights pages (News and Blog)',
    effectWhenOff:
      'The Insights menu leaves the navigation, and the News and Blog pages and every article answer "page not found" in both languages.',
    publishes: 'all',
  },
  teams: {
    default: false,
    group: 'navigation',
    label: 'Teams',
    description: 'Teams page and its navigation link.',
    hides: 'the Teams page',
    effectWhenOff:
      'The Teams link leaves the navigation and the Teams page answers "page not found" in both languages.',
    publishes: 'all',
  },
  partnerships: {
    default: false,
    group: 'navigation',
    label: 'Partnerships',
    description: 'Partnerships page and its navigation link.',
    hides: 'the Partnerships page',
    effectWhenOff:
      'The Partnerships link leaves the navigation and the Partnerships page answers "page not found" in both languages.',
    publishes: 'all',
  },
  solutions: {
    default: false,
    group: 'navigation',
    label: 'Solutions',
    description: 'Solutions page and its navigation link.',
    hides: 'the Solutions page',
    effectWhenOff:
      'The Solutions link leaves the navigation and the Solutions page answers "page not found" in both languages.',
    publishes: 'all',
  },
  brand_story: {
    default: true,
    home: { order: 50, section: 'brand-story' },
    group: 'navigation',
    label: 'Brand Story',
    description: 'Brand story section on the home page and its links.',
    hides: 'the Brand Story section',
    effectWhenOff: 'The brand story section leaves the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  products: {
    default: true,
    home: { order: 20, section: 'products' },
    group: 'navigation',
    label: 'Products',
    description: 'Products section on the home page, the catalogue pages and their links.',
    hides: 'the Products section and the catalogue pages',
    effectWhenOff:
      'The products section leaves the home page, its links leave the navigation and the footer, and the catalogue pages answer "page not found" in both languages.',
    publishes: 'all',
  },
  services: {
    default: true,
    home: { order: 30, section: 'services' },
    group: 'navigation',
    label: 'Services',
    description: 'Services section on the home page and its links.',
    hides: 'the Services section',
    effectWhenOff: 'The services section leaves the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  contact: {
    default: true,
    home: { order: 70, section: 'contact' },
    group: 'navigation',
    label: 'Contact',
    description: 'Contact section and form on the home page and its links.',
    hides: 'the Contact section and its form',
    effectWhenOff:
      'The contact section and its form leave the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  client_portal: {
    default: true,
    group: 'navigation',
    label: 'Client Portal',
    description: 'Client Portal button, client sign-in and the client dashboard.',
    hides: 'the Client Portal',
    effectWhenOff:
      'The Client Portal button leaves the navigation, and the client sign-in and dashboard pages answer "page not found".',
    publishes: 'all',
  },
  founder: {
    default: true,
    home: { order: 60, section: 'founder' },
    group: 'navigation',
    label: 'Founder',
    description: 'Founder section on the home page.',
    hides: 'the Founder section',
    effectWhenOff: 'The founder section leaves the home page.',
    publishes: ['home'],
  },
  hero_section: {
    default: true,
    home: { order: 10, section: 'hero' },
    group: 'homepage',
    label: 'Hero Section',
    description: 'Hero banner at the top of the home page.',
    hides: 'the hero banner',
    effectWhenOff: 'The hero banner leaves the home page, which then starts with the next section.',
    publishes: ['home'],
  },
  rotating_keywords: {
    default: true,
    group: 'homepage',
    label: 'Rotating Keywords',
    description: 'Rotating keyword in the hero headline.',
    hides: null,
    effectWhenOff: 'The hero headline shows its first keyword, still.',
    publishes: ['home'],
  },
  our_process: {
    default: true,
    home: { order: 40, section: 'process' },
    group: 'homepage',
    label: 'Our Process',
    description: 'Four-step process section on the home page.',
    hides: 'the Our Process section',
    effectWhenOff: 'The four-step process section leaves the home page.',
    publishes: ['home'],
  },
  b2b_request_form: {
    default: true,
    group: 'homepage',
    label: 'B2B Request Form',
    description: 'B2B access request link and form on the client sign-in page.',
    hides: 'the B2B access request form',
    effectWhenOff: 'The "Need B2B access?" link and the request form leave the client sign-in page.',
    publishes: ['clientLogin'],
  },
  tawk_chat: {
    default: true,
    group: 'features',
    label: 'Tawk.to Chat',
    description: 'Tawk.to chat widget on public pages.',
    hides: 'the chat widget',
    effectWhenOff: 'The chat widget is no longer loaded on any page.',
    publishes: 'none',
  },
  cookie_consent: {
    default: true,
    group: 'features',
    label: 'Cookie Consent',
    description: 'Cookie consent banner for first-time visitors.',
    hides: 'the cookie banner',
    effectWhenOff: 'First-time visitors no longer see the cookie banner.',
    publishes: 'none',
  },
  domain_failover: {
    default: true,
    group: 'features',
    label: 'Domain Failover',
    description: 'Health checks and redirects between the primary and backup domains.',
    hides: null,
    effectWhenOff: 'The site stops checking the primary domain and never redirects visitors between the domains.',
    publishes: 'none',
  },
  french_language: {
    default: true,
    group: 'features',
    label: 'French Language',
    description: 'Language switch to French in the navigation and footer.',
    hides: 'the French language switch',
    effectWhenOff: 'The language switch leaves the navigation and the footer; French pages still open from a link.',
    publishes: 'all',
  },
} as const satisfies Record<string, FlagDeclaration>;
