/**
 * News items and blog posts (docs/decisions/160-content-in-the-database.md):
 * what each kind of caller may read, write and call, through supabase-js:
 * anon, member (no role), requester (pending request), the seeded client of
 * company A, the client of company B, a revoked client, the admin at aal1 and
 * at aal2. Drafts, scheduled items (publish time ahead) and unpublished items
 * are visible to the admin at aal2 only; published ones to everyone. Nobody
 * writes the tables directly; only the admin at aal2 gets through the staff
 * functions, and only the admin at aal2 uploads to the content-images bucket,
 * whose files anyone reads at their public URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../src/lib/supabase/database.types.ts';
import {
  ok,
  PORTAL_ACTORS,
  setUpPortalActors,
  startTestBackend,
  type Client,
  type PortalActor,
  type PortalActors,
  type TestBackend,
} from './helpers.ts';

let backend: TestBackend;
let actors: PortalActors;
const item = { draft: '', scheduled: '', published: '', unpublished: '' };
const ours = () => Object.values(item);

function payload(kind: 'news' | 'blog', slug: string, languages: ('en' | 'fr')[] = ['en']) {
  const translations: Record<string, Json> = {};
  for (const lang of languages) {
    translations[lang] = {
      title: `${slug} ${lang}`,
      slug,
      excerpt: 'Excerpt',
      body_md: 'Body text.',
      date: '2026-11-27',
    };
  }
  return { kind, category: kind === 'news' ? 'partnership' : 'sourcing', translations };
}

beforeAll(async () => {
  backend = await startTestBackend({ outbox: { webhook: false, intervalMs: null } });
  actors = await setUpPortalActors(backend, randomUUID());
  const admin = actors.as('admin');
  const save = async (body: Json) => ok(await admin.rpc('save_content_item', { payload: body }), 'save') as string;
  item.draft = await save(payload('news', 'rls-draft'));
  item.scheduled = await save(payload('blog', 'rls-scheduled'));
  ok(
    await admin.rpc('schedule_content_item', {
      item_id: item.scheduled,
      at: new Date(Date.now() + 24 * 3600_000).toISOString(),
    }),
    'schedule',
  );
  item.published = await save(payload('blog', 'rls-published', ['en', 'fr']));
  ok(await admin.rpc('publish_content_item', { item_id: item.published }), 'publish');
  item.unpublished = await save(payload('news', 'rls-unpublished'));
  ok(await admin.rpc('publish_content_item', { item_id: item.unpublished }), 'publish 2');
  // A published item's old slug: the redirect is public once the item is.
  ok(
    await admin.rpc('save_content_item', {
      payload: { ...payload('news', 'rls-unpublished-2'), id: item.unpublished },
    }),
    'rename',
  );
  ok(await admin.rpc('unpublish_content_item', { item_id: item.unpublished }), 'unpublish');
});

afterAll(async () => {
  await backend?.stop();
});

/** Every content table, as one digest (read as the superuser). */
async function digest(): Promise<string> {
  const tables = [
    'public.content_items',
    'public.content_translations',
    'public.content_versions',
    'public.content_audit',
    'public.content_slug_redirects',
  ];
  const parts = tables.map(
    (table) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${table} t)`,
  );
  const [row] = await backend.db.query<{ digest: string }>(`select concat_ws(',', ${parts.join(', ')}) as digest`);
  return row?.digest ?? '';
}

type Outcome = number | 'ok' | 'denied' | string;
type Result = { data: unknown; error: { code: string; message: string } | null };
const rowsOf = (data: unknown) => (Array.isArray(data) ? data.length : 0);

function outcomeOf(result: Result, count?: (data: unknown) => number): Outcome {
  if (result.error) return result.error.code === '42501' ? 'denied' : result.error.code;
  return count ? count(result.data) : 'ok';
}

interface Check {
  attempt: (db: Client) => PromiseLike<Result>;
  count?: (data: unknown) => number;
  /** Per actor, in PORTAL_ACTORS order. */
  expected: Outcome[];
}

const everyone = (outcome: Outcome): Outcome[] => PORTAL_ACTORS.map(() => outcome);
const staffOnly = (staff: Outcome, others: Outcome): Outcome[] =>
  PORTAL_ACTORS.map((actor) => (actor === 'admin' ? staff : others));

//                         anon, member, requester, clientA, clientB, revoked, adminAal1, admin
const reads: Record<string, Check> = {
  'content_items (ours)': {
    attempt: (db) => db.from('content_items').select('id').in('id', ours()),
    count: rowsOf,
    expected: staffOnly(4, 1),
  },
  // Staff accounts' ids stay out of every reader's reach; staff read who did what in the audit.
  'who created or changed an item (created_by, updated_by)': {
    attempt: (db) => db.from('content_items').select('id, created_by, updated_by').in('id', ours()),
    expected: everyone('denied'),
  },
  'every column at once (select=*), as the public pages never ask': {
    attempt: (db) => db.from('content_items').select('*').eq('id', item.published),
    expected: everyone('denied'),
  },
  'the content columns of a published item': {
    attempt: (db) =>
      db
        .from('content_items')
        .select(
          'id, kind, status, publish_at, featured, category, image_path, image_width, image_height, author_name, created_at, updated_at',
        )
        .eq('id', item.published),
    count: rowsOf,
    expected: everyone(1),
  },
  'content_translations (ours)': {
    attempt: (db) => db.from('content_translations').select('item_id, lang').in('item_id', ours()),
    count: rowsOf,
    expected: staffOnly(5, 2),
  },
  'content_slug_redirects (ours)': {
    attempt: (db) => db.from('content_slug_redirects').select('old_slug').in('item_id', ours()),
    count: rowsOf,
    expected: staffOnly(1, 0),
  },
  'content_versions (ours)': {
    attempt: (db) => db.from('content_versions').select('id').in('item_id', ours()),
    count: (data) => (rowsOf(data) > 0 ? 1 : 0),
    expected: ['denied', 0, 0, 0, 0, 0, 0, 1],
  },
  'content_audit (ours)': {
    attempt: (db) => db.from('content_audit').select('id').in('item_id', ours()),
    count: (data) => (rowsOf(data) > 0 ? 1 : 0),
    expected: ['denied', 0, 0, 0, 0, 0, 0, 1],
  },
  'the published posts and news moved from the site (blog en, blog fr, news en, news fr)': {
    attempt: (db) =>
      db
        .from('content_translations')
        .select('kind, lang, slug')
        .not('item_id', 'in', `(${ours().join(',')})`),
    count: (data) => {
      const rows = (data ?? []) as { kind: string; lang: string }[];
      const n = (kind: string, lang: string) => rows.filter((row) => row.kind === kind && row.lang === lang).length;
      return Number(`${n('blog', 'en')}${n('blog', 'fr')}${n('news', 'en')}${n('news', 'fr')}`);
    },
    expected: everyone(6254),
  },
};

describe('content reads', () => {
  for (const [name, check] of Object.entries(reads)) {
    it(name, async () => {
      const outcomes: Outcome[] = [];
      for (const actor of PORTAL_ACTORS) outcomes.push(outcomeOf(await check.attempt(actors.as(actor)), check.count));
      expect(outcomes).toEqual(check.expected);
    });
  }

  it('a published item whose publish time is ahead is still invisible (only the admin at aal2 sees it)', async () => {
    await backend.db.query(
      `update public.content_items set publish_at = now() + interval '1 day' where id = '${item.published}'`,
    );
    try {
      const outcomes: Outcome[] = [];
      for (const actor of PORTAL_ACTORS) {
        outcomes.push(
          outcomeOf(await actors.as(actor).from('content_items').select('id').eq('id', item.published), rowsOf),
        );
      }
      expect(outcomes).toEqual(staffOnly(1, 0));
    } finally {
      await backend.db.query(
        `update public.content_items set publish_at = now() - interval '1 hour' where id = '${item.published}'`,
      );
    }
  });
});

const writes: Record<string, (db: Client) => PromiseLike<Result>> = {
  'insert content_items': (db) => db.from('content_items').insert({ kind: 'news' }).select('id') as PromiseLike<Result>,
  'update content_items': (db) =>
    db.from('content_items').update({ featured: true }).in('id', ours()).select('id') as PromiseLike<Result>,
  'delete content_items': (db) =>
    db.from('content_items').delete().in('id', ours()).select('id') as PromiseLike<Result>,
  'insert content_translations': (db) =>
    db
      .from('content_translations')
      .insert({ item_id: item.draft, kind: 'news', lang: 'fr', title: 'Forged', slug: 'forged', date: '2026-01-01' })
      .select('item_id') as PromiseLike<Result>,
  'update content_translations': (db) =>
    db
      .from('content_translations')
      .update({ title: 'Forged' })
      .in('item_id', ours())
      .select('item_id') as PromiseLike<Result>,
  'insert content_slug_redirects': (db) =>
    db
      .from('content_slug_redirects')
      .insert({ kind: 'blog', lang: 'en', old_slug: 'forged', item_id: item.published })
      .select('old_slug') as PromiseLike<Result>,
  'delete content_versions': (db) =>
    db.from('content_versions').delete().in('item_id', ours()).select('id') as PromiseLike<Result>,
  'insert content_audit': (db) =>
    db
      .from('content_audit')
      .insert({ item_id: item.draft, kind: 'news', action: 'update' })
      .select('id') as PromiseLike<Result>,
};

describe('direct writes to the content tables', () => {
  for (const [name, attempt] of Object.entries(writes)) {
    it(`${name}: refused for everyone, the admin at aal2 included`, async () => {
      const before = await digest();
      const outcomes: Outcome[] = [];
      for (const actor of PORTAL_ACTORS) outcomes.push(outcomeOf(await attempt(actors.as(actor))));
      expect(outcomes).toEqual(everyone('denied'));
      expect(await digest()).toBe(before);
    });
  }
});

const rpcs: Record<string, (db: Client) => PromiseLike<Result>> = {
  save_content_item: (db) =>
    db.rpc('save_content_item', { payload: payload('news', `rls-new-${randomUUID().slice(0, 8)}`) }),
  'save_content_item (edit)': (db) =>
    db.rpc('save_content_item', { payload: { ...payload('news', 'rls-draft'), id: item.draft, featured: true } }),
  publish_content_item: (db) => db.rpc('publish_content_item', { item_id: item.draft }),
  schedule_content_item: (db) =>
    db.rpc('schedule_content_item', { item_id: item.draft, at: new Date(Date.now() + 3600_000).toISOString() }),
  unpublish_content_item: (db) => db.rpc('unpublish_content_item', { item_id: item.published }),
  delete_content_item: (db) => db.rpc('delete_content_item', { item_id: item.published }),
  restore_content_version: (db) => db.rpc('restore_content_version', { version_id: 1 }),
};

describe('the staff functions', () => {
  for (const [name, attempt] of Object.entries(rpcs)) {
    it(`${name}: refused for all but the admin at aal2, changing nothing`, async () => {
      const before = await digest();
      const outcomes: Outcome[] = [];
      for (const actor of PORTAL_ACTORS.filter((actor) => actor !== 'admin')) {
        outcomes.push(outcomeOf(await attempt(actors.as(actor))));
      }
      expect(outcomes).toEqual(everyone('denied').slice(1));
      expect(await digest()).toBe(before);
    });
  }

  it('the admin at aal2 edits through them', async () => {
    const result = await actors
      .as('admin')
      .rpc('save_content_item', { payload: { ...payload('news', 'rls-draft'), id: item.draft, featured: true } });
    expect(result.error).toBeNull();
    expect(result.data).toBe(item.draft);
  });
});

/** The first bytes of a PNG: enough for the bucket's type check. */
const png = () =>
  new Blob([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')], { type: 'image/png' });

describe('the content-images bucket', () => {
  it.each(PORTAL_ACTORS)('%s uploads, replaces and removes only as the admin at aal2', async (actor: PortalActor) => {
    const staff = actor === 'admin';
    const path = `tests/${actor}-${randomUUID()}.png`;
    const storage = actors.as(actor).storage.from('content-images');
    const upload = await storage.upload(path, png());
    expect(upload.error === null, `${actor} upload: ${upload.error?.message}`).toBe(staff);
    if (!staff) ok(await actors.as('admin').storage.from('content-images').upload(path, png()), 'staff upload');
    const update = await storage.update(path, png());
    expect(update.error === null, `${actor} update: ${update.error?.message}`).toBe(staff);
    await storage.remove([path]);
    const served = await fetch(`${backend.url}/storage/v1/object/public/content-images/${path}`);
    await served.arrayBuffer();
    // Removed only by staff: for everyone else the file is still served.
    expect(served.status, `${actor} remove`).toBe(staff ? 400 : 200);
  });

  it('anyone reads a file at its public URL, without a key', async () => {
    const path = `tests/public-${randomUUID()}.png`;
    ok(await actors.as('admin').storage.from('content-images').upload(path, png()), 'upload');
    const response = await fetch(`${backend.url}/storage/v1/object/public/content-images/${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
  });

  it('refuses SVG, and files above the size limit, even from staff', async () => {
    const storage = actors.as('admin').storage.from('content-images');
    const svg = await storage.upload(
      `tests/${randomUUID()}.svg`,
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
      {
        contentType: 'image/svg+xml',
      },
    );
    expect(svg.error).not.toBeNull();
    const big = await storage.upload(
      `tests/${randomUUID()}.png`,
      new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }),
    );
    expect(big.error).not.toBeNull();
  });
});

describe('content images nothing uses (docs/decisions/181-unused-content-images-removed.md)', () => {
  /** Uploaded a day and more ago (set as the superuser: the test's clock, not a permission). */
  const makeOld = (name: string) =>
    backend.db.query(
      `update storage.objects set created_at = now() - interval '2 days' where bucket_id = 'content-images' and name = $1`,
      [name],
    );

  it('are named to the admin at aal2 once neither an item nor a kept version uses them, and removed', async () => {
    const admin = actors.as('admin');
    const storage = admin.storage.from('content-images');
    const [first, second, stray, fresh] = ['first', 'second', 'stray', 'fresh'].map(
      (label) => `tests/unused-${label}-${randomUUID()}.png`,
    ) as [string, string, string, string];
    for (const name of [first, second, stray, fresh]) ok(await storage.upload(name, png()), `upload ${name}`);
    for (const name of [first, second, stray]) await makeOld(name);
    const unused = async () => {
      const names = ok(await admin.rpc('unused_content_images'), 'unused') as string[];
      return names.filter((name) => [first, second, stray, fresh].includes(name)).sort();
    };
    const withImage = (path: string) => ({
      ...payload('blog', `unused-${randomUUID()}`),
      image: { path, width: 1, height: 1 },
    });

    const id = ok(await admin.rpc('save_content_item', { payload: withImage(first) }), 'save') as string;
    // The image replaced: the first is still in a version that can be restored.
    ok(await admin.rpc('save_content_item', { payload: { ...withImage(second), id } }), 'replace');
    expect(await unused()).toEqual([stray]);

    ok(await admin.rpc('delete_content_item', { item_id: id }), 'delete');
    // Nothing can show the first two again; the fresh upload may still be an editor's unsaved pick.
    expect(await unused()).toEqual([first, second, stray].sort());

    ok(await storage.remove(await unused()), 'remove');
    for (const name of [first, second, stray]) {
      const served = await fetch(`${backend.url}/storage/v1/object/public/content-images/${name}`);
      await served.arrayBuffer();
      expect(served.status, name).toBe(400);
    }
    expect(await unused()).toEqual([]);
  });

  it.each(PORTAL_ACTORS.filter((actor) => actor !== 'admin'))('%s is refused the list', async (actor) => {
    const { data, error } = await actors.as(actor).rpc('unused_content_images');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});
