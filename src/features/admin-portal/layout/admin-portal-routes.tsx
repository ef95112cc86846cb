import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import type { AdminSection } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';
import { adminSections, canOpenSection, type AdminSectionRow } from './admin-sections';
import { AdminLayout } from './admin-layout';
import { ComingSoonPage } from './coming-soon-page';

function PortalNotFound() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <title>Page not found | Admin Portal</title>
      <h1 className="text-2xl font-semibold text-ink">Page not found</h1>
      <p className="mt-2 text-ink-muted">This part of the admin portal does not exist.</p>
      <Link to={paths.adminPortal('dashboard')} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Go to the dashboard
      </Link>
    </div>
  );
}

/**
 * A section's URL opened by a role it is not for: said plainly, with the way
 * back. The database refuses that role's reads and writes there in any case.
 */
function NotForYourRole({ section }: { section: AdminSectionRow }) {
  return (
    <div className="mx-auto max-w-xl py-12 text-center" data-testid="not-for-your-role">
      <title>{`Not for your role | ${section.label} | Admin Portal`}</title>
      <h1 className="text-2xl font-semibold text-ink">Not for your role</h1>
      <p className="mt-2 text-ink-muted">
        {section.label} is not part of your role in the admin portal. If you need it, ask an admin to change your role.
      </p>
      <Link to={paths.adminPortal('dashboard')} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Go to the dashboard
      </Link>
    </div>
  );
}

/**
 * A section's page as a component that loads on first render (or `preload`).
 * Once loaded it renders directly, without suspending again.
 */
function lazySection(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (Page) => {
        loaded = Page;
        return { default: Page };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function SectionPage() {
    const Page = loaded;
    return Page ? <Page /> : <Lazy />;
  }
  return { SectionPage, preload };
}

/**
 * Each section's page, loaded when first opened. A section of the table
 * without one is listed and its page says "Coming Soon".
 */
export const sectionPages: Partial<Record<AdminSection, () => Promise<ComponentType>>> = {
  dashboard: async () => (await import('@/features/admin-portal/dashboard/dashboard-page')).DashboardPage,
  sections: async () => (await import('@/features/admin-portal/sections/sections-page')).SectionsPage,
  'feature-flags': async () => (await import('@/features/admin-portal/flags/feature-flags-page')).FeatureFlagsPage,
  users: async () => (await import('@/features/admin-portal/users/users-page')).UsersPage,
  leads: async () => (await import('@/features/admin-portal/leads/leads-page')).LeadsPage,
  companies: async () => (await import('@/features/admin-portal/companies/companies-page')).CompaniesPage,
  orders: async () => (await import('@/features/admin-portal/orders/orders-page')).OrdersPage,
  'price-lists': async () => (await import('@/features/admin-portal/price-lists/price-lists-page')).PriceListsPage,
  documents: async () => (await import('@/features/admin-portal/documents/components/documents-page')).DocumentsPage,
  messages: async () => (await import('@/features/admin-portal/messages/messages-page')).MessagesPage,
  content: async () => (await import('@/features/admin-portal/content/components/content-page')).ContentPage,
  products: async () => (await import('@/features/admin-portal/products/products-page')).ProductsPage,
  analytics: async () => (await import('@/features/admin-portal/analytics/analytics-page')).AnalyticsPage,
  settings: async () => (await import('@/features/admin-portal/settings/settings-page')).SettingsPage,
  notifications: async () =>
    (await import('@/features/admin-portal/notifications/notifications-page')).NotificationsPage,
};

const sections = adminSections.map((row) => {
  const page = sectionPages[row.slug];
  return { row, ...(page ? lazySection(page) : null) };
});

function PagePending() {
  return (
    <p role="status" className="text-ink-muted">
      Loading…
    </p>
  );
}

/** /admin-portal/*: English, admin-only (guarded by the route above), loaded lazily, one route per section row. */
export default function AdminPortalRoutes() {
  const { role } = useSession();
  // The current page loads first; the others the role opens follow, so moving between sections never waits.
  useEffect(() => {
    for (const { row, preload } of sections) if (canOpenSection(row, role)) void preload?.().catch(() => undefined);
  }, [role]);

  return (
    <Toaster>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="dashboard" replace />} />
          {sections.map(({ row, SectionPage }) => (
            <Route
              key={row.slug}
              path={'nested' in row && row.nested ? `${row.slug}/*` : row.slug}
              element={
                !canOpenSection(row, role) ? (
                  <NotForYourRole section={row} />
                ) : SectionPage ? (
                  <Suspense fallback={<PagePending />}>
                    <SectionPage />
                  </Suspense>
                ) : (
                  <ComingSoonPage section={row} />
                )
              }
            />
          ))}
          <Route path="*" element={<PortalNotFound />} />
        </Route>
      </Routes>
    </Toaster>
  );
}
