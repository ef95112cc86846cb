import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { useFlag } from '@/lib/flags/use-flags';
import { SignInForm } from '@/lib/session/sign-in-form';
import { useSignedInDestination } from '@/lib/session/use-signed-in-destination';
import { passwordPolicyError, type ClientLoginMode } from '../password-policy';

const linkButton =
  'rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * /client/login and /fr/client/login (spec 2.9, D3, D14): sign-in, or request
 * mode showing the B2B request form passed in `requestForm` (lead-forms).
 */
export default function ClientLoginPage({ requestForm }: { requestForm: ReactNode }) {
  const { t, locale } = useI18n();
  const destination = useSignedInDestination();
  const requestEnabled = useFlag('b2b_request_form');
  const [mode, setMode] = useState<ClientLoginMode>('sign-in');
  const [forgotShown, setForgotShown] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  const requesting = mode === 'request' && requestEnabled;

  useEffect(() => {
    // After a switch, keyboard and screen-reader users land on the new heading.
    if (switched.current) headingRef.current?.focus();
  }, [requesting]);

  if (destination) return <Navigate to={destination} replace />;

  const switchTo = (next: ClientLoginMode) => {
    switched.current = true;
    setForgotShown(false);
    setMode(next);
  };
  const text = t.auth.clientLogin;

  return (
    <div className="bg-sand-50 px-4 py-12 md:py-20">
      <PageMeta
        title={`${text.metaTitle} | ${site.name}`}
        description={text.metaDescription}
        locale={locale}
        path={paths.clientLogin(locale)}
      />
      <div className={requesting ? 'mx-auto w-full max-w-2xl' : 'mx-auto w-full max-w-md'}>
        <Card className="p-6 md:p-8">
          <h1 ref={headingRef} tabIndex={-1} className="font-serif text-3xl font-semibold text-ink focus:outline-none">
            {requesting ? text.requestHeading : text.heading}
          </h1>
          <p className="mb-6 mt-2 text-lg text-ink-muted">{requesting ? text.requestIntro : text.intro}</p>
          {requesting ? (
            <>
              {requestForm}
              <p className="mt-6 text-center text-sm text-ink">
                {text.haveAccess}{' '}
                <button type="button" className={linkButton} onClick={() => switchTo('sign-in')}>
                  {text.signInLink}
                </button>
              </p>
            </>
          ) : (
            <SignInForm
              beforeSubmit={(values) => passwordPolicyError(mode, values.password)}
              footer={
                <div className="space-y-3 text-center text-sm text-ink">
                  <p>
                    <button type="button" className={linkButton} onClick={() => setForgotShown(true)}>
                      {text.forgotPassword}
                    </button>
                  </p>
                  {forgotShown ? (
                    <p role="status" className="rounded-md bg-brand-50 px-4 py-3 text-brand-900">
                      {text.forgotPasswordMessage}
                    </p>
                  ) : null}
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
          )}
        </Card>
      </div>
    </div>
  );
}
