import { describe, expect, it } from 'vitest';
import { canOpen, destinationAfterSignIn, safeFromPath, signInHref } from '@/lib/session/redirects';

describe('safeFromPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeFromPath('/admin-portal/sections')).toBe('/admin-portal/sections');
    expect(safeFromPath('/fr/client/dashboard?tab=2#orders')).toBe('/fr/client/dashboard?tab=2#orders');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'admin-portal'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_label, raw) => {
    expect(safeFromPath(raw)).toBeNull();
  });
});

describe('canOpen', () => {
  it('lets only admins into the admin portal', () => {
    expect(canOpen('/admin-portal/feature-flags', 'admin')).toBe(true);
    expect(canOpen('/admin-portal/feature-flags', 'client')).toBe(false);
    expect(canOpen('/admin-portal', null)).toBe(false);
  });

  it('lets only clients into the client dashboard, in both languages', () => {
    expect(canOpen('/client/dashboard', 'client')).toBe(true);
    expect(canOpen('/fr/client/dashboard', 'client')).toBe(true);
    expect(canOpen('/client/dashboard', 'admin')).toBe(false);
    expect(canOpen('/fr/client/dashboard?x=1', null)).toBe(false);
  });

  it('never sends anyone back to a sign-in page', () => {
    expect(canOpen('/admin/login', 'admin')).toBe(false);
    expect(canOpen('/fr/client/login', 'client')).toBe(false);
  });

  it('lets anyone open public pages', () => {
    expect(canOpen('/fr/insights/news', null)).toBe(true);
    expect(canOpen('/', 'client')).toBe(true);
  });
});

describe('destinationAfterSignIn (D1)', () => {
  it('returns to `from` when the account may open it', () => {
    expect(destinationAfterSignIn('/admin-portal/sections', 'admin', 'en')).toBe('/admin-portal/sections');
    expect(destinationAfterSignIn('/fr/client/dashboard', 'client', 'fr')).toBe('/fr/client/dashboard');
  });

  it("otherwise goes to the role's home, in the page's language", () => {
    expect(destinationAfterSignIn('/admin-portal/sections', 'client', 'en')).toBe('/client/dashboard');
    expect(destinationAfterSignIn('/admin-portal/sections', 'client', 'fr')).toBe('/fr/client/dashboard');
    expect(destinationAfterSignIn(null, 'admin', 'fr')).toBe('/admin-portal/dashboard');
    expect(destinationAfterSignIn('/client/dashboard', null, 'en')).toBe('/');
    expect(destinationAfterSignIn(null, null, 'fr')).toBe('/fr');
  });

  it('ignores a `from` pointing off the site', () => {
    expect(destinationAfterSignIn('https://evil.example', 'admin', 'en')).toBe('/admin-portal/dashboard');
    expect(destinationAfterSignIn('//evil.example', null, 'en')).toBe('/');
  });
});

describe('signInHref', () => {
  it('carries the location in `from`, in the right language', () => {
    expect(signInHref('en', '/admin-portal/sections?x=1')).toBe('/admin/login?from=%2Fadmin-portal%2Fsections%3Fx%3D1');
    expect(signInHref('fr', '/fr/client/dashboard')).toBe('/fr/admin/login?from=%2Ffr%2Fclient%2Fdashboard');
    expect(signInHref('fr')).toBe('/fr/admin/login');
  });
});
