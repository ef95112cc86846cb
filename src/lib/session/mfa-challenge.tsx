import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { MfaError, verifyTotpCode } from './mfa-api';
import { useSession } from './session-context';

/**
 * The second step of signing in for an account with a verified factor: the
 * six-digit code before anything else (docs/decisions/072-staff-second-factor.md).
 * Staff only, so English.
 */
export function MfaChallenge() {
  const session = useSession();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const factor = session.user?.factors.find((candidate) => candidate.status === 'verified');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!factor) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyTotpCode(factor.id, code.trim());
    } catch (failure) {
      setError(
        failure instanceof MfaError && failure.code === 'mfa_verification_failed'
          ? 'That code is not right. Check the time on your phone and try the current code.'
          : 'We could not check the code. Try again.',
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bg-sand-50 px-4 py-12 md:py-20">
      <title>Two-step verification | Admin Portal</title>
      <div className="mx-auto w-full max-w-md">
        <Card className="p-6 md:p-8">
          <h1 className="font-serif text-3xl font-semibold text-ink">Two-step verification</h1>
          <p className="mb-6 mt-2 text-ink-muted">
            Enter the 6-digit code that your authenticator app shows for {session.user?.email ?? 'this account'}.
          </p>
          <form noValidate onSubmit={submit} className="space-y-5" aria-label="Two-step verification">
            <Field id={`${id}-code`} label="Authentication code" error={error ?? undefined}>
              {(aria) => (
                <Input
                  {...aria}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  readOnly={busy}
                />
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={busy || !factor}>
              {busy ? 'Verifying…' : 'Verify'}
            </Button>
            <Button type="button" variant="secondary" className="w-full" onClick={() => void session.signOut()}>
              Sign out
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
