/**
 * The product editor's form (docs/decisions/192-product-editor.md): what both
 * languages share and the English and French texts in one react-hook-form
 * state, checked by zod as the catalogue's constraints check them
 * (supabase/migrations/20261128070000_catalogue.sql), turned into table rows,
 * and a refusal of the database turned back into a message beside its field.
 *
 * Numbers stay text in the form, so nothing typed is lost to a conversion;
 * they become numbers only in the rows.
 */
import type { FieldPath } from 'react-hook-form';
import { SLUG_MAX, SLUG_PATTERN } from '@/features/admin-portal/content/content-slug';
import { DataApiError } from '@/lib/supabase/errors';
import { z } from '@/lib/validation/zod';
import {
  COUNTRIES,
  NOT_ORDERABLE_REASONS,
  PRODUCT_ALLERGENS,
  PRODUCT_CERTIFICATIONS,
  PRODUCT_STORAGE,
  PRODUCT_UNITS,
} from '../product-csv';

export type ProductLang = 'en' | 'fr';
export const PRODUCT_LANGS: readonly ProductLang[] = ['en', 'fr'];
export const PRODUCT_LANG_NAME: Record<ProductLang, string> = { en: 'English', fr: 'French' };

export const ALLERGEN_LABEL: Record<string, string> = {
  eggs: 'Eggs',
  milk: 'Milk',
  mustard: 'Mustard',
  peanuts: 'Peanuts',
  crustaceans: 'Crustaceans',
  molluscs: 'Molluscs',
  fish: 'Fish',
  sesame: 'Sesame',
  soy: 'Soy',
  sulphites: 'Sulphites',
  tree_nuts: 'Tree nuts',
  wheat: 'Wheat (or triticale)',
  gluten: 'Gluten',
};
export const CERTIFICATION_LABEL: Record<string, string> = {
  organic: 'Organic',
  pdo: 'PDO',
  pgi: 'PGI',
  kosher: 'Kosher',
  halal: 'Halal',
  non_gmo: 'Non-GMO',
};
export const REASON_LABEL: Record<string, string> = {
  liquor_board: 'Liquor board (wine and spirits go through the provincial boards)',
  quote_only: 'Quote only (priced on request)',
  seasonal: 'Seasonal (reserved through the account manager)',
};
export const STORAGE_LABEL: Record<string, string> = { ambient: 'Ambient', chilled: 'Chilled', frozen: 'Frozen' };

/** Every row of `products` staff write, as the Data API takes it. */
export type ProductRow = {
  sku: string;
  category_id: string;
  brand: string;
  origin_country: string;
  origin_region_en: string | null;
  origin_region_fr: string | null;
  unit_size: number;
  unit: string;
  units_per_case: number;
  min_order_cases: number;
  lead_time_business_days: number;
  storage: string;
  shelf_life_days: number;
  allergens: string[];
  certifications: string[];
  orderable_online: boolean;
  not_orderable_reason: string | null;
  internal_notes: string;
};

export type ProductTextRow = { name: string; slug: string; short_description: string; description_md: string };

export type ProductTextValues = {
  name: string;
  slug: string;
  /** The slug was typed by hand: the name no longer drives it. */
  slugEdited: boolean;
  shortDescription: string;
  description: string;
};

export type ProductFormValues = {
  sku: string;
  categoryId: string;
  brand: string;
  originCountry: string;
  originRegionEn: string;
  originRegionFr: string;
  unitSize: string;
  unit: string;
  unitsPerCase: string;
  minOrderCases: string;
  leadTimeDays: string;
  storage: string;
  shelfLifeDays: string;
  allergens: string[];
  certifications: string[];
  orderableOnline: boolean;
  notOrderableReason: string;
  internalNotes: string;
  en: ProductTextValues;
  fr: ProductTextValues;
};

const emptyText = (): ProductTextValues => ({
  name: '',
  slug: '',
  slugEdited: false,
  shortDescription: '',
  description: '',
});

export function emptyProduct(): ProductFormValues {
  return {
    sku: '',
    categoryId: '',
    brand: '',
    originCountry: '',
    originRegionEn: '',
    originRegionFr: '',
    unitSize: '',
    unit: 'mL',
    unitsPerCase: '',
    minOrderCases: '1',
    leadTimeDays: '',
    storage: 'ambient',
    shelfLifeDays: '',
    allergens: [],
    certifications: [],
    orderableOnline: true,
    notOrderableReason: '',
    internalNotes: '',
    en: emptyText(),
    fr: emptyText(),
  };
}

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The form's values for a stored product, its texts and its internal notes. */
export function productToForm(
  product: Omit<ProductRow, 'internal_notes' | 'unit_size'> & { unit_size: number | string },
  texts: Partial<Record<ProductLang, ProductTextRow>>,
  internalNotes: string,
): ProductFormValues {
  const side = (lang: ProductLang): ProductTextValues => {
    const t = texts[lang];
    if (!t) return emptyText();
    return {
      name: t.name,
      slug: t.slug,
      slugEdited: true,
      shortDescription: t.short_description,
      description: t.description_md,
    };
  };
  return {
    sku: product.sku,
    categoryId: product.category_id,
    brand: product.brand,
    originCountry: product.origin_country,
    originRegionEn: product.origin_region_en ?? '',
    originRegionFr: product.origin_region_fr ?? '',
    unitSize: String(Number(product.unit_size)),
    unit: product.unit,
    unitsPerCase: String(product.units_per_case),
    minOrderCases: String(product.min_order_cases),
    leadTimeDays: String(product.lead_time_business_days),
    storage: product.storage,
    shelfLifeDays: String(product.shelf_life_days),
    allergens: strings(product.allergens),
    certifications: strings(product.certifications),
    orderableOnline: product.orderable_online,
    notOrderableReason: product.not_orderable_reason ?? '',
    internalNotes,
    en: side('en'),
    fr: side('fr'),
  };
}

/** A language is part of the product once any of its texts is filled in. */
export const hasText = (t: Pick<ProductTextValues, 'name' | 'slug' | 'shortDescription' | 'description'>) =>
  Boolean(t.name.trim() || t.slug.trim() || t.shortDescription.trim() || t.description.trim());

const sorted = (values: readonly string[]) => [...new Set(values)].sort();

/** The `products` row and the texts (null: no text in that language) for the form's values. */
export function formToRows(values: ProductFormValues): {
  product: ProductRow;
  texts: Record<ProductLang, ProductTextRow | null>;
} {
  const region = (value: string) => value.trim() || null;
  const side = (lang: ProductLang): ProductTextRow | null => {
    const t = values[lang];
    if (!hasText(t)) return null;
    return {
      name: t.name.trim(),
      slug: t.slug.trim(),
      short_description: t.shortDescription.trim(),
      description_md: t.description.trim(),
    };
  };
  return {
    product: {
      sku: values.sku.trim().toUpperCase(),
      category_id: values.categoryId,
      brand: values.brand.trim(),
      origin_country: values.originCountry.trim().toUpperCase(),
      origin_region_en: region(values.originRegionEn),
      origin_region_fr: region(values.originRegionFr),
      unit_size: Number(values.unitSize.trim().replace(',', '.')),
      unit: values.unit,
      units_per_case: Number(values.unitsPerCase.trim()),
      min_order_cases: Number(values.minOrderCases.trim()),
      lead_time_business_days: Number(values.leadTimeDays.trim()),
      storage: values.storage,
      shelf_life_days: Number(values.shelfLifeDays.trim()),
      allergens: sorted(values.allergens),
      certifications: sorted(values.certifications),
      orderable_online: values.orderableOnline,
      not_orderable_reason: values.orderableOnline ? null : values.notOrderableReason || null,
      internal_notes: values.internalNotes.trim(),
    },
    texts: { en: side('en'), fr: side('fr') },
  };
}

// ---------------------------------------------------------------------------
// The rules, as the database's constraints word them
// ---------------------------------------------------------------------------

/** One line (names, regions, short descriptions): no control character at all. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;
/** Several lines (descriptions, notes): tabs and line breaks are fine. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
export const SKU_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

const invisible = (label: string) =>
  `${label} holds an invisible control character (often pasted from another program). Retype the text around it.`;
const oneLine = (label: string) => z.refine<string>((value) => !LINE_CONTROLS.test(value), invisible(label));
const count = new Intl.NumberFormat('en-CA');
const atMost = (max: number, label: string) =>
  z.refine<string>((value) => value.trim().length <= max, `${label} can be at most ${count.format(max)} characters.`);

/** A whole number typed in a field, between `min` and `max`. */
const whole = (min: number, max: number, label: string) =>
  z.string().check(
    z.refine((value) => /^\s*\d+\s*$/.test(value), `Enter ${label} as a whole number.`),
    z.refine(
      (value) => {
        const n = Number(value.trim());
        return !/^\s*\d+\s*$/.test(value) || (n >= min && n <= max);
      },
      `${label[0]!.toUpperCase()}${label.slice(1)} must be between ${count.format(min)} and ${count.format(max)}.`,
    ),
  );

const DECIMAL = /^\s*\d+([.,]\d{1,3})?\s*$/;

const textSchema = z
  .object({
    name: z.string().check(oneLine('The name'), atMost(200, 'The name')),
    slug: z.string(),
    slugEdited: z.boolean(),
    shortDescription: z.string().check(oneLine('The short description'), atMost(300, 'The short description')),
    description: z.string().check(
      z.refine((value) => !TEXT_CONTROLS.test(value), invisible('The description')),
      atMost(20_000, 'The description'),
    ),
  })
  .check(
    z.superRefine((t, ctx) => {
      if (!hasText(t)) return;
      if (!t.name.trim())
        ctx.issues.push({
          code: 'custom',
          input: t.name,
          path: ['name'],
          message: 'Enter a name, or clear every text of this language.',
        });
      const slug = t.slug.trim();
      if (!slug) ctx.issues.push({ code: 'custom', input: t.slug, path: ['slug'], message: 'Enter a slug.' });
      else if (slug.length > SLUG_MAX)
        ctx.issues.push({
          code: 'custom',
          input: t.slug,
          path: ['slug'],
          message: `The slug can be at most ${SLUG_MAX} characters.`,
        });
      else if (!SLUG_PATTERN.test(slug))
        ctx.issues.push({
          code: 'custom',
          input: t.slug,
          path: ['slug'],
          message: 'Use lower-case letters, digits and single hyphens, e.g. extra-virgin-olive-oil-500-ml.',
        });
    }),
  );

export const productSchema = z
  .object({
    sku: z.string().check(
      z.refine((v) => v.trim() !== '', 'Enter the SKU, e.g. OO-0001.'),
      z.refine((v) => v.trim() === '' || v.trim().length <= 32, 'The SKU can be at most 32 characters.'),
      z.refine(
        (v) => v.trim() === '' || v.trim().length > 32 || SKU_PATTERN.test(v.trim().toUpperCase()),
        'Use letters and digits in groups separated by single dashes, e.g. OO-0001.',
      ),
    ),
    categoryId: z.string().check(z.minLength(1, 'Choose a category.')),
    brand: z.string().check(
      z.refine((v) => v.trim() !== '', 'Enter the brand.'),
      atMost(120, 'The brand'),
      oneLine('The brand'),
    ),
    originCountry: z
      .string()
      .check(
        z.refine((v) => COUNTRIES.has(v.trim().toUpperCase()), 'Choose the country of origin (ISO code, e.g. GR).'),
      ),
    originRegionEn: z.string().check(atMost(100, 'The region'), oneLine('The region')),
    originRegionFr: z.string().check(atMost(100, 'The region'), oneLine('The region')),
    unitSize: z.string().check(
      z.refine((v) => DECIMAL.test(v), 'Enter the unit size as a number, e.g. 500 or 0.75 (at most 3 decimals).'),
      z.refine((v) => !DECIMAL.test(v) || Number(v.trim().replace(',', '.')) > 0, 'The unit size must be above 0.'),
      z.refine(
        (v) => !DECIMAL.test(v) || Number(v.trim().replace(',', '.')) < 10_000_000,
        'The unit size must be below 10,000,000.',
      ),
    ),
    unit: z.enum(PRODUCT_UNITS, 'Choose a unit.'),
    unitsPerCase: whole(1, 10_000, 'the units per case'),
    minOrderCases: whole(1, 10_000, 'the minimum order in cases'),
    leadTimeDays: whole(0, 250, 'the lead time in business days'),
    storage: z.enum(PRODUCT_STORAGE, 'Choose how it is stored.'),
    shelfLifeDays: whole(1, 3650, 'the shelf life in days'),
    allergens: z.array(z.enum(PRODUCT_ALLERGENS)),
    certifications: z.array(z.enum(PRODUCT_CERTIFICATIONS)),
    orderableOnline: z.boolean(),
    notOrderableReason: z.string(),
    internalNotes: z.string().check(
      atMost(5000, 'The internal notes'),
      z.refine((v) => !TEXT_CONTROLS.test(v), invisible('The internal notes')),
    ),
    en: textSchema,
    fr: textSchema,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.allergens.includes('wheat') && !v.allergens.includes('gluten'))
        ctx.issues.push({
          code: 'custom',
          input: v.allergens,
          path: ['allergens'],
          message: 'Wheat (or triticale) is a source of gluten: tick Gluten too.',
        });
      if (!v.orderableOnline && !(NOT_ORDERABLE_REASONS as readonly string[]).includes(v.notOrderableReason))
        ctx.issues.push({
          code: 'custom',
          input: v.notOrderableReason,
          path: ['notOrderableReason'],
          message: 'Say why clients cannot order it online.',
        });
      const en = v.originRegionEn.trim();
      const fr = v.originRegionFr.trim();
      if (en && !fr)
        ctx.issues.push({
          code: 'custom',
          input: fr,
          path: ['originRegionFr'],
          message: 'Enter the region in French too, or clear the English one.',
        });
      if (fr && !en)
        ctx.issues.push({
          code: 'custom',
          input: en,
          path: ['originRegionEn'],
          message: 'Enter the region in English too, or clear the French one.',
        });
    }),
  );

// ---------------------------------------------------------------------------
// Refusals of the database
// ---------------------------------------------------------------------------

/** Which write was refused: the product's row or one language's text. */
export type ProductSavePart = 'product' | ProductLang | 'publish';

/** A refused write, with the part it was writing. */
export class ProductSaveError extends Error {
  readonly part: ProductSavePart;
  override readonly cause: unknown;
  constructor(part: ProductSavePart, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The database refused the change.');
    this.name = 'ProductSaveError';
    this.part = part;
    this.cause = cause;
  }
}

type Field = FieldPath<ProductFormValues>;

/** The field each constraint of `products` guards, and what to say there. */
const PRODUCT_CONSTRAINTS: Record<string, [Field, string]> = {
  products_sku: ['sku', 'Use letters and digits in groups separated by single dashes, e.g. OO-0001.'],
  products_sku_key: ['sku', 'This SKU is taken by another product. Choose another.'],
  products_brand: ['brand', 'Enter the brand (at most 120 characters).'],
  products_origin_country: ['originCountry', 'Choose the country of origin.'],
  products_origin_region_en: ['originRegionEn', 'The region can be at most 100 characters.'],
  products_origin_region_fr: ['originRegionFr', 'The region can be at most 100 characters.'],
  products_origin_region_both_languages: ['originRegionFr', 'Enter the region in both languages, or in neither.'],
  products_unit_size_positive: ['unitSize', 'The unit size must be above 0.'],
  products_unit: ['unit', 'Choose mL, L, g or kg.'],
  products_units_per_case: ['unitsPerCase', 'The units per case must be between 1 and 10,000.'],
  products_min_order_cases: ['minOrderCases', 'The minimum order must be between 1 and 10,000 cases.'],
  products_lead_time_business_days: ['leadTimeDays', 'The lead time must be between 0 and 250 business days.'],
  products_storage: ['storage', 'Choose ambient, chilled or frozen.'],
  products_shelf_life_days: ['shelfLifeDays', 'The shelf life must be between 1 and 3,650 days.'],
  products_allergens_known: ['allergens', 'Only the listed allergens can be recorded.'],
  products_wheat_declares_gluten: ['allergens', 'Wheat (or triticale) is a source of gluten: tick Gluten too.'],
  products_certifications_known: ['certifications', 'Only the listed certifications can be recorded.'],
  products_not_orderable_needs_reason: ['notOrderableReason', 'Say why clients cannot order it online.'],
  products_not_orderable_reason: ['notOrderableReason', 'Say why clients cannot order it online.'],
  products_orderable_has_no_reason: ['notOrderableReason', 'A product clients can order online has no reason.'],
  products_internal_notes: ['internalNotes', 'The internal notes can be at most 5,000 characters.'],
  products_text_characters: ['brand', invisible('The brand or the region')],
  products_category_id_fkey: ['categoryId', 'This category no longer exists: choose another.'],
};

/** The text field each constraint of `product_translations` guards. */
const TEXT_CONSTRAINTS: Record<string, [keyof ProductTextValues, (lang: string) => string]> = {
  product_translations_name: ['name', () => 'Enter a name (at most 200 characters).'],
  product_translations_slug: ['slug', () => 'Use lower-case letters, digits and single hyphens.'],
  product_translations_slug_key: [
    'slug',
    (lang) => `This slug is taken: another product in ${lang} uses it. Choose another.`,
  ],
  product_translations_short_description: ['shortDescription', () => 'At most 300 characters.'],
  product_translations_description_md: ['description', () => 'At most 20,000 characters.'],
  product_translations_line_characters: ['name', () => invisible('The name or the short description')],
  product_translations_text_characters: ['description', () => invisible('The description')],
};

const constraintOf = (error: DataApiError) =>
  /constraint "([^"]+)"/.exec(`${error.message} ${error.details ?? ''}`)?.[1] ?? null;

export type ServerFieldError = { field: Field; message: string };

/** The field a refused save names (by its constraint), with a message for it; null when it names none. */
export function fieldOfServerError(error: unknown): ServerFieldError | null {
  if (!(error instanceof ProductSaveError) || !(error.cause instanceof DataApiError)) return null;
  const cause = error.cause;
  const constraint = constraintOf(cause);
  if (!constraint) return null;
  if (error.part === 'en' || error.part === 'fr') {
    const known = TEXT_CONSTRAINTS[constraint];
    if (!known) return null;
    return { field: `${error.part}.${known[0]}` as Field, message: known[1](PRODUCT_LANG_NAME[error.part]) };
  }
  const known = PRODUCT_CONSTRAINTS[constraint];
  return known ? { field: known[0], message: known[1] } : null;
}

/** A refusal as one sentence for staff. */
export function describeError(error: unknown): string {
  const part = error instanceof ProductSaveError ? error.part : null;
  const cause = error instanceof ProductSaveError ? error.cause : error;
  if (cause instanceof DataApiError) {
    if (cause.code === '42501')
      return 'Only staff who signed in with their authenticator code can change the catalogue. Sign out and sign in again with your code.';
    if (cause.code === '23514' && cause.details === 'status')
      return 'The product cannot be published yet: a product goes public with both its English and its French text. Fill in the name and slug in both languages, save, then publish.';
    if (cause.code === '23505') {
      const constraint = constraintOf(cause);
      if (constraint === 'products_sku_key') return 'This SKU is taken by another product. Choose another.';
      if (constraint === 'product_translations_slug_key')
        return `This slug is taken by another product${part === 'en' || part === 'fr' ? ` in ${PRODUCT_LANG_NAME[part]}` : ''}. Choose another.`;
      return 'This is already used by another product.';
    }
    if (cause.code === '23514') {
      const constraint = constraintOf(cause);
      return constraint
        ? `The database refused a value (${constraint.replace(/^product(_translations|s)_/, '').replace(/_/g, ' ')}). Check the field and try again.`
        : cause.message;
    }
    if (cause.code === '23503') return 'Something this refers to no longer exists. Reload the page and try again.';
    if (cause.code === 'PGRST116' || cause.code === 'PT404')
      return 'This product no longer exists (someone may have deleted it).';
    return cause.message;
  }
  return cause instanceof Error ? cause.message : 'Something went wrong.';
}
