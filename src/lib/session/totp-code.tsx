import { useId, useState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { MfaError, verifyTotpCode } from './mfa-api';

/** What the code step says, in the screen's language. */
export type TotpCodeTexts = {
  label: string;
  /** The field does not hold six digits. */
  format: string;
  /** The factor refused the code. */
  wrong: string;
  /** Anything else (network, expired challenge): the code may be right. */
  failed: string;
};

/** Staff screens are English only (docs/decisions/014-both-languages-for-clients-and-visitors.md). */
export const staffTotpTexts: TotpCodeTexts = {
  label: 'Authentication code',
  format: 'Enter the 6-digit code from your authenticator app.',
  wrong: 'That code is not right. Check the time on your phone and try the code your app shows now.',
  failed: 'The code could not be checked. Try again.',
};

export type TotpCode = ReturnType<typeof useTotpCode>;

/**
 * The six-digit code of a TOTP factor, checked before it is sent and verified
 * with one challenge (docs/decisions/072-staff-second-factor.md). A refused
 * code is cleared: it is worthless a few seconds later anyway.
 */
export function useTotpCode(texts: TotpCodeTexts) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Verifies the code against the factor; true when the session is now aal2. */
  const verify = async (factorId: string | undefined): Promise<boolean> => {
    if (!factorId) return false;
    const digits = code.trim();
    if (!/^\d{6}$/.test(digits)) {
      setError(texts.format);
      return false;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyTotpCode(factorId, digits);
      setCode('');
      return true;
    } catch (failure) {
      const refused = failure instanceof MfaError && failure.code === 'mfa_verification_failed';
      setError(refused ? texts.wrong : texts.failed);
      if (refused) setCode('');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error, busy, verify, texts };
}

/** The code field of a {@link useTotpCode} step: numeric keypad, one-time-code autofill. */
export function TotpCodeField({ totp }: { totp: TotpCode }) {
  const id = useId();
  return (
    <Field id={`${id}-code`} label={totp.texts.label} error={totp.error ?? undefined}>
      {(aria) => (
        <Input
          {...aria}
          value={totp.code}
          onChange={(event) => totp.setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          readOnly={totp.busy}
        />
      )}
    </Field>
  );
}
