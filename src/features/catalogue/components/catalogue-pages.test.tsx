import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageContentContext } from '@/lib/content/use-page-content';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { pageContentAt } from '@tests/support/published-content';
import { renderWithProviders } from '@tests/support/render';
import CataloguePage from './catalogue-page';
import CategoryPage from './category-page';
import ProductPage from './product-page';

function Catalogue() {
  const routes = (
    <>
      <Route path="products" element={<CataloguePage />} />
      <Route path="products/:category" element={<CategoryPage />} />
      <Route path="products/:category/:product" element={<ProductPage />} />
    </>
  );
  return (
    <Routes>
      <Route path="fr">{routes}</Route>
      <Route path="/">{routes}</Route>
    </Routes>
  );
}

/** The page at `path` with the content the prerenderer would give it. */
const renderAt = (path: string) =>
  renderWithProviders(
    <PageContentContext value={pageContentAt(path.split('?')[0] ?? path)}>
      <Catalogue />
    </PageContentContext>,
    { path },
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('catalogue index', () => {
  it('lists the categories with their counts, each opening its page', () => {
    renderAt('/fr/products');
    expect(screen.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fromages' })).toHaveAttribute('href', '/fr/products/fromages');
    expect(screen.getByText('2 produits')).toBeInTheDocument();
    expect(screen.getByText('1 produit')).toBeInTheDocument();
  });
});

describe('category page', () => {
  it('shows every product, then narrows the list by origin, certification and storage without a request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderAt('/products/cheeses');
    const list = () => within(screen.getByRole('region', { name: 'Cheeses' })).getAllByRole('listitem');
    expect(screen.getByRole('status')).toHaveTextContent('2 products');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Origin' }), 'Spain');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 products');
    expect(screen.getByRole('link', { name: 'Manchego' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Feta PDO in brine' })).not.toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Certification' }),
      'Protected Designation of Origin',
    );
    expect(screen.getByRole('status')).toHaveTextContent('No product matches these filters.');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 products');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Storage' }), 'Chilled');
    expect(list().some((item) => item.textContent?.includes('Feta PDO in brine'))).toBe(true);
    // Nothing but the idle-time check that the products are still published: no page or list is fetched.
    for (const [url] of fetch.mock.calls) expect(String(url)).toMatch(/\/rest\/v1\/products\?select=id&/);
  });

  it('applies the filters of the address', () => {
    renderAt('/products/cheeses?origin=ES');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 products');
  });

  it('is the 404 page for a category slug of the other language', async () => {
    consoleErrorGuard.expect(/non-existent route/);
    // A path the publish wrote nothing for: its JSON answers 404.
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 404 }));
    await act(async () => renderAt('/products/fromages'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/content-data/products/fromages.json', expect.anything());
  });
});

describe('product page', () => {
  it('shows the facts in French, with its JSON-LD and no price', () => {
    const { container } = renderAt('/fr/products/fromages/feta-aop');
    expect(screen.getByRole('heading', { level: 1, name: 'Feta AOP en saumure' })).toBeInTheDocument();
    expect(screen.getByText('Crète, Grèce')).toBeInTheDocument();
    expect(screen.getByText('2 kg × 4 par caisse')).toBeInTheDocument();
    expect(screen.getByText('Lait')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /fil d’ariane|breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'Fromages' })).toHaveAttribute('href', '/fr/products/fromages');
    const ld = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(ld?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'Product', name: 'Feta AOP en saumure', sku: 'CH-0001' });
    expect(data).not.toHaveProperty('offers');
    expect(container.textContent).not.toMatch(/\$|prix\s*:/i);
  });

  it('says a wine is sold through the liquor boards', () => {
    renderAt('/products/wines-vinegars/assyrtiko');
    expect(screen.getByText(/Sold through the provincial liquor boards/)).toBeInTheDocument();
    expect(screen.getByText('Sulphites')).toBeInTheDocument();
  });

  it('downloads a public document through a 60-second link the server makes', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      // A new response for each request: a body can be read once.
      .mockImplementation(async () => Response.json({ url: 'http://storage.test/signed', expires_in: 60 }));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderAt('/products/cheeses/feta-pdo');
    await user.click(screen.getByRole('button', { name: /Feta spec sheet/ }));
    // The browser goes to the link once the server has answered.
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://storage.test/signed'));
    // Only this call: a page view another test's page sent may still be on its way.
    const call = fetch.mock.calls.find(([url]) => /\/functions\/v1\/document-link$/.test(String(url)));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      product_id: 'p1',
      document_id: 'd1',
      file_name: 'Feta-spec-sheet.pdf',
    });
  });

  it('says so when the download fails, and keeps the page', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    renderAt('/products/cheeses/feta-pdo');
    await user.click(screen.getByRole('button', { name: /Feta spec sheet/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The document could not be downloaded');
    expect(screen.getByRole('heading', { level: 1, name: 'Feta PDO in brine' })).toBeInTheDocument();
  });

  it('is the 404 page for an unknown product', async () => {
    consoleErrorGuard.expect(/non-existent route/);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 404 }));
    await act(async () => renderAt('/fr/products/fromages/rien-ici'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Oups ! Page introuvable' })).toBeInTheDocument();
  });
});
