/** The 18 flags of spec 3.1, with the defaults of spec 9 (DECISIONS D3, D4). */
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

export type FeatureFlag = {
  id: string;
  name: string;
  enabled: boolean;
  description: string | null;
};

/** Known flags from a server list; unknown names are ignored, missing ones keep their default. */
export function toFlagMap(list: readonly FeatureFlag[] | undefined): FlagMap {
  const map: FlagMap = { ...defaultFlags };
  for (const flag of list ?? []) {
    if (isFlagName(flag.name)) map[flag.name] = flag.enabled;
  }
  return map;
}
