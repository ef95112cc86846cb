import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useAccountPageMessages } from '@/i18n/account-page-messages';
import { loadOwnRequest, submitAccessRequest, type RequestDetails } from '@/lib/session/account-api';
import { homeFor } from '@/lib/session/redirects';
import { useSession } from '@/lib/session/session-context';
import { SessionPending } from '@/lib/session/session-pending';
import { SignInMethods } from '@/lib/session/sign-in-methods';
import { sessionVouchesForAddress } from '@/lib/session/session-user';
import { BackToDashboard, PortalPage } from '@/components/portal-page';
import { detailsComplete, EMPTY_DETAILS, RequestDetailsFields } from './request-details-fields';

/**
 * /client/account and /fr/client/account. A client manages its sign-in
 * methods and password here (docs/decisions/142-continue-with-microsoft-or-google.md).
 * A signed-in account without a role sees where its request stands, with
 * Sign out (docs/decisions/070-accounts-run-themselves.md); one that has sent
 * none yet (a first sign-in with Microsoft or Google) gets the request form,
 * filled with the name the provider gave. Staff go to their home (their
 * sign-in methods are in Settings); visitors to sign in.
 */
export default function AccountStatusPage() {
  const { t, locale } = useI18n();
  const session = useSession();
  const text = useAccountPageMessages().account;
  const userId = session.user?.id ?? null;
  const request = useQuery({
    queryKey: ['session', 'access-request', userId ?? ''],
    queryFn: () => loadOwnRequest(userId as string),
    enabled: userId !== null && session.role === null,
  });

  if (session.loading) return <SessionPending />;
  if (session.status !== 'signed-in') return <Navigate to={routePath('signIn', locale)} replace />;
  if (session.signingOut) return <SessionPending signingOut />;
  if (session.role === 'client') return <ClientAccount />;
  if (session.role !== null) return <Navigate to={homeFor(session.role, locale)} replace />;

  const status = request.data?.status ?? null;
  const note = request.data?.decision_note ?? null;
  let title = text.noneTitle;
  let body: string | null = text.noneBody;
  // Only a session the database accepts a request from gets the form (a provider's, or a mailed link's).
  const noRequest =
    request.isSuccess && request.data === null && session.session !== null && sessionVouchesForAddress(session.session);
  if (noRequest) title = t.auth.clientLogin.requestHeading;
  if (status === 'pending') [title, body] = [text.pendingTitle, text.pendingBody];
  if (status === 'declined') [title, body] = [text.declinedTitle, null];
  if (status === 'revoked') [title, body] = [text.revokedTitle, null];
  if (status === 'approved') [title, body] = [text.approvedTitle, text.approvedBody];

  return (
    <CardPage
      width="lg"
      data-testid="account-status"
      head={{ title: text.metaTitle, description: text.metaTitle, path: routePath('accountStatus', locale) }}
    >
      <p className="text-sm text-ink-muted">{text.signedInAs(session.user?.email ?? '')}</p>
      {request.isPending ? <p className="mt-4 text-ink-muted">{text.loading}</p> : null}
      {request.error ? (
        <p role="alert" className="mt-4 text-danger">
          {text.loadFailed}
        </p>
      ) : null}
      {request.isSuccess ? (
        <>
          <h1 className="mt-2 font-serif text-3xl font-semibold text-ink">{title}</h1>
          {noRequest ? null : body ? <p className="mt-3 text-ink">{body}</p> : null}
          {noRequest ? <SendRequest onSent={() => void request.refetch()} /> : null}
          {note ? (
            <div className="mt-4 rounded-md border border-sand-300 bg-white p-4">
              <p className="text-sm font-semibold text-ink">{text.noteLabel}</p>
              <p className="mt-1 whitespace-pre-line text-ink" data-testid="decision-note">
                {note}
              </p>
            </div>
          ) : null}
        </>
      ) : null}
      {/* While it signs out, the page gives way to "Signing out…" (above). */}
      <Button className="mt-6" variant={noRequest ? 'secondary' : 'primary'} onClick={() => void session.signOut()}>
        {text.signOut}
      </Button>
      {session.signOutFailed ? (
        <p role="alert" className="mt-3 text-danger">
          {t.auth.session.signOutFailed}
        </p>
      ) : null}
    </CardPage>
  );
}

/** The request form for an account that has none yet, its names as the provider gave them. */
function SendRequest({ onSent }: { onSent: () => void }) {
  const { t, locale } = useI18n();
  const { user } = useSession();
  const text = useAccountPageMessages().account;
  const [details, setDetails] = useState<RequestDetails>(() => ({
    ...EMPTY_DETAILS,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
  }));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!detailsComplete(details)) return;
    setBusy(true);
    setFailed(false);
    const sent = await submitAccessRequest(details, locale);
    setBusy(false);
    if (sent.ok) onSent();
    else setFailed(true);
  };

  return (
    <form noValidate method="post" onSubmit={(event) => void submit(event)} className="mt-4 space-y-5">
      <p className="text-ink">{text.requestIntro}</p>
      <fieldset disabled={busy}>
        <RequestDetailsFields details={details} onChange={setDetails} checked={checked} />
      </fieldset>
      {failed ? (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-danger">
          {t.auth.confirm.failed}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t.auth.confirm.confirming : text.requestButton}
      </Button>
    </form>
  );
}

/** A client's account: who is signed in, the sign-in methods and the password. */
function ClientAccount() {
  const session = useSession();
  const text = useAccountPageMessages().account;
  return (
    <PortalPage route="accountStatus" title={text.clientHeading} description={text.metaTitle}>
      <div className="mx-auto max-w-2xl space-y-6">
        <BackToDashboard label={text.backToDashboard} />
        <h1 className="font-serif text-3xl font-semibold text-ink md:text-4xl">{text.clientHeading}</h1>
        <p className="text-ink-muted">{text.signedInAs(session.user?.email ?? '')}</p>
        <div className="rounded-lg border border-sand-300 bg-white p-5 md:p-6">
          <SignInMethods />
        </div>
      </div>
    </PortalPage>
  );
}
