/**
 * Supabase's database linter (security lints, tests/support/database-linter.ts)
 * on real PostgreSQL, starting as a new hosted project does: with pg_graphql
 * installed before the first migration. The migrations must leave exactly
 * the findings docs/decisions/064-database-linter-exceptions.md lists.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedExceptions, runSecurityLints, type Finding } from '../support/database-linter.ts';
import { provideStandInExtension, startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { prepareSupabaseDatabase } from './support/supabase-database.ts';

// What matters to the linter: the extension exists and owns the graphql schema.
const PG_GRAPHQL_STAND_IN = `
create schema graphql;
create function graphql.resolve(query text, variables jsonb default '{}') returns jsonb
  language sql as $$ select '{"errors": [{"message": "test stand-in"}]}'::jsonb $$;
`;

let server: PostgresServer;
let db: pg.Client;

beforeAll(async () => {
  provideStandInExtension('pg_graphql', PG_GRAPHQL_STAND_IN);
  server = await startPostgres();
  await prepareSupabaseDatabase(server, { beforeMigrations: 'create extension pg_graphql', seed: true });
  db = await server.connect();
}, 120_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await server?.stop();
});

const lint = () => runSecurityLints(async (sql, schemas) => (await db.query<{ object: string }>(sql, [schemas])).rows);
const key = (finding: Finding) => `${finding.lint}: ${finding.object}`;

describe('database linter on PostgreSQL, as a new hosted project', () => {
  it('reports exactly the documented exceptions after the migrations', async () => {
    const installed = await db.query(`select 1 from pg_extension where extname = 'pg_graphql'`);
    expect(installed.rowCount, 'the migrations turn GraphQL off').toBe(0);
    expect((await lint()).map(key).sort()).toEqual(documentedExceptions().map(key).sort());
  });

  it('would report every API-readable table through GraphQL if pg_graphql were on (the check is not vacuous)', async () => {
    await db.query('create extension pg_graphql');
    try {
      const graphql = (await lint()).filter((finding) => /^002[67] /.test(finding.lint));
      expect(graphql.map(key).sort()).toEqual([
        '0026 pg_graphql_anon_table_exposed: public.content_items',
        '0026 pg_graphql_anon_table_exposed: public.content_slug_redirects',
        '0026 pg_graphql_anon_table_exposed: public.content_translations',
        '0026 pg_graphql_anon_table_exposed: public.feature_flags',
        '0026 pg_graphql_anon_table_exposed: public.product_categories',
        '0026 pg_graphql_anon_table_exposed: public.product_documents',
        '0026 pg_graphql_anon_table_exposed: public.product_images',
        '0026 pg_graphql_anon_table_exposed: public.product_slug_redirects',
        '0026 pg_graphql_anon_table_exposed: public.product_translations',
        '0026 pg_graphql_anon_table_exposed: public.products',
        '0027 pg_graphql_authenticated_table_exposed: public.access_requests',
        '0027 pg_graphql_authenticated_table_exposed: public.account_changes',
        '0027 pg_graphql_authenticated_table_exposed: public.account_manager_scopes',
        '0027 pg_graphql_authenticated_table_exposed: public.business_holidays',
        '0027 pg_graphql_authenticated_table_exposed: public.cart_items',
        '0027 pg_graphql_authenticated_table_exposed: public.companies',
        '0027 pg_graphql_authenticated_table_exposed: public.company_addresses',
        '0027 pg_graphql_authenticated_table_exposed: public.company_clients',
        '0027 pg_graphql_authenticated_table_exposed: public.content_audit',
        '0027 pg_graphql_authenticated_table_exposed: public.content_items',
        '0027 pg_graphql_authenticated_table_exposed: public.content_slug_redirects',
        '0027 pg_graphql_authenticated_table_exposed: public.content_translations',
        '0027 pg_graphql_authenticated_table_exposed: public.content_versions',
        '0027 pg_graphql_authenticated_table_exposed: public.conversation_messages',
        '0027 pg_graphql_authenticated_table_exposed: public.conversation_reads',
        '0027 pg_graphql_authenticated_table_exposed: public.conversations',
        '0027 pg_graphql_authenticated_table_exposed: public.document_downloads',
        '0027 pg_graphql_authenticated_table_exposed: public.document_versions',
        '0027 pg_graphql_authenticated_table_exposed: public.documents',
        '0027 pg_graphql_authenticated_table_exposed: public.feature_flag_changes',
        '0027 pg_graphql_authenticated_table_exposed: public.feature_flags',
        '0027 pg_graphql_authenticated_table_exposed: public.lead_delivery_attempts',
        '0027 pg_graphql_authenticated_table_exposed: public.leads',
        '0027 pg_graphql_authenticated_table_exposed: public.notification_reads',
        '0027 pg_graphql_authenticated_table_exposed: public.order_events',
        '0027 pg_graphql_authenticated_table_exposed: public.order_lines',
        '0027 pg_graphql_authenticated_table_exposed: public.order_notes',
        '0027 pg_graphql_authenticated_table_exposed: public.order_settings',
        '0027 pg_graphql_authenticated_table_exposed: public.orders',
        '0027 pg_graphql_authenticated_table_exposed: public.page_views',
        '0027 pg_graphql_authenticated_table_exposed: public.portal_changes',
        '0027 pg_graphql_authenticated_table_exposed: public.price_list_items',
        '0027 pg_graphql_authenticated_table_exposed: public.price_lists',
        '0027 pg_graphql_authenticated_table_exposed: public.product_audit',
        '0027 pg_graphql_authenticated_table_exposed: public.product_categories',
        '0027 pg_graphql_authenticated_table_exposed: public.product_documents',
        '0027 pg_graphql_authenticated_table_exposed: public.product_images',
        '0027 pg_graphql_authenticated_table_exposed: public.product_slug_redirects',
        '0027 pg_graphql_authenticated_table_exposed: public.product_translations',
        '0027 pg_graphql_authenticated_table_exposed: public.products',
        '0027 pg_graphql_authenticated_table_exposed: public.site_publishes',
        '0027 pg_graphql_authenticated_table_exposed: public.staff_changes',
        '0027 pg_graphql_authenticated_table_exposed: public.staff_profiles',
        '0027 pg_graphql_authenticated_table_exposed: public.user_roles',
      ]);
    } finally {
      await db.query('drop extension pg_graphql');
    }
  });
});
