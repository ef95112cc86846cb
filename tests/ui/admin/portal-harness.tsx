import { Route, Routes, useLocation } from 'react-router';
import AdminPortalRoutes from '@/features/admin-portal/components/admin-portal-routes';
import { RequireRole } from '@/lib/session/require-role';
import type { FlagMap } from '@/lib/flags/flag-names';
import { renderWithProviders } from '../../utils/render';
import { createFakeBackend, withSession } from '../session/fake-session';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The admin portal as the app mounts it: guarded, signed in as the seeded admin. */
export function renderPortal(path: string, options: { publicFlags?: Partial<FlagMap> } = {}) {
  const fake = createFakeBackend({ initial: 'admin' });
  const result = renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route
          path="/admin-portal/*"
          element={
            <RequireRole role="admin">
              <AdminPortalRoutes />
            </RequireRole>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>,
    ),
    { path, ...(options.publicFlags ? { flags: options.publicFlags } : {}) },
  );
  return { fake, ...result };
}
