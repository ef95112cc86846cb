import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { flagList } from '@tests/support/render';
import { renderPortal } from '@tests/support/render-portal';
import { productsToCsv, type ProductCsvRow } from './product-csv';
import { productCsvRow, type ProductCategory, type ProductRecord, type ProductTranslation } from './products-api';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

// The machine running the suites may be busy: give the first render time.
configure({ asyncUtilTimeout: 5000 });

const categories: ProductCategory[] = [
  { id: 'olive-oils', slug_en: 'olive-oils', name_en: 'Olive oils', sort_order: 1 },
  { id: 'honeys', slug_en: 'honeys', name_en: 'Honeys', sort_order: 2 },
  { id: 'cheeses', slug_en: 'cheeses', name_en: 'Cheeses', sort_order: 6 },
];

function makeProduct(overrides: Partial<ProductRecord>): ProductRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    sku: 'OO-0001',
    category_id: 'olive-oils',
    brand: 'Kritsa',
    origin_country: 'GR',
    origin_region_en: 'Crete',
    origin_region_fr: 'Crète',
    unit_size: 500,
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
    status: 'published',
    published_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const oil = makeProduct({});
const honey = makeProduct({
  id: '00000000-0000-4000-8000-000000000002',
  sku: 'HO-0002',
  category_id: 'honeys',
  brand: 'Melissa',
  certifications: ['organic'],
  updated_at: '2026-11-25T10:00:00Z',
});
const feta = makeProduct({
  id: '00000000-0000-4000-8000-000000000003',
  sku: 'CH-0003',
  category_id: 'cheeses',
  brand: 'Dodoni',
  storage: 'chilled',
  allergens: ['milk'],
  status: 'draft',
  published_at: null,
  updated_at: '2026-11-22T10:00:00Z',
});
const products = [oil, honey, feta];

function texts(product: ProductRecord, en: string, fr: string, slug: string): ProductTranslation[] {
  return [
    { product_id: product.id, lang: 'en', name: en, slug, short_description: `${en}.`, description_md: `# ${en}` },
    {
      product_id: product.id,
      lang: 'fr',
      name: fr,
      slug: `${slug}-fr`,
      short_description: `${fr}.`,
      description_md: '',
    },
  ];
}
const translations = [
  ...texts(oil, 'Extra virgin olive oil', 'Huile d’olive extra vierge', 'extra-virgin-olive-oil'),
  ...texts(honey, 'Thyme honey', 'Miel de thym', 'thyme-honey'),
  ...texts(feta, 'Feta PDO', 'Féta AOP', 'feta-pdo'),
];

/** A product as the export writes it. */
function csvRowOf(product: ProductRecord): ProductCsvRow {
  const own = translations.filter((t) => t.product_id === product.id);
  return productCsvRow(
    product,
    { en: own.find((t) => t.lang === 'en'), fr: own.find((t) => t.lang === 'fr') },
    product.category_id,
  );
}

type Answer = (call: FakeCall) => FakeResponse | undefined;
let productsAnswer: Answer;
let importAnswer: Answer;

function respond(call: FakeCall): FakeResponse {
  if (call.rpc === 'import_products') return importAnswer(call) ?? { data: null, error: null };
  if (call.table === 'products') return productsAnswer(call) ?? { data: products, error: null };
  if (call.table === 'product_translations') return { data: translations, error: null };
  if (call.table === 'product_categories') return { data: categories, error: null };
  return { data: flagList(), error: null };
}

const productCalls = () => fakeSupabase.state.calls.filter((c) => c.table === 'products');
const importCalls = () => fakeSupabase.state.calls.filter((c) => c.rpc === 'import_products');
const rowSkus = () =>
  screen.getAllByTestId('product-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = respond;
  productsAnswer = () => undefined;
  importAnswer = () => ({ data: { created: 1, changed: 1 }, error: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function chooseFile(csv: string, name = 'catalogue.csv') {
  const user = userEvent.setup();
  const input = screen.getByLabelText('CSV file to import');
  await waitFor(() => expect(input).toBeEnabled());
  await user.upload(input, new File([csv], name, { type: 'text/csv' }));
  return { user, preview: await screen.findByRole('region', { name: `Import preview: ${name}` }) };
}

describe('Products page', () => {
  it('lists every product, drafts too, by English name, with its category, status and certifications', async () => {
    renderPortal('/admin-portal/products');
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(3);
    expect(rowSkus()).toEqual(['OO-0001', 'CH-0003', 'HO-0002']);
    expect(rows[1]).toHaveTextContent('Feta PDO');
    expect(rows[1]).toHaveTextContent('Féta AOP');
    expect(rows[1]).toHaveTextContent('Cheeses');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('PDO');
    expect(rows[2]).toHaveTextContent('Published');
    expect(rows[2]).toHaveTextContent('Organic');
    expect(screen.getByText('3 products.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  });

  it('narrows the list by search (SKU or either name), category, status and certification, and sorts it', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/products');
    await screen.findAllByTestId('product-row');
    const filters = screen.getByRole('search', { name: 'Filter products' });
    const search = within(filters).getByLabelText('Search by SKU or name');

    await user.type(search, 'miel');
    await waitFor(() => expect(rowSkus()).toEqual(['HO-0002']));
    expect(screen.getByText('Showing 1 of 3 products.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'oo-0001');
    await waitFor(() => expect(rowSkus()).toEqual(['OO-0001']));
    await user.clear(search);
    await user.type(search, 'feta aop');
    await waitFor(() => expect(rowSkus()).toEqual(['CH-0003']));
    await user.clear(search);

    await user.selectOptions(within(filters).getByLabelText('Certification'), 'PDO');
    await waitFor(() => expect(rowSkus()).toEqual(['OO-0001', 'CH-0003']));
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Published');
    await waitFor(() => expect(rowSkus()).toEqual(['OO-0001']));
    await user.selectOptions(within(filters).getByLabelText('Category'), 'Honeys');
    expect(await screen.findByText('No products match this search and these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowSkus()).toHaveLength(3));
    await user.selectOptions(within(filters).getByLabelText('Sort by'), 'SKU');
    await waitFor(() => expect(rowSkus()).toEqual(['CH-0003', 'HO-0002', 'OO-0001']));
    await user.selectOptions(within(filters).getByLabelText('Sort by'), 'Last updated (newest first)');
    await waitFor(() => expect(rowSkus()).toEqual(['HO-0002', 'CH-0003', 'OO-0001']));
  });

  it('says when there is no product yet', async () => {
    productsAnswer = () => ({ data: [], error: null });
    renderPortal('/admin-portal/products');
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByText('Import a CSV file to add products.')).toBeInTheDocument();
  });

  it('keeps the page, with a way to retry, when the products cannot be loaded', async () => {
    const user = userEvent.setup();
    productsAnswer = () => ({ data: null, error: { message: 'permission denied for table products', code: '42501' } });
    renderPortal('/admin-portal/products');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded: permission denied for table products');
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filter products' })).toBeInTheDocument();
    expect(screen.getByLabelText('CSV file to import')).toBeDisabled();

    productsAnswer = () => undefined;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('product-row')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('exports every product in both languages as products-YYYY-MM-DD.csv', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    let fileName = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob;
      return 'blob:products';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    renderPortal('/admin-portal/products?status=draft');
    await screen.findAllByTestId('product-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fileName).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await screen.findByText(/^Exported 3 products to products-\d{4}-\d{2}-\d{2}\.csv\.$/)).toBeInTheDocument();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    // All products by SKU, whatever the filters show, as the CSV module writes them.
    expect(text.replace(/^\uFEFF/, '')).toBe(productsToCsv([feta, honey, oil].map(csvRowOf)).replace(/^\uFEFF/, ''));
    expect(text).toContain('Féta AOP');
  });

  it('checks a good file, shows what it would create and change, and applies it in one call', async () => {
    const created: ProductCsvRow = {
      ...csvRowOf(oil),
      sku: 'OO-0099',
      name_en: 'Early harvest olive oil',
      slug_en: 'early-harvest-olive-oil',
      slug_fr: 'huile-de-recolte-precoce',
    };
    const changed: ProductCsvRow = { ...csvRowOf(honey), brand: 'Melissa Apiaries', name_en: 'Cretan thyme honey' };
    const csv = productsToCsv([csvRowOf(oil), changed, created]);
    renderPortal('/admin-portal/products');
    await screen.findAllByTestId('product-row');
    const { user, preview } = await chooseFile(csv);

    const counts = within(preview).getByTestId('import-counts');
    expect(within(counts).getByText('To create').nextElementSibling).toHaveTextContent('1');
    expect(within(counts).getByText('To change').nextElementSibling).toHaveTextContent('1');
    expect(within(counts).getByText('Unchanged').nextElementSibling).toHaveTextContent('1');
    expect(within(preview).getByRole('list', { name: 'Changes' })).toHaveTextContent('HO-0002 (row 3): brand, name_en');
    expect(within(preview).getByRole('list', { name: 'New products' })).toHaveTextContent(
      'OO-0099 (row 4): Early harvest olive oil',
    );
    const before = productCalls().length;

    await user.click(within(preview).getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Import applied')).toBeInTheDocument();
    expect(screen.getByText('Created 1 product and changed 1 product.')).toBeInTheDocument();
    expect(importCalls()).toHaveLength(1);
    expect(importCalls()[0]?.args).toEqual({ p_rows: [created, changed] });
    expect(screen.queryByRole('region', { name: /^Import preview/ })).not.toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(productCalls().length).toBeGreaterThan(before));
  });

  it('lists every row error of a bad file and offers no Apply', async () => {
    const csv = productsToCsv([
      csvRowOf(oil),
      { ...csvRowOf(oil), slug_en: 'another-oil', slug_fr: 'une-autre-huile' },
      { ...csvRowOf(honey), category: 'nuts' },
    ]);
    renderPortal('/admin-portal/products');
    await screen.findAllByTestId('product-row');
    const { preview } = await chooseFile(csv, 'bad.csv');

    const errors = within(preview).getByRole('list', { name: /cannot be imported/ });
    const messages = within(errors)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(messages).toContain('row 3: SKU OO-0001 is already on row 2');
    expect(messages.some((message) => /^row 4: category "nuts" is not a known category/.test(message ?? ''))).toBe(
      true,
    );
    expect(within(preview).queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
    expect(importCalls()).toHaveLength(0);

    await userEvent.setup().click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: /^Import preview/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('CSV file to import')).toHaveValue('');
  });

  it('refuses a file over the size limit before reading it', async () => {
    renderPortal('/admin-portal/products');
    await screen.findAllByTestId('product-row');
    const { preview } = await chooseFile('x'.repeat(2 * 1024 * 1024 + 1), 'huge.csv');
    expect(preview).toHaveTextContent(/The file is 2\.1 MB; a product file may be at most 2 MB/);
    expect(within(preview).queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('keeps the plan on screen with the database’s message when the import is refused', async () => {
    importAnswer = () => ({
      data: null,
      error: {
        message: 'duplicate key value violates unique constraint "product_translations_slug_key"',
        code: '23505',
      },
    });
    const changed: ProductCsvRow = { ...csvRowOf(feta), brand: 'Dodoni SA' };
    renderPortal('/admin-portal/products');
    await screen.findAllByTestId('product-row');
    const { user, preview } = await chooseFile(productsToCsv([changed]));
    await user.click(within(preview).getByRole('button', { name: 'Apply import' }));

    expect(await within(preview).findByRole('alert')).toHaveTextContent(
      'The database refused the import, so nothing was changed: duplicate key value violates unique constraint "product_translations_slug_key"',
    );
    expect(importCalls()).toHaveLength(1);
    expect(importCalls()[0]?.args).toEqual({ p_rows: [changed] });
    expect(within(preview).getByRole('list', { name: 'Changes' })).toHaveTextContent('CH-0003 (row 2): brand');
    expect(within(preview).getByRole('button', { name: 'Apply import' })).toBeEnabled();
  });
});
