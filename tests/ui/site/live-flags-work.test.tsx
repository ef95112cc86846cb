/**
 * The work a prerendered page does when its live flags arrive
 * (docs/decisions/152-no-second-render-when-the-live-flags-agree.md): one
 * request however many components read the flags, and no render at all when
 * the flags equal those the page was published with. Counted with React's
 * Profiler (commits), never timed.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type * as RestModule from '@/lib/supabase/rest';
import { restSelect } from '@/lib/supabase/rest';
import { I18nProvider } from '@/i18n/i18n';
import { defaultFlags, type FlagMap } from '@/lib/flags/defaults';
import { flagQueries, type FeatureFlag } from '@/lib/flags/flag-queries';
import { FlagsLoadingModeContext, PublishedFlagsContext } from '@/lib/flags/use-flags';
import { createTestQueryClient, flagList } from '@tests/support/render';
import { SiteRoutes } from './site-routes';

vi.mock('@/lib/supabase/rest', async (original) => ({
  ...(await original<typeof RestModule>()),
  restSelect: vi.fn(),
}));

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function tree(client: QueryClient, published: FlagMap, onCommit: () => void = () => {}) {
  return (
    <Profiler id="page" onRender={onCommit}>
      <QueryClientProvider client={client}>
        <FlagsLoadingModeContext value="defaults">
          <PublishedFlagsContext value={published}>
            <MemoryRouter initialEntries={['/']}>
              <I18nProvider locale="en">
                <SiteRoutes />
              </I18nProvider>
            </MemoryRouter>
          </PublishedFlagsContext>
        </FlagsLoadingModeContext>
      </QueryClientProvider>
    </Profiler>
  );
}

/** The home page prerendered with `published`, hydrated, its flag read held until `answer` is called. */
async function hydrateHome(published: FlagMap) {
  const html = renderToString(tree(createTestQueryClient(), published));
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  // The flag read, held until answered (the Data API is not called).
  let answer: (list: FeatureFlag[]) => void = () => {};
  const queryFn = vi
    .mocked(restSelect)
    .mockReset()
    .mockImplementation((table) =>
      table === 'feature_flags'
        ? new Promise((resolve) => (answer = resolve as (list: FeatureFlag[]) => void))
        : Promise.reject(new Error(`unexpected read of ${table}`)),
    );
  const client = createTestQueryClient();
  let commits = 0;
  await act(async () => {
    root = hydrateRoot(
      container!,
      tree(client, published, () => {
        commits += 1;
      }),
    );
  });
  // Let the page settle first (its lazy sections arrive and render): what is
  // counted afterwards is what the flags' answer causes.
  for (let settled = -1; settled !== commits;) {
    settled = commits;
    await act(async () => {
      await vi.dynamicImportSettled();
    });
  }
  return {
    client,
    queryFn,
    commits: () => commits,
    answer: async (flags: FlagMap) => {
      await act(async () => {
        answer(flagList(flags));
        await vi.waitFor(() => expect(client.getQueryState(flagQueries.list().queryKey)?.status).toBe('success'));
      });
    },
  };
}

it('live flags equal to the published ones are read once and render nothing again', async () => {
  // The hero's keyword rotation (a timer) off: nothing else renders while the test waits.
  const published: FlagMap = { ...defaultFlags, founder: false, teams: true, rotating_keywords: false };
  const page = await hydrateHome(published);
  const before = page.commits();
  expect(before).toBeGreaterThan(0);
  expect(page.queryFn).toHaveBeenCalledTimes(1);

  await page.answer(published);

  expect(page.commits()).toBe(before);
  expect(page.queryFn).toHaveBeenCalledTimes(1);
  expect(container!.querySelector('#founder')).toBeNull();
});

it('live flags that differ from the published ones show at once', async () => {
  // The hero's keyword rotation (a timer) off: nothing else renders while the test waits.
  const published: FlagMap = { ...defaultFlags, founder: false, teams: true, rotating_keywords: false };
  const page = await hydrateHome(published);
  const before = page.commits();

  await page.answer({ ...published, teams: false });

  expect(page.commits()).toBeGreaterThan(before);
  expect(page.queryFn).toHaveBeenCalledTimes(1);
  const nav = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
  expect(nav.queryByRole('link', { name: 'Teams' })).not.toBeInTheDocument();
});
