import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import {
  clearRequestDraft,
  loadRequestDraft,
  isCaptchaRefusal,
  resendConfirmation,
  setNewPassword,
  submitAccessRequest,
  verifyEmailLink,
  type RequestDetails,
} from '@/lib/session/account-api';
import { CAPTCHA_REFUSED, EmailRequestForm } from './email-request-form';
import { checkPasswordPolicy } from '@/lib/session/password-policy';
import { NewPasswordField } from '@/lib/session/password-checklist';
import { detailsComplete, EMPTY_DETAILS, RequestDetailsFields } from './request-details-fields';

type State = 'idle' | 'busy' | 'done' | 'invalid';

/**
 * /client/confirm and /fr/client/confirm: the link of the confirmation mail
 * (docs/decisions/125-accounts-set-up-from-the-inbox.md). Whoever opens it
 * controls the inbox, so this is where the account gets its password and the
 * request its details: the person chooses a password, reviews the details
 * (typed in this browser's request form, or typed here) and presses one
 * button, which verifies the token, sets the password and sends the request,
 * one step after the other. The token is used only on that press, so a mail
 * scanner that prefetches the link cannot use it up; an expired or used link
 * offers a new one. A link confirming a changed address only verifies.
 */
export default function ConfirmEmailPage() {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const tokenHash = params.get('token_hash') ?? '';
  const emailChange = params.get('type') === 'email_change';
  const text = t.auth.confirm;
  const [state, setState] = useState<State>(tokenHash ? 'idle' : 'invalid');

  if (state === 'done') return <Navigate to={routePath('accountStatus', locale)} replace />;

  return (
    <CardPage
      width={emailChange ? 'md' : '2xl'}
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
      ) : emailChange ? (
        <ConfirmChange tokenHash={tokenHash} state={state} setState={setState} />
      ) : (
        <CompleteRequest tokenHash={tokenHash} onInvalid={() => setState('invalid')} onDone={() => setState('done')} />
      )}
    </CardPage>
  );
}

function ConfirmChange({
  tokenHash,
  state,
  setState,
}: {
  tokenHash: string;
  state: State;
  setState: (state: State) => void;
}) {
  const { t } = useI18n();
  const text = t.auth.confirm;
  const confirm = async () => {
    setState('busy');
    const result = await verifyEmailLink(tokenHash, 'email_change');
    setState(result.ok ? 'done' : 'invalid');
  };
  return (
    <>
      <p className="mb-6 mt-2 text-ink-muted">{text.changeIntro}</p>
      <Button className="w-full" disabled={state === 'busy'} onClick={() => void confirm()}>
        {state === 'busy' ? text.confirming : text.changeButton}
      </Button>
    </>
  );
}

function CompleteRequest({
  tokenHash,
  onInvalid,
  onDone,
}: {
  tokenHash: string;
  onInvalid: () => void;
  onDone: () => void;
}) {
  const { t, locale } = useI18n();
  const text = t.auth.confirm;
  const [details, setDetails] = useState<RequestDetails>(() => loadRequestDraft() ?? EMPTY_DETAILS);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // What has already succeeded, so a retry repeats only the rest.
  const [verified, setVerified] = useState(false);
  const [passwordSet, setPasswordSet] = useState(false);

  const passwordOk = passwordSet || checkPasswordPolicy(password).ok;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!passwordOk || !detailsComplete(details)) return;
    setBusy(true);
    setFailed(null);
    if (!verified) {
      const result = await verifyEmailLink(tokenHash, 'signup');
      if (!result.ok) {
        setBusy(false);
        onInvalid();
        return;
      }
      setVerified(true);
    }
    if (!passwordSet) {
      const result = await setNewPassword(password);
      if (!result.ok) {
        setBusy(false);
        setFailed(result.code === 'weak_password' ? t.auth.errors.passwordPolicy : text.failed);
        return;
      }
      setPasswordSet(true);
      setPassword('');
    }
    const sent = await submitAccessRequest(details, locale);
    setBusy(false);
    if (!sent.ok) {
      setFailed(text.failed);
      return;
    }
    clearRequestDraft();
    onDone();
  };

  return (
    <form noValidate method="post" onSubmit={(event) => void submit(event)} className="mt-2 space-y-5">
      <p className="text-ink-muted">{text.intro}</p>
      <fieldset disabled={busy} className="space-y-5">
        {passwordSet ? null : (
          <NewPasswordField
            label={text.password}
            hint={text.passwordHint}
            error={checked && !passwordOk ? t.auth.errors.passwordPolicy : undefined}
            value={password}
            onChange={setPassword}
          />
        )}
        <RequestDetailsFields details={details} onChange={setDetails} checked={checked} />
      </fieldset>
      {failed ? (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-danger">
          {failed}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? text.confirming : text.button}
      </Button>
    </form>
  );
}

function ResendForm() {
  const { t, locale } = useI18n();
  const text = t.auth.confirm;
  const send = async (address: string, captchaToken: string | undefined) => {
    const result = await resendConfirmation(address, routePath('clientConfirm', locale), captchaToken);
    if (isCaptchaRefusal(result)) return CAPTCHA_REFUSED;
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
