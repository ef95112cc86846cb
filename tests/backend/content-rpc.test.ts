/**
 * The staff functions of news items and blog posts
 * (docs/decisions/160-content-in-the-database.md), as the admin at aal2:
 * input checks with the SQLSTATE and detail the editor maps, reading time,
 * the last 20 versions and their restore, old slugs that redirect, the audit,
 * and the content changes they add to the pending site publish.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, startTestBackend, type Client, type TestBackend } from './helpers.ts';

let backend: TestBackend;
let admin: Client;
const PUBLISH_TOKEN = 'content-rpc-test-publish-token-0123456789';

type Translation = { title: string; slug: string; excerpt?: string; body_md?: string; date: string; tag?: string };
type Payload = {
  id?: string;
  kind?: string;
  category?: string | null;
  featured?: boolean;
  image?: { path: string; width: number; height: number } | null;
  author_name?: string;
  translations: { en?: Translation | null; fr?: Translation | null };
};

const unique = () => randomUUID().slice(0, 8);
function draft(kind: 'news' | 'blog', slug = `rpc-${unique()}`, fr = false): Payload {
  const translation = (lang: string): Translation => ({
    title: `Title ${lang}`,
    slug,
    excerpt: `Excerpt ${lang}`,
    body_md: 'word '.repeat(450),
    date: '2026-11-27',
  });
  return {
    kind,
    category: kind === 'news' ? 'trade' : 'logistics',
    translations: fr ? { en: translation('en'), fr: translation('fr') } : { en: translation('en') },
  };
}

const save = async (payload: Payload) => ok(await admin.rpc('save_content_item', { payload }), 'save') as string;
const errorOf = async (payload: unknown) => {
  const { error } = await admin.rpc('save_content_item', { payload: payload as Payload });
  return error ? { code: error.code, details: error.details } : null;
};

/** The content changes of the pending publish (read as the superuser). */
async function pendingContent(): Promise<
  { item: string; kind: string; action: string; before: object; after: object }[]
> {
  const [row] = await backend.db.query<{ content: unknown }>(
    `select content from public.site_publishes where status = 'pending'`,
  );
  const content = row?.content;
  return (typeof content === 'string' ? JSON.parse(content) : (content ?? [])) as never;
}

beforeAll(async () => {
  backend = await startTestBackend({ outbox: { webhook: false, intervalMs: null } });
  admin = await backend.signIn('admin');
  await backend.db.query(`select private.set_site_publish_token('${PUBLISH_TOKEN}')`);
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  // Each test starts with no pending publish: what it finds there, it caused.
  await backend.db.query(
    `update public.site_publishes set status = 'published' where status in ('pending', 'publishing')`,
  );
});

describe('input checks', () => {
  it('refuses bad input with 22023/22001 and the field in the detail, changing nothing', async () => {
    const good = draft('blog');
    const en = good.translations.en!;
    const cases: [unknown, string, string][] = [
      [{ ...good, kind: 'page' }, '22023', 'kind'],
      [{ ...good, category: 'trade' }, '22023', 'category'],
      [{ ...good, translations: {} }, '22023', 'translations'],
      [{ ...good, translations: { de: en } }, '22023', 'translations'],
      [{ ...good, translations: { en: { ...en, slug: 'Not A Slug' } } }, '22023', 'en.slug'],
      [{ ...good, translations: { en: { ...en, slug: 'double--hyphen' } } }, '22023', 'en.slug'],
      [{ ...good, translations: { fr: { ...en, title: '' } } }, '22023', 'fr.title'],
      [{ ...good, translations: { en: { ...en, title: 'x'.repeat(201) } } }, '22001', 'en.title'],
      [{ ...good, translations: { en: { ...en, date: 'tomorrow' } } }, '22023', 'en.date'],
      [{ ...good, image: { path: 'javascript:alert(1)', width: 10, height: 10 } }, '22023', 'image.path'],
      [{ ...good, image: { path: '/images/../secret', width: 10, height: 10 } }, '22023', 'image.path'],
      [{ ...good, image: { path: '/images/a.png', width: 0, height: 10 } }, '22023', 'image'],
    ];
    const [before] = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.content_items`);
    for (const [payload, code, detail] of cases) {
      expect(await errorOf(payload), JSON.stringify(payload).slice(0, 120)).toEqual({ code, details: detail });
    }
    const [after] = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.content_items`);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses control characters, which break the feeds, naming the field; keeps line breaks in the body', async () => {
    const good = draft('news');
    const en = good.translations.en!;
    const cases: [unknown, string][] = [
      [{ ...good, translations: { en: { ...en, title: 'Olive \u0001oil' } } }, 'en.title'],
      [{ ...good, translations: { en: { ...en, title: 'Olive\u001foil' } } }, 'en.title'],
      // A title is one line wherever it appears.
      [{ ...good, translations: { en: { ...en, title: 'Olive\noil' } } }, 'en.title'],
      [{ ...good, translations: { en: { ...en, title: 'Olive\u0085oil' } } }, 'en.title'],
      [{ ...good, translations: { fr: { ...en, excerpt: 'Huile\u000bd’olive' } } }, 'fr.excerpt'],
      [{ ...good, translations: { en: { ...en, body_md: 'Para\u0008graph' } } }, 'en.body_md'],
      [{ ...good, translations: { en: { ...en, tag: 'New\uffff' } } }, 'en.tag'],
    ];
    for (const [payload, detail] of cases) {
      expect(await errorOf(payload), detail).toEqual({ code: '22023', details: detail });
    }
    const id = await save({
      ...good,
      translations: { en: { ...en, title: 'Olive oil, “extra” — virgin', body_md: 'One\n\n\tTwo\r\nThree' } },
    });
    const saved = await admin.from('content_translations').select('title, body_md').eq('item_id', id).single();
    expect(saved.data).toEqual({ title: 'Olive oil, “extra” — virgin', body_md: 'One\n\n\tTwo\r\nThree' });
    // The table refuses them too, whatever writes it (here the service role, which bypasses the functions).
    const direct = await backend
      .serviceClient()
      .from('content_translations')
      .update({ title: 'Olive \u0001oil' })
      .eq('item_id', id);
    expect(direct.error?.code).toBe('23514');
  });

  it('a slug taken by another item of the same kind and language is 23505 naming the language', async () => {
    const slug = `taken-${unique()}`;
    await save(draft('blog', slug, true));
    const other = draft('blog', `free-${unique()}`, true);
    other.translations.fr = { ...other.translations.fr!, slug };
    expect(await errorOf(other)).toEqual({ code: '23505', details: 'fr.slug' });
    // The same slug in the other kind is free.
    expect(await errorOf(draft('news', slug))).toBeNull();
  });

  it('an unknown item is PT404, and an item keeps its kind', async () => {
    expect((await admin.rpc('publish_content_item', { item_id: randomUUID() })).error?.code).toBe('PT404');
    expect((await errorOf({ ...draft('news'), id: randomUUID() }))?.code).toBe('PT404');
    const id = await save(draft('news'));
    expect(await errorOf({ ...draft('blog'), id })).toEqual({ code: '22023', details: 'kind' });
  });

  it('a schedule in the past is refused', async () => {
    const id = await save(draft('news'));
    const { error } = await admin.rpc('schedule_content_item', {
      item_id: id,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(error?.code).toBe('22023');
  });
});

describe('what a save stores', () => {
  it('computes the reading time from the body and stores a French-only item', async () => {
    const payload = draft('blog');
    payload.translations = { fr: payload.translations.en! };
    const id = await save(payload);
    const { data } = await admin.from('content_translations').select('lang, reading_minutes').eq('item_id', id);
    expect(data).toEqual([{ lang: 'fr', reading_minutes: 3 }]);
  });

  it('keeps the last 20 versions, and a restore brings one back, keeping the status', async () => {
    const payload = draft('news');
    const id = await save(payload);
    ok(await admin.rpc('publish_content_item', { item_id: id }), 'publish');
    for (let n = 2; n <= 22; n += 1) {
      await save({ ...payload, id, translations: { en: { ...payload.translations.en!, title: `Title ${n}` } } });
    }
    const versions = await admin
      .from('content_versions')
      .select('id, snapshot')
      .eq('item_id', id)
      .order('id', { ascending: true });
    expect(versions.data).toHaveLength(20);
    const oldest = versions.data![0]!;
    expect((oldest.snapshot as { translations: { title: string }[] }).translations[0]?.title).toBe('Title 3');

    expect(ok(await admin.rpc('restore_content_version', { version_id: oldest.id }), 'restore')).toBe(id);
    const status = await admin.from('content_items').select('status').eq('id', id).single();
    const titles = await admin.from('content_translations').select('title').eq('item_id', id);
    expect([status.data, titles.data]).toEqual([{ status: 'published' }, [{ title: 'Title 3' }]]);
    const { data: audit } = await admin
      .from('content_audit')
      .select('action, changes')
      .eq('item_id', id)
      .order('id', { ascending: false })
      .limit(1);
    expect(audit?.[0]?.action).toBe('restore');
    expect(audit?.[0]?.changes).toMatchObject({ en: { title: { from: 'Title 22', to: 'Title 3' } } });
    // Still 20 after the restore added one.
    const count = await admin.from('content_versions').select('id', { count: 'exact', head: true }).eq('item_id', id);
    expect(count.count).toBe(20);
  });

  it('audits who changed which field', async () => {
    const payload = draft('blog');
    const id = await save(payload);
    await save({
      ...payload,
      id,
      featured: true,
      translations: { en: { ...payload.translations.en!, body_md: 'New body.' } },
    });
    const { data } = await admin
      .from('content_audit')
      .select('action, actor_email, changes')
      .eq('item_id', id)
      .order('id');
    expect(data?.map((row) => row.action)).toEqual(['create', 'update']);
    expect(data?.[1]?.actor_email).toMatch(/@/);
    expect(data?.[1]?.changes).toEqual({
      item: { featured: { from: false, to: true } },
      en: { body_md: { changed: true } },
    });
  });
});

describe('slugs of published items', () => {
  it('a changed slug leaves a redirect anyone reads; the current slug always wins', async () => {
    const first = `first-${unique()}`;
    const second = `second-${unique()}`;
    const payload = draft('blog', first, true);
    const id = await save(payload);
    // A draft's slug changes freely: nobody knew its URL.
    await save({
      ...payload,
      id,
      translations: { ...payload.translations, en: { ...payload.translations.en!, slug: `${first}-x` } },
    });
    expect((await admin.from('content_slug_redirects').select('old_slug').eq('item_id', id)).data).toEqual([]);

    await save({ ...payload, id });
    ok(await admin.rpc('publish_content_item', { item_id: id }), 'publish');
    await save({
      ...payload,
      id,
      translations: { ...payload.translations, en: { ...payload.translations.en!, slug: second } },
    });
    const anon = backend.client();
    const { data } = await anon
      .from('content_slug_redirects')
      .select('kind, lang, old_slug, item_id')
      .eq('item_id', id);
    expect(data).toEqual([{ kind: 'blog', lang: 'en', old_slug: first, item_id: id }]);
    const current = await anon.from('content_translations').select('slug').eq('item_id', id).eq('lang', 'en').single();
    expect(current.data?.slug).toBe(second);

    // Back to the first slug: it is current again, so it no longer redirects.
    await save({ ...payload, id });
    const after = await anon.from('content_slug_redirects').select('old_slug').eq('item_id', id);
    expect(after.data).toEqual([{ old_slug: second }]);
  });
});

describe('the publish hook', () => {
  it('adds exactly the changes that affect the public site to the pending publish', async () => {
    const slug = `hook-${unique()}`;
    const payload = draft('news', slug, true);
    const id = await save(payload);
    expect(await pendingContent()).toEqual([]);

    ok(
      await admin.rpc('schedule_content_item', { item_id: id, at: new Date(Date.now() + 3600_000).toISOString() }),
      'schedule',
    );
    expect(await pendingContent()).toEqual([]);

    ok(await admin.rpc('publish_content_item', { item_id: id }), 'publish');
    const both = { en: slug, fr: slug };
    expect(await pendingContent()).toEqual([{ item: id, kind: 'news', action: 'publish', before: {}, after: both }]);

    await save({ ...payload, id, featured: true });
    await save({
      ...payload,
      id,
      translations: { ...payload.translations, fr: { ...payload.translations.fr!, slug: `${slug}-fr` } },
    });
    ok(await admin.rpc('unpublish_content_item', { item_id: id }), 'unpublish');
    ok(await admin.rpc('publish_content_item', { item_id: id }), 'publish again');
    const version = await admin.from('content_versions').select('id').eq('item_id', id).order('id').limit(1).single();
    ok(await admin.rpc('restore_content_version', { version_id: version.data!.id }), 'restore');
    ok(await admin.rpc('delete_content_item', { item_id: id }), 'delete');
    const renamed = { en: slug, fr: `${slug}-fr` };
    expect(await pendingContent()).toEqual([
      { item: id, kind: 'news', action: 'publish', before: {}, after: both },
      { item: id, kind: 'news', action: 'edit', before: both, after: both },
      { item: id, kind: 'news', action: 'edit', before: both, after: renamed },
      { item: id, kind: 'news', action: 'unpublish', before: renamed, after: {} },
      { item: id, kind: 'news', action: 'publish', before: {}, after: renamed },
      { item: id, kind: 'news', action: 'restore', before: renamed, after: both },
      { item: id, kind: 'news', action: 'delete', before: both, after: {} },
    ]);
    // One pending row carries them all (the webhook fires once).
    const [row] = await backend.db.query<{ n: number; changes: number }>(
      `select count(*)::int as n, max(changes)::int as changes from public.site_publishes where status = 'pending'`,
    );
    expect(row).toEqual({ n: 1, changes: 7 });
    expect((await backend.client().from('content_items').select('id').eq('id', id)).data).toEqual([]);
    // The audit outlives the item.
    const audit = await admin
      .from('content_audit')
      .select('action')
      .eq('item_id', id)
      .order('id', { ascending: false })
      .limit(1);
    expect(audit.data).toEqual([{ action: 'delete' }]);
  });

  it('scheduled items are published when their time has come, by whoever holds the publish token', async () => {
    const slug = `due-${unique()}`;
    const id = await save(draft('blog', slug));
    ok(
      await admin.rpc('schedule_content_item', { item_id: id, at: new Date(Date.now() + 3600_000).toISOString() }),
      'schedule',
    );
    const anon = backend.client();
    expect((await anon.rpc('publish_due_content', { token: PUBLISH_TOKEN })).data).toBe(0);
    // Its time comes (moved rather than waited for).
    await backend.db.query(
      `update public.content_items set publish_at = now() - interval '1 second' where id = '${id}'`,
    );
    expect((await anon.from('content_items').select('id').eq('id', id)).data).toEqual([]);

    expect((await anon.rpc('publish_due_content', { token: 'wrong-token-wrong-token-wrong-token' })).error?.code).toBe(
      '42501',
    );
    expect((await admin.rpc('publish_due_content', { token: PUBLISH_TOKEN })).error?.code).toBe('42501');
    expect((await anon.rpc('publish_due_content', { token: PUBLISH_TOKEN })).data).toBe(1);
    expect((await anon.from('content_items').select('status').eq('id', id)).data).toEqual([{ status: 'published' }]);
    expect(await pendingContent()).toEqual([
      { item: id, kind: 'blog', action: 'publish', before: {}, after: { en: slug } },
    ]);
    expect((await anon.rpc('publish_due_content', { token: PUBLISH_TOKEN })).data).toBe(0);
  });
});

describe('the dashboard', () => {
  type Pages = { published: number; scheduled: number; drafts: number };
  const pages = async () =>
    (ok(await admin.rpc('admin_dashboard'), 'dashboard') as { content_pages: Pages }).content_pages;

  it('counts published content pages in each language, and the scheduled and draft ones', async () => {
    const before = await pages();
    const both = await save(draft('blog', `dash-${unique()}`, true));
    const after = await pages();
    expect(after).toEqual({ ...before, drafts: before.drafts + 2 });
    ok(await admin.rpc('publish_content_item', { item_id: both }), 'publish');
    expect(await pages()).toEqual({ ...before, published: before.published + 2 });
    const later = await save(draft('news'));
    ok(
      await admin.rpc('schedule_content_item', { item_id: later, at: new Date(Date.now() + 3_600_000).toISOString() }),
      'schedule',
    );
    expect(await pages()).toEqual({ ...before, published: before.published + 2, scheduled: before.scheduled + 1 });
  });
});
