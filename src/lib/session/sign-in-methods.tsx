import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { providerMarks as marks } from '@/components/icons/provider-marks';
import { Button } from '@/components/ui/button';
import { env, type AuthProvider } from '@/config/env';
import { useI18n } from '@/i18n/i18n';
import { setNewPassword } from './account-api';
import { connectProvider, disconnectIdentity, loadIdentities, type UserIdentity } from './oauth-api';
import { providerProblem, useProviderReturn, type ProviderProblem } from './oauth-return';
import { NewPasswordField } from './password-checklist';
import { checkPasswordPolicy } from './password-policy';
import { ProviderProblemMessage } from './provider-problem-message';
import { useSession } from './session-context';

type Notice = { kind: 'done'; text: string } | { kind: 'problem'; problem: ProviderProblem } | { kind: 'failed' };

/**
 * The account's sign-in methods (email and password, Microsoft, Google):
 * connect a provider (it comes back here with `?connected=`), disconnect one
 * (never the last: the server refuses it too), and set or change the
 * password. The same block serves clients on their account page and staff in
 * Settings (docs/decisions/142-continue-with-microsoft-or-google.md).
 */
export function SignInMethods({
  headingLevel = 2,
  headingClassName = 'font-serif text-2xl font-semibold text-ink',
}: {
  headingLevel?: 2 | 3;
  /** The heading's look: the portals' serif by default, the admin portal's own in Settings. */
  headingClassName?: string;
}) {
  const { t } = useI18n();
  const text = t.auth.methods;
  const names = t.auth.providers.names;
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const returned = useProviderReturn();
  const userId = session.user?.id ?? '';
  const queryKey = ['session', 'identities', userId];
  const identities = useQuery({ queryKey, queryFn: loadIdentities, enabled: userId !== '' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const connectedParam = new URLSearchParams(location.search).get('connected');
  const returnedOk = returned.state === 'done';
  useEffect(() => {
    // A provider just connected: the list changed on the server.
    if (returnedOk) void queryClient.invalidateQueries({ queryKey: ['session', 'identities'] });
  }, [returnedOk, queryClient]);

  const shown: Notice | null =
    notice ??
    (returned.state === 'failed'
      ? { kind: 'problem', problem: returned.problem }
      : returned.state === 'done' && (connectedParam === 'azure' || connectedParam === 'google')
        ? { kind: 'done', text: text.connectedNow(names[connectedParam]) }
        : null);

  const list = identities.data ?? [];
  const byProvider = (provider: string) => list.find((identity) => identity.provider === provider);
  const hasPassword = byProvider('email') !== undefined;

  const connect = async (provider: AuthProvider) => {
    setBusy(provider);
    setNotice(null);
    const result = await connectProvider(provider, `${location.pathname}?connected=${provider}`);
    if (!result.ok) {
      setBusy(null);
      setNotice({ kind: 'problem', problem: providerProblem('server_error', result.code || null) });
    }
  };

  const disconnect = async (provider: AuthProvider, identity: UserIdentity) => {
    setBusy(provider);
    setNotice(null);
    const result = await disconnectIdentity(identity);
    setBusy(null);
    if (result.ok) setNotice({ kind: 'done', text: text.disconnectedNow(names[provider]) });
    else setNotice({ kind: 'problem', problem: providerProblem('server_error', result.code || null) });
    await queryClient.invalidateQueries({ queryKey: ['session', 'identities'] });
  };

  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="sign-in-methods" className="space-y-4">
      <Heading id="sign-in-methods" className={headingClassName}>
        {text.heading}
      </Heading>
      <p className="text-ink-muted">{text.intro}</p>
      {shown?.kind === 'problem' ? <ProviderProblemMessage problem={shown.problem} /> : null}
      {shown?.kind === 'done' ? (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-ink">
          {shown.text}
        </p>
      ) : null}
      {returned.state === 'exchanging' ? (
        <p role="status" className="text-ink-muted">
          {t.auth.providers.signingIn}
        </p>
      ) : null}
      {identities.error ? (
        <p role="alert" className="text-danger">
          {text.loadFailed}
        </p>
      ) : null}
      <ul
        className="divide-y divide-sand-200 rounded-md border border-sand-300 bg-white"
        aria-busy={identities.isPending}
      >
        <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <span className="font-semibold text-ink">{names.email}</span>
          <span className="text-sm text-ink-muted">{hasPassword ? text.connected : text.noPassword}</span>
        </li>
        {env.authProviders.map((provider) => {
          const identity = byProvider(provider);
          const Mark = marks[provider];
          const address = typeof identity?.identity_data?.email === 'string' ? identity.identity_data.email : null;
          return (
            <li key={provider} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="flex min-w-0 items-center gap-3">
                <Mark />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{names[provider]}</span>
                  <span className="block break-all text-sm text-ink-muted">
                    {identity ? (address ?? text.connected) : text.notConnected}
                  </span>
                </span>
              </span>
              {identities.isSuccess ? (
                identity ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy !== null || list.length < 2}
                    onClick={() => void disconnect(provider, identity)}
                  >
                    {busy === provider ? text.working : text.disconnect(names[provider])}
                  </Button>
                ) : (
                  <Button size="sm" disabled={busy !== null} onClick={() => void connect(provider)}>
                    {busy === provider ? text.working : text.connect(names[provider])}
                  </Button>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
      <PasswordForm hasPassword={hasPassword} headingLevel={headingLevel} onSaved={() => void identities.refetch()} />
    </section>
  );
}

function PasswordForm({
  hasPassword,
  headingLevel,
  onSaved,
}: {
  hasPassword: boolean;
  headingLevel: 2 | 3;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const text = t.auth.methods;
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'saved' | 'failed' | 'weak'>('idle');
  const ok = checkPasswordPolicy(password).ok;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!ok) return;
    setState('busy');
    const result = await setNewPassword(password);
    if (result.ok) {
      setPassword('');
      setChecked(false);
      setState('saved');
      onSaved();
    } else {
      setState(result.code === 'weak_password' ? 'weak' : 'failed');
    }
  };

  const Heading = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 pt-4">
      <Heading className="text-lg font-semibold text-ink">{text.passwordHeading}</Heading>
      <p className="text-ink-muted">{hasPassword ? text.passwordIntroSet : text.passwordIntroNone}</p>
      <NewPasswordField
        label={text.newPassword}
        error={(checked && !ok) || state === 'weak' ? t.auth.errors.passwordPolicy : undefined}
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (state === 'saved') setState('idle');
        }}
      />
      {state === 'saved' ? (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-ink">
          {text.passwordSaved}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-danger">
          {text.passwordFailed}
        </p>
      ) : null}
      <Button type="submit" disabled={state === 'busy'}>
        {state === 'busy' ? text.savingPassword : text.savePassword}
      </Button>
    </form>
  );
}
