import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { preloadPolicies } from '@/features/site/components/policy-page';
import { I18nProvider } from '@/i18n/i18n';
import { localeFromPath } from '@/i18n/locales';
import { flagQueries } from '@/lib/flags/flag-queries';
import { defaultFlags, type FlagMap } from '@/lib/flags/defaults';
import { FlagsLoadingModeContext, PublishedFlagsContext } from '@/lib/flags/use-flags';
import { createTestQueryClient, flagList } from '@tests/support/render';
import { SiteRoutes } from './site-routes';

function tree(path: string, client: QueryClient, published: FlagMap | null = null) {
  return (
    <QueryClientProvider client={client}>
      <FlagsLoadingModeContext value="defaults">
        <PublishedFlagsContext value={published}>
          <MemoryRouter initialEntries={[path]}>
            <I18nProvider locale={localeFromPath(path)}>
              <SiteRoutes />
            </I18nProvider>
          </MemoryRouter>
        </PublishedFlagsContext>
      </FlagsLoadingModeContext>
    </QueryClientProvider>
  );
}

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(async () => {
  await Promise.all([preloadPolicies('en'), preloadPolicies('fr')]);
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

it.each(['/', '/fr', '/privacy', '/fr/terms'])(
  '%s hydrates its prerendered HTML even when non-default flags arrive before hydration ends',
  async (path) => {
    // As the prerenderer does: the defaults, nothing loaded.
    const html = renderToString(tree(path, createTestQueryClient()));
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);

    // The browser already has the staff's flags (the request raced ahead of hydration).
    const client = createTestQueryClient();
    client.setQueryData(flagQueries.list().queryKey, flagList({ teams: true, insights: true, services: false }));
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container!, tree(path, client), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);

    // Once hydrated, the real flags show.
    const nav = within(screen.getAllByRole('navigation', { name: /^(Main|Principale)$/ })[0]!);
    expect(nav.getByRole('link', { name: /^(Teams|Équipes)$/ })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Services' })).not.toBeInTheDocument();
  },
);

it("a page published with the database's flags hydrates with them and keeps them until the live flags answer", async () => {
  const published: FlagMap = { ...defaultFlags, founder: false, teams: true };
  // As the prerenderer does: the published flags, nothing loaded.
  const html = renderToString(tree('/', createTestQueryClient(), published));
  expect(html).not.toContain('id="founder"');
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);

  // The live flags have not answered yet (no data in the cache).
  const client = createTestQueryClient();
  client.setQueryDefaults(flagQueries.all(), { queryFn: () => new Promise(() => {}) });
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container!, tree('/', client, published), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  expect(recoverable).toEqual([]);
  // Hydrated, still what was published: no founder section, the Teams link.
  expect(container.querySelector('#founder')).toBeNull();
  const nav = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
  expect(nav.getByRole('link', { name: 'Teams' })).toBeInTheDocument();
});
