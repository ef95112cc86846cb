import { Route, Routes, useLocation } from 'react-router';
import AdminPortalRoutes from '@/features/admin-portal/layout/admin-portal-routes';
import { RequireRole } from '@/lib/session/require-role';
import type { FlagMap } from '@/lib/flags/defaults';
import { renderWithProviders } from './render';
import type { StaffRole } from '@/lib/session/staff-roles';
import { createFakeBackend, fakeSession, USERS, withSession } from './fake-session';

/** An access token whose payload says the session passed its second factor (docs/decisions/072-staff-second-factor.md). */
const AAL2_TOKEN = `e30.${btoa(JSON.stringify({ aal: 'aal2' })).replace(/=+$/, '')}.signature`;

/** The seeded admin (or a staff member of `role`) as the portal requires: a verified TOTP factor and a session at aal2. */
function verifiedAdminBackend(role: StaffRole = 'admin') {
  const fake = createFakeBackend({ initial: 'admin', roles: { [USERS.admin.id]: role } });
  const subscribe = fake.backend.onAuthStateChange.getMockImplementation();
  if (!subscribe) throw new Error('The fake session backend has no onAuthStateChange.');
  fake.backend.onAuthStateChange.mockImplementation((callback) =>
    subscribe((event, session) =>
      callback(
        event,
        event === 'INITIAL_SESSION' && session
          ? fakeSession('admin', {
              factors: [{ id: 'totp-1', factor_type: 'totp', status: 'verified' }],
              token: AAL2_TOKEN,
            })
          : session,
      ),
    ),
  );
  return fake;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The admin portal as the app mounts it: guarded, signed in as the seeded admin with a second factor. */
export function renderPortal(path: string, options: { publicFlags?: Partial<FlagMap>; role?: StaffRole } = {}) {
  const fake = verifiedAdminBackend(options.role);
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
