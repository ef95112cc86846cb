/**
 * The page a provider sends the browser back to (the sign-in page, or the
 * account page after connecting a provider) finishes the sign-in here: a
 * `code` is exchanged for a session, an `error` becomes a message in the
 * page's language, and both leave the address bar
 * (docs/decisions/142-continue-with-microsoft-or-google.md).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import type { exchangeProviderCode } from './oauth-api';

/** What went wrong, as the person needs to hear it. */
export type ProviderProblem =
  'cancelled' | 'refused' | 'expired' | 'emailInUse' | 'alreadyConnected' | 'linkingOff' | 'verifyEmail' | 'lastMethod';

const EXPIRED = new Set([
  'flow_state_not_found',
  'flow_state_expired',
  'bad_oauth_state',
  'bad_oauth_callback',
  'bad_code_verifier',
]);

/**
 * GoTrue says a confirmation mail went with these words; it sends none when
 * the address belongs to another account (the new account gets no address).
 */
const MAIL_SENT = /confirmation email has been sent/i;

/**
 * GoTrue's `error` / `error_code` (or an API error's code) as a problem. The
 * provider's own refusal carries `error` alone: `access_denied` is the person
 * pressing Cancel there. An unverified address is "we emailed you" only when
 * the description says a mail went; otherwise the address is another
 * account's (docs/decisions/182-provider-identities-and-verified-addresses.md).
 */
export function providerProblem(
  error: string | null,
  code: string | null,
  description: string | null = null,
): ProviderProblem {
  if (code) {
    if (EXPIRED.has(code)) return 'expired';
    if (code === 'email_exists' || code === 'user_already_exists') return 'emailInUse';
    if (code === 'identity_already_exists') return 'alreadyConnected';
    if (code === 'manual_linking_disabled') return 'linkingOff';
    if (code === 'provider_email_needs_verification') {
      return description && MAIL_SENT.test(description) ? 'verifyEmail' : 'emailInUse';
    }
    if (code === 'single_identity_not_deletable') return 'lastMethod';
    return 'refused';
  }
  return error === 'access_denied' ? 'cancelled' : 'refused';
}

export type ProviderReturn =
  { state: 'idle' } | { state: 'exchanging' } | { state: 'failed'; problem: ProviderProblem } | { state: 'done' };

const RETURN_PARAMS = ['code', 'error', 'error_code', 'error_description', 'state'];

/** One exchange per code, even when an effect runs twice (development's strict mode). */
const exchanges = new Map<string, ReturnType<typeof exchangeProviderCode>>();

function withoutReturnParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

/**
 * Reads the return once the page has hydrated (the prerendered HTML knows no
 * query), remembers its outcome, and takes the code or error out of the
 * address so a reload or a shared link does not replay it.
 */
export function useProviderReturn(): ProviderReturn {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const search = hydrated ? location.search : '';
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const error = params.get('error');
  const [settled, setSettled] = useState<{ search: string; result: ProviderReturn } | null>(null);

  // An error needs no request: it is remembered as the page renders (React's
  // pattern for state derived from a changed prop).
  if (error && settled?.search !== search) {
    const problem = providerProblem(error, params.get('error_code'), params.get('error_description'));
    setSettled({ search, result: { state: 'failed', problem } });
  }

  useEffect(() => {
    if (!code && !error) return;
    const clean = withoutReturnParams(location.pathname, search);
    if (error) {
      void navigate(clean, { replace: true });
      return;
    }
    let active = true;
    let pending = exchanges.get(code as string);
    if (!pending) {
      // The provider calls load only when a provider has sent the browser back.
      pending = import('./oauth-api').then(
        (api) => api.exchangeProviderCode(code as string),
        (): Awaited<ReturnType<typeof exchangeProviderCode>> => ({
          ok: false,
          code: '',
          status: undefined,
          message: 'The sign-in code could not be loaded',
        }),
      );
      exchanges.set(code as string, pending);
    }
    void pending.then((outcome) => {
      if (!active) return;
      setSettled({
        search,
        result: outcome.ok
          ? { state: 'done' }
          : { state: 'failed', problem: providerProblem('server_error', outcome.code || null) },
      });
      void navigate(clean, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [code, error, search, location.pathname, navigate]);

  if (code && settled?.search !== search) return { state: 'exchanging' };
  return settled?.result ?? { state: 'idle' };
}
