import type { FeatureFlag } from '@/lib/flags/flag-names';

export type FlagGroupId = 'navigation' | 'homepage' | 'features';

/** The three groups of spec 2.8, in the order staff see them. */
export const flagGroups: readonly {
  id: FlagGroupId;
  title: string;
  description: string;
  enableAllLabel: string;
  names: readonly string[];
}[] = [
  {
    id: 'navigation',
    title: 'Main Navigation',
    description: 'Links in the site navigation, and the pages and home sections behind them.',
    enableAllLabel: 'Enable All Navigation',
    names: [
      'insights',
      'teams',
      'partnerships',
      'solutions',
      'brand_story',
      'products',
      'services',
      'contact',
      'client_portal',
      'founder',
    ],
  },
  {
    id: 'homepage',
    title: 'Homepage Sections',
    description: 'Parts of the home page and the client sign-in page.',
    enableAllLabel: 'Enable All Homepage Sections',
    names: ['hero_section', 'rotating_keywords', 'our_process', 'b2b_request_form'],
  },
  {
    id: 'features',
    title: 'Site Features',
    description: 'Behaviour across the whole site.',
    enableAllLabel: 'Enable All Features',
    names: ['tawk_chat', 'cookie_consent', 'domain_failover', 'french_language'],
  },
];

const labels: Record<string, string> = {
  insights: 'Insights',
  teams: 'Teams',
  partnerships: 'Partnerships',
  solutions: 'Solutions',
  brand_story: 'Brand Story',
  products: 'Products',
  services: 'Services',
  contact: 'Contact',
  client_portal: 'Client Portal',
  founder: 'Founder',
  hero_section: 'Hero Section',
  rotating_keywords: 'Rotating Keywords',
  our_process: 'Our Process',
  b2b_request_form: 'B2B Request Form',
  tawk_chat: 'Tawk.to Chat',
  cookie_consent: 'Cookie Consent',
  domain_failover: 'Domain Failover',
  french_language: 'French Language',
};

/** Built-in descriptions: the second step of the fallback chain (spec 2.8). */
export const builtInDescriptions: Record<string, string> = {
  insights: 'Insights menu with the News and Blog pages, in English and French.',
  teams: 'Teams page and its navigation link.',
  partnerships: 'Partnerships page and its navigation link.',
  solutions: 'Solutions page and its navigation link.',
  brand_story: 'Brand story section on the home page and its links.',
  products: 'Products section on the home page and its links.',
  services: 'Services section on the home page and its links.',
  contact: 'Contact section and form on the home page and its links.',
  client_portal: 'Client Portal button, client sign-in and the client dashboard.',
  founder: 'Founder section on the home page.',
  hero_section: 'Hero banner at the top of the home page.',
  rotating_keywords: 'Rotating keyword in the hero headline; off shows the first keyword, still.',
  our_process: 'Four-step process section on the home page.',
  b2b_request_form: 'B2B access request link and form on the client sign-in page.',
  tawk_chat: 'Tawk.to chat widget on public pages.',
  cookie_consent: 'Cookie consent banner for first-time visitors.',
  domain_failover: 'Health checks and redirects between the primary and backup domains.',
  french_language: 'Language switch to French in the navigation and footer.',
};

export const FALLBACK_DESCRIPTION = 'Controls visibility of this feature';

/** The flag's own description, else the built-in one, else the generic sentence. */
export function describeFlag(flag: Pick<FeatureFlag, 'name' | 'description'>): string {
  const own = flag.description?.trim();
  if (own) return own;
  return builtInDescriptions[flag.name] ?? FALLBACK_DESCRIPTION;
}

/** A readable name for a flag key ("brand_story" → "Brand Story"). */
export function flagLabel(name: string): string {
  return (
    labels[name] ??
    name
      .split('_')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** The group's flags as the server lists them, in the group's order; unknown names are left out. */
export function flagsInGroup(flags: readonly FeatureFlag[], group: FlagGroupId): FeatureFlag[] {
  const names = flagGroups.find((g) => g.id === group)?.names ?? [];
  return names.flatMap((name) => flags.filter((flag) => flag.name === name));
}

/** Flags on the server that belong to no group (added by a later migration): still shown, so none is unreachable. */
export function ungroupedFlags(flags: readonly FeatureFlag[]): FeatureFlag[] {
  const grouped = new Set(flagGroups.flatMap((g) => g.names));
  return flags.filter((flag) => !grouped.has(flag.name));
}

/** "Enable All": only the flags of the group that are off; it never switches anything off. */
export function flagsToEnable(flags: readonly FeatureFlag[], group: FlagGroupId): FeatureFlag[] {
  return flagsInGroup(flags, group).filter((flag) => !flag.enabled);
}

export type SectionCounters = { total: number; active: number; hidden: number; navItems: number };

/** The four counters of the Sections & Features page. */
export function sectionCounters(flags: readonly FeatureFlag[]): SectionCounters {
  const active = flags.filter((flag) => flag.enabled).length;
  return {
    total: flags.length,
    active,
    hidden: flags.length - active,
    navItems: flagsInGroup(flags, 'navigation').filter((flag) => flag.enabled).length,
  };
}
