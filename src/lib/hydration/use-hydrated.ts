import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while prerendering and while React hydrates server HTML (it reads the
 * server snapshot then); true once React owns the page, and on every
 * client-only render. A prerendered form uses it to stay inert until then,
 * so a press before the JavaScript arrives cannot fall back to a native
 * submission that would put its fields (a password) in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
