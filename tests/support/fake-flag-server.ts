/**
 * The flags and their history as the staff screens' tests see the server: a
 * small model of the database side of docs/decisions/033-safe-flag-toggles.md
 * behind `fakeSupabase`. It answers the flag list, the history, the role
 * lookup and the RPCs of the portal (set_feature_flag,
 * undo_feature_flag_change) and of the simple admin page (unlock, set, history,
 * undo with the password), recording each change as the audit trigger would.
 * A test replaces one answer with `server.override[name]`, and can still
 * call `server.handle(call)` for the normal one.
 */
import type { SitePublish } from '@/features/admin-portal/flags/site-publishes-api';
import type { FeatureFlag } from '@/lib/flags/flag-queries';
import type { FlagChange } from '@/lib/flags/panel/flag-change-queries';
import { flagMeta } from '@/lib/flags/registry';
import { flagList } from './render';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from './fake-supabase';

type Answer = (call: FakeCall) => FakeResponse | Promise<FakeResponse>;

export type FakeFlagServer = {
  flags: FeatureFlag[];
  /** Newest first, as the history reads them. */
  changes: FlagChange[];
  /** site_publishes, newest first (the admin portal's "Live site" status reads the first). */
  publishes: SitePublish[];
  /** The simple-admin password the server accepts. */
  password: string;
  /** Answers by RPC or table name instead of the model. */
  override: Partial<Record<string, Answer>>;
  /** The model's answer. */
  handle: (call: FakeCall) => FakeResponse;
  /** Calls of one RPC, in order. */
  rpcCalls: (name: string) => FakeCall[];
  /** How many times the flag list was read. */
  listReads: () => number;
  /** A change recorded by someone else (SQL, another screen). */
  record: (change: Partial<FlagChange> & Pick<FlagChange, 'flag_name'>) => FlagChange;
  /** An admin rewrites a flag's description: the flag changes and the history records it. */
  editDescription: (name: string, description: string) => FlagChange;
};

const ADMIN_EMAIL = 'admin@example.com';

/** The flags at their defaults, with the descriptions the migrations seed. */
function seededFlags(): FeatureFlag[] {
  return flagList().map((flag) => ({ ...flag, description: flagMeta(flag.name)?.description ?? null }));
}

export function installFakeFlagServer(flags: FeatureFlag[] = seededFlags()): FakeFlagServer {
  let nextId = 1;
  const who = (source: 'portal' | 'simple-admin') =>
    source === 'portal' ? { source, changed_by_email: ADMIN_EMAIL } : { source, changed_by_email: 'simple-admin' };
  const server: FakeFlagServer = {
    flags,
    changes: [],
    publishes: [],
    password: 'Correct#Horse2025',
    override: {},
    handle: (call) => handle(call),
    rpcCalls: (name) => fakeSupabase.state.calls.filter((c) => c.rpc === name),
    listReads: () =>
      fakeSupabase.state.calls.filter((c) => c.table === 'feature_flags' && c.method === 'select').length,
    record: (change) => {
      const full: FlagChange = {
        id: nextId++,
        field: 'enabled',
        old_enabled: false,
        new_enabled: true,
        old_description: null,
        new_description: null,
        changed_by_email: 'service role / SQL',
        source: 'sql',
        reason: null,
        undoes_change_id: null,
        changed_at: new Date(Date.UTC(2025, 3, 28, 12, 0, nextId)).toISOString(),
        ...change,
      };
      server.changes = [full, ...server.changes];
      return full;
    },
    editDescription: (name, description) => {
      const flag = server.flags.find((f) => f.name === name);
      if (!flag) throw new Error(`no flag ${name}`);
      server.flags = server.flags.map((f) => (f.name === name ? { ...f, description } : f));
      return server.record({
        flag_name: name,
        field: 'description',
        old_enabled: flag.enabled,
        new_enabled: flag.enabled,
        old_description: flag.description,
        new_description: description,
        ...who('portal'),
      });
    },
  };

  function setEnabled(flagId: string, enabled: boolean, reason: string | undefined, source: 'portal' | 'simple-admin') {
    const flag = server.flags.find((f) => f.id === flagId);
    if (!flag) return { data: null, error: { message: 'Feature flag not found.', code: 'PT404' }, status: 404 };
    if (flag.enabled !== enabled) {
      server.flags = server.flags.map((f) => (f.id === flagId ? { ...f, enabled } : f));
      server.record({
        flag_name: flag.name,
        old_enabled: flag.enabled,
        new_enabled: enabled,
        reason: reason ?? null,
        ...who(source),
      });
    }
    return { data: true, error: null };
  }

  function undo(changeId: number, reason: string | undefined, source: 'portal' | 'simple-admin'): FakeResponse {
    const change = server.changes.find((c) => c.id === changeId);
    if (!change)
      return { data: null, error: { message: 'This change is not in the history.', code: 'PT404' }, status: 404 };
    const flag = server.flags.find((f) => f.name === change.flag_name);
    if (!flag)
      return {
        data: null,
        error: { message: 'The flag of this change no longer exists.', code: 'PT404' },
        status: 404,
      };
    const common = { flag_name: flag.name, reason: reason ?? null, undoes_change_id: change.id, ...who(source) };
    if (change.field === 'description') {
      if (flag.description === change.old_description)
        return {
          data: null,
          error: { message: `${flag.name} already has that description: there is nothing to undo.`, code: 'PT409' },
          status: 409,
        };
      server.flags = server.flags.map((f) => (f.id === flag.id ? { ...f, description: change.old_description } : f));
      server.record({
        ...common,
        field: 'description',
        old_enabled: flag.enabled,
        new_enabled: flag.enabled,
        old_description: flag.description,
        new_description: change.old_description,
      });
      return { data: true, error: null };
    }
    if (flag.enabled === change.old_enabled)
      return {
        data: null,
        error: {
          message: `${flag.name} is already ${flag.enabled ? 'on' : 'off'}: there is nothing to undo.`,
          code: 'PT409',
        },
        status: 409,
      };
    server.flags = server.flags.map((f) => (f.id === flag.id ? { ...f, enabled: change.old_enabled } : f));
    server.record({ ...common, old_enabled: flag.enabled, new_enabled: change.old_enabled });
    return { data: true, error: null };
  }

  function handle(call: FakeCall): FakeResponse {
    const args = (call.args ?? {}) as Record<string, unknown>;
    const passwordOk = args.password === server.password;
    switch (call.rpc) {
      case 'set_feature_flag':
        return setEnabled(String(args.flag_id), Boolean(args.enabled), args.reason as string | undefined, 'portal');
      case 'undo_feature_flag_change':
        return undo(Number(args.change_id), args.reason as string | undefined, 'portal');
      case 'simple_admin_unlock':
        return { data: passwordOk, error: null };
      case 'simple_admin_set_flag':
        if (!passwordOk) return { data: false, error: null };
        return setEnabled(
          String(args.flag_id),
          Boolean(args.enabled),
          args.reason as string | undefined,
          'simple-admin',
        );
      case 'simple_admin_flag_changes':
        return { data: passwordOk ? server.changes : [], error: null };
      case 'simple_admin_undo_change':
        if (!passwordOk) return { data: false, error: null };
        return undo(Number(args.change_id), args.reason as string | undefined, 'simple-admin');
      case null:
        break;
      default:
        return { data: null, error: { message: `unexpected rpc ${call.rpc}` } };
    }
    if (call.table === 'feature_flags' && call.method === 'select') return { data: server.flags, error: null };
    if (call.table === 'feature_flag_changes' && call.method === 'select') return { data: server.changes, error: null };
    if (call.table === 'site_publishes' && call.method === 'select')
      return { data: server.publishes[0] ?? null, error: null };
    if (call.table === 'user_roles') return { data: { role: 'admin' }, error: null };
    return { data: null, error: { message: `unexpected ${call.method} on ${call.table}` } };
  }

  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    const override = server.override[call.rpc ?? call.table ?? ''];
    return override ? override(call) : handle(call);
  };
  return server;
}
