import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { resendConfirmation, verifyEmailLink, type EmailLinkType } from '@/lib/session/account-api';
import { EmailRequestForm } from '@/lib/session/email-request-form';

/**
 * /client/confirm and /fr/client/confirm: the link of the confirmation mail.
 * The token is verified only when the person presses the button, so a mail
 * scanner that prefetches the link cannot use it up
 * (docs/decisions/070-accounts-run-themselves.md). An expired or used link
 * offers a new one.
 */
export default function ConfirmEmailPage() {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const tokenHash = params.get('token_hash') ?? '';
  const type: EmailLinkType = params.get('type') === 'email_change' ? 'email_change' : 'signup';
  const text = t.auth.confirm;
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'invalid'>(tokenHash ? 'idle' : 'invalid');

  if (state === 'done') return <Navigate to={routePath('accountStatus', locale)} replace />;

  const confirm = async () => {
    setState('busy');
    const result = await verifyEmailLink(tokenHash, type);
    setState(result.ok ? 'done' : 'invalid');
  };

  return (
    <CardPage
      width="md"
      head={{ title: text.metaTitle, description: text.intro, path: routePath('clientConfirm', locale) }}
    >
      <h1 className="font-serif text-3xl font-semibold text-ink">{text.heading}</h1>
      {state === 'invalid' ? (
        <>
          <p role="alert" className="mt-3 text-danger">
            {tokenHash ? text.invalid : text.missing}
          </p>
          <ResendForm />
        </>
      ) : (
        <>
          <p className="mb-6 mt-2 text-ink-muted">{text.intro}</p>
          <Button className="w-full" disabled={state === 'busy'} onClick={() => void confirm()}>
            {state === 'busy' ? text.confirming : text.button}
          </Button>
        </>
      )}
    </CardPage>
  );
}

function ResendForm() {
  const { t, locale } = useI18n();
  const text = t.auth.confirm;
  const send = async (address: string) => {
    const result = await resendConfirmation(address, routePath('clientConfirm', locale));
    return !result.ok && result.status === 429 ? text.tooSoon : text.resent;
  };
  return (
    <EmailRequestForm
      keepForm
      className="mt-6 space-y-4"
      texts={{ intro: text.resendIntro, email: text.email, submit: text.resend, submitting: text.resending }}
      send={send}
    />
  );
}
