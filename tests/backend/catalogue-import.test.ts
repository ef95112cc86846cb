/**
 * public.import_products (supabase/migrations/20261128070300_import_products.sql):
 * the admin Products page's CSV import, applied all or nothing through
 * supabase-js. Who may call it, what it writes (rows, texts, audit), what a
 * failing row leaves (nothing), slug swaps and renames, and a round trip
 * through the CSV module: export what the database holds, plan its import
 * against the same rows, nothing to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImport, productsToCsv, type ProductCsvRow } from '../../src/features/admin-portal/products/product-csv.ts';
import { ok, startTestBackend, type Client, type TestBackend } from './helpers.ts';

// One literal, so that supabase-js types the rows.
const PRODUCT_COLUMNS =
  'id,sku,category_id,brand,origin_country,origin_region_en,origin_region_fr,unit_size,unit,units_per_case,min_order_cases,lead_time_business_days,storage,shelf_life_days,allergens,certifications,orderable_online,not_orderable_reason,status';

let backend: TestBackend;
let admin: Client;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn('admin');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

/** The catalogue as ProductCsvRow, read back as the admin at aal2, by SKU. */
async function readCatalogue(): Promise<Map<string, ProductCsvRow & { id: string }>> {
  const categories = ok(await admin.from('product_categories').select('id,slug_en'), 'categories');
  const products = ok(await admin.from('products').select(PRODUCT_COLUMNS).order('sku'), 'products');
  const texts = ok(
    await admin.from('product_translations').select('product_id,lang,name,slug,short_description,description_md'),
    'texts',
  );
  const slugOf = new Map(categories.map((c) => [c.id, c.slug_en]));
  const rows = new Map<string, ProductCsvRow & { id: string }>();
  for (const p of products) {
    const text = (lang: 'en' | 'fr') => {
      const found = texts.find((t) => t.product_id === p.id && t.lang === lang);
      if (!found) throw new Error(`${p.sku} has no ${lang} text`);
      return found;
    };
    const en = text('en');
    const fr = text('fr');
    rows.set(p.sku, {
      id: p.id,
      sku: p.sku,
      category: slugOf.get(p.category_id) ?? p.category_id,
      brand: p.brand,
      origin_country: p.origin_country,
      origin_region_en: p.origin_region_en,
      origin_region_fr: p.origin_region_fr,
      unit_size: Number(p.unit_size),
      unit: p.unit as ProductCsvRow['unit'],
      units_per_case: p.units_per_case,
      min_order_cases: p.min_order_cases,
      lead_time_business_days: p.lead_time_business_days,
      storage: p.storage as ProductCsvRow['storage'],
      shelf_life_days: p.shelf_life_days,
      allergens: p.allergens as ProductCsvRow['allergens'],
      certifications: p.certifications as ProductCsvRow['certifications'],
      orderable_online: p.orderable_online,
      not_orderable_reason: p.not_orderable_reason as ProductCsvRow['not_orderable_reason'],
      status: p.status as ProductCsvRow['status'],
      name_en: en.name,
      slug_en: en.slug,
      short_description_en: en.short_description,
      description_en: en.description_md,
      name_fr: fr.name,
      slug_fr: fr.slug,
      short_description_fr: fr.short_description,
      description_fr: fr.description_md,
    });
  }
  return rows;
}

function csvRow(row: ProductCsvRow & { id?: string }): ProductCsvRow {
  const { id: _id, ...rest } = row;
  return rest;
}

const newProduct = (sku: string, slug: string, overrides: Partial<ProductCsvRow> = {}): ProductCsvRow => ({
  sku,
  category: 'honeys',
  brand: 'Import Apiaries',
  origin_country: 'GR',
  origin_region_en: 'Crete',
  origin_region_fr: 'Crète',
  unit_size: 0.45,
  unit: 'kg',
  units_per_case: 12,
  min_order_cases: 2,
  lead_time_business_days: 7,
  storage: 'ambient',
  shelf_life_days: 730,
  allergens: [],
  certifications: ['organic'],
  orderable_online: true,
  not_orderable_reason: null,
  status: 'published',
  name_en: `Imported ${slug}`,
  slug_en: slug,
  short_description_en: 'Brought in by a spreadsheet.',
  description_en: 'Line one.\n\n- a point',
  name_fr: `Importé ${slug}`,
  slug_fr: `${slug}-fr`,
  short_description_fr: 'Arrivé par un tableur.',
  description_fr: '',
  ...overrides,
});

async function importRows(client: Client, rows: ProductCsvRow[]) {
  return client.rpc('import_products', { p_rows: rows as unknown as never });
}

async function productBySku(sku: string) {
  const { data } = await admin.from('products').select('id,status').eq('sku', sku).maybeSingle();
  return data;
}

describe('import_products', () => {
  it('refuses anon, a client and an admin at aal1 (42501), changing nothing', async () => {
    const before = await readCatalogue();
    const callers: [string, Client][] = [
      ['anon', backend.client()],
      ['client', await backend.signIn('client')],
      ['admin at aal1', await backend.signIn('admin', { aal: 'aal1' })],
    ];
    const rows = [newProduct('REF-0001', 'refused-honey'), { ...csvRow(before.get('OO-0001')!), brand: 'Hacked' }];
    for (const [who, client] of callers) {
      const { data, error } = await importRows(client, rows);
      expect(error?.code, who).toBe('42501');
      expect(data, who).toBeNull();
    }
    const aal1 = await importRows(callers[2]![1], rows);
    expect(aal1.error?.hint).toMatch(/aal2/);
    expect(await readCatalogue()).toEqual(before);
  });

  it('creates two products and changes a seeded one, with their texts and the audit', async () => {
    const before = await readCatalogue();
    const seeded = before.get('OO-0001')!;
    const changed = { ...csvRow(seeded), brand: 'Ktima Daskalakis & Sons', name_fr: `${seeded.name_fr} (nouveau)` };
    const created = [
      newProduct('IMP-0001', 'thyme-honey-import'),
      newProduct('IMP-0002', 'pine-honey-import', {
        category: 'wines-vinegars',
        status: 'draft',
        orderable_online: false,
        not_orderable_reason: 'quote_only',
        origin_region_en: null,
        origin_region_fr: null,
        allergens: ['sulphites'],
      }),
    ];
    // A seeded product sent unchanged counts as neither.
    const unchanged = csvRow(before.get('OO-0002')!);
    const last = ok(await admin.from('product_audit').select('id').order('id', { ascending: false }).limit(1), 'audit');
    const { data, error } = await importRows(admin, [created[0]!, changed, unchanged, created[1]!]);
    expect(error).toBeNull();
    expect(data).toEqual({ created: 2, changed: 1 });

    const after = await readCatalogue();
    expect(csvRow(after.get('IMP-0001')!)).toEqual(created[0]);
    expect(csvRow(after.get('IMP-0002')!)).toEqual(created[1]);
    expect(csvRow(after.get('OO-0001')!)).toEqual(changed);
    expect(after.get('OO-0002')).toEqual(before.get('OO-0002'));
    expect(after.size).toBe(before.size + 2);

    const first = after.get('IMP-0001')!.id;
    const audit = ok(
      await admin
        .from('product_audit')
        .select('product_id,part,part_key,action,changes,actor_label')
        .in('product_id', [first, seeded.id])
        .gt('id', last[0]?.id ?? 0)
        .order('id'),
      'audit',
    );
    const summary = audit.map((entry) => [
      entry.product_id === first ? 'new' : 'seeded',
      entry.part,
      entry.part_key,
      entry.action,
    ]);
    // The new product is written as a draft, then its texts, then published.
    expect(summary).toEqual([
      ['new', 'product', null, 'insert'],
      ['seeded', 'product', null, 'update'],
      ['new', 'translation', 'en', 'insert'],
      ['new', 'translation', 'fr', 'insert'],
      ['seeded', 'translation', 'fr', 'update'],
      ['new', 'product', null, 'update'],
    ]);
    expect(audit[1]?.changes).toEqual({ brand: { from: 'Ktima Daskalakis', to: 'Ktima Daskalakis & Sons' } });
    expect(audit.every((entry) => entry.actor_label === 'admin@example.com')).toBe(true);
    // Published by the import, after both texts: anon sees it.
    const publicRow = await backend.client().from('products').select('sku').eq('sku', 'IMP-0001');
    expect(publicRow.data).toEqual([{ sku: 'IMP-0001' }]);
  });

  it('applies nothing when the third row breaks a rule, and names that row', async () => {
    const before = await readCatalogue();
    const good = [newProduct('BAD-0001', 'batch-one'), newProduct('BAD-0002', 'batch-two')];
    const zero = await importRows(admin, [...good, newProduct('BAD-0003', 'batch-three', { unit_size: 0 })]);
    expect(zero.error?.code).toBe('23514');
    expect(zero.error?.message).toMatch(/^Product 3 of the import \(SKU BAD-0003\): /);

    const duplicate = await importRows(admin, [
      ...good,
      newProduct('BAD-0003', 'batch-three', { slug_en: 'batch-one' }),
    ]);
    expect(duplicate.error?.code).toBe('23505');
    expect(duplicate.error?.message).toMatch(/^Product 3 of the import \(SKU BAD-0003\)/);

    const category = await importRows(admin, [...good, newProduct('BAD-0003', 'batch-three', { category: 'nope' })]);
    expect(category.error?.code).toBe('22023');
    expect(category.error?.message).toBe(
      'Product 3 of the import (SKU BAD-0003): category "nope" is not a known category.',
    );

    const repeated = await importRows(admin, [...good, newProduct('bad-0001', 'batch-three')]);
    expect(repeated.error?.message).toMatch(/^Product 3 of the import \(SKU BAD-0001\): the SKU is already/);

    expect(await productBySku('BAD-0001')).toBeNull();
    expect(await readCatalogue()).toEqual(before);
  });

  it('swaps the slugs of two products in one import, leaving no temporary redirect', async () => {
    const before = await readCatalogue();
    const a = csvRow(before.get('IMP-0001')!);
    const b = csvRow(before.get('OO-0001')!);
    const { data, error } = await importRows(admin, [
      { ...a, slug_en: b.slug_en, slug_fr: b.slug_fr },
      { ...b, slug_en: a.slug_en, slug_fr: a.slug_fr },
    ]);
    expect(error).toBeNull();
    expect(data).toEqual({ created: 0, changed: 2 });
    const after = await readCatalogue();
    expect(after.get('IMP-0001')).toMatchObject({ slug_en: b.slug_en, slug_fr: b.slug_fr });
    expect(after.get('OO-0001')).toMatchObject({ slug_en: a.slug_en, slug_fr: a.slug_fr });
    const redirects = ok(
      await admin.from('product_slug_redirects').select('lang,old_slug,product_id').like('old_slug', 'import-swap-%'),
      'redirects',
    );
    expect(redirects).toEqual([]);
    // The slugs in use again redirect nowhere.
    const taken = ok(
      await admin.from('product_slug_redirects').select('old_slug').in('old_slug', [a.slug_en, b.slug_en]),
      'taken',
    );
    expect(taken).toEqual([]);
  });

  it('keeps the old slug of a published product renamed by an import as a redirect', async () => {
    const before = await readCatalogue();
    const tin = before.get('OO-0002')!;
    const { data, error } = await importRows(admin, [{ ...csvRow(tin), slug_en: 'kalamata-pdo-olive-oil-tin' }]);
    expect(error).toBeNull();
    expect(data).toEqual({ created: 0, changed: 1 });
    const redirect = await backend
      .client()
      .from('product_slug_redirects')
      .select('lang,old_slug,product_id')
      .eq('old_slug', tin.slug_en);
    expect(redirect.data).toEqual([{ lang: 'en', old_slug: tin.slug_en, product_id: tin.id }]);
  });

  it('round-trips: the catalogue exported as CSV plans to skip every row', async () => {
    const catalogue = await readCatalogue();
    const rows = [...catalogue.values()].map(csvRow);
    const categories = ok(await admin.from('product_categories').select('slug_en'), 'categories').map((c) => c.slug_en);
    const plan = planImport(productsToCsv(rows), {
      categories,
      existing: new Map(rows.map((row) => [row.sku, row])),
    });
    expect(plan.errors).toEqual([]);
    expect(plan.create).toEqual([]);
    expect(plan.change).toEqual([]);
    expect(plan.skip).toHaveLength(rows.length);
    // And the database agrees: importing the same rows changes nothing.
    const again = await importRows(admin, rows);
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ created: 0, changed: 0 });
  });
});
