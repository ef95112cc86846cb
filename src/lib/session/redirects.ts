import { paths, stripLocale } from '@/config/paths';
import type { Locale } from '@/i18n/locales';
import type { AppRole } from '@/lib/supabase/database.types';

const BASE = 'https://same-site.invalid';

/**
 * A `from` value if it is a path on this site, else null: only same-origin
 * paths are followed after sign-in, so a crafted link cannot send someone
 * elsewhere (open redirect).
 */
export function safeFromPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a path we follow
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    const url = new URL(raw, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function isSignInPage(bare: string): boolean {
  return bare === '/admin/login' || bare === '/client/login';
}

/** Whether an account with `role` may open `path` (spec 2.6, D1). Sign-in pages are never a destination. */
export function canOpen(path: string, role: AppRole | null): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const bare = stripLocale(pathname).replace(/\/+$/, '') || '/';
  if (bare === '/admin-portal' || bare.startsWith('/admin-portal/')) return role === 'admin';
  if (bare === '/client/dashboard') return role === 'client';
  return !isSignInPage(bare);
}

/** Where an account lands when it has no (usable) `from`: D1. */
export function homeFor(role: AppRole | null, locale: Locale): string {
  if (role === 'admin') return paths.adminPortal('dashboard');
  if (role === 'client') return paths.clientDashboard(locale);
  return paths.home(locale);
}

/** After sign-in, or on a sign-in page while signed in: back to `from` when allowed, else the role's home. */
export function destinationAfterSignIn(from: string | null | undefined, role: AppRole | null, locale: Locale): string {
  const safe = safeFromPath(from);
  return safe && canOpen(safe, role) ? safe : homeFor(role, locale);
}

/** The sign-in page in `locale`, carrying the location the visitor came from. */
export function signInHref(locale: Locale, from?: string): string {
  const base = paths.signIn(locale);
  const safe = safeFromPath(from);
  return safe ? `${base}?from=${encodeURIComponent(safe)}` : base;
}
