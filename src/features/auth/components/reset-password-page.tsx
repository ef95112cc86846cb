import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardPage } from '@/components/card-page';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useAccountPageMessages } from '@/i18n/account-page-messages';
import { setNewPassword, verifyEmailLink } from '@/lib/session/account-api';
import { TotpCodeField, useTotpCode } from '@/lib/session/totp-code';
import { homeFor } from '@/lib/session/redirects';
import { useSession } from '@/lib/session/session-context';
import { checkPasswordPolicy } from '@/lib/session/password-policy';
import { NewPasswordField } from '@/lib/session/password-checklist';

/**
 * /reset-password and /fr/reset-password: the link of the reset mail
 * (docs/decisions/071-password-reset-by-email.md). The token is verified only
 * when the person presses the button; then a new password with the policy
 * (after the authenticator code for an account with a second factor), and
 * the person goes where their role allows.
 *
 * It also accepts a staff invitation (`type=invite`, the link of Auth's
 * invite mail; docs/decisions/211-managing-staff.md): the same steps in the
 * invitation's words, after which the admin portal asks the newcomer to add
 * an authenticator app before anything else.
 */
export default function ResetPasswordPage() {
  const { locale } = useI18n();
  const session = useSession();
  const [params] = useSearchParams();
  const tokenHash = params.get('token_hash') ?? '';
  const invite = params.get('type') === 'invite';
  const text = useResetTexts(invite);
  const [step, setStep] = useState<'start' | 'busy' | 'invalid' | 'password' | 'done'>(tokenHash ? 'start' : 'invalid');

  if (step === 'done' && !session.loading) return <Navigate to={homeFor(session.role, locale)} replace />;

  const begin = async () => {
    setStep('busy');
    const result = await verifyEmailLink(tokenHash, invite ? 'invite' : 'recovery');
    setStep(result.ok ? 'password' : 'invalid');
  };

  const needsCode = step === 'password' && session.hasVerifiedFactor && session.currentLevel !== 'aal2';

  return (
    <CardPage
      width="md"
      head={{ title: text.metaTitle, description: text.intro, path: routePath('resetPassword', locale) }}
    >
      <h1 className="font-serif text-3xl font-semibold text-ink">{text.heading}</h1>
      {step === 'invalid' ? (
        <>
          <p role="alert" className="mt-3 text-danger">
            {text.invalid}
          </p>
          <Link to={routePath('signIn', locale)} className="mt-4 inline-block font-semibold text-brand-700 underline">
            {text.askAgain}
          </Link>
        </>
      ) : null}
      {step === 'start' || step === 'busy' ? (
        <>
          <p className="mb-6 mt-2 text-ink-muted">{text.intro}</p>
          <Button className="w-full" disabled={step === 'busy'} onClick={() => void begin()}>
            {step === 'busy' ? text.verifying : text.button}
          </Button>
        </>
      ) : null}
      {needsCode ? <CodeStep /> : null}
      {step === 'password' && !needsCode ? <NewPasswordForm invite={invite} onDone={() => setStep('done')} /> : null}
    </CardPage>
  );
}

/** The page's words: a password reset's, or, for an invitation, the invitation's where they differ. */
function useResetTexts(invite: boolean) {
  const messages = useAccountPageMessages();
  return invite ? { ...messages.reset, ...messages.invite } : messages.reset;
}

function CodeStep() {
  const session = useSession();
  const text = useAccountPageMessages().reset;
  const totp = useTotpCode({
    label: text.code,
    format: text.codeFormat,
    wrong: text.wrongCode,
    failed: text.codeFailed,
  });
  const factor = session.user?.factors.find((candidate) => candidate.status === 'verified');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void totp.verify(factor?.id);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <p className="text-ink">{text.codeIntro}</p>
      <TotpCodeField totp={totp} />
      <Button type="submit" className="w-full" disabled={totp.busy}>
        {text.verify}
      </Button>
    </form>
  );
}

function NewPasswordForm({ invite, onDone }: { invite: boolean; onDone: () => void }) {
  const { t } = useI18n();
  const text = useResetTexts(invite);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkPasswordPolicy(password).ok) {
      setError(t.auth.errors.passwordPolicy);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await setNewPassword(password);
    setBusy(false);
    if (result.ok) onDone();
    else if (result.code === 'weak_password') setError(t.auth.errors.passwordPolicy);
    else setError(result.code === 'same_password' ? text.samePassword : text.failed);
  };

  return (
    <form noValidate method="post" onSubmit={submit} className="mt-4 space-y-4">
      <NewPasswordField label={text.newPassword} error={error ?? undefined} value={password} onChange={setPassword} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? text.saving : text.submit}
      </Button>
    </form>
  );
}
