import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { EyeIcon } from '@/components/icons/eye';
import { EyeOffIcon } from '@/components/icons/eye-off';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { useSession, type SignInResult } from './session-context';
import { signInSchema, type SignInErrorKey, type SignInValues } from './sign-in-schema';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import { loadSupabaseOnTouch } from '@/lib/supabase/load-client';

type FailureReason = Extract<SignInResult, { ok: false }>['reason'];

const failureKey: Record<FailureReason, SignInErrorKey> = {
  'invalid-credentials': 'invalidCredentials',
  'rate-limited': 'rateLimited',
  unexpected: 'unexpected',
};

/**
 * Email and password sign-in for every account (docs/decisions/001-sign-in.md).
 * Bad input gets a message beside its field; a refused sign-in keeps what was
 * typed. Where to go next is the page's business (useSignedInDestination), once
 * the role is known.
 */
export function SignInForm({
  beforeSubmit,
  footer,
}: {
  /** Extra check before calling the server: returns an error key to stop (the client page's password policy). */
  beforeSubmit?: (values: SignInValues) => SignInErrorKey | null;
  footer?: ReactNode;
}) {
  const { t } = useI18n();
  const { signIn } = useSession();
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<SignInErrorKey | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const blocked = beforeSubmit?.(values) ?? null;
    if (blocked) {
      setFailure(blocked);
      return;
    }
    const result = await signIn(values.email, values.password);
    if (result.ok) setSucceeded(true);
    else setFailure(failureKey[result.reason]);
  });

  // Editing a field clears a refused sign-in's message.
  const clearFailure = () => {
    if (failure) setFailure(null);
  };
  const busy = isSubmitting || succeeded;
  const message = (key: string | undefined) => (key ? t.auth.errors[key as SignInErrorKey] : undefined);
  const passwordId = `${id}-password`;

  return (
    // method="post": even a native submission never puts the password in a URL.
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      aria-label={t.auth.form.label}
      className="space-y-5"
      {...loadSupabaseOnTouch}
    >
      <Field id={`${id}-email`} label={t.auth.form.email} error={message(errors.email?.message)}>
        {(aria) => (
          <Input
            {...aria}
            {...register('email', { onChange: clearFailure })}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={busy}
          />
        )}
      </Field>
      <Field id={passwordId} label={t.auth.form.password} error={message(errors.password?.message)}>
        {(aria) => (
          <div className="relative">
            <Input
              {...aria}
              {...register('password', { onChange: clearFailure })}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="pr-12"
              readOnly={busy}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-controls={passwordId}
              aria-label={showPassword ? t.auth.form.hidePassword : t.auth.form.showPassword}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-brand-700"
            >
              {showPassword ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          </div>
        )}
      </Field>
      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          {t.auth.errors[failure]}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy || !hydrated}>
        {busy ? t.auth.form.submitting : t.auth.form.submit}
      </Button>
      {footer}
    </form>
  );
}
