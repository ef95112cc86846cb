import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from '@/lib/validation/zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { useSession } from '@/lib/session/session-context';
import { STAFF_ROLES, isStaffRole, type StaffRole } from '@/lib/session/staff-roles';
import type { AppRole } from '@/lib/supabase/database-aliases';
import {
  accountQueries,
  declineRequest,
  inviteStaff,
  removeStaffAccess,
  revokeClientAccess,
  setStaffRole,
  type AccountEntry,
} from './accounts-api';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { ApproveDialog } from './approve-dialog';

const STATUS_LABEL: Record<string, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  declined: 'Declined',
  revoked: 'Access revoked',
};

const ACTION_LABEL: Record<string, string> = {
  approve: 'approved the request of',
  decline: 'declined the request of',
  revoke_client: 'revoked client access of',
  grant_admin: 'made admin',
  withdraw_admin: 'withdrew the admin role of',
};

const ROLE_LABEL: Record<AppRole, string> = {
  admin: 'Admin',
  account_manager: 'Account manager',
  editor: 'Editor',
  client: 'Client',
};

const roleName = (role: AppRole | null) => (role ? ROLE_LABEL[role] : 'No role');

/** An invitation's address, checked as the contact card checks one. */
const inviteEmail = z.pipe(
  z.string().check(z.trim(), z.maxLength(255, 'The address can be at most 255 characters.')),
  z.email('Enter an email address, like name@example.com.'),
);

function StaffRoleOptions() {
  return STAFF_ROLES.map((option) => (
    <option key={option} value={option}>
      {ROLE_LABEL[option]}
    </option>
  ));
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/**
 * Users (docs/decisions/070-accounts-run-themselves.md): every account with its
 * request, pending first; approve, decline with a note, revoke client access;
 * invite staff with a role, change a staff member's role or remove it
 * (docs/decisions/211-managing-staff.md); and the audit of these changes.
 */
export function UsersPage() {
  const id = useId();
  const session = useSession();
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  // Account managers see the client accounts of their companies (the database
  // answers them no other); inviting staff, staff roles and the audits are an admin's.
  const isAdmin = session.role === 'admin';
  const list = useQuery(accountQueries.list(search.trim()));
  const changes = useQuery({ ...accountQueries.changes(), enabled: isAdmin });
  const staffChanges = useQuery({ ...accountQueries.staffChanges(), enabled: isAdmin });
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const act = useMutation({
    mutationFn: async (run: () => Promise<void>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  });

  const run = async (label: string, work: () => Promise<void>) => {
    setMessage(null);
    try {
      await act.mutateAsync(work);
      setMessage({ kind: 'ok', text: label });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : 'The change failed.' });
    }
  };

  const accounts = list.data ?? [];
  return (
    <AdminPage
      section="users"
      title="Users"
      description={
        isAdmin
          ? 'Accounts, access requests and staff roles.'
          : 'The client accounts and access requests of the companies you manage.'
      }
    >
      {isAdmin ? (
        <InviteStaffCard
          onInvited={(text) => {
            setMessage({ kind: 'ok', text });
            void queryClient.invalidateQueries({ queryKey: accountQueries.all() });
          }}
        />
      ) : null}
      <div className="mb-4 max-w-md">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-ink">
          Search by email or company
        </label>
        <Input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'mb-4 text-danger' : 'mb-4 text-brand-700'}
        >
          {message.text}
        </p>
      ) : null}
      {list.isPending ? <p className="text-ink-muted">Loading accounts…</p> : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The accounts could not be loaded: {list.error.message}
        </p>
      ) : null}
      <Card className="overflow-x-auto">
        <table className="w-full min-w-[60rem] text-left text-sm">
          <thead className="bg-sand-50 text-ink-muted">
            <tr>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Company</th>
              <th className="px-3 py-2">Role</th>
              <th className="px-3 py-2">Request</th>
              <th className="px-3 py-2">Created</th>
              <th className="px-3 py-2">Last sign-in</th>
              <th className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <AccountRow
                key={account.user_id}
                account={account}
                isSelf={account.user_id === session.user?.id}
                managesStaff={isAdmin}
                busy={act.isPending}
                run={run}
                onApproved={(text) => setMessage({ kind: 'ok', text })}
              />
            ))}
          </tbody>
        </table>
      </Card>
      {isAdmin ? (
        <>
          <Card className="mt-8 p-6">
            <h2 className="text-xl font-semibold text-ink">Account changes</h2>
            {changes.error ? <p className="text-danger">The history could not be loaded.</p> : null}
            <ul className="mt-3 space-y-1 text-sm" aria-label="Account changes">
              {(changes.data ?? []).map((change) => (
                <li key={change.id}>
                  <span className="text-ink-muted">{when(change.changed_at)}</span> — {change.actor_email}{' '}
                  {ACTION_LABEL[change.action] ?? change.action} {change.target_email}
                  {change.note ? ` (“${change.note}”)` : ''}
                </li>
              ))}
              {changes.data?.length === 0 ? <li className="text-ink-muted">No changes yet.</li> : null}
            </ul>
          </Card>
          <Card className="mt-8 p-6">
            <h2 className="text-xl font-semibold text-ink">Staff role changes</h2>
            {staffChanges.error ? <p className="text-danger">The staff history could not be loaded.</p> : null}
            <ul className="mt-3 space-y-1 text-sm" aria-label="Staff role changes">
              {(staffChanges.data ?? []).map((change) => (
                <li key={change.id} data-testid="staff-change">
                  <span className="text-ink-muted">{when(change.changed_at)}</span> — {change.actor_email} changed the
                  role of {change.target_email}: {roleName(change.from_role)} → {roleName(change.to_role)}
                </li>
              ))}
              {staffChanges.data?.length === 0 ? <li className="text-ink-muted">No staff changes yet.</li> : null}
            </ul>
          </Card>
        </>
      ) : null}
    </AdminPage>
  );
}

function AccountRow({
  account,
  isSelf,
  managesStaff,
  busy,
  run,
  onApproved,
}: {
  account: AccountEntry;
  isSelf: boolean;
  /** An admin's row: the staff role control (the database refuses it to anyone else). */
  managesStaff: boolean;
  busy: boolean;
  run: (label: string, work: () => Promise<void>) => Promise<void>;
  onApproved: (message: string) => void;
}) {
  const [declining, setDeclining] = useState(false);
  const [approving, setApproving] = useState(false);
  const [note, setNote] = useState('');
  const name = `${account.first_name} ${account.last_name}`.trim() || '—';
  const who = account.email;
  return (
    <tr className="border-t border-sand-200 align-top" data-testid={`account-${account.email}`}>
      <td className="px-3 py-2">{name}</td>
      <td className="px-3 py-2">
        {account.email}
        {account.email_confirmed ? null : <span className="block text-xs text-ink-muted">Email not confirmed</span>}
      </td>
      <td className="px-3 py-2">{account.company || '—'}</td>
      <td className="px-3 py-2">{roleName(account.role)}</td>
      <td className="px-3 py-2">
        {account.request_status ? STATUS_LABEL[account.request_status] : 'No request'}
        {account.decision_note ? <span className="block text-xs text-ink-muted">{account.decision_note}</span> : null}
      </td>
      <td className="px-3 py-2">{when(account.created_at)}</td>
      <td className="px-3 py-2">{when(account.last_sign_in_at)}</td>
      <td className="space-y-2 px-3 py-2">
        {isSelf ? <span className="text-ink-muted">You</span> : null}
        {!isSelf && account.request_status === 'pending' && account.role === null ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={() => setApproving(true)}>
              Approve {who}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDeclining(true)}>
              Decline {who}
            </Button>
          </div>
        ) : null}
        {approving || account.request_status === 'pending' ? (
          <ApproveDialog account={account} open={approving} onOpenChange={setApproving} onApproved={onApproved} />
        ) : null}
        {declining ? (
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              void run(`Declined ${who}.`, () => declineRequest(account.user_id, note)).then(() => setDeclining(false));
            }}
          >
            <label className="block text-xs font-medium text-ink" htmlFor={`note-${account.user_id}`}>
              Note for the requester
            </label>
            <textarea
              id={`note-${account.user_id}`}
              required
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className="w-full rounded-md border border-sand-300 p-2"
            />
            <Button size="sm" type="submit" disabled={busy || note.trim() === ''}>
              Send decline
            </Button>
          </form>
        ) : null}
        {!isSelf && account.role === 'client' ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => {
              if (window.confirm(`Revoke client access of ${who}?`)) {
                void run(`Revoked client access of ${who}.`, () => revokeClientAccess(account.user_id));
              }
            }}
          >
            Revoke access of {who}
          </Button>
        ) : null}
        {!isSelf && managesStaff && account.role !== 'client' ? (
          <StaffRoleControl account={account} busy={busy} run={run} />
        ) : null}
      </td>
    </tr>
  );
}

/** A staff role for an account that is not a client's: given, changed or taken away (the database keeps the last admin). */
function StaffRoleControl({
  account,
  busy,
  run,
}: {
  account: AccountEntry;
  busy: boolean;
  run: (label: string, work: () => Promise<void>) => Promise<void>;
}) {
  const id = useId();
  const current = isStaffRole(account.role) ? account.role : '';
  const [role, setRole] = useState<StaffRole | ''>(current);
  const who = account.email;
  const save = () => {
    if (role === current) return;
    if (role === '') {
      if (window.confirm(`Remove the staff access of ${who}? The account stays, with no role.`)) {
        void run(`${who} no longer has staff access.`, () => removeStaffAccess(account.user_id));
      }
      return;
    }
    void run(`${who} is now ${ROLE_LABEL[role].toLowerCase()}.`, () => setStaffRole(account.user_id, role));
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={`${id}-role`} className="block text-xs font-medium text-ink">
          Staff role of {who}
        </label>
        <Select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRole | '')}>
          <option value="">No staff role</option>
          <StaffRoleOptions />
        </Select>
      </div>
      <Button size="sm" variant="secondary" disabled={busy || role === current} onClick={save}>
        Save role
      </Button>
    </div>
  );
}

/** Invites a team member by e-mail with a role; they choose a password from the mail and enrol a second factor. */
function InviteStaffCard({ onInvited }: { onInvited: (message: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({ mutationFn: (address: string) => inviteStaff(address, role) });
  return (
    <Card className="mb-6 p-6">
      <h2 className="text-xl font-semibold text-ink">Invite staff</h2>
      <p className="mt-1 text-sm text-ink-muted">
        We email them a link: they choose a password, then add the account to an authenticator app. Their role reaches
        nothing until then.
      </p>
      <form
        noValidate
        aria-label="Invite staff"
        className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          const checked = inviteEmail.safeParse(email);
          if (!checked.success) {
            setError(checked.error.issues[0]?.message ?? 'Enter an email address, like name@example.com.');
            return;
          }
          invite.mutate(checked.data, {
            onSuccess: () => {
              onInvited(`Invitation sent to ${checked.data} as ${ROLE_LABEL[role].toLowerCase()}.`);
              setEmail('');
            },
            onError: (failure) => setError(failure instanceof Error ? failure.message : 'The invitation failed.'),
          });
        }}
      >
        <div className="min-w-0 lg:flex-1">
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-ink">
            Email
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium text-ink">
            Role
          </label>
          <Select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            <StaffRoleOptions />
          </Select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-danger">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
