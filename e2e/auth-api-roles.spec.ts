/**
 * Permissions (decisions 001, 002) through the API, as each seeded account: what the portal
 * hides is also refused by the Data API (RLS), whatever a crafted request
 * asks. Read-only for everyone but the refused writes, so it runs in parallel.
 */
import { flagNames } from '../src/lib/flags/defaults.ts';
import { apiAs } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

for (const role of ['anon', 'member', 'client'] as const) {
  test(`${role}: reads flags and cannot change one`, async ({ adminApi }) => {
    const api = await apiAs(role);
    const { data: flags, error } = await api.from('feature_flags').select('id,name,enabled').order('name');
    expect(error).toBeNull();
    expect(flags?.map((f) => f.name).sort()).toEqual([...flagNames].sort());

    const founder = flags?.find((f) => f.name === 'founder');
    const update = await api
      .from('feature_flags')
      .update({ enabled: !founder?.enabled })
      .eq('id', founder?.id ?? '')
      .select();
    // Refused by RLS or grants: either an error or no row touched.
    expect(update.error !== null || (update.data ?? []).length === 0).toBe(true);
    const { data: after } = await adminApi.from('feature_flags').select('enabled').eq('name', 'founder').single();
    expect(after?.enabled).toBe(founder?.enabled);
  });
}

test('client and member see only their own role row; nobody grants themselves a role', async () => {
  const client = await apiAs('client');
  const roles = await client.from('user_roles').select('user_id,role');
  expect(roles.data).toEqual([{ user_id: '00000000-0000-4000-8000-00000000c001', role: 'client' }]);
  const promote = await client
    .from('user_roles')
    .update({ role: 'admin' })
    .eq('user_id', '00000000-0000-4000-8000-00000000c001')
    .select();
  expect(promote.error !== null || (promote.data ?? []).length === 0).toBe(true);

  const member = await apiAs('member');
  expect((await member.from('user_roles').select('role')).data).toEqual([]);
  const grant = await member
    .from('user_roles')
    .insert({ user_id: '00000000-0000-4000-8000-00000000e001', role: 'admin' });
  expect(grant.error).not.toBeNull();
});

// Who reads the change history: flag-history-api.serial.spec.ts, which makes a change first.
test('admin reads every role', async ({ adminApi }) => {
  const roles = await adminApi.from('user_roles').select('role');
  expect((roles.data ?? []).map((r) => r.role).sort()).toEqual(['account_manager', 'admin', 'client', 'editor']);
});
