/**
 * Page views without tracking (docs/decisions/130-page-views-without-tracking.md):
 * one `record_page_view` call per page shown and one when a lead form scrolls
 * into view, through the tiny REST client with `keepalive` (public pages never
 * download supabase-js). The browser sends only the path (no query), the
 * language, the referrer's host, a device class and, for a form, which form;
 * the database derives a visitor key that changes every day. Nothing is read
 * from or written to cookies or storage, so it does not depend on the cookie
 * answer. A failure is silent to the visitor. The 404 page reports itself
 * (`recordNotFound`), so a made-up path is counted as a 404, not a page.
 */
import { restRpc } from '@/lib/supabase/rest';

export type Device = 'phone' | 'tablet' | 'desktop';
export type LeadFormName = 'contact' | 'b2b_request';
export type PageViewArgs = {
  path: string;
  language: 'en' | 'fr';
  device: Device;
  referrer_host: string | null;
  kind?: 'form_seen' | 'not_found';
  form?: LeadFormName;
};

type Win = Pick<Window, 'location' | 'innerWidth'> & { document: Pick<Document, 'referrer'> };

/** The viewport's class: phones below 640 px, tablets below 1024 px. */
export const deviceOf = (width: number): Device => (width < 640 ? 'phone' : width < 1024 ? 'tablet' : 'desktop');

export const languageOf = (path: string): 'en' | 'fr' => (path === '/fr' || path.startsWith('/fr/') ? 'fr' : 'en');

/** The referrer's host when it is another site; null for none or this site. */
export function referrerHostOf(referrer: string, ownHost: string): string | null {
  try {
    const host = referrer ? new URL(referrer).hostname.toLowerCase() : '';
    return host && host !== ownHost.toLowerCase() ? host.slice(0, 253) : null;
  } catch {
    return null;
  }
}

export function pageViewArgs(win: Win, firstOfLoad: boolean): PageViewArgs {
  const path = win.location.pathname.slice(0, 512) || '/';
  return {
    path,
    language: languageOf(path),
    device: deviceOf(win.innerWidth),
    // In-app navigation has no outside referrer.
    referrer_host: firstOfLoad ? referrerHostOf(win.document.referrer, win.location.hostname) : null,
  };
}

let sentOnce = false;

function send(args: PageViewArgs, call: typeof restRpc): Promise<boolean> {
  return call('record_page_view', args, { keepalive: true }).then(
    () => true,
    // Analytics must never disturb the visitor.
    () => false,
  );
}

/** Records the page now shown; the first call of a page load carries the referrer. */
export function recordPageView(win: Win = window, call: typeof restRpc = restRpc): Promise<boolean> {
  const first = !sentOnce;
  sentOnce = true;
  return send(pageViewArgs(win, first), call);
}

/** Records that a lead form came into view on the current page. */
export function recordFormSeen(
  form: LeadFormName,
  win: Win = window,
  call: typeof restRpc = restRpc,
): Promise<boolean> {
  return send({ ...pageViewArgs(win, false), kind: 'form_seen', form }, call);
}

/**
 * Records that the page now shown is the 404 page: the database counts this
 * location as a 404, not as a page view, whichever of the two calls arrives
 * first (docs/decisions/205-not-found-pages-in-analytics.md).
 */
export function recordNotFound(win: Win = window, call: typeof restRpc = restRpc): Promise<boolean> {
  return send({ ...pageViewArgs(win, false), kind: 'not_found' }, call);
}
