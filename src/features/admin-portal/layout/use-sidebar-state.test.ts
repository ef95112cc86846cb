import { describe, expect, it } from 'vitest';
import { readSidebarCookie, sidebarCookie, SIDEBAR_COOKIE_MAX_AGE } from './use-sidebar-state';

describe('sidebar cookie', () => {
  it('is kept for 7 days under sidebar_state', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
    expect(sidebarCookie(false, false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(sidebarCookie(true, true)).toMatch(/; Secure$/);
  });

  it('is read back from a Cookie header', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
    expect(readSidebarCookie('sidebar_state=maybe')).toBeNull();
    expect(readSidebarCookie('')).toBeNull();
  });
});
