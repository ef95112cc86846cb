/**
 * The published catalogue → the content of each catalogue page, its URLs, its
 * sitemap entries and its redirects (docs/decisions/191-catalogue-on-the-public-site.md).
 * Runs where pages are prerendered (the build and the local publisher, in
 * Node): it renders the descriptions with the Markdown renderer, which never
 * reaches a public page's bundle.
 */
import { localeTags, type Locale } from '@/i18n/locales';
import { renderMarkdown } from '@/lib/markdown/render';
import {
  CATALOGUE_PATH,
  categoryPath,
  productPath,
  type CatalogueImage,
  type CataloguePageContent,
  type CategoryCard,
  type CategoryLink,
  type ProductCard,
  type ProductData,
} from './catalogue-content';
import { productImageUrl, type PublishedCatalogue, type PublishedCategory, type PublishedProduct } from './published';

export type CatalogueOrigins = { storageOrigin: string; siteOrigin: string };

const LOCALES = ['en', 'fr'] as const;

const countryNames: Partial<Record<Locale, Intl.DisplayNames>> = {};

/** A country's name in the language (the build's ICU data, written into the page). */
export function countryName(code: string, locale: Locale): string {
  countryNames[locale] ??= new Intl.DisplayNames([localeTags[locale]], { type: 'region' });
  return countryNames[locale].of(code) ?? code;
}

function categoryOf(catalogue: PublishedCatalogue) {
  return new Map(catalogue.categories.map((category) => [category.id, category]));
}

function productsIn(catalogue: PublishedCatalogue, categoryId: string, locale: Locale): PublishedProduct[] {
  return catalogue.products
    .filter((product) => product.categoryId === categoryId)
    .sort((a, b) => a.texts[locale].name.localeCompare(b.texts[locale].name, locale) || a.sku.localeCompare(b.sku));
}

function categoryImage(category: PublishedCategory, origins: CatalogueOrigins): CatalogueImage | null {
  if (!category.imagePath) return null;
  return { src: productImageUrl(category.imagePath, origins.storageOrigin), width: 480, height: 320, alt: '' };
}

function categoryCard(
  catalogue: PublishedCatalogue,
  category: PublishedCategory,
  locale: Locale,
  origins: CatalogueOrigins,
): CategoryCard {
  return {
    id: category.id,
    name: category.names[locale],
    description: category.descriptions[locale],
    path: categoryPath(locale, category.slugs[locale]),
    image: categoryImage(category, origins),
    productCount: catalogue.products.filter((product) => product.categoryId === category.id).length,
  };
}

function categoryLink(category: PublishedCategory, locale: Locale): CategoryLink {
  return { id: category.id, name: category.names[locale], path: categoryPath(locale, category.slugs[locale]) };
}

/** A product's path in each language. */
export function productPaths(product: PublishedProduct, category: PublishedCategory): Record<Locale, string> {
  return {
    en: productPath('en', category.slugs.en, product.texts.en.slug),
    fr: productPath('fr', category.slugs.fr, product.texts.fr.slug),
  };
}

function productCard(
  product: PublishedProduct,
  category: PublishedCategory,
  locale: Locale,
  origins: CatalogueOrigins,
): ProductCard {
  const text = product.texts[locale];
  const first = product.images[0];
  return {
    id: product.id,
    sku: product.sku,
    name: text.name,
    shortDescription: text.shortDescription,
    path: productPath(locale, category.slugs[locale], text.slug),
    brand: product.brand,
    originCountry: product.originCountry,
    originCountryName: countryName(product.originCountry, locale),
    originRegion: product.originRegion?.[locale] ?? null,
    unitSize: product.unitSize,
    unit: product.unit,
    unitsPerCase: product.unitsPerCase,
    storage: product.storage,
    certifications: product.certifications,
    orderableOnline: product.orderableOnline,
    notOrderableReason: product.notOrderableReason,
    image: first
      ? {
          src: productImageUrl(first.path, origins.storageOrigin),
          width: first.width,
          height: first.height,
          alt: first.alt[locale],
        }
      : null,
  };
}

/** A file name the download function accepts (ASCII letters, digits, `.`, `_`, `-`), from a title. */
export function downloadName(title: string, original: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(original)?.[0] ?? '';
  const stem = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180);
  return `${stem || 'document'}${extension}`;
}

function productData(
  product: PublishedProduct,
  category: PublishedCategory,
  locale: Locale,
  origins: CatalogueOrigins,
): ProductData {
  return {
    ...productCard(product, category, locale, origins),
    descriptionHtml: renderMarkdown(product.texts[locale].descriptionMd, origins).replace(
      /<img /g,
      '<img loading="lazy" decoding="async" ',
    ),
    images: product.images.map((image) => ({
      src: productImageUrl(image.path, origins.storageOrigin),
      width: image.width,
      height: image.height,
      alt: image.alt[locale],
    })),
    documents: product.documents
      .filter((document) => document.visibility === 'public')
      .map((document) => ({
        id: document.id,
        title: document.titles[locale],
        fileName: downloadName(document.titles[locale], document.fileName),
        sizeBytes: document.sizeBytes,
        mimeType: document.mimeType,
        fileLanguage: document.fileLanguage,
      })),
    minOrderCases: product.minOrderCases,
    leadTimeBusinessDays: product.leadTimeBusinessDays,
    shelfLifeDays: product.shelfLifeDays,
    allergens: product.allergens,
    category: categoryLink(category, locale),
    paths: productPaths(product, category),
    updatedAt: product.updatedAt,
  };
}

export type CatalogueUrl = { url: string; locale: Locale; kind: 'category' | 'product'; id: string };

/** Every page of a category or product, in both languages. */
export function catalogueUrls(catalogue: PublishedCatalogue): CatalogueUrl[] {
  const categories = categoryOf(catalogue);
  const urls: CatalogueUrl[] = [];
  for (const locale of LOCALES) {
    for (const category of catalogue.categories) {
      urls.push({ url: categoryPath(locale, category.slugs[locale]), locale, kind: 'category', id: category.id });
    }
    for (const product of catalogue.products) {
      const category = categories.get(product.categoryId);
      if (!category) continue;
      urls.push({ url: productPaths(product, category)[locale], locale, kind: 'product', id: product.id });
    }
  }
  return urls.sort((a, b) => a.url.localeCompare(b.url));
}

/** Each category's and product's paths in both languages, for the sitemap. */
export function cataloguePaths(catalogue: PublishedCatalogue): Record<Locale, string>[] {
  const categories = categoryOf(catalogue);
  return [
    ...catalogue.categories.map((category) => ({
      en: categoryPath('en', category.slugs.en),
      fr: categoryPath('fr', category.slugs.fr),
    })),
    ...catalogue.products.flatMap((product) => {
      const category = categories.get(product.categoryId);
      return category ? [productPaths(product, category)] : [];
    }),
  ];
}

/** The permanent redirects of products' former slugs, to the product's current page in the same language. */
export function catalogueRedirects(catalogue: PublishedCatalogue): { from: string; to: string }[] {
  const categories = categoryOf(catalogue);
  const products = new Map(catalogue.products.map((product) => [product.id, product]));
  return catalogue.redirects.flatMap((redirect) => {
    const product = products.get(redirect.productId);
    const category = product && categories.get(product.categoryId);
    if (!product || !category || redirect.oldSlug === product.texts[redirect.lang].slug) return [];
    return [
      {
        from: productPath(redirect.lang, category.slugs[redirect.lang], redirect.oldSlug),
        to: productPath(redirect.lang, category.slugs[redirect.lang], product.texts[redirect.lang].slug),
      },
    ];
  });
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The content of the catalogue page at `base` (a path without its /fr
 * prefix) in `locale`, or the home page's links to the categories; null for
 * an unknown category or product (the 404 page) or any other path.
 */
export function cataloguePageContentFor(
  base: string,
  locale: Locale,
  catalogue: PublishedCatalogue,
  origins: CatalogueOrigins,
): CataloguePageContent | null {
  if (base === '/') {
    return { page: 'home', categories: catalogue.categories.map((category) => categoryLink(category, locale)) };
  }
  if (base === CATALOGUE_PATH) {
    return {
      page: 'catalogue',
      categories: catalogue.categories.map((category) => categoryCard(catalogue, category, locale, origins)),
    };
  }
  if (!base.startsWith(`${CATALOGUE_PATH}/`)) return null;
  const segments = base
    .slice(CATALOGUE_PATH.length + 1)
    .split('/')
    .map(decodeSegment);
  if (segments.length > 2 || segments.some((segment) => !segment)) return null;
  const [categorySlug, productSlug] = segments as string[];
  const category = catalogue.categories.find((candidate) => candidate.slugs[locale] === categorySlug);
  if (!category) return null;
  if (productSlug === undefined) {
    return {
      page: 'category',
      category: categoryCard(catalogue, category, locale, origins),
      paths: { en: categoryPath('en', category.slugs.en), fr: categoryPath('fr', category.slugs.fr) },
      categories: catalogue.categories.map((other) => categoryLink(other, locale)),
      products: productsIn(catalogue, category.id, locale).map((product) =>
        productCard(product, category, locale, origins),
      ),
    };
  }
  const product = catalogue.products.find(
    (candidate) => candidate.categoryId === category.id && candidate.texts[locale].slug === productSlug,
  );
  return product ? { page: 'product', product: productData(product, category, locale, origins) } : null;
}
