import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SiteIntegrations } from '@/integrations/site-integrations';
import type { FlagMap } from '@/lib/flags/defaults';
import { FlagsLoadingModeContext, PublishedFlagsContext, type FlagsLoadingMode } from '@/lib/flags/use-flags';
import { AppRoutes } from './routes';

/** Providers shared by the browser entry and the prerenderer; the router is supplied by each. */
export function App({
  queryClient,
  flagsLoadingMode,
  publishedFlags = null,
}: {
  queryClient: QueryClient;
  flagsLoadingMode: FlagsLoadingMode;
  /** The flags the prerendered HTML was rendered with (null: a client-rendered page). */
  publishedFlags?: FlagMap | null;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <FlagsLoadingModeContext value={flagsLoadingMode}>
        <PublishedFlagsContext value={publishedFlags}>
          <AppRoutes />
          <SiteIntegrations />
        </PublishedFlagsContext>
      </FlagsLoadingModeContext>
    </QueryClientProvider>
  );
}
