import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ClientDashboardPage from '@/features/client-portal/components/client-dashboard-page';
import { RequireRole } from '@/lib/session/require-role';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { doc, portalResponder, type PortalAnswers } from '@tests/support/client-documents';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { createOrdersBackend, orderRow } from '@tests/support/client-orders';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDashboard(path: string, answers: PortalAnswers = {}) {
  fakeSupabase.state.respond = portalResponder(answers);
  const fake = createFakeBackend({ initial: 'client' });
  const guarded = (
    <RequireRole role="client">
      <ClientDashboardPage />
    </RequireRole>
  );
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/client/dashboard" element={guarded} />
        <Route path="/fr/client/dashboard" element={guarded} />
        <Route path="/client/documents" element={<Where />} />
        <Route path="*" element={<Where />} />
      </Routes>,
    ),
    { path },
  );
  return { fake, user: userEvent.setup() };
}

describe('/client/dashboard', () => {
  it('welcomes the client, names the company and the account manager, and lists the latest documents', async () => {
    renderDashboard('/client/dashboard');
    expect(await screen.findByText('Welcome, client@example.com')).toBeInTheDocument();
    expect(await screen.findByText('Company: Épicerie Chloé Inc.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your account manager' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'admin@example.com' })).toHaveAttribute('href', 'mailto:admin@example.com');
    expect(screen.getByRole('link', { name: '+1 613 555 0100' })).toHaveAttribute('href', 'tel:+16135550100');
    // Writing to the manager happens on the portal's Messages page (docs/decisions/118-conversation-screens.md).
    expect(screen.getByRole('link', { name: 'Contact your account manager' })).toHaveAttribute(
      'href',
      '/client/messages',
    );
    expect(screen.queryByTestId('unread-replies')).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('document')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Latest documents' })).toBeInTheDocument();
    // The placeholders are gone until they have real content (docs/decisions/112-client-dashboard-shows-only-real-content.md).
    for (const gone of ['Your B2B Services']) {
      expect(screen.queryByRole('heading', { name: gone })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('lists only the latest five documents, newest first, and links to all of them', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      doc({ title_en: `Invoice ${i + 1}`, category: 'invoice', uploaded: `2026-11-0${i + 1}T09:00:00Z` }),
    );
    const { user } = renderDashboard('/client/dashboard', { documents: many });
    const items = await screen.findAllByTestId('document');
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'Invoice 7',
      'Invoice 6',
      'Invoice 5',
      'Invoice 4',
      'Invoice 3',
    ]);
    await user.click(screen.getByRole('link', { name: 'All documents' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/client\/documents$/);
  });

  it('a client not attached to a company: all-client documents, a setting-up sentence, no contact action', async () => {
    const priceList = doc({ title_en: 'Price list 2026', category: 'price_list' });
    renderDashboard('/client/dashboard', { companyId: null, documents: [priceList] });
    expect(await screen.findByText(/Your account is being set up/)).toBeInTheDocument();
    expect(await screen.findAllByTestId('document')).toHaveLength(1);
    expect(screen.getByText(/Your account manager will be named here/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact your account manager' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Company:/)).not.toBeInTheDocument();
    expect(fakeSupabase.state.calls.some((call) => call.table === 'companies')).toBe(false);
  });

  it('in French: company, manager, documents, the Messages action and the unread replies', async () => {
    renderDashboard('/fr/client/dashboard', { unreadConversations: 2 });
    // A non-breaking space before the colon (French typography).
    expect((await screen.findByText('Entreprise : Épicerie Chloé Inc.')).textContent).toBe(
      'Entreprise\u00a0: Épicerie Chloé Inc.',
    );
    expect(screen.getByRole('heading', { name: 'Votre gestionnaire de compte' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Écrire à votre gestionnaire de compte' })).toHaveAttribute(
      'href',
      '/fr/client/messages',
    );
    const unread = await screen.findByTestId('unread-replies');
    expect(unread).toHaveTextContent('2 réponses non lues');
    expect(unread).toHaveAttribute('href', '/fr/client/messages');
    expect(screen.getByRole('link', { name: 'Tous les documents' })).toHaveAttribute('href', '/fr/client/documents');
    expect(await screen.findByRole('button', { name: 'Télécharger Certificat biologique 2026' })).toBeInTheDocument();
  });

  it('says so when the documents cannot load', async () => {
    renderDashboard('/client/dashboard', {
      override: (call) =>
        call.table === 'documents' ? { data: null, error: { message: 'Failed to fetch' }, status: 0 } : undefined,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The documents could not be loaded.');
  });

  it('Sign Out ends the session and goes to /admin/login', async () => {
    const { fake, user } = renderDashboard('/client/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(fake.backend.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/admin\/login$/);
  });

  it('in French, signs out to /fr/admin/login (decision 014)', async () => {
    const { user } = renderDashboard('/fr/client/dashboard');
    expect(await screen.findByText('Bienvenue, client@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/fr\/admin\/login$/);
  });

  it('says so when signing out fails, and stays', async () => {
    consoleErrorGuard.expect(/Sign-out failed/);
    const { fake, user } = renderDashboard('/client/dashboard');
    fake.backend.signOut.mockResolvedValueOnce({ error: { message: 'Failed to fetch', status: 0 } });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not sign you out/);
    expect(screen.getByText('Welcome, client@example.com')).toBeInTheDocument();
  });
});

describe('the Orders and Analytics cards', () => {
  it('list the open orders with their status, the last order and a New order link; the figures of 12 months', async () => {
    const orders = createOrdersBackend();
    orders.orders = [
      orderRow({ number: 'OM-000102', status: 'confirmed' }),
      orderRow({ id: 'x', number: 'OM-000101', status: 'delivered' }),
    ];
    renderDashboard('/client/dashboard', { orders });
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    const open = await screen.findByTestId('open-orders');
    expect(open).toHaveTextContent('OM-000102Confirmed$313.00');
    expect(open).not.toHaveTextContent('OM-000101');
    expect(screen.getByTestId('last-order')).toHaveTextContent('OM-000102');
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/client/orders/new');
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/client/orders');
    expect(screen.getByRole('heading', { level: 2, name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByTestId('analytics-totals')).toHaveTextContent('12 months: 16 cases, $1,544.00');
    const months = screen.getByRole('table', { name: 'Cases and spend per month' });
    expect(months).toHaveTextContent('Oct 2026');
    expect(months).toHaveTextContent('$1,158.00');
    expect(await screen.findByRole('table', { name: 'By category' })).toHaveTextContent('Cheeses16$1,544.00');
    expect(screen.getByTestId('analytics-top-products')).toHaveTextContent(
      'PDO Feta in Brine, 2 kg tin · 16 cases · $1,544.00',
    );
  });

  it('in French', async () => {
    const orders = createOrdersBackend();
    renderDashboard('/fr/client/dashboard', { orders });
    expect(await screen.findByRole('heading', { level: 2, name: 'Commandes' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune commande en cours.')).toBeInTheDocument();
    expect(await screen.findByTestId('analytics-totals')).toHaveTextContent('12 mois : 16 caisses, 1 544,00 $');
    expect(screen.getByRole('table', { name: 'Par catégorie' })).toHaveTextContent('Fromages');
  });
});
