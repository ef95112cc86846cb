/**
 * What of the query cache belongs to an account: every query but the public
 * site's own reads (the flags, published content). When an account's session
 * ends on this page (Sign out, expiry, a sign-out in another tab) or another
 * account signs in, all of it is forgotten, so nothing of one account can be
 * shown to the next (docs/decisions/207-nothing-of-an-account-outlives-its-session.md).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** First key segments of the queries anyone may see (src/lib/flags, src/lib/content). */
const PUBLIC_ROOTS = new Set(['feature-flags', 'page-content']);

export function isPrivateQuery(key: QueryKey): boolean {
  // A list page's check that its items are still published: ['news' | 'blog' …, 'still-published', …].
  return !(PUBLIC_ROOTS.has(String(key[0])) || key[1] === 'still-published');
}

/** Removes the account's queries no screen is showing, and resets (empties, then refetches) those on screen. */
export function forgetPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isPrivateQuery(query.queryKey) && !query.isActive() });
  void queryClient.resetQueries({ predicate: (query) => isPrivateQuery(query.queryKey) });
}
