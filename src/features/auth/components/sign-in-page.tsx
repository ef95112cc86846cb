import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { useSession } from '@/lib/session/session-context';
import { SignInForm } from '@/lib/session/sign-in-form';
import { useSignedInDestination } from '@/lib/session/use-signed-in-destination';

/** /admin/login and /fr/admin/login: the one sign-in page for every account (D1, D14). */
export default function SignInPage() {
  const { t, locale } = useI18n();
  const session = useSession();
  const destination = useSignedInDestination();
  // Whether this page has seen the visitor signed out: then a signed-in state
  // means they just signed in here, and D1's redirect applies to everyone.
  // (State adjusted during render, React's pattern for remembering a past prop.)
  const [sawSignedOut, setSawSignedOut] = useState(session.status === 'signed-out');
  if (session.status === 'signed-out' && !sawSignedOut) setSawSignedOut(true);

  // An account without a role that arrives already signed in would otherwise
  // bounce to the home page with no way to sign out or switch accounts.
  const stuckWithoutRole = destination !== null && session.role === null && !sawSignedOut;
  if (destination && !stuckWithoutRole) return <Navigate to={destination} replace />;

  const text = t.auth.signIn;
  return (
    <div className="bg-sand-50 px-4 py-12 md:py-20">
      <PageMeta
        title={`${text.metaTitle} | ${site.name}`}
        description={text.metaDescription}
        locale={locale}
        path={paths.signIn(locale)}
        noindex
      />
      <div className="mx-auto w-full max-w-md">
        <Card className="p-6 md:p-8">
          <h1 className="font-serif text-3xl font-semibold text-ink">{text.heading}</h1>
          {stuckWithoutRole ? (
            <SignedInWithoutAccess email={session.user?.email ?? ''} />
          ) : (
            <>
              <p className="mb-6 mt-2 text-ink-muted">{text.intro}</p>
              <SignInForm />
            </>
          )}
        </Card>
      </div>
    </div>
  );
}

function SignedInWithoutAccess({ email }: { email: string }) {
  const { t, locale } = useI18n();
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const text = t.auth.signIn;
  return (
    <div data-testid="signed-in-without-access" className="mt-4 space-y-4">
      <p className="text-ink">{text.signedInAs(email)}</p>
      <p className="text-ink-muted">{text.noAccess}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={signingOut}
          onClick={async () => {
            setSigningOut(true);
            await signOut();
            setSigningOut(false);
          }}
        >
          {signingOut ? text.signingOut : text.signOut}
        </Button>
        <Link to={paths.home(locale)} className={buttonVariants({ variant: 'secondary' })}>
          {text.home}
        </Link>
      </div>
    </div>
  );
}
