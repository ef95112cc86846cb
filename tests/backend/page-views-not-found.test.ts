/**
 * A page that answered 404 (supabase/migrations/20261128110000_page_views_not_found.sql,
 * docs/decisions/205-not-found-pages-in-analytics.md): its page view becomes a
 * 404 whichever call arrives first, and Analytics lists it apart, never among
 * the top pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestBackend, type Client, type TestBackend } from './helpers.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let backend: TestBackend;
let admin: Client;

const sql = <T = unknown>(text: string, params: unknown[] = []) => backend.db.query<T>(text, params);

beforeAll(async () => {
  backend = await startTestBackend({ testClientAddressHeader: 'x-test-client-address' });
  admin = await backend.signIn('admin');
});

afterAll(async () => {
  await backend?.stop();
});

describe('a page that answered 404', () => {
  let addresses = 0;
  const visitor = () =>
    backend.client({ headers: { 'x-test-client-address': `198.51.100.${(addresses += 1)}`, 'user-agent': BROWSER } });
  const view = (path: string, kind?: string) => ({
    path,
    language: 'fr',
    device: 'desktop',
    ...(kind ? { kind } : {}),
  });
  const today = new Date().toISOString().slice(0, 10);
  const report = async () =>
    ok(await admin.rpc('admin_analytics', { from_day: today, to_day: today }), 'report') as unknown as {
      pages: { value: string; views: number }[];
      not_found: { views: number; pages: { value: string; views: number }[] };
    };
  const kinds = async (path: string) =>
    (await sql<{ kind: string }>(`select kind from public.page_views where path = $1 order by id`, [path])).map(
      (r) => r.kind,
    );

  it('turns the page view into a 404 whichever of the two calls comes first', async () => {
    const first = visitor();
    ok(await first.rpc('record_page_view', view('/fr/evil.example/phish')), 'view');
    ok(await first.rpc('record_page_view', view('/fr/evil.example/phish', 'not_found')), 'not found');
    const second = visitor();
    ok(await second.rpc('record_page_view', view('/fr/evil.example/phish', 'not_found')), 'not found first');
    ok(await second.rpc('record_page_view', view('/fr/evil.example/phish')), 'view after');
    expect(await kinds('/fr/evil.example/phish')).toEqual(['not_found', 'not_found']);

    ok(await visitor().rpc('record_page_view', view('/fr/catalogue')), 'real page');
    const data = await report();
    expect(data.pages.map((p) => p.value)).toContain('/fr/catalogue');
    expect(data.pages.map((p) => p.value)).not.toContain('/fr/evil.example/phish');
    expect(data.not_found.pages).toContainEqual(expect.objectContaining({ value: '/fr/evil.example/phish', views: 2 }));
  });

  it('keeps a path out of the top pages once it answered 404, even for views recorded as pages before', async () => {
    await sql(
      `insert into public.page_views (kind, path, language, device, visitor_key) values ('page_view', '/fr/old-phish', 'fr', 'phone', '\\x01')`,
    );
    expect((await report()).pages.map((p) => p.value)).toContain('/fr/old-phish');
    ok(await visitor().rpc('record_page_view', view('/fr/old-phish', 'not_found')), 'reported');
    expect((await report()).pages.map((p) => p.value)).not.toContain('/fr/old-phish');
  });

  it('accepts no other kind than before and 404', async () => {
    expect((await visitor().rpc('record_page_view', view('/x', 'bogus'))).error?.code).toBe('22023');
  });
});
