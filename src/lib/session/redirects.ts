import { routePath, paths } from '@/config/paths';
import { matchRoute } from '@/config/routes';
import type { Locale } from '@/i18n/locales';
import type { AppRole } from '@/lib/supabase/database-aliases';
import { isStaffRole } from './staff-roles';

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
    // Dot segments and backslashes are resolved only now: "/.//host",
    // "/a/..//host", "/%2e//host" and "/./\\host" all come out as "//host",
    // which a link or a navigation takes for another site.
    if (/^[/\\]{2}/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Whether `role` may enter a signed-in area: the admin portal is every staff
 * role's (which of its sections each opens is the portal's own table), the
 * client portal a client's.
 */
export function areaAdmits(area: 'admin' | 'client', role: AppRole | null): boolean {
  return area === 'admin' ? isStaffRole(role) : role === area;
}

/**
 * Whether an account with `role` may open `path`, by the access of its route
 * in the table (docs/decisions/001-sign-in.md). Sign-in pages are never a
 * destination, nor is a path the site has no page for.
 */
export function canOpen(path: string, role: AppRole | null): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  // A path the site has no page for (in that language) is no destination either.
  const access = matchRoute(pathname)?.route.access;
  switch (access) {
    case 'admin':
    case 'client':
      return areaAdmits(access, role);
    case 'public':
    case 'password':
      return true;
    default:
      return false;
  }
}

/** Where an account lands when it has no (usable) `from` (docs/decisions/001-sign-in.md). */
export function homeFor(role: AppRole | null, locale: Locale): string {
  if (isStaffRole(role)) return paths.adminPortal('dashboard');
  if (role === 'client') return routePath('clientDashboard', locale);
  // Without a role: where the account's request stands (docs/decisions/070-accounts-run-themselves.md).
  return routePath('accountStatus', locale);
}

/** After sign-in, or on a sign-in page while signed in: back to `from` when allowed, else the role's home. */
export function destinationAfterSignIn(from: string | null | undefined, role: AppRole | null, locale: Locale): string {
  const safe = safeFromPath(from);
  return safe && canOpen(safe, role) ? safe : homeFor(role, locale);
}

/** The sign-in page in `locale`, carrying the location the visitor came from. */
export function signInHref(locale: Locale, from?: string): string {
  const base = routePath('signIn', locale);
  const safe = safeFromPath(from);
  return safe ? `${base}?from=${encodeURIComponent(safe)}` : base;
}
