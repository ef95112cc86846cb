/**
 * The flags the site knows and the value each takes when the database cannot
 * be read (docs/decisions/004-public-site-never-blank.md). Public pages import
 * this module alone; what each flag is called and does for staff lives in
 * ./registry.ts, which only staff screens load.
 */
export const defaultFlags = {
  insights: false,
  teams: false,
  partnerships: false,
  solutions: false,
  brand_story: true,
  products: true,
  services: true,
  contact: true,
  founder: true,
  client_portal: true,
  hero_section: true,
  rotating_keywords: true,
  our_process: true,
  b2b_request_form: true,
  tawk_chat: true,
  cookie_consent: true,
  domain_failover: true,
  french_language: true,
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof defaultFlags;
export type FlagMap = Record<FlagName, boolean>;

export const flagNames = Object.keys(defaultFlags) as FlagName[];

export function isFlagName(name: string): name is FlagName {
  return Object.prototype.hasOwnProperty.call(defaultFlags, name);
}
