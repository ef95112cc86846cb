/**
 * What the public catalogue pages show, in the shape the prerenderer hands
 * them (docs/decisions/191-catalogue-on-the-public-site.md), and where they
 * are. Built at build and publish time from the published rows
 * (./build-catalogue-content.ts); carried in the page's HTML and in
 * /content-data/… for pages the browser renders itself, as news and posts
 * are. No supabase-js and no Markdown here: a description is already
 * sanitised HTML. Never a price: prices are for signed-in clients only.
 */
import { localizePath } from '@/config/paths';
import type { Locale } from '@/i18n/locales';

export type CatalogueImage = { src: string; width: number; height: number; alt: string };

export type StorageKind = 'ambient' | 'chilled' | 'frozen';

/** A category as its card and its page's heading show it. */
export type CategoryCard = {
  id: string;
  name: string;
  description: string;
  path: string;
  image: CatalogueImage | null;
  productCount: number;
};

/** A link to a category (the category page's menu, a product's breadcrumb). */
export type CategoryLink = { id: string; name: string; path: string };

/** A product as its card on a category page shows it, with what the filters need. */
export type ProductCard = {
  id: string;
  sku: string;
  name: string;
  shortDescription: string;
  path: string;
  brand: string;
  /** ISO 3166-1 alpha-2 code (the filter's value). */
  originCountry: string;
  /** The country's name in the page's language, from the build (so the server and the browser agree). */
  originCountryName: string;
  originRegion: string | null;
  unitSize: number;
  unit: string;
  unitsPerCase: number;
  storage: StorageKind;
  certifications: string[];
  orderableOnline: boolean;
  notOrderableReason: string | null;
  image: CatalogueImage | null;
};

/** A public document of a product (a spec sheet): downloaded through the server for 60 seconds. */
export type ProductDocumentLink = {
  id: string;
  title: string;
  /** The name the browser saves it under (ASCII: the download function's rule). */
  fileName: string;
  sizeBytes: number;
  mimeType: string;
  fileLanguage: string;
};

/** A product's page. */
export type ProductData = ProductCard & {
  /** Sanitised HTML rendered from the Markdown at build time. */
  descriptionHtml: string;
  images: CatalogueImage[];
  documents: ProductDocumentLink[];
  minOrderCases: number;
  leadTimeBusinessDays: number;
  shelfLifeDays: number;
  allergens: string[];
  category: CategoryLink;
  /** The product's path in each language (its slugs differ). */
  paths: Record<Locale, string>;
  /** ISO date of the last change, for the structured data. */
  updatedAt: string;
};

export type CataloguePageContent =
  | { page: 'catalogue'; categories: CategoryCard[] }
  | {
      page: 'category';
      category: CategoryCard;
      /** The category's path in each language. */
      paths: Record<Locale, string>;
      categories: CategoryLink[];
      products: ProductCard[];
    }
  | { page: 'product'; product: ProductData }
  /** The home page: where each category's card leads (its slugs are the staff's to change). */
  | { page: 'home'; categories: CategoryLink[] };

/** The catalogue's index, as the route table spells it. */
export const CATALOGUE_PATH = '/products';

export function catalogueIndexPath(locale: Locale): string {
  return localizePath(CATALOGUE_PATH, locale);
}

export function categoryPath(locale: Locale, categorySlug: string): string {
  return localizePath(`${CATALOGUE_PATH}/${encodeURIComponent(categorySlug)}`, locale);
}

export function productPath(locale: Locale, categorySlug: string, productSlug: string): string {
  return localizePath(
    `${CATALOGUE_PATH}/${encodeURIComponent(categorySlug)}/${encodeURIComponent(productSlug)}`,
    locale,
  );
}

/** The ids of the products a catalogue page shows (checked after hydration: still published?). */
export function catalogueProductIds(content: CataloguePageContent): string[] {
  if (content.page === 'product') return [content.product.id];
  if (content.page === 'category') return content.products.map((product) => product.id);
  return [];
}

/** The page without the products that left the site since it was written; null: the page itself left. */
export function withoutWithdrawnProducts<C extends CataloguePageContent>(
  content: C,
  withdrawn: ReadonlySet<string>,
): C | null {
  if (withdrawn.size === 0) return content;
  if (content.page === 'product') return withdrawn.has(content.product.id) ? null : content;
  if (content.page === 'category') {
    return { ...content, products: content.products.filter((product) => !withdrawn.has(product.id)) };
  }
  return content;
}
