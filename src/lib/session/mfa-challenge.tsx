import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { useSession } from './session-context';
import { staffTotpTexts, TotpCodeField, useTotpCode } from './totp-code';

/**
 * The second step of signing in for an account with a verified factor: the
 * six-digit code before anything else (docs/decisions/072-staff-second-factor.md).
 * Staff only (the admin portal, without the site's header and footer), so English.
 */
export function MfaChallenge() {
  const session = useSession();
  const totp = useTotpCode(staffTotpTexts);
  const factor = session.user?.factors.find((candidate) => candidate.status === 'verified');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void totp.verify(factor?.id);
  };

  return (
    <CardPage width="md" fillScreen meta={<title>Two-step verification | Admin Portal</title>}>
      <h1 className="font-serif text-3xl font-semibold text-ink">Two-step verification</h1>
      <p className="mb-6 mt-2 text-ink-muted">
        Enter the 6-digit code that your authenticator app shows for {session.user?.email ?? 'this account'}.
      </p>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Two-step verification">
        <TotpCodeField totp={totp} />
        <Button type="submit" className="w-full" disabled={totp.busy || !factor}>
          {totp.busy ? 'Verifying…' : 'Verify'}
        </Button>
        <Button type="button" variant="secondary" className="w-full" onClick={() => void session.signOut()}>
          Sign out
        </Button>
      </form>
    </CardPage>
  );
}
