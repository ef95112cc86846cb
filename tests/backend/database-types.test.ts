/**
 * src/lib/supabase/database.types.ts must describe the migrated schema: the
 * same tables and columns (type, nullability, which are optional on insert),
 * enum values, foreign keys and public functions. The TS file is parsed with
 * the TypeScript compiler; the schema is read from the catalog as the
 * superuser (this is a structural check, not a permission test).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../supabase/local/db.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

const TYPES_FILE = join(REPO_ROOT, 'src/lib/supabase/database.types.ts');

// --- the TypeScript side ---------------------------------------------------------------

type Members = Map<string, { optional: boolean; type: ts.TypeNode }>;

const source = ts.createSourceFile(TYPES_FILE, readFileSync(TYPES_FILE, 'utf8'), ts.ScriptTarget.Latest, true);

const text = (node: ts.Node): string => node.getText(source).replace(/\s+/g, '').replaceAll('"', "'");

function members(node: ts.TypeNode | undefined, where: string): Members {
  if (!node || !ts.isTypeLiteralNode(node)) {
    // `{ [_ in never]: never }` (a mapped type) is how gen types spells "none".
    if (node && ts.isMappedTypeNode(node)) return new Map();
    throw new Error(`${where} is not an object type`);
  }
  const result: Members = new Map();
  for (const member of node.members) {
    if (!ts.isPropertySignature(member) || !member.type) throw new Error(`${where} has a non-property member`);
    const name = member.name.getText(source).replace(/^['"]|['"]$/g, '');
    result.set(name, { optional: member.questionToken !== undefined, type: member.type });
  }
  return result;
}

function member(of: Members, name: string, where: string): ts.TypeNode {
  const found = of.get(name);
  if (!found) throw new Error(`${where}.${name} is missing`);
  return found.type;
}

/** A literal type (string, boolean, tuple of literals) as a plain value. */
function literal(node: ts.TypeNode): unknown {
  if (ts.isLiteralTypeNode(node)) {
    if (ts.isStringLiteral(node.literal)) return node.literal.text;
    if (node.literal.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.literal.kind === ts.SyntaxKind.FalseKeyword) return false;
  }
  if (ts.isTupleTypeNode(node)) return node.elements.map((element) => literal(element as ts.TypeNode));
  throw new Error(`not a literal type: ${text(node)}`);
}

const database = source.statements.find(
  (statement): statement is ts.TypeAliasDeclaration =>
    ts.isTypeAliasDeclaration(statement) && statement.name.text === 'Database',
);
const publicSchema = members(member(members(database?.type, 'Database'), 'public', 'Database'), 'public');
const tsTables = members(member(publicSchema, 'Tables', 'public'), 'Tables');

interface TsColumn {
  type: string;
  optional: boolean;
}

const tsColumns = (table: string, kind: 'Row' | 'Insert' | 'Update'): Record<string, TsColumn> =>
  Object.fromEntries(
    [...members(member(members(member(tsTables, table, 'Tables'), table), kind, table), `${table}.${kind}`)].map(
      ([name, { optional, type }]) => [name, { type: text(type), optional }],
    ),
  );

// --- the database side ---------------------------------------------------------------------

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

interface DbColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  data_type: string;
  udt_name: string;
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  identity_generation: string | null;
  is_generated: string;
}

/** How `supabase gen types typescript` spells a Postgres type. */
function tsType(column: Pick<DbColumn, 'data_type' | 'udt_name'>, enums: Set<string>): string {
  const base = column.udt_name.replace(/^_/, '');
  let type: string;
  if (enums.has(base)) type = `Database['public']['Enums']['${base}']`;
  else if (['bool'].includes(base)) type = 'boolean';
  else if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(base)) type = 'number';
  else if (['json', 'jsonb'].includes(base)) type = 'Json';
  else if (
    [
      'uuid',
      'text',
      'varchar',
      'bpchar',
      'citext',
      'timestamptz',
      'timestamp',
      'date',
      'time',
      'timetz',
      'interval',
      'inet',
    ].includes(base)
  ) {
    type = 'string';
  } else throw new Error(`no TS mapping for ${column.udt_name}`);
  return column.data_type === 'ARRAY' ? `${type}[]` : type;
}

async function dbColumns(): Promise<DbColumn[]> {
  return backend.db.query<DbColumn>(
    `select table_name::text, column_name::text, is_nullable::text, data_type::text, udt_name::text,
            column_default::text, is_identity::text, identity_generation::text, is_generated::text
     from information_schema.columns
     where table_schema = 'public'
     order by table_name, ordinal_position`,
  );
}

async function enumValues(): Promise<Record<string, string[]>> {
  const rows = await backend.db.query<{ name: string; labels: string[] }>(
    `select t.typname::text as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' group by t.typname`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.labels]));
}

describe('database.types.ts matches the migrated schema', () => {
  it('has exactly the tables of schema public, and no views', async () => {
    const tables = await backend.db.query<{ name: string; kind: string }>(
      `select c.relname::text as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')`,
    );
    expect([...tsTables.keys()].sort()).toEqual(
      tables
        .filter((t) => t.kind === 'r' || t.kind === 'p')
        .map((t) => t.name)
        .sort(),
    );
    expect(members(member(publicSchema, 'Views', 'public'), 'Views').size).toBe(
      tables.filter((t) => t.kind === 'v' || t.kind === 'm').length,
    );
  });

  it('Row, Insert and Update list every column with its type, nullability and optionality', async () => {
    const enums = new Set(Object.keys(await enumValues()));
    const columns = await dbColumns();
    for (const table of tsTables.keys()) {
      const own = columns.filter((column) => column.table_name === table);
      const row: Record<string, TsColumn> = {};
      const insert: Record<string, TsColumn> = {};
      const update: Record<string, TsColumn> = {};
      for (const column of own) {
        const base = tsType(column, enums);
        const type = column.is_nullable === 'YES' ? `${base}|null` : base;
        const generatedAlways = column.identity_generation === 'ALWAYS' || column.is_generated === 'ALWAYS';
        const hasDefault = column.column_default !== null || column.is_identity === 'YES';
        row[column.column_name] = { type, optional: false };
        insert[column.column_name] = generatedAlways
          ? { type: 'never', optional: true }
          : { type, optional: column.is_nullable === 'YES' || hasDefault };
        update[column.column_name] = { type: generatedAlways ? 'never' : type, optional: true };
      }
      expect.soft(tsColumns(table, 'Row'), `${table}.Row`).toEqual(row);
      expect.soft(tsColumns(table, 'Insert'), `${table}.Insert`).toEqual(insert);
      expect.soft(tsColumns(table, 'Update'), `${table}.Update`).toEqual(update);
    }
  });

  it('Enums hold the same values in the same order', async () => {
    const tsEnums = Object.fromEntries(
      [...members(member(publicSchema, 'Enums', 'public'), 'Enums')].map(([name, { type }]) => [
        name,
        (ts.isUnionTypeNode(type) ? [...type.types] : [type]).map((part) => literal(part)),
      ]),
    );
    expect(tsEnums).toEqual(await enumValues());
  });

  it('Relationships list the foreign keys between public tables', async () => {
    const keys = await backend.db.query<{
      table_name: string;
      name: string;
      columns: string[];
      referenced: string;
      referenced_columns: string[];
      one_to_one: boolean;
    }>(
      `select c.conrelid::regclass::text as table_name, c.conname::text as name,
              array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
              r.relname::text as referenced,
              array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as referenced_columns,
              exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indisunique
                      and i.indkey::int2[] @> c.conkey and array_length(i.indkey::int2[], 1) = array_length(c.conkey, 1)) as one_to_one
       from pg_constraint c
       join pg_class r on r.oid = c.confrelid
       join pg_namespace rn on rn.oid = r.relnamespace
       join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'`,
    );
    for (const table of tsTables.keys()) {
      const relationships = member(members(member(tsTables, table, 'Tables'), table), 'Relationships', table);
      const declared = ts.isTupleTypeNode(relationships)
        ? relationships.elements.map((element) => {
            const fields = members(element as ts.TypeNode, `${table}.Relationships`);
            return {
              name: literal(member(fields, 'foreignKeyName', table)),
              columns: literal(member(fields, 'columns', table)),
              referenced: literal(member(fields, 'referencedRelation', table)),
              referenced_columns: literal(member(fields, 'referencedColumns', table)),
              one_to_one: literal(member(fields, 'isOneToOne', table)),
            };
          })
        : [];
      const actual = keys
        .filter((key) => key.table_name.replace(/^public\./, '') === table)
        .map(({ table_name: _, ...rest }) => rest);
      expect(declared, `${table}.Relationships`).toEqual(actual);
    }
  });

  it('Functions: the public RPCs with their argument names and types', async () => {
    const enums = new Set(Object.keys(await enumValues()));
    const functions = await backend.db.query<{
      name: string;
      arg_names: string[] | null;
      arg_types: string[];
      arg_arrays: boolean[];
      returns: string;
      returns_array: boolean;
    }>(
      `select p.proname::text as name, p.proargnames::text[] as arg_names,
              array(select t.typname::text from unnest(p.proargtypes) with ordinality x(oid, i) join pg_type t on t.oid = x.oid order by x.i) as arg_types,
              array(select t.typelem <> 0 and t.typlen = -1 from unnest(p.proargtypes) with ordinality x(oid, i) join pg_type t on t.oid = x.oid order by x.i) as arg_arrays,
              rt.typname::text as returns, (rt.typelem <> 0 and rt.typlen = -1) as returns_array
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
       where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'`,
    );
    const expected = Object.fromEntries(
      functions.map((fn) => [
        fn.name,
        {
          Args: Object.fromEntries(
            fn.arg_types.map((type, index) => [
              fn.arg_names?.[index] ?? '',
              tsType({ udt_name: type, data_type: fn.arg_arrays[index] ? 'ARRAY' : type }, enums),
            ]),
          ),
          Returns:
            fn.returns === 'void'
              ? 'undefined'
              : tsType({ udt_name: fn.returns, data_type: fn.returns_array ? 'ARRAY' : fn.returns }, enums),
        },
      ]),
    );
    const declared = Object.fromEntries(
      [...members(member(publicSchema, 'Functions', 'public'), 'Functions')].map(([name, { type }]) => {
        const fields = members(type, `Functions.${name}`);
        const args = members(member(fields, 'Args', name), `${name}.Args`);
        return [
          name,
          {
            Args: Object.fromEntries([...args].map(([arg, value]) => [arg, text(value.type)])),
            Returns: text(member(fields, 'Returns', name)),
          },
        ];
      }),
    );
    expect(declared).toEqual(expected);
  });
});
