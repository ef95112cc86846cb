/**
 * The generator on a schema with what this project's migrations do not have
 * yet (views, set-returning and table functions, identity, enum arrays,
 * composite types, one-to-one keys), so the first migration that adds one
 * gets the types `supabase gen types typescript` would print.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type LocalDatabase } from '../../supabase/local/db.ts';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD } from '../../supabase/local/keys.ts';
import { readSchemaMetadata, renderDatabaseTypes } from './database-types.ts';

let db: LocalDatabase;
let types: string;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, simpleAdminPassword: DEFAULT_SIMPLE_ADMIN_PASSWORD });
  await db.exec(`
    create type public.mood as enum ('happy', 'sad');
    create type public.point2 as (x int4, label text);
    create table public.things (
      id int8 generated always as identity primary key,
      flag_id uuid unique references public.feature_flags (id),
      moods public.mood[] not null default '{}',
      doc jsonb
    );
    create view public.thing_flags as select id, flag_id from public.things;
    create view public.thing_count as select count(*) as n from public.things;
    create function public.list_things() returns setof public.things language sql as 'select * from public.things';
    create function public.stats(since timestamptz default now()) returns table (name text, hits int8)
      language sql as 'select null::text, 1::int8';
    create function public.forget() returns void language sql as 'select';
    create function public.not_callable(int4) returns int4 language sql as 'select $1';
  `);
  types = await renderDatabaseTypes(await readSchemaMetadata((sql, params) => db.query(sql, params)));
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** The text of one `name: { ... }` member, from its opening line to its closing brace. */
function member(name: string, indent: string): string {
  const start = types.indexOf(`\n${indent}${name}: {`);
  if (start < 0) throw new Error(`no member ${name}`);
  const end = types.indexOf(`\n${indent}}`, start + 1);
  return types.slice(start, end + indent.length + 2);
}

describe('database types generator', () => {
  it('types identity, enum-array, json and one-to-one foreign-key columns as the Supabase CLI does', () => {
    const things = member('things', '      ');
    expect(things).toContain(
      'Row: {\n          doc: Json | null\n          flag_id: string | null\n          id: number\n',
    );
    expect(things).toContain('moods: Database["public"]["Enums"]["mood"][]');
    expect(things).toContain('id?: never');
    expect(things).toContain('moods?: Database["public"]["Enums"]["mood"][]');
    expect(things).toMatch(/foreignKeyName: "things_flag_id_fkey"\s+columns: \["flag_id"\]\s+isOneToOne: true/);
  });

  it('gives updatable views Insert and Update, and read-only views a Row only', () => {
    expect(member('thing_flags', '      ')).toMatch(
      /Insert: \{\s+flag_id\?: string \| null\s+id\?: number \| null\s+\}/,
    );
    const count = member('thing_count', '      ');
    expect(count).toContain('n: number | null');
    expect(count).not.toContain('Insert');
  });

  it('types what functions take and return, leaving out those PostgREST cannot call', () => {
    expect(member('list_things', '      ')).toMatch(
      /Args: never\s+Returns: \{[^}]*\}\[\]\s+SetofOptions: \{\s+from: "\*"\s+to: "things"\s+isOneToOne: false\s+isSetofReturn: true/,
    );
    expect(member('stats', '      ')).toMatch(
      /Args: \{ since\?: string \}\s+Returns: \{\s+hits: number\s+name: string\s+\}\[\]/,
    );
    expect(types).toContain('forget: { Args: never; Returns: undefined }');
    expect(types).not.toContain('not_callable');
  });

  it('lists enums, composite types and the enum constants', () => {
    // The migrations' own enums come first (app_role, order_status, …); the test's mood is among them.
    expect(types).toMatch(
      /Enums: \{\s+app_role: "admin" \| "client" \| "account_manager" \| "editor"\s[^}]*mood: "happy" \| "sad"\s+[^}]*\}/,
    );
    expect(member('point2', '      ')).toMatch(/x: number \| null\s+label: string \| null/);
    expect(types).toMatch(
      /export const Constants = \{\s+public: \{\s+Enums: \{\s+app_role: \["admin", "client", "account_manager", "editor"\],[^}]*mood: \["happy", "sad"\],/,
    );
  });
});
