import { describe, expect, it } from 'vitest';
import { DataApiError } from '@/lib/supabase/errors';
import {
  describeError,
  emptyProduct,
  fieldOfServerError,
  formToRows,
  ProductSaveError,
  productSchema,
  productToForm,
  type ProductFormValues,
} from './product-form';

const stored = {
  sku: 'OO-0001',
  category_id: 'olive-oils',
  brand: 'Kritsa',
  origin_country: 'GR',
  origin_region_en: 'Crete',
  origin_region_fr: 'Crète',
  unit_size: '500.000',
  unit: 'mL',
  units_per_case: 12,
  min_order_cases: 1,
  lead_time_business_days: 5,
  storage: 'ambient',
  shelf_life_days: 540,
  allergens: [],
  certifications: ['pdo'],
  orderable_online: true,
  not_orderable_reason: null,
};
const texts = {
  en: { name: 'Olive oil', slug: 'olive-oil', short_description: 'Green.', description_md: '## Taste' },
  fr: { name: 'Huile d’olive', slug: 'huile-d-olive', short_description: 'Verte.', description_md: '' },
};

const valid = (): ProductFormValues => productToForm(stored, texts, 'Allocation: 40 cases');

/** The messages the schema gives, by field path. */
function problems(values: ProductFormValues): Record<string, string> {
  const result = productSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('row ↔ form', () => {
  it('maps a stored product and its texts into the form', () => {
    const values = valid();
    expect(values).toMatchObject({
      sku: 'OO-0001',
      unitSize: '500',
      unitsPerCase: '12',
      originRegionFr: 'Crète',
      notOrderableReason: '',
      internalNotes: 'Allocation: 40 cases',
      en: { name: 'Olive oil', slug: 'olive-oil', slugEdited: true, description: '## Taste' },
      fr: { name: 'Huile d’olive', shortDescription: 'Verte.' },
    });
  });

  it('maps the form back into the same rows (a round trip changes nothing)', () => {
    const { product, texts: out } = formToRows(valid());
    expect(product).toEqual({ ...stored, unit_size: 500, internal_notes: 'Allocation: 40 cases' });
    expect(out).toEqual(texts);
  });

  it('trims, upper-cases the SKU and country, sorts the lists, and turns numbers typed as text into numbers', () => {
    const values = {
      ...valid(),
      sku: ' oo-0002 ',
      originCountry: 'gr',
      originRegionEn: ' ',
      originRegionFr: '',
      unitSize: '0,75',
      allergens: ['wheat', 'gluten', 'milk'],
      certifications: ['pgi', 'organic'],
    };
    const { product } = formToRows(values);
    expect(product).toMatchObject({
      sku: 'OO-0002',
      origin_country: 'GR',
      origin_region_en: null,
      origin_region_fr: null,
      unit_size: 0.75,
      allergens: ['gluten', 'milk', 'wheat'],
      certifications: ['organic', 'pgi'],
    });
  });

  it('leaves out a language with no text at all, and the reason of an orderable product', () => {
    const values = { ...valid(), fr: { ...emptyProduct().fr }, notOrderableReason: 'seasonal' };
    const rows = formToRows(values);
    expect(rows.texts.fr).toBeNull();
    expect(rows.product.not_orderable_reason).toBeNull();
    expect(formToRows({ ...values, orderableOnline: false }).product.not_orderable_reason).toBe('seasonal');
  });
});

describe('the schema', () => {
  it('accepts a complete product', () => {
    expect(problems(valid())).toEqual({});
  });

  it('names every required shared field of an empty product', () => {
    const found = problems(emptyProduct());
    expect(found).toMatchObject({
      sku: 'Enter the SKU, e.g. OO-0001.',
      categoryId: 'Choose a category.',
      brand: 'Enter the brand.',
      originCountry: 'Choose the country of origin (ISO code, e.g. GR).',
      unitsPerCase: 'Enter the units per case as a whole number.',
    });
    // A new product may start without any text.
    expect(found['en.name']).toBeUndefined();
  });

  it('checks the SKU, numbers and country as the database does', () => {
    expect(
      problems({
        ...valid(),
        sku: 'OO--1',
        unitSize: '0',
        unitsPerCase: '10001',
        leadTimeDays: '2.5',
        shelfLifeDays: '0',
        originCountry: 'XX',
      }),
    ).toEqual({
      sku: 'Use letters and digits in groups separated by single dashes, e.g. OO-0001.',
      unitSize: 'The unit size must be above 0.',
      unitsPerCase: 'The units per case must be between 1 and 10,000.',
      leadTimeDays: 'Enter the lead time in business days as a whole number.',
      shelfLifeDays: 'The shelf life in days must be between 1 and 3,650.',
      originCountry: 'Choose the country of origin (ISO code, e.g. GR).',
    });
    expect(problems({ ...valid(), sku: 'oo-0001' })).toEqual({});
  });

  it('requires gluten with wheat', () => {
    expect(problems({ ...valid(), allergens: ['wheat'] })).toEqual({
      allergens: 'Wheat (or triticale) is a source of gluten: tick Gluten too.',
    });
    expect(problems({ ...valid(), allergens: ['wheat', 'gluten'] })).toEqual({});
  });

  it('requires a reason exactly when clients cannot order online', () => {
    expect(problems({ ...valid(), orderableOnline: false })).toEqual({
      notOrderableReason: 'Say why clients cannot order it online.',
    });
    expect(problems({ ...valid(), orderableOnline: false, notOrderableReason: 'liquor_board' })).toEqual({});
  });

  it('wants the region in both languages or neither', () => {
    expect(problems({ ...valid(), originRegionFr: '' })).toEqual({
      originRegionFr: 'Enter the region in French too, or clear the English one.',
    });
    expect(problems({ ...valid(), originRegionEn: '', originRegionFr: '' })).toEqual({});
  });

  it('wants a name and a valid slug in a language that has any text', () => {
    expect(problems({ ...valid(), fr: { ...valid().fr, name: '', slug: 'Huile d’olive' } })).toEqual({
      'fr.name': 'Enter a name, or clear every text of this language.',
      'fr.slug': 'Use lower-case letters, digits and single hyphens, e.g. extra-virgin-olive-oil-500-ml.',
    });
    expect(problems({ ...valid(), en: { ...valid().en, name: 'Oil\u0007' } })).toEqual({
      'en.name': expect.stringContaining('invisible control character'),
    });
    expect(problems({ ...valid(), en: { ...valid().en, shortDescription: 'x'.repeat(301) } })).toEqual({
      'en.shortDescription': 'The short description can be at most 300 characters.',
    });
  });
});

describe('refusals of the database', () => {
  const refused = (part: 'product' | 'en' | 'fr' | 'publish', body: Record<string, string>) =>
    new ProductSaveError(part, new DataApiError(body, 409));

  it('puts a taken SKU or slug beside its field', () => {
    expect(
      fieldOfServerError(
        refused('product', {
          code: '23505',
          message: 'duplicate key value violates unique constraint "products_sku_key"',
        }),
      ),
    ).toEqual({ field: 'sku', message: 'This SKU is taken by another product. Choose another.' });
    expect(
      fieldOfServerError(
        refused('fr', {
          code: '23505',
          message: 'duplicate key value violates unique constraint "product_translations_slug_key"',
        }),
      ),
    ).toEqual({ field: 'fr.slug', message: 'This slug is taken: another product in French uses it. Choose another.' });
  });

  it('puts a failed check beside its field', () => {
    expect(
      fieldOfServerError(
        refused('product', {
          code: '23514',
          message: 'new row for relation "products" violates check constraint "products_wheat_declares_gluten"',
        }),
      ),
    ).toEqual({ field: 'allergens', message: 'Wheat (or triticale) is a source of gluten: tick Gluten too.' });
  });

  it('says plainly why publishing and writing were refused', () => {
    const publish = refused('publish', { code: '23514', details: 'status', message: 'A product is published…' });
    expect(fieldOfServerError(publish)).toBeNull();
    expect(describeError(publish)).toMatch(/^The product cannot be published yet: .*both its English and its French/);
    expect(describeError(refused('product', { code: '42501', message: 'permission denied' }))).toMatch(
      /authenticator code/,
    );
  });
});
