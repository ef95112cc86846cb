import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNavigation } from '@/features/client-portal/api/documents';
import ClientCataloguePage from '@/features/client-portal/catalogue/client-catalogue-page';
import type { FakeCall, FakeResponse } from '@tests/support/fake-supabase';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { renderWithProviders } from '@tests/support/render';
import { createOrdersBackend, ordersResponder, type OrdersBackend } from '@tests/support/client-orders';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

const FETA = '00000000-0000-4000-8000-0000000b0025';
const WINE = '00000000-0000-4000-8000-0000000b0021';
const SPEC = '00000000-0000-4000-8000-0000000d0c11';
const CERTIFICATE = '00000000-0000-4000-8000-0000000d0c18';

const product = (id: string, overrides: Record<string, unknown>) => ({
  id,
  brand: 'Brand',
  origin_country: 'GR',
  origin_region_en: null,
  origin_region_fr: null,
  unit_size: 2,
  unit: 'kg',
  units_per_case: 4,
  min_order_cases: 2,
  lead_time_business_days: 10,
  storage: 'ambient',
  shelf_life_days: 365,
  allergens: [],
  certifications: [],
  orderable_online: true,
  not_orderable_reason: null,
  ...overrides,
});

const ROWS: Record<string, unknown[]> = {
  product_categories: [
    { id: 'cheeses', name_en: 'Cheeses', name_fr: 'Fromages', sort_order: 6 },
    { id: 'wines-vinegars', name_en: 'Wines and balsamic vinegars', name_fr: 'Vins et vinaigres', sort_order: 5 },
  ],
  products: [
    product(FETA, {
      sku: 'CH-0001',
      category_id: 'cheeses',
      brand: 'Tzoumerka Dairy',
      origin_region_en: 'Epirus',
      origin_region_fr: 'Épire',
      storage: 'chilled',
      allergens: ['milk'],
      certifications: ['pdo'],
    }),
    product(WINE, {
      sku: 'WV-0001',
      category_id: 'wines-vinegars',
      unit_size: 750,
      unit: 'mL',
      allergens: ['sulphites'],
      orderable_online: false,
      not_orderable_reason: 'liquor_board',
    }),
  ],
  product_translations: [
    { product_id: FETA, lang: 'en', name: 'PDO Feta in Brine, 2 kg tin', short_description: 'Barrel-aged feta.' },
    { product_id: FETA, lang: 'fr', name: 'Feta AOP en saumure, bidon de 2 kg', short_description: 'Feta affinée.' },
    { product_id: WINE, lang: 'en', name: 'Santorini PDO Assyrtiko, 750 mL', short_description: 'A dry white.' },
    { product_id: WINE, lang: 'fr', name: 'Assyrtiko de Santorin AOP, 750 mL', short_description: 'Un blanc sec.' },
  ],
  product_images: [],
};

const DOCUMENTS = [
  {
    product_id: FETA,
    document_id: SPEC,
    visibility: 'public',
    sort_order: 0,
    title_en: 'PDO feta spec sheet',
    title_fr: 'Fiche technique : feta AOP',
    category: 'spec_sheet',
    file_language: 'both',
    size_bytes: 628,
    mime_type: 'application/pdf',
    file_name: 'PDO feta spec sheet.pdf',
  },
  {
    product_id: FETA,
    document_id: CERTIFICATE,
    visibility: 'clients',
    sort_order: 1,
    title_en: 'PDO certificate, feta of Tzoumerka Dairy',
    title_fr: 'Certificat AOP, feta de Tzoumerka Dairy',
    category: 'certificate',
    file_language: 'en',
    size_bytes: 627,
    mime_type: 'application/pdf',
    file_name: 'PDO certificate feta.pdf',
  },
];

type Override = (call: FakeCall) => FakeResponse | undefined;

function responder(override?: Override) {
  return (call: FakeCall): FakeResponse => {
    const overridden = override?.(call);
    if (overridden) return overridden;
    if (call.method === 'rpc' && call.rpc === 'catalogue_documents') return { data: DOCUMENTS, error: null };
    if (call.method === 'function' && call.rpc === 'document-link') {
      const { document_id: id, file_name: name } = call.args as { document_id: string; file_name: string };
      return { data: { url: `http://127.0.0.1:54321/sign/${id}?download=${name}`, expires_in: 60 }, error: null };
    }
    if (call.table && call.table in ROWS) return { data: ROWS[call.table], error: null };
    const ordering = ordersResponder(orders)(call);
    if (ordering) return ordering;
    return { data: null, error: { message: `unexpected call ${JSON.stringify(call)}` } };
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCatalogue(path: string, override?: Override) {
  fakeSupabase.state.respond = responder(override);
  const fake = createFakeBackend({ initial: 'client' });
  const page = (
    <>
      <ClientCataloguePage />
      <Where />
    </>
  );
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/client/catalogue" element={page} />
        <Route path="/fr/client/catalogue" element={page} />
      </Routes>,
    ),
    { path },
  );
  return { user: userEvent.setup() };
}

const names = () =>
  screen.getAllByTestId('catalogue-product').map((item) => within(item).getByRole('heading', { level: 2 }).textContent);

let orders: OrdersBackend;

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  orders = createOrdersBackend();
  // The client's list prices the feta only: the wine is not ordered online anyway.
  orders.prices = new Map([[FETA, 96.5]]);
});

describe('/client/catalogue', () => {
  it('lists the published products by category, in English, reading published rows and catalogue_documents()', async () => {
    renderCatalogue('/client/catalogue');
    expect(screen.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(names()).toEqual(['Santorini PDO Assyrtiko, 750 mL', 'PDO Feta in Brine, 2 kg tin']);
    const feta = screen.getAllByTestId('catalogue-product')[1] as HTMLElement;
    expect(feta).toHaveTextContent('SKU CH-0001 · Tzoumerka Dairy · 2 kg');
    expect(within(feta).getByText('2 documents')).toBeInTheDocument();
    const reads = fakeSupabase.state.calls;
    expect(reads.find((call) => call.table === 'products')?.filters).toEqual([['status', 'published']]);
    expect(reads.find((call) => call.table === 'product_categories')?.filters).toEqual([['published', true]]);
    expect(reads.some((call) => call.rpc === 'catalogue_documents')).toBe(true);
  });

  it('shows a product’s details and its documents, the certificate marked for clients, and downloads it', async () => {
    const open = vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    const { user } = renderCatalogue('/client/catalogue');
    await user.click(await screen.findByRole('button', { name: 'Details of PDO Feta in Brine, 2 kg tin' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/client/catalogue?product=CH-0001');
    const feta = screen.getAllByTestId('catalogue-product')[1] as HTMLElement;
    expect(feta).toHaveTextContent('Pack4 × 2 kg per case');
    expect(feta).toHaveTextContent('OriginEpirus, Greece');
    expect(feta).toHaveTextContent('StorageChilled');
    expect(feta).toHaveTextContent('AllergensMilk');
    expect(feta).toHaveTextContent('CertificationsPDO (protected designation of origin)');
    expect(feta).toHaveTextContent('OrderingOrderable online');
    const documents = within(feta).getAllByTestId('product-document');
    expect(documents.map((item) => item.textContent)).toEqual([
      expect.stringContaining('PDO feta spec sheetPublic'),
      expect.stringContaining('PDO certificate, feta of Tzoumerka DairyClients only'),
    ]);
    await user.click(within(feta).getByRole('button', { name: 'Download PDO certificate, feta of Tzoumerka Dairy' }));
    const call = fakeSupabase.state.calls.find((c) => c.method === 'function');
    expect(call?.args).toEqual({
      product_id: FETA,
      document_id: CERTIFICATE,
      file_name: 'pdo-certificate-feta-of-tzoumerka-dairy.pdf',
    });
    expect(open).toHaveBeenCalledWith(expect.stringContaining(`/sign/${CERTIFICATE}`));
  });

  it('says why wine cannot be ordered online', async () => {
    const { user } = renderCatalogue('/client/catalogue?product=WV-0001');
    const wine = (await screen.findAllByTestId('catalogue-product'))[0] as HTMLElement;
    expect(within(wine).getByRole('button', { name: /Details of Santorini/ })).toHaveAttribute('aria-expanded', 'true');
    expect(wine).toHaveTextContent('Not orderable online. Wine is sold through the provincial liquor boards');
    expect(wine).toHaveTextContent('No document is attached to this product yet.');
    await user.click(within(wine).getByRole('button', { name: /Details of Santorini/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/client\/catalogue$/);
  });

  it('filters by category and by name or SKU, kept in the address', async () => {
    const { user } = renderCatalogue('/client/catalogue');
    await screen.findByText('2 products');
    await user.selectOptions(screen.getByLabelText('Category'), 'cheeses');
    expect(names()).toEqual(['PDO Feta in Brine, 2 kg tin']);
    expect(screen.getByTestId('where')).toHaveTextContent('category=cheeses');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.type(screen.getByLabelText('Search by name or SKU'), 'wv-0001');
    expect(names()).toEqual(['Santorini PDO Assyrtiko, 750 mL']);
    expect(screen.getByText('1 of 2 products')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search by name or SKU'));
    await user.type(screen.getByLabelText('Search by name or SKU'), 'nothing like this');
    expect(screen.getByText('No product matches these filters.')).toBeInTheDocument();
  });

  it('in French: French names, categories and labels, the file named after the French title', async () => {
    vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    const { user } = renderCatalogue('/fr/client/catalogue?product=CH-0001');
    expect(await screen.findByText('2 produits')).toBeInTheDocument();
    expect(names()).toEqual(['Assyrtiko de Santorin AOP, 750 mL', 'Feta AOP en saumure, bidon de 2 kg']);
    const feta = screen.getAllByTestId('catalogue-product')[1] as HTMLElement;
    expect(feta).toHaveTextContent('Format4 × 2 kg par caisse');
    expect(feta).toHaveTextContent('OrigineÉpire, Grèce');
    expect(feta).toHaveTextContent('ConservationRéfrigéré');
    expect(feta).toHaveTextContent('Réservé aux clients');
    await user.click(within(feta).getByRole('button', { name: 'Télécharger Fiche technique : feta AOP' }));
    const call = fakeSupabase.state.calls.find((c) => c.method === 'function');
    expect(call?.args).toMatchObject({ product_id: FETA, file_name: 'fiche-technique-feta-aop.pdf' });
  });

  it('keeps the products when the documents fail, and says so', async () => {
    renderCatalogue('/client/catalogue?product=CH-0001', (call) =>
      call.rpc === 'catalogue_documents' ? { data: null, error: { message: 'boom', code: '500' } } : undefined,
    );
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The documents could not be loaded.');
    expect(names()).toHaveLength(2);
  });

  it('keeps the page, with a retry, when the catalogue fails; a refused download is said beside the document', async () => {
    let failing = true;
    const { user } = renderCatalogue('/client/catalogue?product=CH-0001', (call) => {
      if (call.table === 'products' && failing) return { data: null, error: { message: 'down', code: '500' } };
      if (call.method === 'function') return { data: null, error: { message: 'gone' }, status: 404 };
      return undefined;
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The catalogue could not be loaded.');
    expect(screen.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDO feta spec sheet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This document is no longer available.');
  });
  it('shows the client’s case price and adds whole cases, at least the minimum, to the order', async () => {
    const { user } = renderCatalogue('/client/catalogue');
    const feta = (await screen.findAllByTestId('catalogue-product'))[1] as HTMLElement;
    expect(await within(feta).findByTestId('case-price')).toHaveTextContent('$96.50 per case');
    expect(feta).toHaveTextContent('Minimum 2 cases');
    const field = within(feta).getByLabelText('Cases of PDO Feta in Brine, 2 kg tin');
    expect(field).toHaveValue(2);
    await user.clear(field);
    await user.type(field, '1');
    await user.click(within(feta).getByRole('button', { name: 'Add PDO Feta in Brine, 2 kg tin to the order' }));
    expect(within(feta).getByRole('alert')).toHaveTextContent('This product is ordered by 2 cases at least.');
    await user.clear(field);
    await user.type(field, '3');
    await user.click(within(feta).getByRole('button', { name: 'Add PDO Feta in Brine, 2 kg tin to the order' }));
    expect(await within(feta).findByRole('status')).toHaveTextContent(
      'PDO Feta in Brine, 2 kg tin: 3 cases in your order.',
    );
    expect(orders.calls.find((call) => call.rpc === 'set_cart_item')?.args).toEqual({
      product_id: FETA,
      quantity_cases: 3,
    });
    expect(await within(feta).findByText(/3 cases in your order$/)).toBeInTheDocument();
  });

  it('says “Ask your account manager” for a product not on the list, and why wine is not ordered online', async () => {
    orders.prices = new Map();
    renderCatalogue('/client/catalogue');
    const [wine, feta] = (await screen.findAllByTestId('catalogue-product')) as [HTMLElement, HTMLElement];
    expect(await within(feta).findByText('Ask your account manager')).toBeInTheDocument();
    expect(within(feta).queryByRole('button', { name: /to the order$/ })).not.toBeInTheDocument();
    expect(within(wine).getByTestId('product-ordering')).toHaveTextContent(
      'Wine is sold through the provincial liquor boards',
    );
  });

  it('in French: the price and the control in French', async () => {
    renderCatalogue('/fr/client/catalogue');
    const feta = (await screen.findAllByTestId('catalogue-product'))[1] as HTMLElement;
    expect(await within(feta).findByTestId('case-price')).toHaveTextContent('96,50 $ la caisse');
    expect(
      within(feta).getByRole('button', { name: 'Ajouter Feta AOP en saumure, bidon de 2 kg à la commande' }),
    ).toBeInTheDocument();
  });
});
