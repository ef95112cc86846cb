/**
 * Who can read the flag change history (docs/decisions/008-flag-changes-audited.md),
 * through the Data API as each seeded account. A change is made first, so the
 * history holds a row the admin must see and every other role must not: an
 * empty answer proves RLS filtered it, not that there was nothing to read.
 * Serial: it switches a flag (restored by setFlags).
 */
import { apiAs } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('the admin reads a fresh flag change; anon, member and client get no row of it', async ({
  adminApi,
  setFlags,
}) => {
  const { data: before, error: beforeError } = await adminApi
    .from('feature_flags')
    .select('enabled')
    .eq('name', 'founder')
    .single();
  expect(beforeError).toBeNull();
  await setFlags({ founder: !before?.enabled });

  const { data: rows, error } = await adminApi
    .from('feature_flag_changes')
    .select('id,flag_name,old_enabled,new_enabled,changed_by_email')
    .order('id', { ascending: false })
    .limit(1);
  expect(error).toBeNull();
  const change = rows?.[0];
  expect(change).toMatchObject({
    flag_name: 'founder',
    old_enabled: before?.enabled,
    new_enabled: !before?.enabled,
    changed_by_email: 'admin@example.com',
  });

  for (const role of ['anon', 'member', 'client'] as const) {
    const api = await apiAs(role);
    const history = await api
      .from('feature_flag_changes')
      .select('id')
      .eq('id', change?.id ?? -1);
    if (history.error) expect(history.error.code, role).toBe('42501');
    else expect(history.data, role).toEqual([]);
    const all = await api.from('feature_flag_changes').select('id').limit(1);
    if (all.error) expect(all.error.code, role).toBe('42501');
    else expect(all.data, role).toEqual([]);
  }
});
