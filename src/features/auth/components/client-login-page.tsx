import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useCaptcha, type Captcha } from '@/integrations/captcha/use-captcha';
import { useFlag } from '@/lib/flags/use-flags';
import type { AccountStep } from '@/lib/session/account-api';
import { ForgotPasswordForm } from './forgot-password-form';
import { ProviderSignIn } from './provider-sign-in';
import { SignInForm } from './sign-in-form';
import { useSignedInDestination } from '@/features/auth/hooks/use-signed-in-destination';
import { preloadSupabase } from '@/lib/supabase/load-client';

const linkButton =
  'rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * /client/login and /fr/client/login: sign-in, or request mode showing the B2B
 * request form passed in `requestForm` (lead-forms) while `b2b_request_form` is
 * on. See docs/product-rules.md and
 * docs/decisions/014-both-languages-for-clients-and-visitors.md.
 */
export default function ClientLoginPage({ requestForm }: { requestForm: (account: AccountStep) => ReactNode }) {
  const { t, locale } = useI18n();
  const { step: account, approachHandlers } = useAccountStep();
  const destination = useSignedInDestination();
  const requestEnabled = useFlag('b2b_request_form');
  const [mode, setMode] = useState<'sign-in' | 'request'>('sign-in');
  const [forgotShown, setForgotShown] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  const requesting = mode === 'request' && requestEnabled;

  useEffect(() => {
    // After a switch, keyboard and screen-reader users land on the new heading.
    if (switched.current) headingRef.current?.focus();
  }, [requesting]);

  if (destination) return <Navigate to={destination} replace />;

  const switchTo = (next: 'sign-in' | 'request') => {
    switched.current = true;
    setForgotShown(false);
    setMode(next);
  };
  const text = t.auth.clientLogin;

  return (
    <CardPage
      width={requesting ? '2xl' : 'md'}
      head={{
        title: text.metaTitle,
        description: text.metaDescription,
        path: routePath('clientLogin', locale),
        indexed: true,
      }}
    >
      <h1 ref={headingRef} tabIndex={-1} className="font-serif text-3xl font-semibold text-ink focus:outline-none">
        {requesting ? text.requestHeading : text.heading}
      </h1>
      <p className="mb-6 mt-2 text-lg text-ink-muted">{requesting ? text.requestIntro : text.intro}</p>
      {requesting ? (
        <>
          {/* Touching the request form starts the auth client and the CAPTCHA its account step needs. */}
          <div {...approachHandlers}>{requestForm(account)}</div>
          <p className="mt-6 text-center text-sm text-ink">
            {text.haveAccess}{' '}
            <button type="button" className={linkButton} onClick={() => switchTo('sign-in')}>
              {text.signInLink}
            </button>
          </p>
        </>
      ) : forgotShown ? (
        <ForgotPasswordForm onBack={() => setForgotShown(false)} />
      ) : (
        <ProviderSignIn>
          <SignInForm
            footer={
              <div className="space-y-3 text-center text-sm text-ink">
                <p>
                  <button type="button" className={linkButton} onClick={() => setForgotShown(true)}>
                    {text.forgotPassword}
                  </button>
                </p>
                {requestEnabled ? (
                  <p>
                    {text.needAccess}{' '}
                    <button type="button" className={linkButton} onClick={() => switchTo('request')}>
                      {text.requestIt}
                    </button>
                  </p>
                ) : null}
              </div>
            }
          />
        </ProviderSignIn>
      )}
    </CardPage>
  );
}

/**
 * Request mode's account part (docs/decisions/125-accounts-set-up-from-the-inbox.md):
 * no password here, only a note; the sign-up beside the lead creates the
 * account with a password nobody knows, and the details wait in this browser
 * for the owner to review and send from the mailed link.
 */
function useAccountStep(): { step: AccountStep; approachHandlers: Captcha['approachHandlers'] } {
  const { t, locale } = useI18n();
  const text = t.auth.request;
  const [state, setState] = useState<'idle' | 'failed' | 'rate-limited' | 'captcha' | 'created'>('idle');
  // Auth asks for a CAPTCHA before it creates the account and mails its link
  // (docs/decisions/185-captcha-before-auth-mails.md).
  const captcha = useCaptcha(locale, preloadSupabase);

  const fields = (
    <>
      <p className="rounded-md border border-sand-300 bg-white px-4 py-3 text-ink">{text.accountNote}</p>
      {captcha.slot}
    </>
  );

  const message = (leadFailed: boolean) =>
    state === 'created' && leadFailed ? (
      <p className="rounded-md border border-sand-300 bg-white px-4 py-3 text-ink">{text.leadPending}</p>
    ) : state === 'created' ? (
      <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-ink">
        {text.done}
      </p>
    ) : state === 'failed' || state === 'rate-limited' || state === 'captcha' ? (
      <p role="alert" className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-danger">
        {state === 'failed'
          ? text.accountFailed
          : state === 'captcha'
            ? t.auth.errors.captchaFailed
            : text.accountExists}
      </p>
    ) : null;

  const step: AccountStep = {
    fields,
    message,
    created: state === 'created',
    check: () => true,
    create: async (values) => {
      // The account calls load when the request is sent, not with the sign-in page.
      const { isCaptchaRefusal, requestAccount, saveRequestDraft } = await import('@/lib/session/account-api');
      saveRequestDraft({
        firstName: values.firstName,
        lastName: values.lastName,
        company: values.companyName,
        jobTitle: values.jobTitle,
        phone: values.phone,
        companySize: values.companySize,
        industry: values.industry,
      });
      let captchaToken: string | undefined;
      try {
        captchaToken = await captcha.token();
      } catch {
        setState('captcha');
        return false;
      }
      const result = await requestAccount({
        email: values.email,
        locale,
        confirmPath: routePath('clientConfirm', locale),
        captchaToken,
      });
      captcha.spent();
      if (result.ok) {
        setState('created');
        return true;
      }
      setState(isCaptchaRefusal(result) ? 'captcha' : result.status === 429 ? 'rate-limited' : 'failed');
      return false;
    },
  };
  return { step, approachHandlers: captcha.approachHandlers };
}
