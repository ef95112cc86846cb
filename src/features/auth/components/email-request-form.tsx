import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { useCaptcha } from '@/integrations/captcha/use-captcha';
import { preloadSupabase } from '@/lib/supabase/load-client';

export type EmailRequestTexts = { intro: string; email: string; submit: string; submitting: string };

/** What `send` answers when Auth refused the CAPTCHA token: the form stays, with the message. */
export const CAPTCHA_REFUSED = Symbol('captcha refused');

/**
 * One e-mail address sent for a link: "Forgot your password?" on the sign-in
 * pages and "Send a new link" on the confirmation page. The address is
 * checked first, with the message in the page's language (an empty or
 * malformed address never leaves the page silently), and nothing typed is
 * lost. `send` returns the answer to show; `keepForm` leaves the form in
 * place under it (to ask again), otherwise the answer replaces the form.
 * Auth asks for a CAPTCHA before it mails (docs/decisions/185-captcha-before-auth-mails.md):
 * its widget loads as the visitor approaches the form, and `send` gets its token.
 */
export function EmailRequestForm({
  texts,
  send,
  keepForm = false,
  label,
  className,
}: {
  texts: EmailRequestTexts;
  send: (address: string, captchaToken: string | undefined) => Promise<ReactNode | typeof CAPTCHA_REFUSED>;
  keepForm?: boolean;
  /** The form's accessible name. */
  label?: string;
  className?: string;
}) {
  const { t, locale } = useI18n();
  const captcha = useCaptcha(locale, preloadSupabase);
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ReactNode>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // The same rule as the sign-in form's e-mail field; the validation code
      // loads on first use, not with the page.
      const checked = (await import('@/features/auth/sign-in-schema')).checkEmail(email);
      setError(checked.ok ? undefined : t.auth.errors[checked.error]);
      if (!checked.ok) return;
      let captchaToken: string | undefined;
      try {
        captchaToken = await captcha.token();
      } catch {
        setError(t.auth.errors.captchaFailed);
        return;
      }
      const answered = await send(checked.email, captchaToken);
      captcha.spent();
      if (answered === CAPTCHA_REFUSED) setError(t.auth.errors.captchaFailed);
      else setAnswer(answered);
    } finally {
      setBusy(false);
    }
  };

  const status = answer ? (
    <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-ink">
      {answer}
    </p>
  ) : null;
  if (status && !keepForm) return status;

  return (
    <form
      noValidate
      method="post"
      onSubmit={submit}
      className={className ?? 'space-y-4'}
      aria-label={label}
      {...captcha.approachHandlers}
    >
      <p className="text-ink-muted">{texts.intro}</p>
      <Field id={`${id}-email`} label={texts.email} error={error}>
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
      {captcha.slot}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? texts.submitting : texts.submit}
      </Button>
      {status}
    </form>
  );
}
