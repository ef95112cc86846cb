import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SiteIntegrations } from '@/integrations/site-integrations';
import type { PageContent } from '@/lib/content/site-content';
import { PageContentContext } from '@/lib/content/use-page-content';
import type { FlagMap } from '@/lib/flags/defaults';
import { FlagsLoadingModeContext, PublishedFlagsContext, type FlagsLoadingMode } from '@/lib/flags/use-flags';
import { AppRoutes } from './routes';

/** Providers shared by the browser entry and the prerenderer; the router is supplied by each. */
export function App({
  queryClient,
  flagsLoadingMode,
  publishedFlags = null,
  pageContent = null,
}: {
  queryClient: QueryClient;
  flagsLoadingMode: FlagsLoadingMode;
  /** The flags the prerendered HTML was rendered with (null: a client-rendered page). */
  publishedFlags?: FlagMap | null;
  /** The news items or blog posts the prerendered page shows (docs/decisions/165-published-content-on-the-site.md). */
  pageContent?: PageContent | null;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <FlagsLoadingModeContext value={flagsLoadingMode}>
        <PublishedFlagsContext value={publishedFlags}>
          <PageContentContext value={pageContent}>
            <AppRoutes />
            <SiteIntegrations />
          </PageContentContext>
        </PublishedFlagsContext>
      </FlagsLoadingModeContext>
    </QueryClientProvider>
  );
}
