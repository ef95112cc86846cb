/**
 * Safe flag changes in the database (docs/decisions/033-safe-flag-toggles.md):
 * a reason kept with each change, Undo of any recorded change (itself
 * recorded, and undoable), description changes in the audit trail, the
 * simple-admin page's reason, history and undo behind its password, and
 * nobody but admins (or the password) able to call any of it. Everything
 * through supabase-js as each kind of caller.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { snapshot, startTestBackend, type Client, type TestBackend } from './helpers.ts';

const PASSWORD = 'Configured#Simple-2025';

let backend: TestBackend;
let anon: Client;
let admin: Client;

beforeAll(async () => {
  backend = await startTestBackend({ simpleAdminPassword: PASSWORD });
  anon = backend.client();
  admin = await backend.signIn('admin');
});

afterAll(async () => {
  await backend?.stop();
});

/** Forget earlier password attempts (set-up as the superuser; the throttle has its own suite). */
beforeEach(async () => {
  await backend.db.query('delete from private.simple_admin_attempts');
});

async function flag(name: string): Promise<{ id: string; enabled: boolean; description: string | null }> {
  const { data, error } = await anon.from('feature_flags').select('id,enabled,description').eq('name', name).single();
  if (error || !data) throw new Error(`flag ${name}: ${error?.message}`);
  return data;
}

const CHANGE_COLUMNS =
  'id,flag_name,field,old_enabled,new_enabled,old_description,new_description,changed_by_email,source,reason,undoes_change_id';

async function latestChange(name: string) {
  const { data, error } = await admin
    .from('feature_flag_changes')
    .select(CHANGE_COLUMNS)
    .eq('flag_name', name)
    .order('id', { ascending: false })
    .limit(1)
    .single();
  if (error || !data) throw new Error(`latest change of ${name}: ${error?.message}`);
  return data;
}

describe('an admin switches a flag with a reason', () => {
  it('changes the flag and records the reason, trimmed, with who made the change', async () => {
    const before = await flag('teams');
    const result = await admin.rpc('set_feature_flag', {
      flag_id: before.id,
      enabled: !before.enabled,
      reason: '  Team page ready for launch  ',
    });
    expect(result).toMatchObject({ data: true, error: null });
    expect((await flag('teams')).enabled).toBe(!before.enabled);
    expect(await latestChange('teams')).toMatchObject({
      field: 'enabled',
      old_enabled: before.enabled,
      new_enabled: !before.enabled,
      changed_by_email: 'admin@example.com',
      source: 'portal',
      reason: 'Team page ready for launch',
      undoes_change_id: null,
    });
  });

  it('records no reason when none (or only spaces) is given', async () => {
    const before = await flag('teams');
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: !before.enabled, reason: '   ' });
    expect((await latestChange('teams')).reason).toBeNull();
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: before.enabled });
    expect((await latestChange('teams')).reason).toBeNull();
  });

  it('refuses a reason over 500 characters and changes nothing', async () => {
    const before = await flag('teams');
    const last = await latestChange('teams');
    const result = await admin.rpc('set_feature_flag', {
      flag_id: before.id,
      enabled: !before.enabled,
      reason: 'x'.repeat(501),
    });
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ code: '22001', message: 'A reason has at most 500 characters.' });
    expect(await flag('teams')).toEqual(before);
    expect(await latestChange('teams')).toEqual(last);
  });

  it('an unknown flag is 404', async () => {
    const result = await admin.rpc('set_feature_flag', {
      flag_id: '00000000-0000-4000-8000-000000000000',
      enabled: true,
    });
    expect(result.status).toBe(404);
    expect(result.error?.code).toBe('PT404');
  });
});

describe('description changes are audited', () => {
  it('records the old and the new description, and who changed it', async () => {
    const before = await flag('services');
    await admin.from('feature_flags').update({ description: 'What we do for brands.' }).eq('id', before.id);
    expect(await latestChange('services')).toMatchObject({
      field: 'description',
      old_enabled: before.enabled,
      new_enabled: before.enabled,
      old_description: before.description,
      new_description: 'What we do for brands.',
      changed_by_email: 'admin@example.com',
      source: 'portal',
    });
  });

  it('a change of both leaves one row for each', async () => {
    const before = await flag('partnerships');
    const { data: newest } = await admin
      .from('feature_flag_changes')
      .select('id')
      .order('id', { ascending: false })
      .limit(1);
    const lastId = newest?.[0]?.id ?? 0;
    await backend.db.query(
      `update public.feature_flags set enabled = not enabled, description = 'Partners.' where name = 'partnerships'`,
    );
    const { data } = await admin
      .from('feature_flag_changes')
      .select('field,source')
      .eq('flag_name', 'partnerships')
      .gt('id', lastId)
      .order('field');
    expect(data).toEqual([
      { field: 'description', source: 'sql' },
      { field: 'enabled', source: 'sql' },
    ]);
    await backend.db.query(
      `update public.feature_flags set enabled = ${before.enabled}, description = '${before.description}' where name = 'partnerships'`,
    );
  });
});

describe('undo', () => {
  it('restores the value a change replaced, records it with its reason, and an undo can be undone', async () => {
    const before = await flag('solutions');
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: !before.enabled, reason: 'Try it' });
    const change = await latestChange('solutions');

    const undo = await admin.rpc('undo_feature_flag_change', { change_id: change.id, reason: 'Too early' });
    expect(undo).toMatchObject({ data: true, error: null });
    expect((await flag('solutions')).enabled).toBe(before.enabled);
    const undone = await latestChange('solutions');
    expect(undone).toMatchObject({
      field: 'enabled',
      old_enabled: !before.enabled,
      new_enabled: before.enabled,
      changed_by_email: 'admin@example.com',
      source: 'portal',
      reason: 'Too early',
      undoes_change_id: change.id,
    });

    // Undo of the undo: back to the value the first change set.
    expect((await admin.rpc('undo_feature_flag_change', { change_id: undone.id })).data).toBe(true);
    expect((await flag('solutions')).enabled).toBe(!before.enabled);
    expect(await latestChange('solutions')).toMatchObject({ undoes_change_id: undone.id, reason: null });
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: before.enabled });
  });

  it('says there is nothing to undo (409) when the flag already has the earlier value', async () => {
    const before = await flag('solutions');
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: !before.enabled });
    const change = await latestChange('solutions');
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: before.enabled });
    const last = await latestChange('solutions');

    const result = await admin.rpc('undo_feature_flag_change', { change_id: change.id });
    expect(result.status).toBe(409);
    expect(result.error).toMatchObject({ code: 'PT409' });
    expect(result.error?.message).toMatch(/^solutions is already (on|off): there is nothing to undo\.$/);
    expect(await latestChange('solutions')).toEqual(last);
  });

  it('restores a description', async () => {
    const before = await flag('contact');
    await admin.from('feature_flags').update({ description: 'Write to us.' }).eq('id', before.id);
    const change = await latestChange('contact');
    expect((await admin.rpc('undo_feature_flag_change', { change_id: change.id })).data).toBe(true);
    expect((await flag('contact')).description).toBe(before.description);
    expect(await latestChange('contact')).toMatchObject({
      field: 'description',
      old_description: 'Write to us.',
      new_description: before.description,
      undoes_change_id: change.id,
    });
  });

  it('an unknown change is 404', async () => {
    const result = await admin.rpc('undo_feature_flag_change', { change_id: 999_999 });
    expect(result.status).toBe(404);
    expect(result.error).toMatchObject({ code: 'PT404', message: 'This change is not in the history.' });
  });
});

describe('nobody but admins may set or undo', () => {
  it.each(['anon', 'member', 'client', 'admin without a second factor'] as const)(
    '%s can call neither, and nothing changes',
    async (who) => {
      const db =
        who === 'admin without a second factor'
          ? await backend.signIn('admin', { aal: 'aal1' })
          : await backend.as(who);
      const target = await flag('insights');
      const change = await latestChange('solutions');
      const before = await snapshot(admin);
      const historyBefore = await admin.from('feature_flag_changes').select('id');

      const set = await db.rpc('set_feature_flag', { flag_id: target.id, enabled: !target.enabled, reason: 'mine' });
      const undo = await db.rpc('undo_feature_flag_change', { change_id: change.id });
      for (const result of [set, undo]) {
        expect(result.data).toBeNull();
        expect(result.error?.code).toBe('42501');
        expect([401, 403]).toContain(result.status);
      }
      expect(await snapshot(admin)).toEqual(before);
      expect((await admin.from('feature_flag_changes').select('id')).data).toEqual(historyBefore.data);
    },
  );
});

describe('the simple-admin page', () => {
  it('switches a flag with a reason, attributed to simple-admin; the three-argument call still works', async () => {
    const before = await flag('founder');
    const withReason = await anon.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: before.id,
      enabled: !before.enabled,
      reason: 'Photo shoot pending',
    });
    expect(withReason).toMatchObject({ data: true, error: null });
    expect(await latestChange('founder')).toMatchObject({
      field: 'enabled',
      new_enabled: !before.enabled,
      changed_by_email: 'simple-admin',
      source: 'simple-admin',
      reason: 'Photo shoot pending',
    });
    const without = await anon.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: before.id,
      enabled: before.enabled,
    });
    expect(without.data).toBe(true);
    expect(await latestChange('founder')).toMatchObject({ source: 'simple-admin', reason: null });
  });

  it('reads the history with the password (no account ids), and nothing without it', async () => {
    const { data, error } = await anon.rpc('simple_admin_flag_changes', { password: PASSWORD });
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
    expect(data?.length).toBeLessThanOrEqual(50);
    const ids = (data ?? []).map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(data?.[0] ?? {}).sort()).toEqual(
      [
        'id',
        'flag_name',
        'field',
        'old_enabled',
        'new_enabled',
        'old_description',
        'new_description',
        'changed_by_email',
        'source',
        'reason',
        'undoes_change_id',
        'changed_at',
      ].sort(),
    );
    const wrong = await anon.rpc('simple_admin_flag_changes', { password: 'not-the-password' });
    expect(wrong).toMatchObject({ data: [], error: null });
  });

  it('undoes a change with the password, attributed to simple-admin; a wrong password changes nothing', async () => {
    const before = await flag('our_process');
    await admin.rpc('set_feature_flag', { flag_id: before.id, enabled: !before.enabled });
    const change = await latestChange('our_process');

    const refused = await anon.rpc('simple_admin_undo_change', { password: 'not-the-password', change_id: change.id });
    expect(refused).toMatchObject({ data: false, error: null });
    expect((await flag('our_process')).enabled).toBe(!before.enabled);

    const undo = await anon.rpc('simple_admin_undo_change', {
      password: PASSWORD,
      change_id: change.id,
      reason: 'Not yet',
    });
    expect(undo).toMatchObject({ data: true, error: null });
    expect((await flag('our_process')).enabled).toBe(before.enabled);
    expect(await latestChange('our_process')).toMatchObject({
      changed_by_email: 'simple-admin',
      source: 'simple-admin',
      reason: 'Not yet',
      undoes_change_id: change.id,
    });
  });
});
