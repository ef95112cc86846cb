/**
 * Every flag in one place, for the staff screens and the publisher: its group,
 * its name for people, the description seeded in the database, what switching
 * it off does (docs/decisions/003-every-flag-has-a-visible-effect.md) and which
 * published pages depend on it (docs/decisions/041-publishing-on-flag-change.md).
 * Its default and its home-page section come from ./defaults.ts, the only flag
 * module public pages load; this one reaches staff chunks and the build only
 * (scripts/lib/budgets.ts fails a build where it does not).
 *
 * src/lib/flags/registry.test.ts and tests/backend/flag-registry.test.ts hold
 * it against the flags and descriptions the migrations seed.
 */
import type { RouteId } from '@/config/routes';
import { defaultFlags, isFlagName, type FlagName } from './defaults';
import type { FeatureFlag } from './flag-queries';

export type FlagGroupId = 'navigation' | 'homepage' | 'features';

/**
 * The prerendered pages whose HTML depends on a flag, published again when it
 * changes: 'all' (it shows in the header, footer or language switch, which
 * every page carries), the ids of the routes (src/config/routes.ts) whose page
 * alone shows it, or 'none' (it only changes what scripts do once the page has
 * loaded).
 */
export type PublishScope = 'all' | 'none' | readonly RouteId[];

type FlagFacts = {
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
  /** Which published pages show it; required, so that no flag is published too little. */
  publishes: PublishScope;
};

export type FlagMeta = FlagFacts & { name: FlagName; default: boolean };

/** In the order staff see them, group by group. */
const facts = {
  insights: {
    group: 'navigation',
    label: 'Insights',
    description: 'Insights menu with the News and Blog pages, in English and French.',
    hides: 'the Insights pages (News and Blog)',
    effectWhenOff:
      'The Insights menu leaves the navigation, and the News and Blog pages and every article answer "page not found" in both languages.',
    publishes: 'all',
  },
  teams: {
    group: 'navigation',
    label: 'Teams',
    description: 'Teams page and its navigation link.',
    hides: 'the Teams page',
    effectWhenOff:
      'The Teams link leaves the navigation and the Teams page answers "page not found" in both languages.',
    publishes: 'all',
  },
  partnerships: {
    group: 'navigation',
    label: 'Partnerships',
    description: 'Partnerships page and its navigation link.',
    hides: 'the Partnerships page',
    effectWhenOff:
      'The Partnerships link leaves the navigation and the Partnerships page answers "page not found" in both languages.',
    publishes: 'all',
  },
  solutions: {
    group: 'navigation',
    label: 'Solutions',
    description: 'Solutions page and its navigation link.',
    hides: 'the Solutions page',
    effectWhenOff:
      'The Solutions link leaves the navigation and the Solutions page answers "page not found" in both languages.',
    publishes: 'all',
  },
  brand_story: {
    group: 'navigation',
    label: 'Brand Story',
    description: 'Brand story section on the home page and its links.',
    hides: 'the Brand Story section',
    effectWhenOff: 'The brand story section leaves the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  products: {
    group: 'navigation',
    label: 'Products',
    description: 'Products section on the home page and its links.',
    hides: 'the Products section',
    effectWhenOff: 'The products section leaves the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  services: {
    group: 'navigation',
    label: 'Services',
    description: 'Services section on the home page and its links.',
    hides: 'the Services section',
    effectWhenOff: 'The services section leaves the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  contact: {
    group: 'navigation',
    label: 'Contact',
    description: 'Contact section and form on the home page and its links.',
    hides: 'the Contact section and its form',
    effectWhenOff:
      'The contact section and its form leave the home page, and its links leave the navigation and the footer.',
    publishes: 'all',
  },
  client_portal: {
    group: 'navigation',
    label: 'Client Portal',
    description: 'Client Portal button, client sign-in and the client dashboard.',
    hides: 'the Client Portal',
    effectWhenOff:
      'The Client Portal button leaves the navigation, and the client sign-in and dashboard pages answer "page not found".',
    publishes: 'all',
  },
  founder: {
    group: 'navigation',
    label: 'Founder',
    description: 'Founder section on the home page.',
    hides: 'the Founder section',
    effectWhenOff: 'The founder section leaves the home page.',
    publishes: ['home'],
  },
  hero_section: {
    group: 'homepage',
    label: 'Hero Section',
    description: 'Hero banner at the top of the home page.',
    hides: 'the hero banner',
    effectWhenOff: 'The hero banner leaves the home page, which then starts with the next section.',
    publishes: ['home'],
  },
  rotating_keywords: {
    group: 'homepage',
    label: 'Rotating Keywords',
    description: 'Rotating keyword in the hero headline.',
    hides: null,
    effectWhenOff: 'The hero headline shows its first keyword, still.',
    publishes: ['home'],
  },
  our_process: {
    group: 'homepage',
    label: 'Our Process',
    description: 'Four-step process section on the home page.',
    hides: 'the Our Process section',
    effectWhenOff: 'The four-step process section leaves the home page.',
    publishes: ['home'],
  },
  b2b_request_form: {
    group: 'homepage',
    label: 'B2B Request Form',
    description: 'B2B access request link and form on the client sign-in page.',
    hides: 'the B2B access request form',
    effectWhenOff: 'The "Need B2B access?" link and the request form leave the client sign-in page.',
    publishes: ['clientLogin'],
  },
  tawk_chat: {
    group: 'features',
    label: 'Tawk.to Chat',
    description: 'Tawk.to chat widget on public pages.',
    hides: 'the chat widget',
    effectWhenOff: 'The chat widget is no longer loaded on any page.',
    publishes: 'none',
  },
  cookie_consent: {
    group: 'features',
    label: 'Cookie Consent',
    description: 'Cookie consent banner for first-time visitors.',
    hides: 'the cookie banner',
    effectWhenOff: 'First-time visitors no longer see the cookie banner.',
    publishes: 'none',
  },
  domain_failover: {
    group: 'features',
    label: 'Domain Failover',
    description: 'Health checks and redirects between the primary and backup domains.',
    hides: null,
    effectWhenOff: 'The site stops checking the primary domain and never redirects visitors between the domains.',
    publishes: 'none',
  },
  french_language: {
    group: 'features',
    label: 'French Language',
    description: 'Language switch to French in the navigation and footer.',
    hides: 'the French language switch',
    effectWhenOff: 'The language switch leaves the navigation and the footer; French pages still open from a link.',
    publishes: 'all',
  },
} as const satisfies Record<FlagName, FlagFacts>;

/** Every known flag with its default, in display order. */
export const flagRegistry: readonly FlagMeta[] = (Object.keys(facts) as FlagName[]).map((name) => ({
  name,
  default: defaultFlags[name],
  ...facts[name],
}));

/** The three groups, in the order staff see them. */
export const flagGroups: readonly { id: FlagGroupId; title: string; description: string; enableAllLabel: string }[] = [
  {
    id: 'navigation',
    title: 'Main Navigation',
    description: 'Links in the site navigation, and the pages and home sections behind them.',
    enableAllLabel: 'Enable All Navigation',
  },
  {
    id: 'homepage',
    title: 'Homepage Sections',
    description: 'Parts of the home page and the client sign-in page.',
    enableAllLabel: 'Enable All Homepage Sections',
  },
  {
    id: 'features',
    title: 'Site Features',
    description: 'Behaviour across the whole site.',
    enableAllLabel: 'Enable All Features',
  },
];

/** The published pages whose HTML shows the flag. */
export function publishScope(name: FlagName): PublishScope {
  return facts[name].publishes;
}

export function flagMeta(name: string): FlagMeta | undefined {
  return isFlagName(name) ? flagRegistry.find((meta) => meta.name === name) : undefined;
}

/** The last word on a flag that neither the database nor the registry describes. */
export const FALLBACK_DESCRIPTION = 'Controls visibility of this feature';

/** The flag's own description, else the registry's, else the generic sentence. */
export function describeFlag(flag: Pick<FeatureFlag, 'name' | 'description'>): string {
  const own = flag.description?.trim();
  if (own) return own;
  return flagMeta(flag.name)?.description ?? FALLBACK_DESCRIPTION;
}

/** A readable name for a flag key ("brand_story" → "Brand Story"), also for flags the registry does not know. */
export function flagLabel(name: string): string {
  return (
    flagMeta(name)?.label ??
    name
      .split('_')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** The group's flags as the server lists them, in the registry's order; flags the server lacks are left out. */
export function flagsInGroup(flags: readonly FeatureFlag[], group: FlagGroupId): FeatureFlag[] {
  return flagRegistry
    .filter((meta) => meta.group === group)
    .flatMap((meta) => flags.filter((flag) => flag.name === meta.name));
}

/** Flags on the server that the registry does not know (added by a later migration): still shown, so none is unreachable. */
export function ungroupedFlags(flags: readonly FeatureFlag[]): FeatureFlag[] {
  return flags.filter((flag) => !isFlagName(flag.name));
}

/** "Enable All": only the flags of the group that are off; it never switches anything off. */
export function flagsToEnable(flags: readonly FeatureFlag[], group: FlagGroupId): FeatureFlag[] {
  return flagsInGroup(flags, group).filter((flag) => !flag.enabled);
}
