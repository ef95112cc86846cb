/**
 * Builds the SQL of one PostgREST request. Every identifier spliced into SQL
 * has first been found in the catalog (RelationInfo / FunctionInfo) and is
 * then double-quoted; every value is a bound parameter ($1...). Type names
 * spliced into casts come from format_type() in the catalog, never from input.
 */
import type { FunctionArg } from './catalog.ts';
import { RestError } from './errors.ts';
import type { Filter, OrderItem, ParsedQuery, SelectItem } from './parse.ts';

/** Hosted Supabase's default `max_rows` (supabase/config.toml [api]). */
export const MAX_ROWS = 1000;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** What a query reads from: a relation, or a function call's result. */
export interface Source {
  /** Name used in error messages (`feature_flags`, `fn`). */
  label: string;
  /** The FROM item, already safe SQL. */
  from: string;
  columns: ReadonlySet<string>;
}

export class Params {
  readonly values: (string | null)[] = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function column(source: Source, name: string): string {
  if (!source.columns.has(name)) {
    throw new RestError(400, '42703', `column ${source.label}.${name} does not exist`);
  }
  return quoteIdent(name);
}

export function selectList(source: Source, items: SelectItem[]): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return '*';
      const col = column(source, item.column);
      return item.alias === null ? col : `${col} as ${quoteIdent(item.alias)}`;
    })
    .join(', ');
}

const COMPARE_SQL = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  isdistinct: 'is distinct from',
} as const;

function filterSql(source: Source, filter: Filter, params: Params): string {
  let sql: string;
  switch (filter.kind) {
    case 'compare':
      sql = `${column(source, filter.column)} ${COMPARE_SQL[filter.op]} ${params.add(filter.value)}`;
      break;
    case 'in': {
      const col = column(source, filter.column);
      // `in.()` matches nothing, as in PostgREST (SQL has no empty IN list).
      sql =
        filter.values.length === 0
          ? 'false'
          : `${col} in (${filter.values.map((value) => params.add(value)).join(', ')})`;
      break;
    }
    case 'is':
      sql = `${column(source, filter.column)} is ${filter.value}`;
      break;
    case 'logic':
      sql = `(${filter.children.map((child) => filterSql(source, child, params)).join(` ${filter.op} `)})`;
      break;
  }
  return filter.negate ? `not (${sql})` : sql;
}

export function whereClause(source: Source, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((filter) => filterSql(source, filter, params)).join(' and ')}`;
}

function orderClause(source: Source, order: OrderItem[]): string {
  if (order.length === 0) return '';
  const items = order.map((item) => {
    let sql = column(source, item.column);
    if (item.direction) sql += ` ${item.direction}`;
    if (item.nulls) sql += ` nulls ${item.nulls}`;
    return sql;
  });
  return ` order by ${items.join(', ')}`;
}

export interface Shape {
  singular: boolean;
  stripNulls: boolean;
}

/** JSON body of the rows of `_t`, built by Postgres exactly as PostgREST does. */
function bodyExpression(shape: Shape): string {
  if (shape.singular) {
    const first = 'json_agg(_t) -> 0';
    return `coalesce((${shape.stripNulls ? `json_strip_nulls(${first})` : first})::text, '')`;
  }
  const all = `coalesce(json_agg(_t), '[]'::json)`;
  return `(${shape.stripNulls ? `json_strip_nulls(${all})` : all})::text`;
}

export interface BuiltQuery {
  sql: string;
  params: (string | null)[];
}

/** Result columns of every built query: total (or null), page_total, body. */
export interface QueryResultRow {
  total: number | null;
  page_total: number;
  body: string | null;
}

export function buildRead(
  source: Source,
  query: ParsedQuery,
  options: Shape & { count: boolean },
  params: Params = new Params(),
): BuiltQuery {
  const where = whereClause(source, query.filters, params);
  const limit = Math.min(query.limit ?? MAX_ROWS, MAX_ROWS);
  const inner =
    `select ${selectList(source, query.select)} from ${source.from}${where}` +
    `${orderClause(source, query.order)} limit ${limit} offset ${query.offset}`;
  const total = options.count ? `(select count(*) from ${source.from}${where})::int` : 'null::int';
  return {
    sql: `select ${total} as total, count(_t)::int as page_total, ${bodyExpression(options)} as body from (${inner}) _t`,
    params: params.values,
  };
}

/** `returning` list for mutations: the select list, or a constant for return=minimal. */
function returning(source: Source, query: ParsedQuery, representation: boolean): string {
  // `returning 1` does not need SELECT rights (an anonymous visitor may insert
  // an analytics row it cannot read back), just as with PostgREST.
  return representation ? selectList(source, query.select) : '1';
}

function wrapMutation(mutation: string, representation: boolean, shape: Shape): string {
  const body = representation ? bodyExpression(shape) : 'null::text';
  return `with pgrst_source as (${mutation}) select null::int as total, count(_t)::int as page_total, ${body} as body from (select * from pgrst_source) _t`;
}

export interface InsertOptions extends Shape {
  table: string;
  rows: Record<string, unknown>[];
  columns: string[];
  representation: boolean;
  missingDefault: boolean;
  onConflict: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null;
}

/** Bulk inserts bind one JSON parameter; missing=default binds one per row. */
const MAX_ROWS_WITH_DEFAULTS = 5000;

export function buildInsert(source: Source, query: ParsedQuery, options: InsertOptions): BuiltQuery {
  const params = new Params();
  const cols = options.columns.map((name) => {
    if (!source.columns.has(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${source.label}' in the schema cache`,
      );
    }
    return quoteIdent(name);
  });
  const rowType = `null::${options.table}`;
  let insert: string;
  if (cols.length === 0) {
    // `{}` rows: every column takes its default.
    insert = `insert into ${options.table} select from json_array_elements(${params.add(JSON.stringify(options.rows))}::json)`;
  } else if (options.missingDefault) {
    if (options.rows.length > MAX_ROWS_WITH_DEFAULTS) {
      throw new RestError(
        400,
        'PGRST102',
        `At most ${MAX_ROWS_WITH_DEFAULTS} rows per request with Prefer: missing=default`,
      );
    }
    const values = options.rows.map((row) => {
      // Bound only when a cell uses it: Postgres refuses unreferenced parameters.
      let record: string | null = null;
      const cells = options.columns.map((name) => {
        if (!Object.hasOwn(row, name)) return 'default';
        record ??= `json_populate_record(${rowType}, ${params.add(JSON.stringify(row))}::json)`;
        return `(${record}).${quoteIdent(name)}`;
      });
      return `(${cells.join(', ')})`;
    });
    insert = `insert into ${options.table} (${cols.join(', ')}) values ${values.join(', ')}`;
  } else {
    insert =
      `insert into ${options.table} (${cols.join(', ')}) select ${cols.join(', ')} ` +
      `from json_populate_recordset(${rowType}, ${params.add(JSON.stringify(options.rows))}::json)`;
  }
  if (options.onConflict) {
    const target = options.onConflict.columns.map((name) => column(source, name)).join(', ');
    if (options.onConflict.resolution === 'ignore-duplicates' || cols.length === 0) {
      insert += ` on conflict (${target}) do nothing`;
    } else {
      insert += ` on conflict (${target}) do update set ${cols.map((col) => `${col} = excluded.${col}`).join(', ')}`;
    }
  }
  insert += ` returning ${returning(source, query, options.representation)}`;
  return { sql: wrapMutation(insert, options.representation, options), params: params.values };
}

export interface UpdateOptions extends Shape {
  table: string;
  patch: Record<string, unknown>;
  representation: boolean;
}

export function buildUpdate(source: Source, query: ParsedQuery, options: UpdateOptions): BuiltQuery {
  const params = new Params();
  const names = Object.keys(options.patch);
  for (const name of names) {
    if (!source.columns.has(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${source.label}' in the schema cache`,
      );
    }
  }
  const record = `json_populate_record(null::${options.table}, ${params.add(JSON.stringify(options.patch))}::json)`;
  const assignments = names.map((name) => `${quoteIdent(name)} = (${record}).${quoteIdent(name)}`).join(', ');
  const where = whereClause(source, query.filters, params);
  const update = `update ${options.table} set ${assignments}${where} returning ${returning(source, query, options.representation)}`;
  return { sql: wrapMutation(update, options.representation, options), params: params.values };
}

export interface DeleteOptions extends Shape {
  table: string;
  representation: boolean;
}

export function buildDelete(source: Source, query: ParsedQuery, options: DeleteOptions): BuiltQuery {
  const params = new Params();
  const where = whereClause(source, query.filters, params);
  const del = `delete from ${options.table}${where} returning ${returning(source, query, options.representation)}`;
  return { sql: wrapMutation(del, options.representation, options), params: params.values };
}

/**
 * `"public"."fn"("a" => $1::type, ...)`. Values are bound as text and cast to
 * the declared argument type, which also picks the overload unambiguously.
 */
export function functionCall(
  qualifiedName: string,
  args: FunctionArg[],
  values: Map<string, string | null>,
  params: Params,
): string {
  const parts = args
    .filter((arg) => values.has(arg.name))
    .map((arg) => {
      const text = values.get(arg.name) ?? null;
      // PostgREST takes a JSON array for an array parameter.
      const bound = arg.type.endsWith('[]') && text?.startsWith('[') ? jsonArrayAsArrayLiteral(text) : text;
      return `${quoteIdent(arg.name)} => ${params.add(bound)}::${arg.type}`;
    });
  return `${qualifiedName}(${parts.join(', ')})`;
}

/** `["a", null, 1]` as the Postgres array literal `{"a",NULL,"1"}`; other JSON is returned as it was. */
function jsonArrayAsArrayLiteral(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (!Array.isArray(value) || value.some((item) => item !== null && typeof item === 'object')) return text;
  const items = value.map((item: unknown) =>
    item === null ? 'NULL' : `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

/** A scalar (non-set, non-row) function result as one JSON value. */
export function buildScalarCall(call: string): string {
  return `select null::int as total, 1 as page_total, to_json(${call})::text as body`;
}

/** A set of scalars: JSON array of values. */
export function buildScalarSetCall(call: string, query: ParsedQuery, options: Shape & { count: boolean }): string {
  // The call (and its bound arguments) is the only input; filters on a set of
  // scalars have no column to name, so the caller refuses them beforehand.
  const limit = Math.min(query.limit ?? MAX_ROWS, MAX_ROWS);
  const inner = `select pgrst_scalar from (select ${call} as pgrst_scalar) _s limit ${limit} offset ${query.offset}`;
  const body = options.singular
    ? `coalesce((json_agg(_t.pgrst_scalar) -> 0)::text, '')`
    : `coalesce(json_agg(_t.pgrst_scalar), '[]'::json)::text`;
  const total = options.count ? `(select count(*) from (select ${call}) _c)::int` : 'null::int';
  return `select ${total} as total, count(_t)::int as page_total, ${body} as body from (${inner}) _t`;
}
