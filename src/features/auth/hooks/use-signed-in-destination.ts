import { useLocation } from 'react-router';
import { localeFromPath } from '@/i18n/locales';
import { destinationAfterSignIn } from '@/lib/session/redirects';
import { useSession } from '@/lib/session/session-context';

/**
 * On a sign-in page: where a signed-in account belongs
 * (docs/decisions/001-sign-in.md), once its role is known; null while signed
 * out or still loading.
 */
export function useSignedInDestination(): string | null {
  const session = useSession();
  const location = useLocation();
  if (session.status !== 'signed-in' || session.loading) return null;
  const from = new URLSearchParams(location.search).get('from');
  return destinationAfterSignIn(from, session.role, localeFromPath(location.pathname));
}
