/**
 * Starts the third-party and background work of every page: the page-view
 * event (docs/decisions/130-page-views-without-tracking.md), the chat
 * widget (011-chat-widget-is-tawk-to.md) and the domain failover monitor
 * (007-domain-failover.md). Each starts after first render, when the browser is
 * idle, from its own lazily imported module, so none of them weighs on the
 * first paint.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { env } from '@/config/env';
import { whenIdle } from '@/lib/hydration/when-idle';
import { useFlags } from '@/lib/flags/use-flags';
import { useHideChatWidget } from './chat-widget/use-hide-chat-widget';

/** A failed chunk (offline, or a deploy replaced it) must not surface as an uncaught error. */
function warnOnFailure(what: string) {
  return (error: unknown) => console.warn(`The ${what} could not be started.`, error);
}

export function isAdminPortalPath(pathname: string): boolean {
  return pathname === '/admin-portal' || pathname.startsWith('/admin-portal/');
}

function servedFromFailoverDomain(hostname: string): boolean {
  const { primaryDomain, backupDomain } = env.failover;
  return Boolean(primaryDomain && backupDomain) && (hostname === primaryDomain || hostname === backupDomain);
}

/** Locations already counted (StrictMode and remounts run effects again). */
const recordedLocations = new Set<string>();

export function SiteIntegrations() {
  const { pathname, key } = useLocation();
  const { flags, isLoading } = useFlags();
  const inAdminPortal = isAdminPortalPath(pathname);

  // Staff never see the chat widget; it comes back when they leave the portal.
  useHideChatWidget(inAdminPortal);

  // One page view per page shown: the first load and each in-app navigation
  // (a new location key), never the staff portal.
  useEffect(() => {
    if (inAdminPortal || recordedLocations.has(key)) return;
    return whenIdle(() => {
      if (recordedLocations.has(key)) return;
      recordedLocations.add(key);
      import('./analytics/page-views')
        .then((analytics) => analytics.recordPageView())
        .catch(warnOnFailure('page-view event'));
    });
  }, [inAdminPortal, key]);

  const { propertyId, widgetId } = env.tawk;
  // Wait for the real flags: loading the widget on a default and then finding the flag off is too late.
  const loadChat = !isLoading && flags.tawk_chat && Boolean(propertyId && widgetId) && !inAdminPortal;
  useEffect(() => {
    if (!loadChat) return;
    return whenIdle(() => {
      import('./chat-widget/chat-widget')
        .then((widget) => widget.loadChatWidget(propertyId, widgetId))
        .catch(warnOnFailure('chat widget'));
    });
  }, [loadChat, propertyId, widgetId]);

  const failoverOn = !isLoading && flags.domain_failover;
  useEffect(() => {
    if (!failoverOn || !servedFromFailoverDomain(window.location.hostname)) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      import('./domain-failover/failover-monitor')
        .then((failover) => {
          if (!cancelled) stop = failover.startBrowserFailoverMonitor(env.failover);
        })
        .catch(warnOnFailure('domain failover monitor'));
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [failoverOn]);

  return null;
}
