import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { localeFromPath } from '@/i18n/locales';
import type { AppRole } from '@/lib/supabase/database.types';
import { signInHref } from './redirects';
import { useSession } from './session-context';
import { SessionPending } from './session-pending';

/**
 * Guards a signed-in area (spec 2.6, D1): visitors go to the sign-in page in
 * their language carrying where they came from; accounts without `role` go home.
 */
export function RequireRole({ role, children }: { role: AppRole; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const locale = localeFromPath(location.pathname);

  if (session.loading) return <SessionPending />;
  if (session.status !== 'signed-in') {
    const to = session.endedByUser
      ? paths.signIn(locale)
      : signInHref(locale, `${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={to} replace />;
  }
  if (session.role !== role) return <Navigate to={paths.home(locale)} replace />;
  return children;
}
