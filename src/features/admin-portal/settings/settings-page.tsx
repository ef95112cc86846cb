import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { enrollTotp, listFactors, MfaError, unenrollFactor, type EnrolledTotp } from '@/lib/session/mfa-api';
import { staffTotpTexts, TotpCodeField, useTotpCode } from '@/lib/session/totp-code';
import { useSession } from '@/lib/session/session-context';
import { SignInMethods } from '@/lib/session/sign-in-methods';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { OrderSettingsCard } from '@/features/admin-portal/price-lists/order-settings-card';
import { StaffContactCard } from './staff-contact-card';

const factorKeys = { all: () => ['admin', 'mfa-factors'] as const };

/**
 * Settings → Two-step verification (docs/decisions/072-staff-second-factor.md):
 * enrol a TOTP factor (QR code or the secret to type), verify it with a code,
 * list and remove factors. An admin without a verified factor is sent here
 * and can change nothing until one is verified.
 */
export function SettingsPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const factors = useQuery({ queryKey: factorKeys.all(), queryFn: listFactors });
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const verified = (factors.data ?? []).filter((factor) => factor.status === 'verified');
  const required = !session.hasVerifiedFactor;

  const remove = async (factorId: string, name: string) => {
    const last = verified.length === 1;
    const question = last
      ? `Remove "${name}"? It is your only factor: you will have to set up a new one before you can change anything.`
      : `Remove "${name}"?`;
    if (!window.confirm(question)) return;
    setRemoving(factorId);
    setRemoveError(null);
    try {
      await unenrollFactor(factorId);
      await queryClient.invalidateQueries({ queryKey: factorKeys.all() });
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : 'The factor could not be removed.');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <AdminPage
      section="settings"
      title="Settings"
      description={
        session.role === 'admin'
          ? "Your account's two-step verification, which every change in the portal needs, and the contact details your clients see."
          : "Your account's two-step verification, which every change in the portal needs, and how you sign in."
      }
    >
      {required ? (
        <div role="alert" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-ink">
          <p className="font-semibold">Set up two-step verification to continue.</p>
          <p className="text-sm">
            {params.get('enrol') === 'required' ? 'You were sent here after signing in. ' : ''}
            Staff accounts change nothing in the portal (flags, accounts, approvals) until a second factor is verified.
          </p>
        </div>
      ) : null}
      <Card className="p-6">
        <h2 className="text-xl font-semibold text-ink">Two-step verification</h2>
        {factors.isPending ? <p className="mt-3 text-ink-muted">Loading your factors…</p> : null}
        {factors.error ? (
          <p role="alert" className="mt-3 text-danger">
            Your factors could not be loaded.
          </p>
        ) : null}
        {verified.length > 0 ? (
          <ul className="mt-4 divide-y divide-sand-200" aria-label="Your factors">
            {verified.map((factor) => (
              <li
                key={factor.id}
                className="flex flex-col items-start gap-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="font-medium text-ink">{factor.friendlyName || 'Authenticator app'}</span>
                  <span className="ml-2 text-sm text-ink-muted">
                    Authenticator app (TOTP), added {new Date(factor.createdAt).toLocaleDateString('en-CA')}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  disabled={removing !== null || session.currentLevel !== 'aal2'}
                  onClick={() => void remove(factor.id, factor.friendlyName || 'Authenticator app')}
                >
                  {removing === factor.id ? 'Removing…' : `Remove ${factor.friendlyName || 'factor'}`}
                </Button>
              </li>
            ))}
          </ul>
        ) : factors.data ? (
          <p className="mt-3 text-ink-muted">No factor yet.</p>
        ) : null}
        {removeError ? (
          <p role="alert" className="mt-3 text-danger">
            {removeError}
          </p>
        ) : null}
        {required || session.currentLevel === 'aal2' ? (
          <EnrolTotp onDone={() => void queryClient.invalidateQueries({ queryKey: factorKeys.all() })} />
        ) : null}
      </Card>
      {/* What clients see of their contact, and the ordering rules: an admin's to change. */}
      {session.role === 'admin' ? (
        <>
          <StaffContactCard />
          <OrderSettingsCard />
        </>
      ) : null}
      <Card className="mt-6 p-6">
        <SignInMethods headingClassName="text-xl font-semibold text-ink" />
      </Card>
    </AdminPage>
  );
}

function EnrolTotp({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [type, setType] = useState('totp');
  const [friendlyName, setFriendlyName] = useState('Authenticator app');
  const [issuer, setIssuer] = useState('Olea Mediterranean');
  const [enrolled, setEnrolled] = useState<EnrolledTotp | null>(null);
  const totp = useTotpCode(staffTotpTexts);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (type !== 'totp') {
      setError('Phone (SMS) factors are not available: no SMS provider is configured.');
      return;
    }
    if (!friendlyName.trim() || !issuer.trim()) {
      setError('A name and an issuer are required.');
      return;
    }
    setBusy(true);
    try {
      setEnrolled(await enrollTotp(friendlyName.trim(), issuer.trim()));
    } catch (failure) {
      setError(
        failure instanceof MfaError && failure.code === 'mfa_factor_name_conflict'
          ? 'You already have a factor with this name. Choose another name.'
          : failure instanceof Error
            ? failure.message
            : 'The factor could not be created.',
      );
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (await totp.verify(enrolled?.id)) {
      setEnrolled(null);
      onDone();
    }
  };

  if (enrolled) {
    return (
      <form
        noValidate
        onSubmit={verify}
        className="mt-6 space-y-4 border-t border-sand-200 pt-6"
        aria-label="Verify the new factor"
      >
        <h3 className="text-lg font-semibold text-ink">Scan the code, then enter the 6 digits</h3>
        <img src={enrolled.qrCode} alt="QR code to add this account to an authenticator app" width={200} height={200} />
        <p className="text-sm text-ink-muted">
          Cannot scan? Type this secret in your app:{' '}
          <code data-testid="totp-secret" className="break-all rounded bg-sand-100 px-1 font-mono text-ink">
            {enrolled.secret}
          </code>
        </p>
        <TotpCodeField totp={totp} />
        <Button type="submit" disabled={totp.busy}>
          {totp.busy ? 'Verifying…' : 'Verify and turn on'}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={start}
      className="mt-6 space-y-4 border-t border-sand-200 pt-6"
      aria-label="Add a factor"
    >
      <h3 className="text-lg font-semibold text-ink">Add an authenticator app</h3>
      <Field
        id={`${id}-type`}
        label="Factor type"
        hint="Phone (SMS) is not offered: no SMS provider is configured for this site."
      >
        {(aria) => (
          <Select {...aria} value={type} onChange={(event) => setType(event.target.value)}>
            <option value="totp">Authenticator app (TOTP)</option>
            <option value="phone" disabled>
              Phone (SMS) — not available
            </option>
          </Select>
        )}
      </Field>
      <Field id={`${id}-name`} label="Name of this factor">
        {(aria) => <Input {...aria} value={friendlyName} onChange={(event) => setFriendlyName(event.target.value)} />}
      </Field>
      <Field id={`${id}-issuer`} label="Issuer (shown in your app)">
        {(aria) => <Input {...aria} value={issuer} onChange={(event) => setIssuer(event.target.value)} />}
      </Field>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Set up authenticator app'}
      </Button>
    </form>
  );
}
