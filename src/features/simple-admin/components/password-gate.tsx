import { useId, useState, type FormEvent } from 'react';
import { EyeIcon } from '@/components/icons/eye';
import { EyeOffIcon } from '@/components/icons/eye-off';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { ErrorAlert } from '@/lib/flags/panel/panel-states';
import { actionErrorMessage, unlockSimpleAdmin } from '../api/simple-admin';
import { INCORRECT_PASSWORD, type GateEvent } from '../simple-admin-state';

/** The password gate: the server checks the password and throttles guessing. */
export function PasswordGate({
  checking,
  error,
  dispatch,
}: {
  checking: boolean;
  error: string | null;
  dispatch: (e: GateEvent) => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    if (!password) {
      setMissing(true);
      return;
    }
    dispatch({ type: 'submit' });
    try {
      const ok = await unlockSimpleAdmin(password);
      dispatch(ok ? { type: 'unlocked', password } : { type: 'refused', message: INCORRECT_PASSWORD });
    } catch (failure) {
      console.error('Simple admin unlock failed:', failure);
      dispatch({ type: 'refused', message: actionErrorMessage(failure) });
    }
  };

  const inputId = `${id}-password`;
  return (
    <Card className="mx-auto w-full max-w-md p-6 md:p-8">
      <h1 className="text-2xl font-semibold text-ink">Simple Admin</h1>
      <p className="mb-6 mt-2 text-ink-muted">
        Enter the staff password to switch site sections and features on or off.
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        <Field id={inputId} label="Password" error={missing ? 'Enter the password.' : undefined}>
          {(aria) => (
            <div className="relative">
              <Input
                {...aria}
                type={shown ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                readOnly={checking}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setMissing(false);
                }}
                className="pr-12"
              />
              <button
                type="button"
                onClick={() => setShown((s) => !s)}
                aria-controls={inputId}
                aria-label={shown ? 'Hide password' : 'Show password'}
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-brand-700"
              >
                {shown ? <EyeOffIcon /> : <EyeIcon />}
              </button>
            </div>
          )}
        </Field>
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <Button type="submit" className="w-full" disabled={checking}>
          {checking ? 'Checking…' : 'Unlock'}
        </Button>
      </form>
    </Card>
  );
}
