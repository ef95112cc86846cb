/**
 * site_publishes (supabase/migrations/20261123080000_site_publishes.sql,
 * docs/decisions/041-publishing-on-flag-change.md): every flag change,
 * however it is made, records a pending publish; only admins read them; no
 * API role writes them (only the service role, i.e. whoever publishes); and
 * the local publisher picks them up, re-renders and marks them published.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagMap } from '../../src/lib/flags/defaults.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { resolvePublicEnv } from '../../scripts/build-env.ts';
import { startLocalPublisher } from '../../scripts/lib/publish/local-publisher.ts';
import { writePublishedState, type Kit } from '../../scripts/lib/publish/pages.ts';
import { readLiveContent } from '../../scripts/lib/publish/live-content.ts';
import { flagMapFrom } from '../../scripts/lib/publish/plan.ts';
import { tokenPublishLog } from '../../scripts/lib/publish/publish-log.ts';
import { ACTORS, startTestBackend, type Actor, type Client, type TestBackend } from './helpers.ts';

let backend: TestBackend;
let service: Client;
const clients = new Map<Actor, Client>();
const as = (actor: Actor): Client => clients.get(actor)!;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  for (const actor of ACTORS) clients.set(actor, await backend.as(actor));
});

afterAll(async () => {
  await backend?.stop();
});

async function latest(): Promise<{
  id: number;
  flag_name: string | null;
  reason: string;
  status: string;
  error: string | null;
}> {
  const { data, error } = await service
    .from('site_publishes')
    .select('id,flag_name,reason,status,error')
    .order('id', { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  return data;
}

describe('the trigger', () => {
  it('records a pending publish for a change made through the API, and for one made in SQL', async () => {
    const update = await as('admin')
      .from('feature_flags')
      .update({ enabled: false })
      .eq('name', 'founder')
      .select('name');
    expect(update.error).toBeNull();
    expect(await latest()).toMatchObject({ flag_name: 'founder', reason: 'founder switched off', status: 'pending' });

    await backend.db.query("update public.feature_flags set enabled = true where name = 'founder'");
    expect(await latest()).toMatchObject({ flag_name: 'founder', reason: 'founder switched on', status: 'pending' });
  });

  it('records nothing when the value does not change', async () => {
    const before = await latest();
    await as('admin')
      .from('feature_flags')
      .update({ description: 'Founder section, unchanged value.' })
      .eq('name', 'founder');
    expect((await latest()).id).toBe(before.id);
  });
});

describe('who may read and write site_publishes', () => {
  it('the admin reads them; anon, member and client see none', async () => {
    const row = await latest();
    const admin = await as('admin').from('site_publishes').select('id,status').eq('id', row.id);
    expect(admin.error).toBeNull();
    expect(admin.data).toEqual([{ id: row.id, status: row.status }]);
    for (const actor of ['anon', 'member', 'client'] as const) {
      const read = await as(actor).from('site_publishes').select('id');
      if (read.error) expect(read.error.code, actor).toBe('42501');
      else expect(read.data, actor).toEqual([]);
    }
  });

  it('no API role, not even the admin, inserts, updates or deletes one', async () => {
    const row = await latest();
    for (const actor of ACTORS) {
      const db = as(actor);
      const insert = await db
        .from('site_publishes')
        .insert({ reason: `forged by ${actor}`, status: 'published' })
        .select('id');
      expect(insert.error?.code, `${actor} insert`).toBe('42501');
      const update = await db.from('site_publishes').update({ status: 'published' }).eq('id', row.id).select('id');
      expect(update.error?.code, `${actor} update`).toBe('42501');
      const remove = await db.from('site_publishes').delete().eq('id', row.id).select('id');
      expect(remove.error?.code, `${actor} delete`).toBe('42501');
    }
    expect(await latest()).toMatchObject({ id: row.id, status: row.status });
  });

  it('the service role (whoever publishes) marks them', async () => {
    const row = await latest();
    const update = await service.from('site_publishes').update({ status: 'publishing' }).eq('id', row.id).select('id');
    expect(update.error).toBeNull();
    expect(update.data).toHaveLength(1);
  });
});

describe('the build marks publishes with the publish token', () => {
  const token = 'test-publish-token-0123456789-abcdefghij';

  it('without the token (or with a wrong one) nobody claims or finishes anything', async () => {
    // No token set yet: every call is refused.
    const before = await as('anon').rpc('claim_site_publishes', { token });
    expect(before.error?.code).toBe('42501');
    await backend.db.query(`select private.set_site_publish_token('${token}')`);
    for (const actor of ACTORS) {
      const claim = await as(actor).rpc('claim_site_publishes', { token: `${token}-wrong` });
      expect(claim.error?.code, actor).toBe('42501');
      const finish = await as(actor).rpc('finish_site_publishes', { token: 'x', ids: [1], succeeded: true });
      expect(finish.error?.code, actor).toBe('42501');
    }
    // API roles cannot set the token.
    const set = await as('admin').rpc('set_site_publish_token' as never, { token: 'a'.repeat(40) } as never);
    expect(set.error).not.toBeNull();
  });

  it('with the token, the build claims the open publishes and marks them published or failed', async () => {
    await as('admin').from('feature_flags').update({ enabled: true }).eq('name', 'teams');
    await as('admin').from('feature_flags').update({ enabled: false }).eq('name', 'teams');
    const log = tokenPublishLog({ supabaseUrl: backend.url, anonKey: LOCAL_ANON_KEY, token });
    const claimed = await log.claimOpen();
    expect(claimed.length).toBeGreaterThanOrEqual(2);
    const open = await service.from('site_publishes').select('id,status').in('id', claimed);
    expect(open.data?.every((row) => row.status === 'publishing')).toBe(true);
    await log.finish(claimed.slice(0, 1), 'failed', 'the deploy hook answered 500');
    await log.finish(claimed.slice(1), 'published');
    const { data } = await service.from('site_publishes').select('id,status,error').in('id', claimed).order('id');
    expect(data?.find((row) => row.id === claimed[0])).toMatchObject({
      status: 'failed',
      error: 'the deploy hook answered 500',
    });
    expect(data?.filter((row) => row.id !== claimed[0]).every((row) => row.status === 'published')).toBe(true);
  });
});

describe('publishes coalesce', () => {
  /** Rows inserted since `afterId`: each INSERT fires the production webhook, i.e. starts one host build. */
  async function builds(afterId: number) {
    const { data, error } = await service
      .from('site_publishes')
      .select('id,status,changes,flag_name,reason')
      .gt('id', afterId)
      .order('id');
    if (error) throw error;
    return data;
  }

  async function toggle(times: number) {
    for (let i = 0; i < times; i += 1) {
      const { data: flag } = await as('admin').from('feature_flags').select('id,enabled').eq('name', 'teams').single();
      const set = await as('admin').rpc('set_feature_flag', { flag_id: flag!.id, enabled: !flag!.enabled });
      expect(set.error).toBeNull();
    }
  }

  it('ten toggles in a row queue one publish, carrying all ten changes', async () => {
    // Whatever earlier tests left open is served.
    await backend.db.query(
      `update public.site_publishes set status = 'published' where status in ('pending', 'publishing')`,
    );
    const start = (await latest()).id;
    await toggle(10);
    const queued = await builds(start);
    expect(queued).toEqual([expect.objectContaining({ status: 'pending', changes: 10, flag_name: 'teams' })]);
  });

  it('ten toggles while a build is in flight make at most two builds: the one running and one queued', async () => {
    await backend.db.query(
      `update public.site_publishes set status = 'published' where status in ('pending', 'publishing')`,
    );
    const start = (await latest()).id;
    await toggle(1);
    // The host's build starts and claims it.
    await backend.db.query(`update public.site_publishes set status = 'publishing' where status = 'pending'`);
    await toggle(9);
    const queued = await builds(start);
    expect(queued.map((row) => [row.status, row.changes])).toEqual([
      ['publishing', 1],
      ['pending', 9],
    ]);
  });

  it('the database holds at most one queued publish, whatever writes the table', async () => {
    await backend.db.query(
      `update public.site_publishes set status = 'published' where status in ('pending', 'publishing')`,
    );
    await service.from('site_publishes').insert({ reason: 'one' });
    const second = await service.from('site_publishes').insert({ reason: 'two' });
    expect(second.error?.code).toBe('23505');
    await backend.db.query(`update public.site_publishes set status = 'published' where status = 'pending'`);
  });
});

describe('the local publisher', () => {
  const outDirs: string[] = [];
  afterAll(() => {
    for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A publisher over a fresh build's state (the flags and content as they are now), with a kit that records what it renders. */
  async function startPublisher(options: Pick<Parameters<typeof startLocalPublisher>[0], 'intervalMs' | 'wake'>) {
    const outDir = mkdtempSync(join(tmpdir(), 'local-publisher-'));
    outDirs.push(outDir);
    const rendered: string[] = [];
    const kit: Kit = {
      template: '<html><head><meta name="viewport" content="x"></head><body><div id="root"></div></body></html>',
      appCss: '',
      renderPage: async (url: string, flags: FlagMap) => {
        rendered.push(url);
        return `<main><h1>${url}</h1>${flags.founder ? '<section id="founder"></section>' : ''}</main>`;
      },
    };
    const env = { ...resolvePublicEnv('production'), VITE_SUPABASE_URL: backend.url };
    const { data: rows } = await service.from('feature_flags').select('name,enabled');
    const current = flagMapFrom(rows ?? []);
    await writePublishedState(outDir, {
      flags: current,
      env,
      source: 'database',
      publishedAt: new Date().toISOString(),
      content: await readLiveContent({ supabaseUrl: backend.url, anonKey: LOCAL_ANON_KEY }),
    });
    const publisher = await startLocalPublisher({
      outDir,
      supabaseUrl: backend.url,
      anonKey: LOCAL_ANON_KEY,
      serviceKey: LOCAL_SERVICE_ROLE_KEY,
      env,
      kit,
      quiet: true,
      ...options,
    });
    // Nothing changed since the state was written: nothing is written (the renders so far only warm up).
    await publisher.sync();
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
    rendered.length = 0;
    return { outDir, rendered, current, publisher };
  }

  it('re-renders the affected pages after a change and marks the publish published', async () => {
    const { outDir, rendered, current, publisher } = await startPublisher({ intervalMs: 200 });
    try {
      await backend.db.query(`update public.feature_flags set enabled = ${!current.founder} where name = 'founder'`);
      // The round marks its publish published last, after the pages, the state and the flags it serves by.
      await expect.poll(async () => (await latest()).status, { timeout: 10_000 }).toBe('published');
      expect(existsSync(join(outDir, 'index.html'))).toBe(true);
      expect(rendered.sort()).toEqual(['/', '/fr']);
      expect(readFileSync(join(outDir, 'index.html'), 'utf8').includes('id="founder"')).toBe(!current.founder);
      expect(publisher.flags().founder).toBe(!current.founder);
      const open = await service.from('site_publishes').select('id').in('status', ['pending', 'publishing']);
      expect(open.data).toEqual([]);
    } finally {
      await publisher.stop();
      await backend.db.query(`update public.feature_flags set enabled = ${current.founder} where name = 'founder'`);
    }
  });

  it('publishes on the database’s notification, with no timed round due', async () => {
    // A round every ten minutes: within this test only the notification can start one.
    const { outDir, rendered, current, publisher } = await startPublisher({
      intervalMs: 600_000,
      wake: (round) => backend.db.listen('site_publishes', () => round()),
    });
    try {
      const { error } = await as('admin')
        .from('feature_flags')
        .update({ enabled: !current.founder })
        .eq('name', 'founder');
      expect(error).toBeNull();
      await expect.poll(async () => (await latest()).status, { timeout: 10_000 }).toBe('published');
      expect(rendered.sort()).toEqual(['/', '/fr']);
      expect(readFileSync(join(outDir, 'index.html'), 'utf8').includes('id="founder"')).toBe(!current.founder);
    } finally {
      await publisher.stop();
      await backend.db.query(`update public.feature_flags set enabled = ${current.founder} where name = 'founder'`);
    }
  });
});
