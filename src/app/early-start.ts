/**
 * A signed-in page's start, in parallel with the application's code rather
 * than after it (docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md).
 * The boot script loads this module on a portal path; with a session stored
 * in this browser (read without supabase-js), it starts at once:
 * - the account's role and the page's first data, with the stored token,
 *   each handed to the query that needs it (src/lib/early/early-queries.ts);
 * - the page's code, the session layout and supabase-js.
 * Without a stored session it does nothing: the page's guard sends the
 * visitor to sign in as before.
 *
 * EARLY_QUERIES is the registry: a signed-in page adds the queries it shows
 * first, keyed as its own queries are, with a fetcher that needs nothing but
 * a token (no supabase-js, which is still loading). Once a portal page is
 * shown, `prefetchOnApproach` starts the same for a portal link the person
 * points at, touches or focuses, and loads the other portal pages' code
 * while the browser is idle, so moving between them waits for neither.
 */
import { matchRoute, ROUTES, type RouteId, type SiteRoute } from '@/config/routes';
import { env } from '@/config/env';
import { fetchDashboardWithToken, DASHBOARD_KEY } from '@/features/admin-portal/analytics/dashboard-early';
import { DOCUMENTS_KEY, fetchDocumentsWithToken } from '@/features/client-portal/api/documents-rows';
import { CONVERSATION_LIST_KEY, fetchConversationsWithToken } from '@/lib/conversations/list';
import { startEarly } from '@/lib/early/early-queries';
import type { AppRole } from '@/lib/supabase/database-aliases';
import { restSelect } from '@/lib/supabase/rest';
import { sessionAssurance } from '@/lib/session/session-user';
import { readStoredSession, type StoredSession } from '@/lib/supabase/stored-session';
import { loadPageChunks } from './page-loaders';

export type EarlyQuery = {
  key: readonly unknown[];
  fetch: (session: StoredSession) => Promise<unknown>;
  /**
   * Only an admin who passed the second factor may read it: started once the
   * role is known, and only then, so no other staff member's page makes a
   * request the database would refuse.
   */
  adminOnly?: boolean;
};

const documents: EarlyQuery = { key: DOCUMENTS_KEY, fetch: (s) => fetchDocumentsWithToken(s.accessToken) };
const conversations: EarlyQuery = {
  key: CONVERSATION_LIST_KEY,
  fetch: (s) => fetchConversationsWithToken(s.accessToken),
};
const adminDashboard: EarlyQuery = {
  key: DASHBOARD_KEY,
  fetch: (s) => fetchDashboardWithToken(s.accessToken),
  adminOnly: true,
};

/** The queries each signed-in page shows first, by route (and, in the admin portal, by its path). */
export const EARLY_QUERIES: Partial<Record<RouteId, (path: string) => EarlyQuery[]>> = {
  clientDashboard: () => [documents],
  clientDocuments: () => [documents],
  clientMessages: () => [conversations],
  adminPortal: (path) => (/^\/admin-portal(\/dashboard)?\/?$/.test(path) ? [adminDashboard] : []),
};

/**
 * The role query's key (sessionKeys.role in src/lib/session/session-keys.ts,
 * the same by test): spelled here so this module never waits for the
 * session's screens.
 */
export const roleKey = (userId: string) => ['session', 'role', userId] as const;

/** The same read as the role query (SessionBackend.loadRole), through the Data API with `accessToken`. */
export async function fetchRoleWithToken(userId: string, accessToken: string): Promise<AppRole | null> {
  const rows = await restSelect<{ role: AppRole }>(
    'user_roles',
    `select=role&user_id=eq.${encodeURIComponent(userId)}`,
    {
      accessToken,
    },
  );
  return rows[0]?.role ?? null;
}

function signedInRoute(pathname: string): SiteRoute | null {
  const match = matchRoute(pathname);
  return match && (match.route.access === 'client' || match.route.access === 'admin') ? match.route : null;
}

/**
 * Starts the role and the first data of the signed-in page at `pathname` for
 * the session stored now; false when it is no signed-in page or no session is
 * stored (or its token is about to expire: supabase-js refreshes it first).
 */
export function startEarlyQueries(pathname: string, session = readStoredSession(env.supabaseUrl)): boolean {
  const route = signedInRoute(pathname);
  if (!route || !session) return false;
  const { userId } = session;
  const role = fetchRoleWithToken(userId, session.accessToken);
  startEarly(userId, roleKey(userId), () => role);
  for (const query of EARLY_QUERIES[route.id]?.(pathname) ?? []) {
    if (!query.adminOnly) startEarly(userId, query.key, () => query.fetch(session));
    else if (sessionAssurance({ access_token: session.accessToken }) === 'aal2')
      role.then(
        (found) => {
          if (found === 'admin') startEarly(userId, query.key, () => query.fetch(session));
        },
        () => undefined,
      );
  }
  return true;
}

/** The boot script's call on a portal path: the data, the page's code, the session layout and supabase-js, at once. */
export function startSignedInPage(pathname: string): void {
  if (!startEarlyQueries(pathname)) return;
  const route = signedInRoute(pathname);
  if (route?.chunk) loadPageChunks(`sessionLayout ${route.id}`);
  import('@/lib/supabase/client').catch(() => undefined);
}

/** The code of the other pages behind the same guard, loaded while the browser is idle. */
function loadSiblingPages(access: SiteRoute['access']): void {
  const names = ROUTES.filter((route) => route.access === access && route.chunk).map((route) => route.id);
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(() => loadPageChunks(names.join(' ')));
}

/**
 * Once a signed-in page is shown: a portal link pointed at, touched or
 * focused starts its page's code and data; the other portal pages' code loads
 * when idle. Returns a function that stops listening.
 */
export function prefetchOnApproach(pathname: string): () => void {
  const route = signedInRoute(pathname);
  if (route) loadSiblingPages(route.access);
  const onApproach = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const target = signedInRoute(link.pathname);
    if (!target || link.pathname === window.location.pathname) return;
    if (startEarlyQueries(link.pathname) && target.chunk) loadPageChunks(target.id);
  };
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of events) document.addEventListener(type, onApproach, { passive: true, capture: true });
  return () => {
    for (const type of events) document.removeEventListener(type, onApproach, { capture: true });
  };
}
