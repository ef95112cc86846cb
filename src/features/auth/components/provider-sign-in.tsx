import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { providerMarks as marks } from '@/components/icons/provider-marks';
import { Button } from '@/components/ui/button';
import { env, type AuthProvider } from '@/config/env';
import { useI18n } from '@/i18n/i18n';
import { loadSupabaseOnTouch } from '@/lib/supabase/load-client';
import { ProviderProblemMessage } from '@/lib/session/provider-problem-message';
import { useProviderReturn, type ProviderProblem } from '@/lib/session/oauth-return';

/**
 * "Continue with Microsoft / Google" above a sign-in form, and the return
 * from the provider: while the code is exchanged the form gives way to a
 * status line; a cancel or a refusal comes back as a message above the
 * buttons, the form still there. The provider returns to this same address
 * (its `from` included), so the page's usual redirect after sign-in applies
 * (docs/decisions/142-continue-with-microsoft-or-google.md).
 */
export function ProviderSignIn({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const location = useLocation();
  const returned = useProviderReturn();
  const [leaving, setLeaving] = useState<AuthProvider | null>(null);
  const [problem, setProblem] = useState<ProviderProblem | null>(null);
  const text = t.auth.providers;

  if (returned.state === 'exchanging' || returned.state === 'done') {
    return (
      <p role="status" className="rounded-md border border-sand-300 bg-white px-4 py-3 text-ink">
        {text.signingIn}
      </p>
    );
  }
  const shown = problem ?? (returned.state === 'failed' ? returned.problem : null);
  if (env.authProviders.length === 0) return <>{children}</>;

  const start = async (provider: AuthProvider) => {
    setLeaving(provider);
    setProblem(null);
    // The provider calls load on the press, not with the sign-in page.
    const result = await import('@/lib/session/oauth-api').then(
      (api) => api.continueWithProvider(provider, `${location.pathname}${location.search}`),
      () => ({ ok: false as const }),
    );
    // Only a redirect that could not start comes back here.
    if (!result.ok) {
      setLeaving(null);
      setProblem('refused');
    }
  };

  return (
    <>
      {shown ? (
        <div className="mb-4">
          <ProviderProblemMessage problem={shown} />
        </div>
      ) : null}
      <div className="grid gap-3" {...loadSupabaseOnTouch}>
        {env.authProviders.map((provider) => {
          const Mark = marks[provider];
          return (
            <Button
              key={provider}
              variant="secondary"
              className="w-full border-sand-400 text-ink hover:bg-sand-100"
              disabled={leaving !== null}
              aria-busy={leaving === provider}
              onClick={() => void start(provider)}
            >
              <Mark />
              {leaving === provider ? text.leaving(text.names[provider]) : text.continueWith(text.names[provider])}
            </Button>
          );
        })}
      </div>
      <p className="my-5 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-sand-300" />
        {text.or}
        <span className="h-px flex-1 bg-sand-300" />
      </p>
      {children}
    </>
  );
}
