import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '@/i18n/i18n';
import { localeFromPath } from '@/i18n/locales';
import { defaultFlags, type FlagMap } from '@/lib/flags/defaults';
import { flagQueries, type FeatureFlag } from '@/lib/flags/flag-queries';
import { FlagsLoadingModeContext, type FlagsLoadingMode } from '@/lib/flags/use-flags';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** A flags list as the server returns it, from a partial override of the defaults. */
export function flagList(overrides: Partial<FlagMap> = {}): FeatureFlag[] {
  return Object.entries({ ...defaultFlags, ...overrides })
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, enabled], index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name,
      enabled,
      description: null,
    }));
}

type Options = Omit<RenderOptions, 'wrapper'> & {
  /** Initial URL; its /fr prefix decides the language. */
  path?: string;
  /** Flags already loaded (skip the fetch). Leave undefined to keep the query pending or let it fetch. */
  flags?: Partial<FlagMap>;
  queryClient?: QueryClient;
  flagsLoadingMode?: FlagsLoadingMode;
};

/** Renders inside the app's providers: router at `path`, its language, a fresh QueryClient. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { path = '/', flags, queryClient = createTestQueryClient(), flagsLoadingMode = 'skeleton', ...rest } = options;
  if (flags) queryClient.setQueryData(flagQueries.list().queryKey, flagList(flags));
  const locale = localeFromPath(path.split(/[?#]/)[0] ?? '/');
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <FlagsLoadingModeContext value={flagsLoadingMode}>
          <MemoryRouter initialEntries={[path]}>
            <I18nProvider locale={locale}>{children}</I18nProvider>
          </MemoryRouter>
        </FlagsLoadingModeContext>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...rest }) };
}
