/**
 * What PostgREST keeps in its schema cache: the relations and functions of
 * schema `public` (the only exposed one), read from pg_catalog. Reading the
 * catalog costs ~10 ms in PGlite, so it is cached and reloaded only after a
 * superuser statement may have changed the schema (LocalDatabase.generation).
 */
import type { LocalDatabase, Tx } from '../db.ts';
import { TEXT_PARAMS } from '../db.ts';

export const EXPOSED_SCHEMA = 'public';

export interface RelationInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  /** format_type() of the argument, from the catalog (safe to splice). */
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Output columns when the result is a row type (table, composite, OUT args). */
  columns: string[] | null;
  /** Stable and immutable functions run read-only, even through POST. */
  readOnly: boolean;
}

export interface Catalog {
  relations: Map<string, RelationInfo>;
  functions: Map<string, FunctionInfo[]>;
}

export class SchemaCache {
  private cached: { generation: number; catalog: Catalog } | null = null;
  private readonly db: LocalDatabase;

  constructor(db: LocalDatabase) {
    this.db = db;
  }

  /** Called inside a request's transaction (pg_catalog is readable by every role). */
  async get(tx: Tx): Promise<Catalog> {
    const generation = this.db.generation;
    if (this.cached?.generation !== generation) {
      this.cached = { generation, catalog: { relations: await loadRelations(tx), functions: await loadFunctions(tx) } };
    }
    return this.cached.catalog;
  }
}

async function loadRelations(tx: Tx): Promise<Map<string, RelationInfo>> {
  const { rows } = await tx.query<{
    relname: string;
    columns: string[] | null;
    pk: string[] | null;
  }>(
    `select c.relname,
       array(select a.attname::text from pg_catalog.pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
             order by a.attnum) as columns,
       array(select a.attname::text
             from pg_catalog.pg_index i
             join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary
             order by array_position(i.indkey::int2[], a.attnum)) as pk
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [EXPOSED_SCHEMA],
    { serializers: TEXT_PARAMS },
  );
  return new Map(
    rows.map((row) => [
      row.relname,
      {
        name: row.relname,
        columns: row.columns ?? [],
        primaryKey: row.pk ?? [],
      },
    ]),
  );
}

/** Every plain function (not procedure) of `public`, by name, with its overloads. */
async function loadFunctions(tx: Tx): Promise<Map<string, FunctionInfo[]>> {
  const { rows } = await tx.query<{
    proname: string;
    proretset: boolean;
    returns_void: boolean;
    provolatile: string;
    arg_names: string[] | null;
    arg_modes: string[] | null;
    in_types: string[] | null;
    all_types: string[] | null;
    pronargdefaults: number;
    row_columns: string[] | null;
  }>(
    `select p.proname::text as proname, p.proretset, p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as returns_void,
       p.provolatile::text as provolatile,
       p.proargnames::text[] as arg_names,
       p.proargmodes::text[] as arg_modes,
       array(select pg_catalog.format_type(t, null) from unnest(p.proargtypes) with ordinality as x(t, i) order by i) as in_types,
       array(select pg_catalog.format_type(t, null) from unnest(p.proallargtypes) with ordinality as x(t, i) order by i) as all_types,
       p.pronargdefaults,
       case when rt.typtype = 'c' then
         array(select a.attname::text from pg_catalog.pg_attribute a
               where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
       end as row_columns
     from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     join pg_catalog.pg_type rt on rt.oid = p.prorettype
     where n.nspname = $1 and p.prokind = 'f'`,
    [EXPOSED_SCHEMA],
    { serializers: TEXT_PARAMS },
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const row of rows) {
    const names = row.arg_names ?? [];
    const modes = row.arg_modes;
    const inTypes = row.in_types ?? [];
    // proargnames/proargmodes cover all arguments (IN and OUT) when modes exist.
    const args: FunctionArg[] = [];
    const outColumns: string[] = [];
    if (modes) {
      modes.forEach((mode, index) => {
        const argName = names[index] ?? '';
        if (mode === 'i' || mode === 'b' || mode === 'v') {
          args.push({ name: argName, type: row.all_types?.[index] ?? 'text', hasDefault: false });
        }
        if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push(argName);
      });
    } else {
      inTypes.forEach((type, index) => args.push({ name: names[index] ?? '', type, hasDefault: false }));
    }
    // Defaults belong to the last pronargdefaults input arguments.
    for (let i = args.length - row.pronargdefaults; i < args.length; i += 1) {
      const arg = args[i];
      if (arg) arg.hasDefault = true;
    }
    const info: FunctionInfo = {
      name: row.proname,
      args,
      returnsSet: row.proretset,
      returnsVoid: row.returns_void,
      columns:
        row.row_columns ?? (outColumns.length > 1 || (outColumns.length === 1 && row.proretset) ? outColumns : null),
      readOnly: row.provolatile !== 'v',
    };
    functions.set(row.proname, [...(functions.get(row.proname) ?? []), info]);
  }
  return functions;
}
