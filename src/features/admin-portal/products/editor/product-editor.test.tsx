import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const ID = '00000000-0000-4000-8000-000000000001';
const ok = (data: unknown): FakeResponse => ({ data, error: null });
const refusal = (code: string, message: string, details?: string): FakeResponse => ({
  data: null,
  error: { code, message, ...(details ? { details } : {}) } as FakeResponse['error'],
});

const product = {
  id: ID,
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
  status: 'draft',
  published_at: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};
const translations = [
  {
    product_id: ID,
    lang: 'en',
    name: 'Extra virgin olive oil',
    slug: 'extra-virgin-olive-oil',
    short_description: 'Green and peppery.',
    description_md: '## Tasting\n\nGreen **fruit**.',
  },
  {
    product_id: ID,
    lang: 'fr',
    name: 'Huile d’olive extra vierge',
    slug: 'huile-d-olive-extra-vierge',
    short_description: 'Verte et poivrée.',
    description_md: '## Dégustation',
  },
];
const audit = [
  {
    id: 2,
    product_id: ID,
    part: 'product',
    part_key: null,
    action: 'update',
    changes: { brand: { from: 'Kritsa', to: 'Kritsa Coop' } },
    actor_id: 'a1',
    actor_label: 'admin@example.com',
    at: '2026-11-21T10:00:00Z',
  },
  {
    id: 1,
    product_id: ID,
    part: 'translation',
    part_key: 'fr',
    action: 'insert',
    changes: { name: { from: null, to: 'Huile d’olive extra vierge' } },
    actor_id: 'a1',
    actor_label: 'admin@example.com',
    at: '2026-11-20T10:00:00Z',
  },
];

let extra: (call: FakeCall) => FakeResponse | undefined;

beforeEach(() => {
  extra = () => undefined;
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.rpc === 'admin_product_internals') return ok([{ product_id: ID, internal_notes: 'Allocation: 40 cases' }]);
    if (call.method !== 'select') return ok(null);
    if (call.table === 'products') return ok(call.filters.length ? product : [product]);
    if (call.table === 'product_translations') return ok(translations);
    if (call.table === 'product_categories')
      return ok([{ id: 'olive-oils', name_en: 'Olive oils', name_fr: 'Huiles d’olive', sort_order: 1 }]);
    if (call.table === 'product_audit') return ok(audit);
    return ok([]);
  };
});

const writes = () => fakeSupabase.state.calls.filter((c) => c.method !== 'select' && c.method !== 'rpc');

// The first test loads the editor's chunk and the Markdown renderer: give it time on a busy machine.
describe('Product editor', { timeout: 20_000 }, () => {
  it('shows a stored product in both languages, its preview and its history', async () => {
    const user = userEvent.setup();
    renderPortal(`/admin-portal/products/${ID}`);
    expect(await screen.findByLabelText('Name (English)')).toHaveValue('Extra virgin olive oil');
    expect(screen.getByLabelText('Name (French)')).toHaveValue('Huile d’olive extra vierge');
    expect(screen.getByLabelText('Slug (French)')).toHaveValue('huile-d-olive-extra-vierge');
    expect(screen.getByLabelText('SKU')).toHaveValue('OO-0001');
    expect(screen.getByLabelText('Internal notes')).toHaveValue('Allocation: 40 cases');
    expect(screen.getByRole('checkbox', { name: 'PDO' })).toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Extra virgin olive oil' })).toBeInTheDocument();

    const preview = screen.getByTestId('product-preview');
    expect(within(preview).getByRole('heading', { name: 'Tasting' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('12 × 500 mL per case');
    await user.click(screen.getByRole('button', { name: 'French' }));
    expect(within(preview).getByRole('heading', { name: 'Dégustation' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('AOP');

    const history = await screen.findAllByTestId('audit-entry');
    expect(history[0]).toHaveTextContent('admin@example.com changed Product');
    expect(history[0]).toHaveTextContent('brand: Kritsa → Kritsa Coop');
    expect(history[1]).toHaveTextContent('added French text');
  });

  it('names each missing field beside it, linked to its control, and writes nothing', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/products/new');
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Some fields need attention: see the messages beside them.')).toBeInTheDocument();
    const sku = screen.getByLabelText('SKU');
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(sku).toHaveAccessibleDescription(expect.stringContaining('Enter the SKU, e.g. OO-0001.'));
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category.');

    await user.click(screen.getByRole('checkbox', { name: 'Clients can order it online' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByLabelText('Why not online')).toHaveAccessibleDescription(
      expect.stringContaining('Say why clients cannot order it online.'),
    );
    // Ticking wheat ticks gluten; unticking gluten is refused with the rule.
    await user.click(screen.getByRole('checkbox', { name: 'Wheat (or triticale)' }));
    expect(screen.getByRole('checkbox', { name: 'Gluten' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Gluten' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Wheat (or triticale) is a source of gluten: tick Gluten too.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('sends only what changed, and invalidates the list', async () => {
    const user = userEvent.setup();
    renderPortal(`/admin-portal/products/${ID}`);
    const brand = await screen.findByLabelText('Brand');
    await user.clear(brand);
    await user.type(brand, 'Kritsa Coop');
    await user.type(screen.getByLabelText('Short description (French)'), ' Récolte précoce.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    const [productWrite, textWrite] = writes();
    expect(productWrite).toMatchObject({
      table: 'products',
      method: 'update',
      values: { brand: 'Kritsa Coop' },
      filters: [['id', ID]],
    });
    expect(textWrite).toMatchObject({
      table: 'product_translations',
      method: 'update',
      values: { short_description: 'Verte et poivrée. Récolte précoce.' },
      filters: [
        ['product_id', ID],
        ['lang', 'fr'],
      ],
    });
    // The catalogue's queries are invalidated: the product is read again.
    await waitFor(() =>
      expect(
        fakeSupabase.state.calls.filter((c) => c.table === 'products' && c.method === 'select' && c.filters.length),
      ).toHaveLength(2),
    );
  });

  it('keeps everything typed when the SKU is taken, and says so beside the field', async () => {
    const user = userEvent.setup();
    extra = (call) =>
      call.table === 'products' && call.method === 'update' && (call.values as { sku?: string }).sku
        ? refusal('23505', 'duplicate key value violates unique constraint "products_sku_key"')
        : undefined;
    renderPortal(`/admin-portal/products/${ID}`);
    const sku = await screen.findByLabelText('SKU');
    await user.clear(sku);
    await user.type(sku, 'HO-0002');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(sku).toHaveAccessibleDescription(expect.stringContaining('This SKU is taken by another product.')),
    );
    expect(sku).toHaveValue('HO-0002');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('explains that publishing needs both languages when the database refuses', async () => {
    const user = userEvent.setup();
    extra = (call) =>
      call.table === 'products' && call.method === 'update' && (call.values as { status?: string }).status
        ? refusal(
            '23514',
            'A product is published with its English and French texts: add the missing one first.',
            'status',
          )
        : undefined;
    renderPortal(`/admin-portal/products/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/The product cannot be published yet/)).toHaveTextContent(
      'both its English and its French text',
    );
    expect(writes()).toMatchObject([{ table: 'products', values: { status: 'published' } }]);
    expect(screen.getByTestId('product-status')).toHaveTextContent('Draft');
  });
});
