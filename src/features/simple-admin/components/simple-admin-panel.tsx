import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { ChangeHistory } from '@/lib/flags/panel/change-history';
import { flagChangeQueries } from '@/lib/flags/panel/flag-change-queries';
import { FlagList, FlagPanel, ReasonField, useStaffFlagList } from '@/lib/flags/panel/flag-panel';
import { outcomeToasts } from '@/lib/flags/panel/outcome-toasts';
import { ErrorAlert, LoadingRows, RefreshButton } from '@/lib/flags/panel/panel-states';
import type { FlagWriteOutcome } from '@/lib/flags/panel/use-flag-writes';
import {
  actionErrorMessage,
  loadErrorMessage,
  PasswordRejectedError,
  simpleAdminChangeQueries,
  simpleAdminFlagWriter,
} from '../api/simple-admin';
import type { GateEvent } from '../simple-admin-state';

function failures(outcome: FlagWriteOutcome): unknown[] {
  return outcome.kind === 'set' ? outcome.failed.map((f) => f.error) : outcome.error ? [outcome.error] : [];
}

/**
 * The unlocked page: the shared flag panel and change history, writing and
 * reading with the password kept in memory. A change shows only once the
 * server accepted it; a password the server no longer accepts locks the page.
 */
export function SimpleAdminPanel({ password, dispatch }: { password: string; dispatch: (e: GateEvent) => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useStaffFlagList();
  const history = useQuery(simpleAdminChangeQueries.latest(password));

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const writer = useMemo(() => simpleAdminFlagWriter(password), [password]);
  const onOutcome = useCallback(
    (outcome: FlagWriteOutcome) => {
      const errors = failures(outcome);
      if (errors.some((error) => error instanceof PasswordRejectedError)) {
        dispatch({ type: 'password-rejected' });
        return;
      }
      if (errors.length > 0) console.error('Simple admin flag update failed:', errors);
      for (const input of outcomeToasts(outcome, actionErrorMessage)) toast(input);
    },
    [dispatch, toast],
  );
  const logout = () => {
    // The history was read with the password: forget it with the password.
    queryClient.removeQueries({ queryKey: flagChangeQueries.all() });
    dispatch({ type: 'logout' });
  };

  const flags = query.data;
  return (
    <FlagPanel writer={writer} optimistic={false} onOutcome={onOutcome}>
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Simple Admin</p>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-semibold text-ink focus:outline-none md:text-3xl"
            >
              Feature Flags
            </h1>
            <p className="mt-1 text-ink-muted">Switch site sections and features on or off. Changes apply at once.</p>
          </div>
          <div className="flex gap-2">
            <RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} />
            <Button variant="ghost" size="sm" onClick={logout}>
              Logout
            </Button>
          </div>
        </div>
        {query.isPending ? <LoadingRows label="Loading feature flags…" /> : null}
        {query.isError ? <ErrorAlert>{loadErrorMessage(query.error)}</ErrorAlert> : null}
        {flags && flags.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <h2 className="text-xl font-semibold text-ink">No Feature Flags Found</h2>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : null}
        {flags && flags.length > 0 ? (
          <Card className="px-5 pt-4">
            <ReasonField className="mb-2" />
            <FlagList flags={flags} />
          </Card>
        ) : null}
        <ChangeHistory query={history} />
      </div>
    </FlagPanel>
  );
}
