import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Beside a signed-in area's layout: moving between its pages waits neither
 * for their code nor their data (src/app/early-start.ts, loaded here lazily,
 * so only signed-in pages fetch it).
 */
export function PortalPrefetch() {
  const { pathname } = useLocation();
  useEffect(() => {
    let stop = () => {};
    let ended = false;
    import('./early-start').then(
      (early) => {
        if (!ended) stop = early.prefetchOnApproach(pathname);
      },
      () => undefined,
    );
    return () => {
      ended = true;
      stop();
    };
  }, [pathname]);
  return null;
}
