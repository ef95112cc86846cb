import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { PageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { Toaster, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { flagQueries } from '@/lib/flags/flag-queries';
import type { FeatureFlag } from '@/lib/flags/flag-names';
import {
  actionErrorMessage,
  loadErrorMessage,
  setFlagAsSimpleAdmin,
  simpleAdminQueries,
  unlockSimpleAdmin,
} from '../api/simple-admin';
import { gateReducer, initialGateState, INCORRECT_PASSWORD, type GateEvent } from '../simple-admin-state';

const FALLBACK_DESCRIPTION = 'Controls visibility of this feature';

function Gate({
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
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
                  <circle cx="12" cy="12" r="3" />
                  {shown ? <path d="M4 4l16 16" /> : null}
                </svg>
              </button>
            </div>
          )}
        </Field>
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
          >
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={checking}>
          {checking ? 'Checking…' : 'Unlock'}
        </Button>
      </form>
    </Card>
  );
}

const setFlagKey = ['simple-admin', 'set-flag'] as const;
type SetFlagVariables = { flag: FeatureFlag; enabled: boolean };

function Panel({ password, dispatch }: { password: string; dispatch: (e: GateEvent) => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useQuery(simpleAdminQueries.flags());
  const listKey = simpleAdminQueries.flags().queryKey;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const setFlag = useMutation({
    mutationKey: setFlagKey,
    mutationFn: ({ flag, enabled }: SetFlagVariables) => setFlagAsSimpleAdmin(password, flag.id, enabled),
    onSuccess: (changed, { flag, enabled }) => {
      if (!changed) {
        // The password was changed on the server since unlocking.
        dispatch({ type: 'password-rejected' });
        return;
      }
      // The local list changes only now that the server has accepted it (spec 4).
      const update = (list: FeatureFlag[] | undefined) => list?.map((f) => (f.id === flag.id ? { ...f, enabled } : f));
      queryClient.setQueryData(listKey, update);
      // The public site in this tab shows it at once; the refetch confirms.
      queryClient.setQueryData(flagQueries.list().queryKey, update);
      void queryClient.invalidateQueries({ queryKey: flagQueries.list().queryKey });
      toast({ variant: 'success', title: `${flag.name} is now ${enabled ? 'on' : 'off'}` });
    },
    onError: (error, { flag, enabled }) => {
      console.error('Simple admin flag update failed:', error);
      toast({
        variant: 'error',
        title: `Could not turn ${enabled ? 'on' : 'off'} ${flag.name}`,
        description: actionErrorMessage(error),
      });
    },
  });
  const pending = new Set(
    useMutationState({
      filters: { mutationKey: setFlagKey, status: 'pending' },
      select: (m) => (m.state.variables as SetFlagVariables | undefined)?.flag.id ?? '',
    }),
  );

  const logout = () => {
    queryClient.removeQueries({ queryKey: listKey });
    dispatch({ type: 'logout' });
  };

  const flags = query.data;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Simple Admin</p>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-ink focus:outline-none md:text-3xl">
            Feature Flags
          </h1>
          <p className="mt-1 text-ink-muted">Switch site sections and features on or off. Changes apply at once.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
          <Button variant="ghost" size="sm" onClick={logout}>
            Logout
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading feature flags…
        </p>
      ) : null}
      {query.isError ? (
        <div
          role="alert"
          className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          <p>{loadErrorMessage(query.error)}</p>
        </div>
      ) : null}
      {flags && flags.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <h2 className="text-xl font-semibold text-ink">No Feature Flags Found</h2>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : null}
      {flags && flags.length > 0 ? (
        <Card className="px-5">
          <ul className="divide-y divide-sand-200">
            {flags.map((flag) => {
              const busy = pending.has(flag.id);
              const descriptionId = `flag-${flag.id}-description`;
              return (
                <li key={flag.id} className="flex items-start gap-3 py-4 sm:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <code className="font-semibold text-ink">{flag.name}</code>
                      <Badge variant={flag.enabled ? 'success' : 'neutral'}>{flag.enabled ? 'On' : 'Off'}</Badge>
                    </div>
                    <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
                      {flag.description?.trim() || FALLBACK_DESCRIPTION}
                    </p>
                  </div>
                  <Switch
                    checked={flag.enabled}
                    aria-label={flag.name}
                    aria-describedby={descriptionId}
                    aria-busy={busy || undefined}
                    onCheckedChange={(enabled) => {
                      if (!busy) setFlag.mutate({ flag, enabled });
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

/** /simple-admin (spec 2.7, D2): a password gate, then the flag panel. English, staff only. */
export default function SimpleAdminPage() {
  const [state, dispatch] = useReducer(gateReducer, initialGateState);
  return (
    <Toaster>
      <PageMeta
        title="Simple Admin"
        description="Staff page to switch site sections and features."
        locale="en"
        path={paths.simpleAdmin()}
        noindex
        alternates={false}
      />
      <main className="min-h-screen bg-sand-50 px-4 py-12 md:py-16">
        {state.status === 'unlocked' ? (
          <Panel password={state.password} dispatch={dispatch} />
        ) : (
          <Gate checking={state.checking} error={state.error} dispatch={dispatch} />
        )}
      </main>
    </Toaster>
  );
}
