import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { routePath, paths } from '@/config/paths';
import { localeFromPath } from '@/i18n/locales';
import { areaAdmits, signInHref } from './redirects';
import { useSession } from './session-context';
import { SessionPending } from './session-pending';

// The code step loads with the staff area it guards, never with the sign-in pages.
const MfaChallenge = lazy(() => import('./mfa-challenge').then((module) => ({ default: module.MfaChallenge })));

/** Where an admin without a second factor enrols one (docs/decisions/072-staff-second-factor.md). */
export const ENROL_PATH = paths.adminPortal('settings');

/**
 * Guards a signed-in area (docs/decisions/001-sign-in.md): visitors go to the
 * sign-in page in their language carrying where they came from; accounts
 * the area does not admit (`areaAdmits`) go home.
 */
export function RequireRole({ role, children }: { role: 'admin' | 'client'; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const locale = localeFromPath(location.pathname);

  if (session.loading) return <SessionPending />;
  if (session.status !== 'signed-in') {
    const to = session.endedByUser
      ? routePath('signIn', locale)
      : signInHref(locale, `${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={to} replace />;
  }
  // Unmounting the screen stops its queries before the session ends (decision 175).
  if (session.signingOut) return <SessionPending signingOut />;
  // No role: the request's status; another role: that account's home.
  if (session.role === null) return <Navigate to={routePath('accountStatus', locale)} replace />;
  if (!areaAdmits(role, session.role)) return <Navigate to={routePath('home', locale)} replace />;
  if (role === 'admin') {
    // The code before anything else; without a factor, enrolment before anything else.
    if (session.hasVerifiedFactor && session.currentLevel !== 'aal2') {
      return (
        <Suspense fallback={<SessionPending />}>
          <MfaChallenge />
        </Suspense>
      );
    }
    if (!session.hasVerifiedFactor && location.pathname !== ENROL_PATH) {
      return <Navigate to={`${ENROL_PATH}?enrol=required`} replace />;
    }
  }
  return children;
}
