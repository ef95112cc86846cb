import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { EyeIcon } from '@/components/icons/eye';
import { EyeOffIcon } from '@/components/icons/eye-off';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { useCaptcha } from '@/integrations/captcha/use-captcha';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import { preloadSupabase } from '@/lib/supabase/load-client';
import { useSession, type SignInResult } from '@/lib/session/session-context';
import type { SignInErrorKey, SignInFieldErrors, SignInValues } from '@/features/auth/sign-in-schema';

type FailureReason = Extract<SignInResult, { ok: false }>['reason'];

const failureKey: Record<FailureReason, SignInErrorKey> = {
  'invalid-credentials': 'invalidCredentials',
  'rate-limited': 'rateLimited',
  'captcha-failed': 'captchaFailed',
  unexpected: 'unexpected',
};

// The checks (zod) and supabase-js load on the form's first focus, keystroke,
// press or pointer approach, not with the page
// (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md).
const loadChecks = () => import('@/features/auth/sign-in-schema');
function loadOnTouch() {
  preloadSupabase();
  loadChecks().catch(() => {
    // Submitting loads it again and reports a failure.
  });
}

/** The fields as typed: the inputs are uncontrolled, so what was typed before hydration counts. */
function readValues(form: HTMLFormElement): SignInValues {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
}

/**
 * Email and password sign-in for every account (docs/decisions/001-sign-in.md).
 * Bad input gets a message beside its field (checked on submit, then again as
 * the field changes); a refused sign-in keeps what was typed. Where to go next
 * is the page's business (useSignedInDestination), once the role is known.
 */
export function SignInForm({
  beforeSubmit,
  footer,
}: {
  /** Extra check before calling the server: returns an error key to stop (the client page's password policy). */
  beforeSubmit?: (values: SignInValues) => SignInErrorKey | null;
  footer?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const { signIn } = useSession();
  // The CAPTCHA's widget loads on the same touch (docs/decisions/185-captcha-before-auth-mails.md).
  const captcha = useCaptcha(locale, loadOnTouch);
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<SignInErrorKey | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [errors, setErrors] = useState<SignInFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || succeeded) return;
    const form = event.currentTarget;
    setSubmitting(true);
    try {
      setFailure(null);
      setSubmitted(true);
      const checked = (await loadChecks()).checkSignIn(readValues(form));
      if (!checked.ok) {
        setErrors(checked.errors);
        // The first field to fix gets the focus.
        const first = checked.errors.email ? 'email' : 'password';
        form.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
        return;
      }
      setErrors({});
      const blocked = beforeSubmit?.(checked.values) ?? null;
      if (blocked) {
        setFailure(blocked);
        return;
      }
      let captchaToken: string | undefined;
      try {
        captchaToken = await captcha.token();
      } catch {
        setFailure('captchaFailed');
        return;
      }
      const result = await signIn(checked.values.email, checked.values.password, captchaToken);
      captcha.spent();
      if (result.ok) setSucceeded(true);
      else setFailure(failureKey[result.reason]);
    } catch (error) {
      console.error('Sign-in failed:', error);
      setFailure('unexpected');
    } finally {
      setSubmitting(false);
    }
  };

  // After a submit, a field's message follows what is typed.
  const onFieldChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (failure) setFailure(null);
    if (!submitted) return;
    const form = event.currentTarget.form;
    const field = event.currentTarget.name as keyof SignInValues;
    if (!form) return;
    loadChecks().then(
      (checks) => {
        const checked = checks.checkSignIn(readValues(form));
        const next = checked.ok ? undefined : checked.errors[field];
        setErrors((current) => (current[field] === next ? current : { ...current, [field]: next }));
      },
      () => undefined,
    );
  };

  const busy = isSubmitting || succeeded;
  const message = (key: SignInErrorKey | undefined) => (key ? t.auth.errors[key] : undefined);
  const passwordId = `${id}-password`;

  return (
    // method="post": even a native submission never puts the password in a URL.
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      aria-label={t.auth.form.label}
      className="space-y-5"
      {...captcha.approachHandlers}
    >
      <Field id={`${id}-email`} label={t.auth.form.email} error={message(errors.email)}>
        {(aria) => (
          <Input
            {...aria}
            name="email"
            onChange={onFieldChange}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={busy}
          />
        )}
      </Field>
      <Field id={passwordId} label={t.auth.form.password} error={message(errors.password)}>
        {(aria) => (
          <div className="relative">
            <Input
              {...aria}
              name="password"
              onChange={onFieldChange}
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
      {captcha.slot}
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
