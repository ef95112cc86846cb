/**
 * The catalogue's data (docs/decisions/190-catalogue-in-the-database.md):
 * who reads which rows and columns, who writes, through supabase-js as anon,
 * a member (signed up, no role), the seeded client (approved), the admin at
 * aal1 and the admin at aal2; then what the database does for staff: the
 * checks, the slug redirects, the audit trail and the product-images bucket.
 *
 * Outcomes: a number, the rows the call saw or changed (a policy that hides a
 * row makes an update or delete change 0 rows, without error); `denied` the
 * database refused with 42501; another string, the SQLSTATE of another
 * refusal. Every refused or empty write is checked to have changed nothing,
 * the audit trail included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { ACCOUNT_IDS, ok, startTestBackend, type Client, type TestBackend } from './helpers.ts';

type Actor = 'anon' | 'member' | 'client' | 'adminAal1' | 'admin';
const ACTORS: readonly Actor[] = ['anon', 'member', 'client', 'adminAal1', 'admin'];
// A number of rows, 'denied' (42501) or the SQLSTATE of another refusal.
type Outcome = number | string;
type Result = { data: unknown; error: { code: string; message: string; hint?: string } | null };
type ProductInsert = Database['public']['Tables']['products']['Insert'];

// Seeded (supabase/seed.sql).
const SEEDED = (n: number) => `00000000-0000-4000-8000-0000000b${String(n).padStart(4, '0')}`;
const OLIVE_OIL = SEEDED(1); // published, no internal notes
const KALAMATA_TIN = SEEDED(2); // published, with internal notes
const DRAFT_OIL = SEEDED(6); // a draft
const SANTORINI = SEEDED(21); // a wine: not orderable online
const SEEDED_NOTES =
  'Landed cost up about 8 % with the 2026 harvest: confirm with the estate before the January price list.';

// Made below.
const HIDDEN_CATEGORY = 'rls-hidden';
const EMPTY_CATEGORY = 'rls-empty';
const HIDDEN_PRODUCT = randomUUID(); // published, in the unpublished category
const TARGET = randomUUID(); // published: what the writes aim at
const ENGLISH_ONLY = randomUUID(); // a draft with its English text only
const DISPOSABLE = randomUUID(); // a draft the admin deletes
const SPEC_SHEET = randomUUID(); // every client's document, linked for everyone
const CERTIFICATE = randomUUID(); // every client's document, linked for clients only
const COMPANY_DOCUMENT = '00000000-0000-4000-8000-0000000d0c01'; // seeded: company A's certificate

let backend: TestBackend;
let service: Client;
const clients = new Map<Actor, Client>();
const as = (actor: Actor): Client => {
  const found = clients.get(actor);
  if (!found) throw new Error(`no client for ${actor}`);
  return found;
};

const product = (sku: string, overrides: Partial<ProductInsert> = {}): ProductInsert => ({
  sku,
  category_id: 'olive-oils',
  brand: 'Test Estate',
  origin_country: 'GR',
  origin_region_en: 'Crete',
  origin_region_fr: 'Crète',
  unit_size: 500,
  unit: 'mL',
  units_per_case: 12,
  min_order_cases: 1,
  lead_time_business_days: 10,
  storage: 'ambient',
  shelf_life_days: 540,
  allergens: [],
  certifications: ['organic'],
  internal_notes: 'Margin 42 %: never for clients.',
  ...overrides,
});

const texts = (id: string, lang: 'en' | 'fr', slug: string) => ({
  product_id: id,
  lang,
  name: `${slug} (${lang})`,
  slug,
  short_description: 'A test product.',
  description_md: 'A **test** product.\n\nSecond paragraph.',
});

/** A product made through the service key: a draft with the given texts, published when asked. */
async function makeProduct(
  id: string,
  sku: string,
  options: { category?: string; languages?: ('en' | 'fr')[]; publish?: boolean } = {},
): Promise<void> {
  const slug = sku.toLowerCase();
  ok(
    await service.from('products').insert({ id, ...product(sku, { category_id: options.category ?? 'olive-oils' }) }),
    `product ${sku}`,
  );
  for (const lang of options.languages ?? ['en', 'fr']) {
    ok(await service.from('product_translations').insert(texts(id, lang, `${slug}-${lang}`)), `${sku} ${lang}`);
  }
  if (options.publish)
    ok(await service.from('products').update({ status: 'published' }).eq('id', id), `publish ${sku}`);
}

/** A document every client may read, with a current version (no file: nothing here downloads it). */
async function makeDocument(id: string, title: string, category: 'spec_sheet' | 'certificate'): Promise<void> {
  const version = randomUUID();
  ok(
    await service.from('documents').insert({
      id,
      title_en: title,
      title_fr: title,
      category,
      file_language: 'both',
      product: 'olive-oils',
      audience: 'all_clients',
    }),
    `document ${title}`,
  );
  ok(
    await service.from('document_versions').insert({
      id: version,
      document_id: id,
      storage_path: `${id}/${version}/file.pdf`,
      size_bytes: 100,
      mime_type: 'application/pdf',
      original_file_name: 'File.pdf',
    }),
    `version of ${title}`,
  );
  ok(await service.from('documents').update({ current_version_id: version }).eq('id', id), `current ${title}`);
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  clients.set('anon', backend.client());
  clients.set('member', await backend.signIn('member'));
  clients.set('client', await backend.signIn('client'));
  clients.set('adminAal1', await backend.signIn('admin', { aal: 'aal1' }));
  clients.set('admin', await backend.signIn('admin'));

  const category = (id: string) => ({
    id,
    slug_en: id,
    slug_fr: `${id}-fr`,
    name_en: id,
    name_fr: id,
    published: false,
  });
  ok(await service.from('product_categories').insert([category(HIDDEN_CATEGORY), category(EMPTY_CATEGORY)]), 'cat');
  await makeProduct(HIDDEN_PRODUCT, 'TEST-HIDDEN', { category: HIDDEN_CATEGORY, publish: true });
  await makeProduct(TARGET, 'TEST-TARGET', { publish: true });
  await makeProduct(ENGLISH_ONLY, 'TEST-EN-ONLY', { languages: ['en'] });
  await makeProduct(DISPOSABLE, 'TEST-DISPOSABLE');
  await makeDocument(SPEC_SHEET, 'Spec sheet', 'spec_sheet');
  await makeDocument(CERTIFICATE, 'Organic certificate', 'certificate');
  ok(
    await service.from('product_documents').insert([
      { product_id: OLIVE_OIL, document_id: SPEC_SHEET, visibility: 'public', sort_order: 0 },
      { product_id: OLIVE_OIL, document_id: CERTIFICATE, visibility: 'clients', sort_order: 1 },
      { product_id: DRAFT_OIL, document_id: SPEC_SHEET, visibility: 'public', sort_order: 0 },
      { product_id: HIDDEN_PRODUCT, document_id: SPEC_SHEET, visibility: 'public', sort_order: 0 },
    ]),
    'links',
  );
});

afterAll(async () => {
  await backend?.stop();
});

/** Every catalogue table, as one digest (read as the superuser). */
async function digest(): Promise<string> {
  const tables = [
    'product_categories',
    'products',
    'product_translations',
    'product_slug_redirects',
    'product_images',
    'product_documents',
    'product_audit',
  ];
  const parts = tables.map(
    (table) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from public.${table} t)`,
  );
  const [row] = await backend.db.query<{ digest: string }>(`select concat_ws(',', ${parts.join(', ')}) as digest`);
  return row?.digest ?? '';
}

const rowsOf = (data: unknown) => (Array.isArray(data) ? data.length : data === null ? 0 : 1);

function outcomeOf(result: Result): Outcome {
  if (result.error) return result.error.code === '42501' ? 'denied' : result.error.code;
  return rowsOf(result.data);
}

async function outcomes(attempt: (db: Client) => PromiseLike<Result>, actors = ACTORS): Promise<Outcome[]> {
  const seen: Outcome[] = [];
  for (const actor of actors) seen.push(outcomeOf(await attempt(as(actor))));
  return seen;
}

const everyone = (outcome: Outcome): Outcome[] => ACTORS.map(() => outcome);
const staffOnly = (staff: Outcome, others: Outcome): Outcome[] =>
  ACTORS.map((actor) => (actor === 'admin' ? staff : others));

describe('who reads what', () => {
  //                       anon, member, client, adminAal1, admin
  const reads: Record<string, { attempt: (db: Client) => PromiseLike<Result>; expected: Outcome[] }> = {
    'the six categories of the home page': {
      attempt: (db) =>
        db.from('product_categories').select('id, slug_en, slug_fr, name_en, name_fr').not('id', 'like', 'rls-%'),
      expected: everyone(6),
    },
    'an unpublished category': {
      attempt: (db) => db.from('product_categories').select('id').in('id', [HIDDEN_CATEGORY, EMPTY_CATEGORY]),
      expected: staffOnly(2, 0),
    },
    'the seeded products: the published ones, or all for the admin at aal2': {
      attempt: (db) => db.from('products').select('id, sku, status').not('sku', 'like', 'TEST-%'),
      expected: staffOnly(29, 28),
    },
    'a published product': {
      attempt: (db) => db.from('products').select('id, sku, brand, unit_size, unit').eq('id', OLIVE_OIL),
      expected: everyone(1),
    },
    'a draft': {
      attempt: (db) => db.from('products').select('id').eq('id', DRAFT_OIL),
      expected: staffOnly(1, 0),
    },
    'a published product of an unpublished category': {
      attempt: (db) => db.from('products').select('id').eq('id', HIDDEN_PRODUCT),
      expected: staffOnly(1, 0),
    },
    'the texts of a published product': {
      attempt: (db) => db.from('product_translations').select('lang, name, slug').eq('product_id', OLIVE_OIL),
      expected: everyone(2),
    },
    'the texts of a draft and of a hidden product': {
      attempt: (db) =>
        db.from('product_translations').select('lang').in('product_id', [DRAFT_OIL, HIDDEN_PRODUCT, ENGLISH_ONLY]),
      expected: staffOnly(5, 0),
    },
    // Column privileges: nobody selects these through the Data API, staff included.
    'internal notes': {
      attempt: (db) => db.from('products').select('id, internal_notes').eq('id', KALAMATA_TIN),
      expected: everyone('denied'),
    },
    'who created or changed a product (created_by, updated_by)': {
      attempt: (db) => db.from('products').select('id, created_by, updated_by').eq('id', KALAMATA_TIN),
      expected: everyone('denied'),
    },
    'every column at once (select=*)': {
      attempt: (db) => db.from('products').select('*').eq('id', OLIVE_OIL),
      expected: everyone('denied'),
    },
    'internal notes and authors through admin_product_internals': {
      attempt: (db) => db.rpc('admin_product_internals', { product_ids: [KALAMATA_TIN] }),
      expected: staffOnly(1, 'denied'),
    },
    'document links: public ones for everyone, clients-only ones for the client, all for staff': {
      attempt: (db) =>
        db
          .from('product_documents')
          .select('product_id, document_id, visibility')
          .in('product_id', [OLIVE_OIL, DRAFT_OIL, HIDDEN_PRODUCT]),
      expected: [1, 1, 2, 1, 4],
    },
    // What a link points at stays behind the document centre's rules: anon
    // cannot read even the public spec sheet's row (see the decision record).
    'the linked documents themselves': {
      attempt: (db) => db.from('documents').select('id, title_en').in('id', [SPEC_SHEET, CERTIFICATE]),
      expected: ['denied', 0, 2, 0, 2],
    },
    'the audit trail': {
      attempt: (db) => db.from('product_audit').select('id').eq('product_id', OLIVE_OIL).limit(1),
      expected: ['denied', 0, 0, 0, 1],
    },
  };

  for (const [name, { attempt, expected }] of Object.entries(reads)) {
    it(name, async () => {
      expect(await outcomes(attempt)).toEqual(expected);
    });
  }

  it('a public reader sees a published product in both languages, without a staff column', async () => {
    // Two reads: the local backend serves plain column lists only, no embedded resources.
    const anon = as('anon');
    const { data, error } = await anon
      .from('products')
      .select('sku, category_id, status, orderable_online, not_orderable_reason')
      .eq('id', SANTORINI)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      sku: 'WV-0001',
      category_id: 'wines-vinegars',
      status: 'published',
      orderable_online: false,
      not_orderable_reason: 'liquor_board',
    });
    const texts = await anon
      .from('product_translations')
      .select('lang, slug')
      .eq('product_id', SANTORINI)
      .order('lang');
    expect(texts.data).toEqual([
      { lang: 'en', slug: 'santorini-pdo-assyrtiko-750-ml' },
      { lang: 'fr', slug: 'assyrtiko-santorini-aop-750-ml' },
    ]);
  });

  it('staff read the internal notes and authors through the function, and an admin at aal1 is told why not', async () => {
    const notes = await as('admin').rpc('admin_product_internals', { product_ids: [KALAMATA_TIN, DRAFT_OIL] });
    expect(notes.error).toBeNull();
    expect(notes.data).toEqual([
      {
        product_id: KALAMATA_TIN,
        internal_notes: SEEDED_NOTES,
        created_by: ACCOUNT_IDS.admin,
        updated_by: ACCOUNT_IDS.admin,
      },
      {
        product_id: DRAFT_OIL,
        internal_notes: expect.stringContaining('organic certificate'),
        created_by: ACCOUNT_IDS.admin,
        updated_by: ACCOUNT_IDS.admin,
      },
    ]);
    const refused = await as('adminAal1').rpc('admin_product_internals', {});
    expect(refused.error).toMatchObject({ code: '42501', hint: expect.stringContaining('aal2') });
  });
});

describe('who writes', () => {
  // Each attempt is made by every actor but the admin at aal2 first (the
  // database must change nothing), then by the admin at aal2.
  const writes: Record<string, { attempt: (db: Client) => PromiseLike<Result>; others: Outcome[]; staff: Outcome }> = {
    'insert a product': {
      attempt: (db) =>
        db
          .from('products')
          .insert(product(`TEST-NEW-${randomUUID().slice(0, 8)}`.toUpperCase()))
          .select('id'),
      others: ['denied', 'denied', 'denied', 'denied'],
      staff: 1,
    },
    'update a product': {
      attempt: (db) => db.from('products').update({ brand: 'Forged Estate' }).eq('id', TARGET).select('id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'update internal notes': {
      attempt: (db) => db.from('products').update({ internal_notes: 'Forged.' }).eq('id', TARGET).select('id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'publish a draft': {
      attempt: (db) => db.from('products').update({ status: 'published' }).eq('id', DRAFT_OIL).select('id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'delete a product': {
      attempt: (db) => db.from('products').delete().eq('id', DISPOSABLE).select('id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'insert a translation': {
      attempt: (db) =>
        db
          .from('product_translations')
          .insert(texts(ENGLISH_ONLY, 'fr', 'test-en-only-fr'))
          .select('lang'),
      others: ['denied', 'denied', 'denied', 'denied'],
      staff: 1,
    },
    'update a translation': {
      attempt: (db) =>
        db
          .from('product_translations')
          .update({ short_description: 'Forged.' })
          .eq('product_id', TARGET)
          .select('lang'),
      others: ['denied', 0, 0, 0],
      staff: 2,
    },
    'delete a translation (of a draft)': {
      attempt: (db) =>
        db.from('product_translations').delete().eq('product_id', ENGLISH_ONLY).eq('lang', 'fr').select('lang'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'insert a category': {
      attempt: (db) =>
        db
          .from('product_categories')
          .insert({ id: 'rls-new', slug_en: 'rls-new', slug_fr: 'rls-nouvelle', name_en: 'New', name_fr: 'Nouvelle' })
          .select('id'),
      others: ['denied', 'denied', 'denied', 'denied'],
      staff: 1,
    },
    'update a category': {
      attempt: (db) =>
        db.from('product_categories').update({ name_en: 'Renamed' }).eq('id', HIDDEN_CATEGORY).select('id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'delete a category': {
      attempt: (db) => db.from('product_categories').delete().eq('id', EMPTY_CATEGORY).select('id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
    'insert an image': {
      attempt: (db) =>
        db
          .from('product_images')
          .insert({
            product_id: TARGET,
            storage_path: `${TARGET}/front.webp`,
            width: 800,
            height: 800,
            alt_en: 'A tin',
          })
          .select('id'),
      others: ['denied', 'denied', 'denied', 'denied'],
      staff: 1,
    },
    'link a document': {
      attempt: (db) =>
        db
          .from('product_documents')
          .insert({ product_id: TARGET, document_id: SPEC_SHEET, visibility: 'public' })
          .select('document_id'),
      others: ['denied', 'denied', 'denied', 'denied'],
      staff: 1,
    },
    'make a clients-only link public': {
      attempt: (db) =>
        db
          .from('product_documents')
          .update({ visibility: 'public' })
          .eq('product_id', OLIVE_OIL)
          .eq('document_id', CERTIFICATE)
          .select('document_id'),
      others: ['denied', 0, 0, 0],
      staff: 1,
    },
  };

  for (const [name, { attempt, others, staff }] of Object.entries(writes)) {
    it(`${name}: only the admin at aal2`, async () => {
      const before = await digest();
      expect(await outcomes(attempt, ACTORS.slice(0, 4))).toEqual(others);
      expect(await digest()).toBe(before);
      expect(await outcomes(attempt, ['admin'])).toEqual([staff]);
      expect(await digest()).not.toBe(before);
    });
  }

  // Written by triggers only: no API role, staff included, writes them.
  const closed: Record<string, (db: Client) => PromiseLike<Result>> = {
    'insert into the audit trail': (db) =>
      db
        .from('product_audit')
        .insert({ product_id: TARGET, part: 'product', action: 'update', actor_label: 'forged' })
        .select('id'),
    'delete the audit trail': (db) => db.from('product_audit').delete().eq('product_id', TARGET).select('id'),
    'insert a slug redirect': (db) =>
      db
        .from('product_slug_redirects')
        .insert({ lang: 'en', old_slug: 'forged', product_id: TARGET })
        .select('old_slug'),
    'set who created a product': (db) =>
      db.from('products').update({ created_by: ACCOUNT_IDS.client }).eq('id', TARGET).select('id'),
  };

  for (const [name, attempt] of Object.entries(closed)) {
    it(`${name}: refused to everyone`, async () => {
      const before = await digest();
      expect(await outcomes(attempt)).toEqual(everyone('denied'));
      expect(await digest()).toBe(before);
    });
  }
});

describe('what the database does for staff', () => {
  it('a product is made as a draft, gets both texts and is published; the audit says who did what', async () => {
    const admin = as('admin');
    const made = await admin
      .from('products')
      .insert(product(' test-audit ', { allergens: ['wheat', 'gluten', 'milk', 'milk'] }))
      .select('id, sku, status, published_at, allergens')
      .single();
    expect(made.error).toBeNull();
    // Normalised: upper-case SKU, allergens sorted and once each.
    expect(made.data).toMatchObject({
      sku: 'TEST-AUDIT',
      status: 'draft',
      published_at: null,
      allergens: ['gluten', 'milk', 'wheat'],
    });
    const id = made.data?.id ?? '';
    ok(await admin.from('product_translations').insert(texts(id, 'en', 'audit-en')), 'en');
    ok(await admin.from('product_translations').insert(texts(id, 'fr', 'audit-fr')), 'fr');
    const published = await admin
      .from('products')
      .update({ status: 'published' })
      .eq('id', id)
      .select('published_at')
      .single();
    expect(published.data?.published_at).toEqual(expect.any(String));
    ok(await admin.from('products').update({ unit_size: 750, internal_notes: 'Reviewed.' }).eq('id', id), 'edit');

    const trail = await admin
      .from('product_audit')
      .select('part, part_key, action, changes, actor_id, actor_label')
      .eq('product_id', id)
      .order('id');
    expect(trail.error).toBeNull();
    const who = { actor_id: ACCOUNT_IDS.admin, actor_label: 'admin@example.com' };
    expect(trail.data).toEqual([
      {
        part: 'product',
        part_key: null,
        action: 'insert',
        changes: expect.objectContaining({
          sku: { from: null, to: 'TEST-AUDIT' },
          internal_notes: { from: null, to: 'Margin 42 %: never for clients.' },
        }),
        ...who,
      },
      {
        part: 'translation',
        part_key: 'en',
        action: 'insert',
        changes: expect.objectContaining({ slug: { from: null, to: 'audit-en' }, description_md: { changed: true } }),
        ...who,
      },
      {
        part: 'translation',
        part_key: 'fr',
        action: 'insert',
        changes: expect.objectContaining({ slug: { from: null, to: 'audit-fr' } }),
        ...who,
      },
      {
        part: 'product',
        part_key: null,
        action: 'update',
        changes: { status: { from: 'draft', to: 'published' }, published_at: { from: null, to: expect.any(String) } },
        ...who,
      },
      {
        part: 'product',
        part_key: null,
        action: 'update',
        changes: {
          unit_size: { from: 500, to: 750 },
          internal_notes: { from: 'Margin 42 %: never for clients.', to: 'Reviewed.' },
        },
        ...who,
      },
    ]);
    // Whoever the request named, the author is the signed-in account.
    const internals = ok(await admin.rpc('admin_product_internals', { product_ids: [id] }), 'internals');
    expect(internals).toEqual([
      { product_id: id, internal_notes: 'Reviewed.', created_by: ACCOUNT_IDS.admin, updated_by: ACCOUNT_IDS.admin },
    ]);

    // Deleted whole: the texts go with it, the audit stays.
    ok(await admin.from('products').delete().eq('id', id), 'delete');
    const after = await admin
      .from('product_audit')
      .select('part, part_key, action')
      .eq('product_id', id)
      .eq('action', 'delete')
      .order('part_key', { nullsFirst: true });
    expect(after.data).toEqual([
      { part: 'product', part_key: null, action: 'delete' },
      { part: 'translation', part_key: 'en', action: 'delete' },
      { part: 'translation', part_key: 'fr', action: 'delete' },
    ]);
  });

  it('an old slug of a published product redirects to it; the current slug wins; a draft leaves none', async () => {
    const admin = as('admin');
    const anon = as('anon');
    const slugOf = async (id: string) =>
      (await anon.from('product_translations').select('slug').eq('product_id', id).eq('lang', 'en').single()).data
        ?.slug;
    expect(await slugOf(OLIVE_OIL)).toBe('early-harvest-koroneiki-extra-virgin-olive-oil-500-ml');
    ok(
      await admin
        .from('product_translations')
        .update({ slug: 'early-harvest-koroneiki-olive-oil-500-ml' })
        .eq('product_id', OLIVE_OIL)
        .eq('lang', 'en'),
      'rename',
    );
    // What a visitor's old link finds: the product, then its current slug.
    const redirect = await anon
      .from('product_slug_redirects')
      .select('product_id')
      .eq('lang', 'en')
      .eq('old_slug', 'early-harvest-koroneiki-extra-virgin-olive-oil-500-ml')
      .single();
    expect(redirect.data).toEqual({ product_id: OLIVE_OIL });
    expect(await slugOf(OLIVE_OIL)).toBe('early-harvest-koroneiki-olive-oil-500-ml');
    const audit = await admin
      .from('product_audit')
      .select('changes, actor_label')
      .eq('product_id', OLIVE_OIL)
      .eq('part', 'translation')
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(audit.data).toEqual({
      changes: {
        slug: {
          from: 'early-harvest-koroneiki-extra-virgin-olive-oil-500-ml',
          to: 'early-harvest-koroneiki-olive-oil-500-ml',
        },
      },
      actor_label: 'admin@example.com',
    });

    // Renamed back: the old slug is current again and no longer redirects.
    ok(
      await admin
        .from('product_translations')
        .update({ slug: 'early-harvest-koroneiki-extra-virgin-olive-oil-500-ml' })
        .eq('product_id', OLIVE_OIL)
        .eq('lang', 'en'),
      'rename back',
    );
    const redirects = await admin
      .from('product_slug_redirects')
      .select('lang, old_slug')
      .eq('product_id', OLIVE_OIL)
      .order('old_slug');
    expect(redirects.data).toEqual([{ lang: 'en', old_slug: 'early-harvest-koroneiki-olive-oil-500-ml' }]);

    // A draft's slug was never public: renaming it leaves no redirect.
    ok(
      await admin
        .from('product_translations')
        .update({ slug: 'test-en-only-renamed' })
        .eq('product_id', ENGLISH_ONLY)
        .eq('lang', 'en'),
      'rename draft',
    );
    const none = await admin.from('product_slug_redirects').select('old_slug').eq('product_id', ENGLISH_ONLY);
    expect(none.data).toEqual([]);
  });

  // Each is refused with its constraint named in the message, and changes nothing.
  const refusals: Record<string, { attempt: (db: Client) => PromiseLike<Result>; code: string; message: RegExp }> = {
    'a negative pack size': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-1', { unit_size: -5 })),
      code: '23514',
      message: /products_unit_size_positive/,
    },
    'a pack size of zero': {
      attempt: (db) => db.from('products').update({ unit_size: 0 }).eq('id', TARGET),
      code: '23514',
      message: /products_unit_size_positive/,
    },
    'a unit other than mL, L, g, kg': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-2', { unit: 'lb' })),
      code: '23514',
      message: /products_unit/,
    },
    'an unknown allergen': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-3', { allergens: ['milk', 'celery'] })),
      code: '23514',
      message: /products_allergens_known/,
    },
    'wheat without gluten': {
      attempt: (db) =>
        db
          .from('products')
          .update({ allergens: ['wheat'] })
          .eq('id', TARGET),
      code: '23514',
      message: /products_wheat_declares_gluten/,
    },
    'an unknown certification': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-4', { certifications: ['fair_trade'] })),
      code: '23514',
      message: /products_certifications_known/,
    },
    'not orderable online without a reason': {
      attempt: (db) => db.from('products').update({ orderable_online: false }).eq('id', TARGET),
      code: '23514',
      message: /products_not_orderable_needs_reason/,
    },
    'a reason on a product that is orderable': {
      attempt: (db) => db.from('products').update({ not_orderable_reason: 'liquor_board' }).eq('id', TARGET),
      code: '23514',
      message: /products_orderable_has_no_reason/,
    },
    'an unknown reason': {
      attempt: (db) =>
        db.from('products').update({ orderable_online: false, not_orderable_reason: 'because' }).eq('id', TARGET),
      code: '23514',
      message: /products_not_orderable_reason/,
    },
    'a SKU with a space': {
      attempt: (db) => db.from('products').insert(product('OO 0001')),
      code: '23514',
      message: /products_sku/,
    },
    'a SKU already taken': {
      attempt: (db) => db.from('products').insert(product('OO-0001')),
      code: '23505',
      message: /products_sku_key/,
    },
    'a country that is not an ISO code': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-5', { origin_country: 'XX' })),
      code: '23514',
      message: /products_origin_country/,
    },
    'a region in one language only': {
      attempt: (db) => db.from('products').update({ origin_region_fr: null }).eq('id', TARGET),
      code: '23514',
      message: /products_origin_region_both_languages/,
    },
    'a storage other than ambient, chilled, frozen': {
      attempt: (db) => db.from('products').update({ storage: 'cool' }).eq('id', TARGET),
      code: '23514',
      message: /products_storage/,
    },
    'no units in a case': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-6', { units_per_case: 0 })),
      code: '23514',
      message: /products_units_per_case/,
    },
    'a minimum order of zero cases': {
      attempt: (db) => db.from('products').update({ min_order_cases: 0 }).eq('id', TARGET),
      code: '23514',
      message: /products_min_order_cases/,
    },
    'a negative lead time': {
      attempt: (db) => db.from('products').update({ lead_time_business_days: -1 }).eq('id', TARGET),
      code: '23514',
      message: /products_lead_time_business_days/,
    },
    'a shelf life of zero days': {
      attempt: (db) => db.from('products').update({ shelf_life_days: 0 }).eq('id', TARGET),
      code: '23514',
      message: /products_shelf_life_days/,
    },
    'a category that does not exist': {
      attempt: (db) => db.from('products').insert(product('TEST-BAD-7', { category_id: 'sauces' })),
      code: '23503',
      message: /products_category_id_fkey/,
    },
    'a name with a control character': {
      attempt: (db) => db.from('product_translations').update({ name: 'Olive\u0001oil' }).eq('product_id', TARGET),
      code: '23514',
      message: /product_translations_line_characters/,
    },
    'a description with a control character': {
      attempt: (db) =>
        db.from('product_translations').update({ description_md: 'Text\u000bmore' }).eq('product_id', TARGET),
      code: '23514',
      message: /product_translations_text_characters/,
    },
    'an upper-case slug': {
      attempt: (db) =>
        db.from('product_translations').update({ slug: 'Test-Target' }).eq('product_id', TARGET).eq('lang', 'en'),
      code: '23514',
      message: /product_translations_slug/,
    },
    'a slug another product uses in that language': {
      attempt: (db) =>
        db
          .from('product_translations')
          .update({ slug: 'cretan-thyme-honey-1-kg' })
          .eq('product_id', TARGET)
          .eq('lang', 'en'),
      code: '23505',
      message: /product_translations_slug_key/,
    },
    'publishing without the French text': {
      attempt: (db) => db.from('products').update({ status: 'published' }).eq('id', ENGLISH_ONLY),
      code: '23514',
      message: /English and French texts/,
    },
    'removing a text of a published product': {
      attempt: (db) => db.from('product_translations').delete().eq('product_id', TARGET).eq('lang', 'fr'),
      code: '23514',
      message: /set it back to draft first/,
    },
    'linking a document of one company': {
      attempt: (db) =>
        db
          .from('product_documents')
          .insert({ product_id: TARGET, document_id: COMPANY_DOCUMENT, visibility: 'clients' }),
      code: '22023',
      message: /shared with every client/,
    },
    'an image outside the product’s folder': {
      attempt: (db) =>
        db
          .from('product_images')
          .insert({ product_id: TARGET, storage_path: `${OLIVE_OIL}/x.webp`, width: 1, height: 1 }),
      code: '23514',
      message: /product_images_storage_path/,
    },
    'a category slug with a space': {
      attempt: (db) => db.from('product_categories').update({ slug_fr: 'huiles d olive' }).eq('id', 'olive-oils'),
      code: '23514',
      message: /product_categories_slug_fr/,
    },
    'deleting a category that has products': {
      attempt: (db) => db.from('product_categories').delete().eq('id', 'honeys'),
      code: '23503',
      message: /products_category_id_fkey/,
    },
  };

  for (const [name, { attempt, code, message }] of Object.entries(refusals)) {
    it(`refuses ${name}, even to the admin at aal2`, async () => {
      const before = await digest();
      const { error } = await attempt(as('admin'));
      expect(error?.code).toBe(code);
      expect(error?.message).toMatch(message);
      expect(await digest()).toBe(before);
    });
  }

  it('the same checks hold for the service role and SQL', async () => {
    const before = await digest();
    const { error } = await service.from('products').insert(product('TEST-BAD-8', { allergens: ['nuts'] }));
    expect(error?.code).toBe('23514');
    await expect(
      backend.db.query(`update public.products set orderable_online = false where id = '${TARGET}'`),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringContaining('products_not_orderable_needs_reason') });
    expect(await digest()).toBe(before);
  });
});

/** The first bytes of a PNG: enough for the bucket's type check. */
const png = () =>
  new Blob([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')], { type: 'image/png' });

describe('the product-images bucket', () => {
  it.each(ACTORS)('%s uploads, replaces and removes only as the admin at aal2', async (actor) => {
    const staff = actor === 'admin';
    const path = `${TARGET}/${actor}-${randomUUID()}.png`;
    const storage = as(actor).storage.from('product-images');
    const upload = await storage.upload(path, png());
    expect(upload.error === null, `${actor} upload: ${upload.error?.message}`).toBe(staff);
    if (!staff) ok(await as('admin').storage.from('product-images').upload(path, png()), 'staff upload');
    const update = await storage.update(path, png());
    expect(update.error === null, `${actor} update: ${update.error?.message}`).toBe(staff);
    await storage.remove([path]);
    const served = await fetch(`${backend.url}/storage/v1/object/public/product-images/${path}`);
    await served.arrayBuffer();
    // Removed only by staff: for everyone else the file is still served.
    expect(served.status, `${actor} remove`).toBe(staff ? 400 : 200);
  });

  it('anyone reads a file at its public URL, without a key; SVG is refused', async () => {
    const path = `${TARGET}/public-${randomUUID()}.png`;
    ok(await as('admin').storage.from('product-images').upload(path, png()), 'upload');
    const response = await fetch(`${backend.url}/storage/v1/object/public/product-images/${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    await response.arrayBuffer();
    const svg = await as('admin')
      .storage.from('product-images')
      .upload(`${TARGET}/${randomUUID()}.svg`, new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']), {
        contentType: 'image/svg+xml',
      });
    expect(svg.error).not.toBeNull();
  });
});

describe('the seeded catalogue', () => {
  it('holds at least 24 published products across the six categories, each in English and French', async () => {
    const anon = as('anon');
    const products = ok(
      await anon.from('products').select('id, sku, category_id').eq('status', 'published').not('sku', 'like', 'TEST-%'),
      'products',
    );
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(new Set(products.map((row) => row.category_id))).toEqual(
      new Set(['olive-oils', 'honeys', 'olives-tapenades', 'spices-teas', 'wines-vinegars', 'cheeses']),
    );
    const texts = ok(
      await anon
        .from('product_translations')
        .select('product_id, lang, name, short_description, description_md')
        .in(
          'product_id',
          products.map((row) => row.id),
        ),
      'texts',
    );
    for (const row of products) {
      const own = texts.filter((text) => text.product_id === row.id);
      expect(own.map((text) => text.lang).sort(), row.sku).toEqual(['en', 'fr']);
      for (const text of own) {
        expect(text.short_description.length, `${row.sku} ${text.lang}`).toBeGreaterThan(20);
        expect(text.description_md.split(/(?<=[.!?])\s+/).length, `${row.sku} ${text.lang}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('sells wine through the liquor boards, keeps feta chilled and declares what the pies contain', async () => {
    const { data } = await as('anon')
      .from('products')
      .select('sku, storage, allergens, certifications, orderable_online, not_orderable_reason')
      .in('sku', ['WV-0001', 'WV-0002', 'CH-0001', 'CH-0005'])
      .order('sku');
    expect(data).toEqual([
      {
        sku: 'CH-0001',
        storage: 'chilled',
        allergens: ['milk'],
        certifications: ['pdo'],
        orderable_online: true,
        not_orderable_reason: null,
      },
      {
        sku: 'CH-0005',
        storage: 'frozen',
        allergens: ['eggs', 'gluten', 'milk', 'wheat'],
        certifications: [],
        orderable_online: true,
        not_orderable_reason: null,
      },
      {
        sku: 'WV-0001',
        storage: 'ambient',
        allergens: ['sulphites'],
        certifications: ['pdo'],
        orderable_online: false,
        not_orderable_reason: 'liquor_board',
      },
      {
        sku: 'WV-0002',
        storage: 'ambient',
        allergens: ['sulphites'],
        certifications: ['pdo'],
        orderable_online: false,
        not_orderable_reason: 'liquor_board',
      },
    ]);
  });
});
