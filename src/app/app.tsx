import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SiteIntegrations } from '@/integrations/site-integrations';
import { FlagsLoadingModeContext, type FlagsLoadingMode } from '@/lib/flags/use-flags';
import { AppRoutes } from './routes';

/** Providers shared by the browser entry and the prerenderer; the router is supplied by each. */
export function App({ queryClient, flagsLoadingMode }: { queryClient: QueryClient; flagsLoadingMode: FlagsLoadingMode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FlagsLoadingModeContext value={flagsLoadingMode}>
        <AppRoutes />
        <SiteIntegrations />
      </FlagsLoadingModeContext>
    </QueryClientProvider>
  );
}
