import { Outlet } from 'react-router';
import { RequireRole, SessionBoundary } from '@/lib/session/session-boundary';

/**
 * The signed-in areas: loaded lazily, so supabase-js and the auth code never
 * reach public pages. `guard` adds the role check (docs/decisions/001-sign-in.md).
 */
export default function SessionLayout({ guard }: { guard?: 'admin' | 'client' }) {
  return (
    <SessionBoundary>
      {guard ? (
        <RequireRole role={guard}>
          <Outlet />
        </RequireRole>
      ) : (
        <Outlet />
      )}
    </SessionBoundary>
  );
}
