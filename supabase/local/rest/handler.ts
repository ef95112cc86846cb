/**
 * `/rest/v1`: a PostgREST-compatible Data API over schema `public`.
 * Routing, the caller's role, and the HTTP side of each response; parsing,
 * SQL building and execution live in the sibling modules.
 */
import { isDatabaseError, type LocalDatabase, type Tx } from '../db.ts';
import {
  headerValue,
  jsonResponse,
  jsonProblem,
  PayloadTooLargeError,
  type LocalRequest,
  type LocalResponse,
} from '../http.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';
import { EXPOSED_SCHEMA, type FunctionInfo, type SchemaCache } from './catalog.ts';
import { databaseErrorResponse, internalErrorResponse, RestError, type ApiRole } from './errors.ts';
import { inRequestTransaction, runBuilt, type RequestIdentity } from './execute.ts';
import {
  parseAccept,
  parsePrefer,
  parseQuery,
  type ParsedQuery,
  type Preferences,
  type Representation,
} from './parse.ts';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildScalarCall,
  buildScalarSetCall,
  buildUpdate,
  functionCall,
  Params,
  quoteIdent,
  type QueryResultRow,
  type Source,
} from './sql.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);

export interface RestContext {
  db: LocalDatabase;
  schema: SchemaCache;
  /** Unexpected failures (bugs): always printed, on stderr. */
  logError: (line: string) => void;
}

/** Thrown inside a transaction to roll it back and answer with `response`. */
class Abort {
  readonly response: LocalResponse;
  constructor(response: LocalResponse) {
    this.response = response;
  }
}

/**
 * @param apikeyClaims claims of the (already verified) apikey; they decide the
 *   role when no Authorization header is sent, as the Supabase gateway does.
 */
export async function handleRest(
  req: LocalRequest,
  ctx: RestContext,
  apikeyClaims: Record<string, unknown>,
): Promise<LocalResponse> {
  let role: ApiRole = 'anon';
  try {
    const route = routeOf(req);
    const identity = await resolveIdentity(req, apikeyClaims);
    role = identity.role;
    checkProfile(req);
    const accept = parseAccept(headerValue(req.headers, 'accept'));
    const prefs = parsePrefer(joinedHeader(req, 'prefer'));
    const settings = {
      identity,
      method: req.method,
      path: `/${req.segments.slice(2).join('/')}`,
      headers: flatHeaders(req),
      readOnly: req.method === 'GET' || req.method === 'HEAD',
    };
    if (route.kind === 'rpc') {
      const body = req.method === 'POST' ? await readJsonBody(req, true) : undefined;
      return await inRequestTransaction(ctx.db, settings, (tx) =>
        callFunction(tx, ctx.schema, req, route.name, body, accept, prefs),
      );
    }
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readJsonBody(req, false) : undefined;
    return await inRequestTransaction(ctx.db, settings, (tx) =>
      tableRequest(tx, ctx.schema, req, route.name, body, accept, prefs),
    );
  } catch (error) {
    if (error instanceof Abort) return error.response;
    if (error instanceof RestError) return error.toResponse();
    if (error instanceof PayloadTooLargeError) {
      return jsonResponse(413, { code: 'PGRST413', message: 'Payload Too Large', details: error.message, hint: null });
    }
    if (isDatabaseError(error)) return databaseErrorResponse(error, role);
    ctx.logError(`rest: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return internalErrorResponse();
  }
}

type Route = { kind: 'table'; name: string } | { kind: 'rpc'; name: string };

function routeOf(req: LocalRequest): Route {
  const rest = req.segments.slice(2);
  const invalidPath = () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  if (req.suspiciousPath) throw invalidPath();
  if (rest.length === 1 && rest[0]) {
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(req.method)) throw unsupportedMethod(req.method);
    return { kind: 'table', name: rest[0] };
  }
  if (rest.length === 2 && rest[0] === 'rpc' && rest[1]) {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) throw unsupportedMethod(req.method);
    return { kind: 'rpc', name: rest[1] };
  }
  throw invalidPath();
}

const unsupportedMethod = (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

/** Authorization decides the role; without it, the apikey does. */
async function resolveIdentity(req: LocalRequest, apikeyClaims: Record<string, unknown>): Promise<RequestIdentity> {
  const token = bearerToken(headerValue(req.headers, 'authorization'));
  let claims = apikeyClaims;
  if (token === null) {
    throw jwtError('PGRST301', 'Authorization header must be "Bearer <JWT>"');
  }
  if (token !== undefined) {
    const parts = token.split('.').length;
    if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
    const verified = await verifyJwt(token);
    if (!verified.ok) {
      throw verified.reason === 'expired'
        ? jwtError('PGRST303', 'JWT expired')
        : jwtError('PGRST301', 'JWSError JWSInvalidSignature');
    }
    claims = verified.claims;
  }
  const role = claims.role ?? 'anon';
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    // Never switch to a role outside the three API roles (e.g. postgres).
    throw new RestError(401, '42501', `permission denied to set role "${String(role)}"`, null, null, {
      'WWW-Authenticate': 'Bearer',
    });
  }
  return { role: role as ApiRole, claims };
}

function jwtError(code: string, message: string): RestError {
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
  });
}

function checkProfile(req: LocalRequest): void {
  const header = req.method === 'GET' || req.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headerValue(req.headers, header);
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw new RestError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${EXPOSED_SCHEMA}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
    );
  }
}

function joinedHeader(req: LocalRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function flatHeaders(req: LocalRequest): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

async function readJsonBody(req: LocalRequest, emptyIsObject: boolean): Promise<unknown> {
  const contentType = (headerValue(req.headers, 'content-type') ?? 'application/json')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (contentType !== 'application/json' && !contentType?.endsWith('+json')) {
    throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${contentType ?? ''}`);
  }
  const raw = (await req.readBody()).toString('utf8');
  if (raw.trim() === '' && emptyIsObject) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch (error) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null);
  }
  const problem = jsonProblem(value);
  if (problem) throw new RestError(400, 'PGRST102', 'Empty or invalid json', problem);
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// --- tables and views ---------------------------------------------------------------

async function tableRequest(
  tx: Tx,
  schema: SchemaCache,
  req: LocalRequest,
  name: string,
  body: unknown,
  accept: Representation,
  prefs: Preferences,
): Promise<LocalResponse> {
  const relation = (await schema.get(tx)).relations.get(name);
  if (!relation) {
    throw new RestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`);
  }
  const table = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(relation.name)}`;
  const source: Source = { label: relation.name, from: table, columns: new Set(relation.columns) };
  const query = parseQuery(req.query);
  const shape = { singular: accept.singular, stripNulls: accept.stripNulls };
  const representation = prefs.return === 'representation';

  if (req.method === 'GET' || req.method === 'HEAD') {
    const result = await runBuilt(tx, buildRead(source, query, { ...shape, count: prefs.count }));
    return readResponse(req, result, query, accept, prefs);
  }

  if ((query.limit !== null || query.offset > 0 || query.order.length > 0) && req.method !== 'POST') {
    throw new RestError(
      400,
      'PGRST100',
      'limit, offset and order are not supported on PATCH or DELETE by the local backend',
    );
  }

  let result: QueryResultRow;
  let status: number;
  const applied: string[] = [];
  if (prefs.return) applied.push(`return=${prefs.return}`);
  if (req.method === 'POST') {
    const { rows, columns } = insertRows(body, query);
    if (rows.length === 0) {
      return mutationResponse(201, { total: null, page_total: 0, body: '[]' }, accept, prefs, applied);
    }
    if (prefs.missingDefault) applied.push('missing=default');
    let onConflict = null;
    if (prefs.resolution) {
      applied.push(`resolution=${prefs.resolution}`);
      const target = query.onConflict ?? relation.primaryKey;
      if (target.length === 0) {
        throw new RestError(400, 'PGRST100', 'on_conflict is required: the relation has no primary key');
      }
      onConflict = { columns: target, resolution: prefs.resolution };
    }
    result = await runBuilt(
      tx,
      buildInsert(source, query, {
        ...shape,
        table,
        rows,
        columns,
        representation,
        missingDefault: prefs.missingDefault,
        onConflict,
      }),
    );
    status = 201;
  } else if (req.method === 'PATCH') {
    if (!isPlainObject(body))
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH expects one JSON object');
    if (Object.keys(body).length === 0) {
      return mutationResponse(
        representation ? 200 : 204,
        { total: null, page_total: 0, body: '[]' },
        accept,
        prefs,
        applied,
      );
    }
    result = await runBuilt(tx, buildUpdate(source, query, { ...shape, table, patch: body, representation }));
    status = representation ? 200 : 204;
  } else {
    result = await runBuilt(tx, buildDelete(source, query, { ...shape, table, representation }));
    status = representation ? 200 : 204;
  }

  if (prefs.strict && prefs.maxAffected !== null && result.page_total > prefs.maxAffected) {
    await tx.rollback();
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${result.page_total} rows`,
    );
  }
  if (accept.singular && result.page_total !== 1) {
    // PostgREST rolls back a mutation that was asked to return one object.
    await tx.rollback();
    throw new Abort(notSingular(result.page_total));
  }
  return mutationResponse(status, result, accept, prefs, applied);
}

function insertRows(body: unknown, query: ParsedQuery): { rows: Record<string, unknown>[]; columns: string[] } {
  if (isPlainObject(body)) {
    return { rows: [body], columns: query.columns ?? Object.keys(body) };
  }
  if (!Array.isArray(body) || !body.every(isPlainObject)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects');
  }
  const rows = body as Record<string, unknown>[];
  if (query.columns) return { rows, columns: query.columns };
  const first = rows[0];
  const keys = first ? Object.keys(first) : [];
  const signature = [...keys].sort().join('\u0000');
  if (!rows.every((row) => Object.keys(row).sort().join('\u0000') === signature)) {
    throw new RestError(400, 'PGRST102', 'All object keys must match');
  }
  return { rows, columns: keys };
}

function notSingular(rows: number): LocalResponse {
  return jsonResponse(406, {
    code: 'PGRST116',
    message: 'Cannot coerce the result to a single JSON object',
    details: `The result contains ${rows} rows`,
    hint: null,
  });
}

function readResponse(
  req: LocalRequest,
  result: QueryResultRow,
  query: ParsedQuery,
  accept: Representation,
  prefs: Preferences,
): LocalResponse {
  const total = result.total;
  const page = result.page_total;
  if (total !== null && query.offset > 0 && query.offset > total) {
    return jsonResponse(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: `An offset of ${query.offset} was requested, but there are only ${total} rows.`,
      hint: null,
    });
  }
  if (accept.singular && page !== 1) return notSingular(page);
  const range = page > 0 ? `${query.offset}-${query.offset + page - 1}` : '*';
  const headers: Record<string, string> = {
    'Content-Range': `${range}/${prefs.count && total !== null ? total : '*'}`,
    'Content-Type': accept.singular ? OBJECT_TYPE : JSON_TYPE,
  };
  const partial = total !== null && (query.offset > 0 || query.offset + page < total);
  return {
    status: partial ? 206 : 200,
    headers,
    body: req.method === 'HEAD' ? undefined : (result.body ?? (accept.singular ? '' : '[]')),
  };
}

function mutationResponse(
  status: number,
  result: QueryResultRow,
  accept: Representation,
  prefs: Preferences,
  applied: string[],
): LocalResponse {
  const headers: Record<string, string> = {
    'Content-Range': `*/${prefs.count ? result.page_total : '*'}`,
  };
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
  if (prefs.return !== 'representation') return { status, headers };
  headers['Content-Type'] = accept.singular ? OBJECT_TYPE : JSON_TYPE;
  return { status, headers, body: result.body ?? (accept.singular ? '' : '[]') };
}

// --- functions -------------------------------------------------------------------------

async function callFunction(
  tx: Tx,
  schema: SchemaCache,
  req: LocalRequest,
  name: string,
  body: unknown,
  accept: Representation,
  prefs: Preferences,
): Promise<LocalResponse> {
  const overloads = (await schema.get(tx)).functions.get(name) ?? [];
  const argNames = new Set(overloads.flatMap((fn) => fn.args.map((arg) => arg.name)).filter((n) => n !== ''));
  const query = parseQuery(req.query, req.method === 'POST' ? new Set() : argNames);

  let given: Map<string, string | null>;
  let wholeBody: string | null = null;
  if (req.method === 'POST') {
    if (!isPlainObject(body)) {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Function arguments must be one JSON object');
    }
    given = new Map(Object.entries(body).map(([key, value]) => [key, argumentText(value)]));
    wholeBody = JSON.stringify(body);
  } else {
    given = query.args;
  }

  const fn = chooseOverload(overloads, given);
  const single = fn ? null : overloads.find(isSingleJsonArg);
  if (!fn && !(single && wholeBody !== null)) throw functionNotFound(name, [...given.keys()]);

  const params = new Params();
  const qualified = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`;
  const target = (fn ?? single) as FunctionInfo;
  const call = fn
    ? functionCall(qualified, fn.args, given, params)
    : `${qualified}(${params.add(wholeBody)}::${target.args[0]?.type ?? 'json'})`;

  // As PostgREST: a function that declares it changes nothing runs read-only.
  if (target.readOnly && req.method === 'POST') await tx.query('set transaction read only');

  const shape = { singular: accept.singular, stripNulls: accept.stripNulls };
  let result: QueryResultRow;
  if (target.returnsSet && target.columns) {
    const source: Source = { label: name, from: `${call} pgrst_call`, columns: new Set(target.columns) };
    result = await runBuilt(tx, buildRead(source, query, { ...shape, count: prefs.count }, params));
  } else {
    const firstColumn = query.filters[0] ?? query.order[0];
    if (firstColumn) {
      const columnName = 'column' in firstColumn ? firstColumn.column : 'and';
      throw new RestError(400, '42703', `column ${name}.${columnName} does not exist`);
    }
    const sql = target.returnsVoid
      ? `select null::int as total, 1 as page_total, null::text as body from (select ${call}) _v`
      : target.returnsSet
        ? buildScalarSetCall(call, query, { ...shape, count: prefs.count })
        : buildScalarCall(call);
    result = await runBuilt(tx, { sql, params: params.values });
  }

  if (target.returnsVoid) return { status: 204, headers: {} };
  if (target.returnsSet && accept.singular && result.page_total !== 1) {
    await tx.rollback();
    throw new Abort(notSingular(result.page_total));
  }
  const headers: Record<string, string> = {
    'Content-Type': accept.singular && target.returnsSet ? OBJECT_TYPE : JSON_TYPE,
  };
  if (target.returnsSet) {
    const page = result.page_total;
    headers['Content-Range'] =
      `${page > 0 ? `${query.offset}-${query.offset + page - 1}` : '*'}/${prefs.count && result.total !== null ? result.total : '*'}`;
  }
  if (req.method === 'HEAD' || prefs.return === 'minimal') return { status: 200, headers };
  return { status: 200, headers, body: result.body ?? 'null' };
}

/** JSON argument → the text Postgres parses with the argument type's input function. */
function argumentText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** PostgREST picks the overload whose parameter names match the given keys. */
function chooseOverload(overloads: FunctionInfo[], given: Map<string, unknown>): FunctionInfo | null {
  const keys = [...given.keys()];
  const matches = overloads.filter((fn) => {
    const names = new Set(fn.args.map((arg) => arg.name));
    return (
      keys.every((key) => names.has(key)) &&
      fn.args.every((arg) => arg.hasDefault || given.has(arg.name)) &&
      fn.args.every((arg) => arg.name !== '')
    );
  });
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between several overloads of ${matches[0]?.name ?? ''}`,
    );
  }
  return matches[0] ?? null;
}

const isSingleJsonArg = (fn: FunctionInfo): boolean =>
  fn.args.length === 1 && fn.args[0]?.name === '' && ['json', 'jsonb'].includes(fn.args[0]?.type ?? '');

function functionNotFound(name: string, keys: string[]): RestError {
  const shown = keys.length > 0 ? `(${[...keys].sort().join(', ')})` : ' without parameters';
  const searched =
    keys.length > 0
      ? `with parameter${keys.length > 1 ? 's' : ''} ${[...keys].sort().join(', ')}`
      : 'without parameters';
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${EXPOSED_SCHEMA}.${name}${shown} in the schema cache`,
    `Searched for the function ${EXPOSED_SCHEMA}.${name} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}
