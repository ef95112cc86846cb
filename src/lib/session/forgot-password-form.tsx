import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { requestPasswordReset } from './account-api';

/**
 * "Forgot your password?" on both sign-in pages
 * (docs/decisions/071-password-reset-by-email.md). The answer is the same
 * whether or not the address has an account, and also when the per-address
 * mail limit refuses, so the form never tells which addresses are registered.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t, locale } = useI18n();
  const text = t.auth.forgot;
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [invalid, setInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setState('busy');
    const result = await requestPasswordReset(address, paths.resetPassword(locale));
    if (!result.ok && result.status !== 429 && result.status !== undefined && result.status >= 500) {
      console.error('Password reset request failed:', result.message);
    }
    setState('sent');
  };

  return (
    <div data-testid="forgot-password" className="space-y-4">
      <h2 className="text-xl font-semibold text-ink">{text.heading}</h2>
      {state === 'sent' ? (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-ink">
          {text.sent}
        </p>
      ) : (
        <form noValidate method="post" onSubmit={submit} className="space-y-4" aria-label={text.heading}>
          <p className="text-ink-muted">{text.intro}</p>
          <Field id={`${id}-email`} label={text.email} error={invalid ? t.auth.errors.emailInvalid : undefined}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={state === 'busy'}>
            {state === 'busy' ? text.submitting : text.submit}
          </Button>
        </form>
      )}
      <button type="button" onClick={onBack} className="font-semibold text-brand-700 underline">
        {text.back}
      </button>
    </div>
  );
}
