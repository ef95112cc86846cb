import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Env from '@/config/env';
import { SiteIntegrations } from '@/integrations/site-integrations';
import type * as Rest from '@/lib/supabase/rest';
import { restRpc } from '@/lib/supabase/rest';
import { renderWithProviders } from '@tests/support/render';

vi.mock('@/config/env', async (importOriginal) => {
  const actual = await importOriginal<typeof Env>();
  return {
    env: {
      ...actual.env,
      tawk: { propertyId: 'prop-1', widgetId: 'widget-1' },
      // jsdom serves the page from localhost: make it the primary domain.
      failover: { primaryDomain: 'localhost', backupDomain: 'backup.example.com' },
    },
  };
});

vi.mock('@/lib/supabase/rest', async (importOriginal) => ({
  ...(await importOriginal<typeof Rest>()),
  restRpc: vi.fn(() => Promise.resolve()),
}));

const embed = () => document.head.querySelector('script[src^="https://embed.tawk.to/"]');
const healthChecks = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('https://localhost/health.json'));
/** Long enough for idle-time work on a quiet machine: to show that something did NOT happen. */
const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));
/** Until `assertion` holds: idle-time work on a busy machine may take longer than `idle`. */
const eventually = (assertion: () => void) => act(() => vi.waitFor(assertion, { timeout: 10_000, interval: 50 }));

function Navigator() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/')}>
      leave
    </button>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response('{"status":"ok"}', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

// One file-wide module state (page load, loaded widget), as in a real page: order matters.
describe('SiteIntegrations', () => {
  it('sends the page-view event once idle, and waits for the real flags before the widget or health checks', async () => {
    const never = vi.fn((_url: string) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', never);
    const { unmount } = renderWithProviders(<SiteIntegrations />, { path: '/' });
    // The page view is not sent during render, only once the page is idle.
    expect(restRpc).not.toHaveBeenCalled();
    await eventually(() => expect(restRpc).toHaveBeenCalledTimes(1));
    expect(restRpc).toHaveBeenCalledWith('record_page_view', expect.objectContaining({ path: '/', language: 'en' }), {
      keepalive: true,
    });
    // Flags still loading: no widget, no health checks yet.
    expect(embed()).toBeNull();
    expect(never.mock.calls.filter(([url]) => String(url).includes('health.json'))).toHaveLength(0);
    unmount();
  });

  it('does not load the chat widget when tawk_chat is off, nor run failover when domain_failover is off', async () => {
    const { unmount } = renderWithProviders(<SiteIntegrations />, {
      path: '/',
      flags: { tawk_chat: false, domain_failover: false },
    });
    await idle();
    expect(embed()).toBeNull();
    expect(healthChecks(fetchMock)).toHaveLength(0);
    unmount();
  });

  it('on the admin portal, keeps the widget unloaded and hidden; leaving loads and shows it', async () => {
    const user = userEvent.setup();
    const launcher = document.createElement('div');
    launcher.className = 'widget-visible';
    document.body.append(launcher);
    renderWithProviders(
      <>
        <SiteIntegrations />
        <Navigator />
      </>,
      { path: '/admin-portal/dashboard', flags: { tawk_chat: true, domain_failover: false } },
    );
    await idle();
    expect(embed()).toBeNull();
    expect(launcher.style.display).toBe('none');

    await user.click(screen.getByRole('button', { name: 'leave' }));
    expect(launcher.style.display).toBe('');
    await eventually(() => expect(embed()?.getAttribute('src')).toBe('https://embed.tawk.to/prop-1/widget-1'));
    // The portal page was not counted; the page shown after leaving it was.
    const views = () => vi.mocked(restRpc).mock.calls.filter(([fn]) => fn === 'record_page_view');
    await eventually(() => expect(views()).toHaveLength(2));
  });

  it('checks the primary’s health when domain_failover is on and the page is on a configured domain', async () => {
    const { unmount } = renderWithProviders(<SiteIntegrations />, { path: '/', flags: { domain_failover: true } });
    await eventually(() => expect(healthChecks(fetchMock)).toHaveLength(1));
    unmount();
  });
});
