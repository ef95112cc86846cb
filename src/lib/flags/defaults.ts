/**
 * The flags the site knows, as the public pages need them: the value each
 * takes when the database cannot be read
 * (docs/decisions/004-public-site-never-blank.md) and, for a flag that shows a
 * section of the home page, where that section goes. Public pages import this
 * module alone, so it stays this small; everything else about a flag (its
 * name for people, what it does, which published pages depend on it) is in
 * ./registry.ts, which only staff screens and the build load.
 */

type FlagDeclaration = {
  /** Its value while the database cannot be read; the seed migration inserts the same. */
  default: boolean;
  /**
   * The home-page section the flag shows: `order` places it (sections stack
   * from the lowest), `section` names it (its heading's id is
   * `${section}-heading`, and its id the anchor links use).
   */
  home?: { order: number; section: string };
};

const declarations = {
  insights: { default: false },
  teams: { default: false },
  partnerships: { default: false },
  solutions: { default: false },
  brand_story: { default: true, home: { order: 50, section: 'brand-story' } },
  products: { default: true, home: { order: 20, section: 'products' } },
  services: { default: true, home: { order: 30, section: 'services' } },
  contact: { default: true, home: { order: 70, section: 'contact' } },
  founder: { default: true, home: { order: 60, section: 'founder' } },
  client_portal: { default: true },
  hero_section: { default: true, home: { order: 10, section: 'hero' } },
  rotating_keywords: { default: true },
  our_process: { default: true, home: { order: 40, section: 'process' } },
  b2b_request_form: { default: true },
  tawk_chat: { default: true },
  cookie_consent: { default: true },
  domain_failover: { default: true },
  french_language: { default: true },
} as const satisfies Record<string, FlagDeclaration>;

type Declarations = typeof declarations;
export type FlagName = keyof Declarations;
export type FlagMap = Record<FlagName, boolean>;
/** The flags that show a home-page section. */
export type HomeSectionFlag = { [K in FlagName]: Declarations[K] extends { home: object } ? K : never }[FlagName];
/** The names the declarations give the home-page sections ("products"). */
export type HomeSectionName = {
  [K in FlagName]: Declarations[K] extends { home: { section: infer S } } ? S : never;
}[FlagName];

export const flagNames = Object.keys(declarations) as FlagName[];

export const defaultFlags: FlagMap = Object.fromEntries(
  flagNames.map((name) => [name, declarations[name].default]),
) as FlagMap;

/** The home page's flag-gated sections, top to bottom. */
export const homeSections: readonly { flag: HomeSectionFlag; section: HomeSectionName }[] = flagNames
  .flatMap((flag) => {
    const { home }: FlagDeclaration = declarations[flag];
    return home ? [{ flag, ...home }] : [];
  })
  .sort((a, b) => a.order - b.order)
  .map(({ flag, section }) => ({ flag: flag as HomeSectionFlag, section: section as HomeSectionName }));

export function isFlagName(name: string): name is FlagName {
  return Object.prototype.hasOwnProperty.call(declarations, name);
}
