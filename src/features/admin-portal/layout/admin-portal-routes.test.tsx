import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';
import { flagList } from '@tests/support/render';
import { adminSections } from './admin-sections';
import { readSidebarCookie } from './use-sidebar-state';
import { sectionPages } from './admin-portal-routes';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

const none = { value: 0, previous: null };
const dashboard = {
  at: '2026-11-26T12:00:00Z',
  users: { value: 3, previous: null },
  active_companies: none,
  flags: { on: 1, total: 2, previous_on: null, previous_total: null },
  views: none,
  visitors: none,
  leads: none,
  activity: [],
};

function clearCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) =>
    call.rpc === 'admin_dashboard'
      ? { data: dashboard, error: null }
      : call.rpc === 'admin_analytics'
        ? { data: null, error: { message: 'not in this test' } }
        : { data: flagList(), error: null };
  clearCookie();
});
afterEach(clearCookie);

const sidebar = () => document.getElementById('admin-sidebar') as HTMLElement;
const toggleButton = () => screen.getByRole('button', { name: 'Toggle sidebar' });

describe('admin portal sidebar', () => {
  it("shows 'Admin Portal', every section and Logout; marks the current page", async () => {
    renderPortal('/admin-portal/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin Portal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(adminSections.map((row) => row.label));
    expect(links.map((l) => l.getAttribute('href'))).toEqual(adminSections.map((row) => `/admin-portal/${row.slug}`));
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    expect(within(sidebar()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Ctrl+B and Meta+B collapse and expand it, and the cookie remembers', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/dashboard');
    await screen.findByRole('navigation', { name: 'Admin Portal' });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar()).toHaveClass('w-[3rem]');
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
    expect(readSidebarCookie(document.cookie)).toBe(false);
    // Collapsed to icons, the links keep their names for screen readers.
    expect(within(sidebar()).getByRole('link', { name: 'Feature Flags' })).toBeInTheDocument();

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(sidebar()).toHaveClass('w-[16rem]');
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });

  it('the toggle button does the same', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/dashboard');
    await screen.findByRole('navigation', { name: 'Admin Portal' });
    await user.click(toggleButton());
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(readSidebarCookie(document.cookie)).toBe(false);
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderPortal('/admin-portal/users');
    await screen.findByRole('navigation', { name: 'Admin Portal' });
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
  });

  it('on a phone it is an off-canvas sheet that closes after choosing a page', async () => {
    const matchMedia = window.matchMedia;
    const setMatchMedia = (value: typeof window.matchMedia) =>
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value });
    setMatchMedia(((query: string) => ({ ...matchMedia(query), matches: true })) as typeof window.matchMedia);
    try {
      const user = userEvent.setup();
      renderPortal('/admin-portal/dashboard');
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.keyboard('{Control>}b{/Control}');
      const sheet = await screen.findByRole('dialog', { name: 'Admin Portal' });
      expect(sheet).toHaveClass('w-[18rem]');
      // The desktop preference is untouched by the phone's sheet.
      expect(readSidebarCookie(document.cookie)).toBeNull();
      await user.click(within(sheet).getByRole('link', { name: 'Analytics' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    } finally {
      setMatchMedia(matchMedia);
    }
  });
});

describe('admin portal pages', () => {
  it('redirects /admin-portal to the dashboard', async () => {
    renderPortal('/admin-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows the dashboard cards, activity and quick actions', async () => {
    renderPortal('/admin-portal/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await screen.findAllByTestId('stat');
    for (const label of [
      'Total Users',
      'Active Companies',
      'Feature Flags',
      'Content Pages',
      'Monthly Views',
      'Conversion Rate',
    ]) {
      expect(screen.getByText(label, { selector: 'p' })).toBeInTheDocument();
    }
    expect(screen.getAllByText('No earlier data')).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has happened yet.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    const quickActions = adminSections.filter((row) => row.quickAction);
    expect(quickActions.length).toBeGreaterThan(0);
    for (const row of quickActions) {
      expect(within(main).getByRole('link', { name: row.quickAction })).toHaveAttribute(
        'href',
        `/admin-portal/${row.slug}`,
      );
    }
  });

  // Every section has its page today; a row added without one says Coming Soon.
  const comingSoon = adminSections.filter((row) => !sectionPages[row.slug]);

  it.skipIf(comingSoon.length === 0).each(comingSoon)(
    '/$slug says Coming Soon under its label',
    async ({ slug, label, description }) => {
      renderPortal(`/admin-portal/${slug}`);
      expect(await screen.findByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: label })).toBeInTheDocument();
      expect(screen.getByText(description)).toBeInTheDocument();
    },
  );

  it.each(adminSections.filter((row) => sectionPages[row.slug]))(
    '/$slug shows its own page',
    async ({ slug, label }) => {
      renderPortal(`/admin-portal/${slug}`);
      expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Coming Soon' })).not.toBeInTheDocument();
    },
  );

  it('Logout signs out and goes to /admin/login', async () => {
    const user = userEvent.setup();
    const { fake } = renderPortal('/admin-portal/dashboard');
    await screen.findByRole('navigation', { name: 'Admin Portal' });
    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }));
    expect(fake.backend.signOut).toHaveBeenCalled();
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/admin\/login$/);
  });
});

describe('each staff role sees its part of the portal', () => {
  const expected = {
    editor: ['Dashboard', 'Content', 'Products', 'Settings', 'Notifications'],
    account_manager: [
      'Dashboard',
      'Users',
      'Leads',
      'Companies',
      'Orders',
      'Price Lists',
      'Documents',
      'Messages',
      'Settings',
      'Notifications',
    ],
  } as const;

  it.each(Object.entries(expected))('the sidebar of an %s lists only its sections', async (role, labels) => {
    renderPortal('/admin-portal/dashboard', { role: role as keyof typeof expected });
    const nav = await screen.findByRole('navigation', { name: 'Admin Portal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(labels);
  });

  it("an editor's dashboard shows its sections and quick actions, never the site-wide figures", async () => {
    renderPortal('/admin-portal/dashboard', { role: 'editor' });
    const yours = await screen.findByTestId('your-sections');
    expect(
      within(yours)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Content', 'Products', 'Settings', 'Notifications']);
    expect(screen.queryByTestId('stat')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent Activity' })).not.toBeInTheDocument();
    expect(fakeSupabase.state.calls.some((call) => call.rpc === 'admin_dashboard')).toBe(false);
    const main = screen.getByRole('main');
    for (const hidden of ['Manage Users', 'Manage Sections', 'Feature Flags', 'View Analytics']) {
      expect(within(main).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
  });

  it.each([
    ['editor', 'users', 'Users'],
    ['editor', 'sections', 'Sections & Features'],
    ['editor', 'orders', 'Orders'],
    ['account_manager', 'feature-flags', 'Feature Flags'],
    ['account_manager', 'content', 'Content'],
  ] as const)('an %s opening /admin-portal/%s is told it is not for their role', async (role, slug, label) => {
    renderPortal(`/admin-portal/${slug}`, { role });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${label} is not part of your role`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/admin-portal/dashboard',
    );
  });

  it("an admin's sidebar lists every section", async () => {
    renderPortal('/admin-portal/dashboard', { role: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Admin Portal' });
    expect(within(nav).getAllByRole('link')).toHaveLength(adminSections.length);
  });
});

describe('Settings for every staff role', () => {
  it('an editor sets up their second factor there, without the admin-only contact and ordering settings', async () => {
    renderPortal('/admin-portal/settings', { role: 'editor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Not for your role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ordering' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your contact details for clients' })).not.toBeInTheDocument();
  });
});
