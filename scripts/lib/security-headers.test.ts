/**
 * The build's warning for an HTTPS site whose Content-Security-Policy still
 * allows plain-HTTP origins (scripts/build.ts calls warnOfInsecureOrigins with
 * the resolved build environment): printed on the console, naming the
 * origins, and only when the site itself is served over HTTPS.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warnOfInsecureOrigins, type PolicyEnv } from './security-headers.ts';

const HTTPS_ENV: PolicyEnv = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  VITE_HUBSPOT_FORMS_API: 'https://api.hsforms.com/submissions/v3/integration/submit',
  VITE_HUBSPOT_SCRIPT_URL: 'https://js.hsforms.net/forms/embed/v2.js',
  VITE_PRIMARY_DOMAIN: '',
  VITE_BACKUP_DOMAIN: '',
  VITE_SITE_URL: 'https://oleathyme.example.com',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the build warning for plain-HTTP origins on an HTTPS site', () => {
  it('is printed, naming the http: and ws: origins and the variables to fix', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warnOfInsecureOrigins({ ...HTTPS_ENV, VITE_SUPABASE_URL: 'http://api.example.com' });
    expect(warn).toHaveBeenCalledOnce();
    const [message] = warn.mock.calls[0] as [string];
    expect(message).toContain('This build is for https://oleathyme.example.com');
    expect(message).toContain('allows plain-HTTP origins (http://api.example.com, ws://api.example.com)');
    expect(message).toContain('set VITE_SUPABASE_URL, VITE_HUBSPOT_FORMS_API and VITE_HUBSPOT_SCRIPT_URL');
  });

  it('names a HubSpot URL left at http: too', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warnOfInsecureOrigins({ ...HTTPS_ENV, VITE_HUBSPOT_SCRIPT_URL: 'http://js.hsforms.net/forms/embed/v2.js' });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('(http://js.hsforms.net)');
  });

  it('is not printed when every origin is HTTPS', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(warnOfInsecureOrigins(HTTPS_ENV)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('is not printed for a site served over plain HTTP (a local build against the local backend)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const local = {
      ...HTTPS_ENV,
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SITE_URL: 'http://localhost:4173',
    };
    expect(warnOfInsecureOrigins(local)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});
