import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { loadOwnRequest } from '@/lib/session/account-api';
import { homeFor } from '@/lib/session/redirects';
import { useSession } from '@/lib/session/session-context';
import { SessionPending } from '@/lib/session/session-pending';

/**
 * /client/account and /fr/client/account: a signed-in account without a role
 * sees where its request stands, with Sign out
 * (docs/decisions/070-accounts-run-themselves.md). Accounts with a role go to
 * their home; visitors to sign in.
 */
export default function AccountStatusPage() {
  const { t, locale } = useI18n();
  const session = useSession();
  const text = t.auth.account;
  const userId = session.user?.id ?? null;
  const request = useQuery({
    queryKey: ['session', 'access-request', userId ?? ''],
    queryFn: () => loadOwnRequest(userId as string),
    enabled: userId !== null && session.role === null,
  });
  const [signingOut, setSigningOut] = useState(false);

  if (session.loading) return <SessionPending />;
  if (session.status !== 'signed-in') return <Navigate to={routePath('signIn', locale)} replace />;
  if (session.role !== null) return <Navigate to={homeFor(session.role, locale)} replace />;

  const status = request.data?.status ?? null;
  const note = request.data?.decision_note ?? null;
  let title = text.noneTitle;
  let body: string | null = text.noneBody;
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
          {body ? <p className="mt-3 text-ink">{body}</p> : null}
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
      <Button
        className="mt-6"
        disabled={signingOut}
        onClick={async () => {
          setSigningOut(true);
          await session.signOut();
          setSigningOut(false);
        }}
      >
        {signingOut ? text.signingOut : text.signOut}
      </Button>
    </CardPage>
  );
}
