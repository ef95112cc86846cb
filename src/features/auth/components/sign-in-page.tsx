import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useSession } from '@/lib/session/session-context';
import { ForgotPasswordForm } from './forgot-password-form';
import { ProviderSignIn } from './provider-sign-in';
import { SignInForm } from './sign-in-form';
import { useSignedInDestination } from '@/features/auth/hooks/use-signed-in-destination';

/** /admin/login and /fr/admin/login: the one sign-in page for every account (docs/decisions/001-sign-in.md). */
export default function SignInPage() {
  const { t, locale } = useI18n();
  const session = useSession();
  const destination = useSignedInDestination();
  // Whether this page has seen the visitor signed out: then a signed-in state
  // means they just signed in here, and the usual redirect after sign-in
  // applies to everyone (docs/decisions/031-signed-in-account-without-a-role-can-sign-out.md).
  // (State adjusted during render, React's pattern for remembering a past prop.)
  const [sawSignedOut, setSawSignedOut] = useState(session.status === 'signed-out');
  if (session.status === 'signed-out' && !sawSignedOut) setSawSignedOut(true);

  // An account without a role that arrives already signed in would otherwise
  // bounce to the home page with no way to sign out or switch accounts.
  const stuckWithoutRole = destination !== null && session.role === null && !sawSignedOut;
  const [forgotShown, setForgotShown] = useState(false);
  if (destination && !stuckWithoutRole) return <Navigate to={destination} replace />;

  const text = t.auth.signIn;
  return (
    <CardPage
      width="md"
      head={{ title: text.metaTitle, description: text.metaDescription, path: routePath('signIn', locale) }}
    >
      <h1 className="font-serif text-3xl font-semibold text-ink">{text.heading}</h1>
      {stuckWithoutRole ? (
        <SignedInWithoutAccess email={session.user?.email ?? ''} />
      ) : (
        <>
          <p className="mb-6 mt-2 text-ink-muted">{text.intro}</p>
          {forgotShown ? (
            <ForgotPasswordForm onBack={() => setForgotShown(false)} />
          ) : (
            <ProviderSignIn>
              <SignInForm
                footer={
                  <p className="text-center text-sm">
                    <button
                      type="button"
                      className="font-semibold text-brand-700 underline"
                      onClick={() => setForgotShown(true)}
                    >
                      {t.auth.clientLogin.forgotPassword}
                    </button>
                  </p>
                }
              />
            </ProviderSignIn>
          )}
        </>
      )}
    </CardPage>
  );
}

function SignedInWithoutAccess({ email }: { email: string }) {
  const { t, locale } = useI18n();
  const { signOut, signingOut } = useSession();
  const text = t.auth.signIn;
  return (
    <div data-testid="signed-in-without-access" className="mt-4 space-y-4">
      <p className="text-ink">{text.signedInAs(email)}</p>
      <p className="text-ink-muted">{text.noAccess}</p>
      <div className="flex flex-wrap gap-3">
        <Button disabled={signingOut} onClick={() => void signOut()}>
          {signingOut ? text.signingOut : text.signOut}
        </Button>
        <Link to={routePath('home', locale)} className={buttonVariants({ variant: 'secondary' })}>
          {text.home}
        </Link>
      </div>
    </div>
  );
}
