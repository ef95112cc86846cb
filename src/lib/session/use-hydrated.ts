import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while prerendering and during hydration, true once React owns the
 * page. A prerendered form stays inert until then, so a press before the
 * JavaScript arrives cannot fall back to a native GET that would put the
 * password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
