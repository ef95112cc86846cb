/**
 * Shapes of the static bilingual content. Content modules are plain
 * data: no React, no fetches, no imports from the app. Calendar dates are
 * stored as YYYY-MM-DD and formatted with Intl where they are shown.
 */

/** An image shipped in public/images. Decorative ones have an empty alt. */
export type ImageRef = {
  src: string;
  width: number;
  height: number;
  alt: string;
};

/** Structured rich text (never HTML strings, so content cannot inject markup). */
export type RichBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'quote'; text: string; cite?: string };

export const newsCategories = ['product-launch', 'partnership', 'expansion', 'trade', 'sustainability'] as const;
export type NewsCategory = (typeof newsCategories)[number];

export const blogCategories = [
  'market-trends',
  'sourcing',
  'compliance',
  'brand-building',
  'logistics',
  'food-culture',
] as const;
export type BlogCategory = (typeof blogCategories)[number];

export type TeamMember = {
  id: string;
  name: string;
  position: string;
  bio: string;
  image: ImageRef;
  expertise: string[];
  location: string;
};

export type Partner = {
  id: string;
  name: string;
  type: string;
  description: string;
  benefits: string[];
  image: ImageRef;
  location: string;
};

export type PartnershipOpportunity = {
  id: string;
  title: string;
  description: string;
  requirements: string[];
};

export type Solution = {
  id: string;
  title: string;
  description: string;
  features: string[];
  industries: string[];
  image: ImageRef;
};

export type ProcessStep = {
  step: number;
  title: string;
  description: string;
};

export type ValuePoint = {
  id: string;
  title: string;
  description: string;
};

/** Business details a policy text quotes; passed in by the page so content imports nothing. */
export type PolicyDetails = {
  name: string;
  legalName: string;
  privacyEmail: string;
  infoEmail: string;
  phone: string;
  address: string;
  siteUrl: string;
  /** Already formatted in the page's language. */
  effectiveDate: string;
};

export type PolicySection = {
  id: string;
  heading: string;
  blocks: RichBlock[];
};

export type PolicyDocument = {
  title: string;
  metaDescription: string;
  intro: string[];
  sections: PolicySection[];
};

export type Policies = {
  privacy: (details: PolicyDetails) => PolicyDocument;
  terms: (details: PolicyDetails) => PolicyDocument;
};

/** The policies take effect on this date in both languages. */
export const POLICY_EFFECTIVE_DATE = '2025-04-28';

/** What an insights page says about itself in search results and below its title. */
export type PageIntro = { metaDescription: string; intro: string };
export type PageIntros = Record<'news' | 'blog' | 'teams' | 'partnerships' | 'solutions', PageIntro>;

export type PartnershipsContent = { partners: Partner[]; opportunities: PartnershipOpportunity[] };

export type SolutionsContent = { solutions: Solution[]; process: ProcessStep[]; values: ValuePoint[] };
