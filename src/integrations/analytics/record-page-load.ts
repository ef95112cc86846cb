/**
 * The `app_initialized` event (docs/decisions/010-analytics-destination.md):
 * one row in analytics_events per page load, through the tiny REST client
 * (public pages never download supabase-js), unless the visitor declined
 * cookies.
 */
import { restInsert } from '@/lib/supabase/rest';

export const CONSENT_KEY = 'cookie-consent';
export const EVENT_NAME = 'app_initialized';

/** The table's check constraints (migration analytics_events). */
export const LIMITS = { pathname: 2048, userAgent: 512 } as const;

export type PageLoadEvent = { name: typeof EVENT_NAME; pathname: string; user_agent: string | null };

function truncate(value: string, max: number): string {
  // Array.from splits by code point, as char_length counts, so a cut never splits a surrogate pair.
  const points = Array.from(value);
  return points.length > max ? points.slice(0, max).join('') : value;
}

export function pageLoadEvent(pathname: string, userAgent: string): PageLoadEvent {
  return {
    name: EVENT_NAME,
    pathname: truncate(pathname || '/', LIMITS.pathname),
    user_agent: userAgent ? truncate(userAgent, LIMITS.userAgent) : null,
  };
}

export function consentDeclined(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(CONSENT_KEY) === 'declined';
  } catch {
    // Storage blocked (privacy mode): nothing stored means nothing declined.
    return false;
  }
}

let recorded = false;

/** Sends the event once per page load; later calls (route changes, remounts) do nothing. */
export async function recordPageLoad(
  insert: typeof restInsert = restInsert,
  win: Pick<Window, 'location' | 'navigator' | 'localStorage'> = window,
): Promise<boolean> {
  if (recorded) return false;
  recorded = true;
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    storage = undefined;
  }
  if (consentDeclined(storage)) return false;
  try {
    await insert('analytics_events', pageLoadEvent(win.location.pathname, win.navigator.userAgent));
    return true;
  } catch (error) {
    // Analytics must never disturb the visitor.
    console.warn('The page-load event could not be recorded.', error);
    return false;
  }
}
