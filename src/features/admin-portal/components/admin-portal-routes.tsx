import { Link, Navigate, Route, Routes } from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { paths, type AdminSection } from '@/config/paths';
import { AdminLayout } from './admin-layout';
import { ComingSoonPage } from './coming-soon-page';
import { DashboardPage } from './dashboard-page';
import { FeatureFlagsPage } from './feature-flags-page';
import { LeadsPage } from './leads-page';
import { SectionsPage } from './sections-page';
import { SettingsPage } from './settings-page';
import { UsersPage } from './users-page';

const comingSoon: AdminSection[] = ['companies', 'content', 'analytics', 'notifications'];

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

/** /admin-portal/*: English, admin-only (guarded by the route above), loaded lazily. */
export default function AdminPortalRoutes() {
  return (
    <Toaster>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="sections" element={<SectionsPage />} />
          <Route path="feature-flags" element={<FeatureFlagsPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="leads" element={<LeadsPage />} />
          <Route path="settings" element={<SettingsPage />} />
          {comingSoon.map((section) => (
            <Route key={section} path={section} element={<ComingSoonPage section={section} />} />
          ))}
          <Route path="*" element={<PortalNotFound />} />
        </Route>
      </Routes>
    </Toaster>
  );
}
