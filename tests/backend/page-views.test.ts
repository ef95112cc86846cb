/**
 * Page views (supabase/migrations/20261126060000_page_views.sql,
 * docs/decisions/130-page-views-without-tracking.md) and the admin reports
 * built on them (20261126060100_admin_dashboard_and_analytics.sql, 131):
 * what a visitor may record, what is ignored, who reads, and what the
 * rollup, the Analytics report and the dashboard answer for a known data set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type Client, type TestBackend } from './helpers.ts';

type Actor = 'anon' | 'member' | 'client' | 'adminAal1' | 'admin';
const ACTORS: Actor[] = ['anon', 'member', 'client', 'adminAal1', 'admin'];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let backend: TestBackend;
const clients = new Map<Actor, Client>();
const as = (actor: Actor): Client => {
  const found = clients.get(actor);
  if (!found) throw new Error(`no client for ${actor}`);
  return found;
};

let addressCount = 0;
/** A visitor with its own address (so the per-client limit of other tests never interferes). */
function visitor(userAgent = BROWSER, address = `203.0.113.${(addressCount += 1)}`): Client {
  return backend.client({ headers: { 'x-test-client-address': address, 'user-agent': userAgent } });
}

type ViewArgs = {
  path: string;
  language: string;
  device: string;
  referrer_host?: string;
  kind?: string;
  form?: string;
};
const view = (path: string, overrides: Partial<ViewArgs> = {}): ViewArgs => ({
  path,
  language: 'en',
  device: 'desktop',
  ...overrides,
});

async function rowsAt(path: string) {
  return backend.db.query<{ path: string; visitor_key: string; referrer_host: string | null }>(
    `select path, encode(visitor_key, 'hex') as visitor_key, referrer_host from public.page_views where path = $1 order by id`,
    [path],
  );
}

beforeAll(async () => {
  backend = await startTestBackend({ testClientAddressHeader: 'x-test-client-address' });
  clients.set('anon', backend.client());
  clients.set('member', await backend.signIn('member'));
  clients.set('client', await backend.signIn('client'));
  clients.set('adminAal1', await backend.signIn('admin', { aal: 'aal1' }));
  clients.set('admin', await backend.signIn('admin'));
});

afterAll(async () => {
  await backend?.stop();
});

describe('recording a page view', () => {
  it('stores the path without its query, the language, referrer host and device, and a visitor key', async () => {
    const { error } = await visitor().rpc(
      'record_page_view',
      view('/fr/teams?utm_source=x#top', { language: 'fr', device: 'phone', referrer_host: 'Www.Google.CA' }),
    );
    expect(error).toBeNull();
    const rows = await rowsAt('/fr/teams');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrer_host).toBe('www.google.ca');
    expect(rows[0]?.visitor_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not a page view of this site', async () => {
    const bad = [
      view('no-slash'),
      view('/x', { language: 'de' }),
      view('/x', { device: 'tv' }),
      view('/x', { referrer_host: 'evil host/with path' }),
      view('/x', { kind: 'form_seen' }),
      view('/x', { kind: 'page_view', form: 'contact' }),
      view('/x', { kind: 'form_seen', form: 'newsletter' }),
      view('/x', { kind: 'click' }),
    ];
    for (const args of bad) {
      const { error } = await visitor().rpc('record_page_view', args);
      expect(error, JSON.stringify(args)).not.toBeNull();
    }
    expect(await rowsAt('/x')).toHaveLength(0);
  });

  it('records a lead form seen with the same function', async () => {
    const { error } = await visitor().rpc('record_page_view', view('/contact', { kind: 'form_seen', form: 'contact' }));
    expect(error).toBeNull();
    const rows = await backend.db.query<{ kind: string; form: string }>(
      `select kind, form from public.page_views where path = '/contact'`,
    );
    expect(rows).toEqual([{ kind: 'form_seen', form: 'contact' }]);
  });

  it('accepts one event per request: an array of events is refused whole', async () => {
    const response = await backend.fetch('/rest/v1/rpc/record_page_view', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'user-agent': BROWSER, Prefer: 'params=multiple-objects' },
      body: JSON.stringify([view('/batch'), view('/batch')]),
    });
    expect(response.ok).toBe(false);
    expect(await rowsAt('/batch')).toHaveLength(0);
  });

  it('ignores known bots, tools and clients without a browser agent, without an error', async () => {
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36 Chrome-Lighthouse',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'node',
    ];
    for (const agent of agents) {
      const { error } = await visitor(agent).rpc('record_page_view', view('/bots'));
      expect(error, agent).toBeNull();
    }
    expect(await rowsAt('/bots')).toHaveLength(0);
    // Headless Chromium (the e2e suite's browser) is a browser and is counted.
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    expect((await visitor(headless).rpc('record_page_view', view('/bots'))).error).toBeNull();
    expect(await rowsAt('/bots')).toHaveLength(1);
  });

  it('drops the 61st event of one client in a minute, without an error', async () => {
    const minute = async () =>
      (await backend.db.query<{ m: string }>(`select date_trunc('minute', now())::text as m`))[0]?.m;
    // The limit counts per clock minute: retry with a fresh client if the burst straddled two minutes.
    for (let attempt = 1; ; attempt += 1) {
      const path = `/burst-${attempt}`;
      const client = visitor();
      const before = await minute();
      const errors = [];
      for (let i = 0; i < 61; i += 1) errors.push((await client.rpc('record_page_view', view(path))).error);
      const after = await minute();
      if (before !== after && attempt < 3) continue;
      expect(errors.every((error) => error === null)).toBe(true);
      expect(await rowsAt(path)).toHaveLength(60);
      // Another client is not affected.
      expect((await visitor().rpc('record_page_view', view(path))).error).toBeNull();
      expect(await rowsAt(path)).toHaveLength(61);
      break;
    }
  });

  it('counts the limit per IPv6 /64, as lead limits do: 70 addresses of one network record 60 views a minute', async () => {
    const minute = async () =>
      (await backend.db.query<{ m: string }>(`select date_trunc('minute', now())::text as m`))[0]?.m;
    for (let attempt = 1; ; attempt += 1) {
      // A fresh /64 per attempt, so an attempt that straddled two minutes leaves nothing behind.
      const network = `2001:db8:64:${attempt.toString(16)}`;
      const path = `/v6-burst-${attempt}`;
      const before = await minute();
      const errors = [];
      for (let i = 1; i <= 70; i += 1) {
        const neighbour = visitor(BROWSER, `${network}::${i.toString(16)}`);
        errors.push((await neighbour.rpc('record_page_view', view(path))).error);
      }
      const after = await minute();
      if (before !== after && attempt < 3) continue;
      expect(errors.every((error) => error === null)).toBe(true);
      // As the admin reads them through the Data API: 60 views, so at most 60 visitors.
      const seen = await as('admin').from('page_views').select('visitor_key').eq('path', path);
      expect(seen.error).toBeNull();
      expect(seen.data).toHaveLength(60);
      // The next /64 and an IPv4 client are other clients.
      expect(
        (await visitor(BROWSER, `2001:db8:65:${attempt.toString(16)}::1`).rpc('record_page_view', view(path))).error,
      ).toBeNull();
      expect((await visitor().rpc('record_page_view', view(path))).error).toBeNull();
      expect((await as('admin').from('page_views').select('visitor_key').eq('path', path)).data).toHaveLength(62);
      break;
    }
  });

  it('gives one client the same visitor key all day and another the next day; another client another key', async () => {
    const key = async (at: string, address: string, agent = BROWSER) =>
      (
        await backend.db.query<{ k: string }>(
          `select encode(private.page_view_visitor_key($1::timestamptz, $2, $3), 'hex') as k`,
          [at, address, agent],
        )
      )[0]?.k;
    const morning = await key('2026-05-04T00:01:00Z', '198.51.100.7');
    const evening = await key('2026-05-04T23:59:00Z', '198.51.100.7');
    const nextDay = await key('2026-05-05T00:01:00Z', '198.51.100.7');
    expect(morning).toBe(evening);
    expect(nextDay).not.toBe(morning);
    expect(await key('2026-05-04T12:00:00Z', '198.51.100.8')).not.toBe(morning);
    expect(await key('2026-05-04T12:00:00Z', '198.51.100.7', `${BROWSER} Edg/131`)).not.toBe(morning);

    // Through the API: two views of one client today share their key.
    const client = visitor();
    await client.rpc('record_page_view', view('/same-day'));
    await client.rpc('record_page_view', view('/same-day'));
    const rows = await rowsAt('/same-day');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.visitor_key).toBe(rows[1]?.visitor_key);
    // Neither the address nor the agent is stored.
    const columns = await backend.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'page_views'`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(
      ['created_at', 'device', 'form', 'id', 'kind', 'language', 'path', 'referrer_host', 'visitor_key'].sort(),
    );
  });
});

describe('who reads page views and the reports', () => {
  it('only a verified admin reads the raw rows; nobody inserts them directly', async () => {
    await visitor().rpc('record_page_view', view('/read-check'));
    for (const actor of ACTORS) {
      const { data, error } = await as(actor).from('page_views').select('path').eq('path', '/read-check');
      if (actor === 'admin') expect(data).toHaveLength(1);
      else expect(error !== null || data?.length === 0, actor).toBe(true);
      const inserted = await as(actor)
        .from('page_views')
        .insert({ path: '/direct', language: 'en', device: 'desktop', visitor_key: '\\x00' } as never);
      expect(inserted.error, actor).not.toBeNull();
    }
  });

  it('only a verified admin gets the dashboard and the Analytics report', async () => {
    for (const actor of ACTORS) {
      const dashboard = await as(actor).rpc('admin_dashboard');
      const report = await as(actor).rpc('admin_analytics', { from_day: '2026-01-01', to_day: '2026-01-07' });
      if (actor === 'admin') {
        expect(dashboard.error).toBeNull();
        expect(report.error).toBeNull();
      } else {
        expect(dashboard.error, actor).not.toBeNull();
        expect(dashboard.data, actor).toBeNull();
        expect(report.error, actor).not.toBeNull();
      }
    }
  });
});

type Report = {
  days: { day: string; views: number; visitors: number }[];
  pages: { value: string; views: number; visitors: number }[];
  languages: { value: string; views: number }[];
  referrers: { value: string; views: number }[];
  devices: { value: string; views: number }[];
  leads_by_week: { week: string; form: string; outcome: string; leads: number }[];
  funnel: { visitors: number; form_visitors: number; leads: number };
};

type Summary = {
  views: { value: number; previous: number | null };
  visitors: { value: number; previous: number | null };
  leads: { value: number; previous: number | null };
  flags: { on: number; total: number };
  activity: { kind: string; what: string; who: string; section: string }[];
};

describe('rollup, report and dashboard on a known data set', () => {
  const AT = '2026-03-10T12:00:00Z';
  beforeAll(async () => {
    await backend.db.exec(`
      delete from public.page_views;
      delete from private.page_view_days;
      delete from private.page_view_day_counts;
      delete from public.leads;
      insert into public.page_views (kind, path, language, referrer_host, device, form, visitor_key, created_at) values
        ('page_view', '/', 'en', 'www.google.ca', 'desktop', null, '\\x01', '2026-02-01T10:00Z'),
        ('page_view', '/', 'en', 'www.google.ca', 'desktop', null, '\\x0a', '2026-03-07T08:00Z'),
        ('page_view', '/fr', 'fr', null, 'phone', null, '\\x0a', '2026-03-07T09:00Z'),
        ('page_view', '/', 'en', null, 'tablet', null, '\\x0b', '2026-03-07T23:59Z'),
        ('page_view', '/contact', 'en', null, 'desktop', null, '\\x0c', '2026-03-09T10:00Z'),
        ('page_view', '/', 'en', null, 'desktop', null, '\\x0c', '2026-03-09T10:05Z'),
        ('form_seen', '/contact', 'en', null, 'desktop', 'contact', '\\x0c', '2026-03-09T10:01Z'),
        ('page_view', '/fr', 'fr', 'duckduckgo.com', 'phone', null, '\\x0d', '2026-03-10T09:00Z');
    `);
    const lead = (at: string, spam: boolean, status: string) =>
      backend.db.query(
        `insert into public.leads (created_at, form, language, fields, page_uri, page_name, marketing_consent,
           consent_version, consent_text, processing_text, spam, spam_reason, hubspot_status)
         values ($1::timestamptz, 'contact', 'en', '[{"name":"email","value":"a@example.com"}]', 'https://x/contact', 'Contact',
           false, 'v1', 'consent', 'processing', $2, case when $2 then 'honeypot' end, $3)`,
        [at, spam, status],
      );
    await lead('2026-03-09T11:00Z', false, 'sent');
    await lead('2026-03-09T11:30Z', true, 'not_sent');
    await lead('2026-02-02T11:30Z', false, 'failed');
  });

  it('rolls up each finished day once, zeros for days without events, and answers the report', async () => {
    const [report] = await backend.db.query<{ r: Report }>(
      `select private.analytics_report('2026-03-06', '2026-03-10', $1::timestamptz) as r`,
      [AT],
    );
    const r = report!.r;
    expect(r.days).toEqual([
      { day: '2026-03-06', views: 0, visitors: 0 },
      { day: '2026-03-07', views: 3, visitors: 2 },
      { day: '2026-03-08', views: 0, visitors: 0 },
      { day: '2026-03-09', views: 2, visitors: 1 },
      { day: '2026-03-10', views: 1, visitors: 1 },
    ]);
    expect(r.pages).toEqual([
      { value: '/', views: 3, visitors: 3 },
      { value: '/fr', views: 2, visitors: 2 },
      { value: '/contact', views: 1, visitors: 1 },
    ]);
    expect(r.languages.map((x) => [x.value, x.views])).toEqual([
      ['en', 4],
      ['fr', 2],
    ]);
    expect(r.referrers.map((x) => [x.value, x.views])).toEqual([
      ['duckduckgo.com', 1],
      ['www.google.ca', 1],
    ]);
    expect(r.devices.map((x) => [x.value, x.views])).toEqual([
      ['desktop', 3],
      ['phone', 2],
      ['tablet', 1],
    ]);
    expect(r.funnel).toEqual({ visitors: 4, form_visitors: 1, leads: 1 });
    expect(r.leads_by_week).toEqual([
      { week: '2026-03-09', form: 'contact', outcome: 'sent', leads: 1 },
      { week: '2026-03-09', form: 'contact', outcome: 'spam', leads: 1 },
    ]);
    // Finished days are in the rollup (days without events as zeros); today is read live.
    const rolled = await backend.db.query<{ day: string; views: number }>(
      `select day::text, views from private.page_view_days where day between '2026-03-06' and '2026-03-10' order by day`,
    );
    expect(rolled).toEqual([
      { day: '2026-03-06', views: 0 },
      { day: '2026-03-07', views: 3 },
      { day: '2026-03-08', views: 0 },
      { day: '2026-03-09', views: 2 },
    ]);
    // A second run has nothing to do and changes nothing.
    const [again] = await backend.db.query<{ n: number }>(`select private.roll_up_page_views($1::timestamptz) as n`, [
      AT,
    ]);
    expect(again?.n).toBe(0);
  });

  it('compares the last 30 days with the 30 before on the dashboard', async () => {
    const [row] = await backend.db.query<{ s: Summary }>(`select private.dashboard_summary($1::timestamptz) as s`, [
      AT,
    ]);
    const s = row!.s;
    expect(s.views).toEqual({ value: 6, previous: 1 });
    expect(s.visitors).toEqual({ value: 4, previous: 1 });
    expect(s.leads).toEqual({ value: 1, previous: 1 });
    // Nothing before 2026-02-01: on 2026-02-20 the previous period has no data.
    const [early] = await backend.db.query<{ s: Summary }>(`select private.dashboard_summary($1::timestamptz) as s`, [
      '2026-02-20T12:00:00Z',
    ]);
    expect(early!.s.views.previous).toBeNull();
  });

  it('changes its figures and its activity when the site does', async () => {
    const before = (await as('admin').rpc('admin_dashboard')).data as unknown as Summary;
    await visitor().rpc('record_page_view', view('/dashboard-moves'));
    await visitor().rpc('record_page_view', view('/dashboard-moves'));
    const flag = await as('admin').from('feature_flags').select('name,enabled').order('name').limit(1).single();
    const toggled = await as('admin')
      .from('feature_flags')
      .update({ enabled: !flag.data!.enabled })
      .eq('name', flag.data!.name);
    expect(toggled.error).toBeNull();
    const after = (await as('admin').rpc('admin_dashboard')).data as unknown as Summary;
    expect(after.views.value).toBe(before.views.value + 2);
    expect(after.visitors.value).toBe(before.visitors.value + 2);
    expect(after.flags.on).toBe(before.flags.on + (flag.data!.enabled ? -1 : 1));
    // The change is among the newest entries (its publish request comes with it).
    const change = after.activity.slice(0, 2).find((entry) => entry.kind === 'flag');
    expect(change).toMatchObject({ section: 'feature-flags', who: 'admin@example.com' });
    expect(change?.what).toContain(flag.data!.name);
  });
});
