/**
 * The PostgREST URL grammar we support, parsed into plain values. Nothing here
 * touches the database or builds SQL: identifiers are still untrusted strings
 * that the SQL builder checks against the catalog before quoting them.
 */
import { parseError, RestError } from './errors.ts';

export type CompareOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'isdistinct';
export type IsValue = 'null' | 'true' | 'false' | 'unknown';

export type Filter =
  | { kind: 'compare'; column: string; op: CompareOp; value: string; negate: boolean }
  | { kind: 'in'; column: string; values: string[]; negate: boolean }
  | { kind: 'is'; column: string; value: IsValue; negate: boolean }
  | { kind: 'logic'; op: 'and' | 'or'; children: Filter[]; negate: boolean };

export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias: string | null };

export interface OrderItem {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderItem[];
  limit: number | null;
  offset: number;
  /** `columns=` of a bulk insert (postgrest-js sends it for arrays). */
  columns: string[] | null;
  onConflict: string[] | null;
  /** For GET/HEAD rpc: query parameters named like the function's arguments. */
  args: Map<string, string>;
}

const COMPARE_OPS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'isdistinct']);
const IS_VALUES = new Set<string>(['null', 'true', 'false', 'unknown']);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const LOGIC_KEYS = new Map<string, { op: 'and' | 'or'; negate: boolean }>([
  ['and', { op: 'and', negate: false }],
  ['or', { op: 'or', negate: false }],
  ['not.and', { op: 'and', negate: true }],
  ['not.or', { op: 'or', negate: true }],
]);
/** Deeper `or=(and(or(...)))` trees than this are refused, not recursed. */
const MAX_LOGIC_DEPTH = 8;
const MAX_INTEGER = 2_147_483_647;

/**
 * @param argNames for rpc calls through GET: parameters with these names are
 *   function arguments, not filters (PostgREST does the same).
 */
export function parseQuery(params: URLSearchParams, argNames: ReadonlySet<string> = new Set()): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ kind: 'star' }],
    filters: [],
    order: [],
    limit: null,
    offset: 0,
    columns: null,
    onConflict: null,
    args: new Map(),
  };
  for (const [key, value] of params) {
    if (key === 'apikey') continue;
    if (argNames.has(key)) {
      query.args.set(key, value);
      continue;
    }
    if (RESERVED.has(key)) {
      applyReserved(query, key, value);
      continue;
    }
    const logic = LOGIC_KEYS.get(key);
    if (logic) {
      query.filters.push(parseLogic(logic.op, logic.negate, value, 0));
      continue;
    }
    if (key === '') throw parseError(`filter (=${value})`, 'A filter needs a column name');
    query.filters.push(parseFilter(key, value));
  }
  return query;
}

function applyReserved(query: ParsedQuery, key: string, value: string): void {
  switch (key) {
    case 'select':
      query.select = parseSelect(value);
      break;
    case 'order':
      query.order = parseOrder(value);
      break;
    case 'limit':
      query.limit = parseCount('limit', value);
      break;
    case 'offset':
      query.offset = parseCount('offset', value);
      break;
    case 'columns':
      query.columns = parseColumnList('columns', value);
      break;
    case 'on_conflict':
      query.onConflict = parseColumnList('on_conflict', value);
      break;
  }
}

function parseCount(what: string, value: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INTEGER) {
    throw parseError(`${what} (${value})`, `${what} must be a non-negative integer`);
  }
  return Number(value);
}

function parseColumnList(what: string, value: string): string[] {
  const items = splitTopLevel(value, what);
  if (items.length === 0) throw parseError(`${what} (${value})`, 'Expected at least one column');
  return items.map((item) => {
    const name = unquote(item.trim());
    if (name === '') throw parseError(`${what} (${value})`, 'Empty column name');
    return name;
  });
}

// --- select -------------------------------------------------------------------

export function parseSelect(value: string): SelectItem[] {
  const trimmed = value.trim();
  if (trimmed === '') return [{ kind: 'star' }];
  return splitTopLevel(trimmed, 'select').map((raw) => {
    const item = raw.trim();
    if (item === '*') return { kind: 'star' };
    if (item === '') throw parseError(`select (${value})`, 'Empty column in the select list');
    if (item.includes('(') || item.includes(')')) {
      // Embedded resources (`roles(*)`) and aggregates (`count()`).
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship for '${item.split('(')[0] ?? item}' in the schema cache`,
        'The local backend supports plain column lists only (no embedded resources or aggregates).',
      );
    }
    if (item.includes('::') || item.includes('->') || item.startsWith('...')) {
      throw parseError(
        `select (${value})`,
        'The local backend supports plain columns, aliases (alias:column) and * only',
      );
    }
    const colon = item.indexOf(':');
    const alias = colon === -1 ? null : unquote(item.slice(0, colon).trim());
    const column = unquote((colon === -1 ? item : item.slice(colon + 1)).trim());
    if (column === '' || alias === '') throw parseError(`select (${value})`, 'Empty column or alias');
    return { kind: 'column', column, alias };
  });
}

// --- order ---------------------------------------------------------------------

export function parseOrder(value: string): OrderItem[] {
  return splitTopLevel(value, 'order').map((raw) => {
    const [column = '', ...modifiers] = raw.trim().split('.');
    if (column === '') throw parseError(`order (${value})`, 'Empty column in order');
    const item: OrderItem = { column: unquote(column), direction: null, nulls: null };
    for (const modifier of modifiers) {
      if ((modifier === 'asc' || modifier === 'desc') && item.direction === null && item.nulls === null) {
        item.direction = modifier;
      } else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && item.nulls === null) {
        item.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      } else {
        throw parseError(
          `order (${value})`,
          `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
      }
    }
    return item;
  });
}

// --- filters -------------------------------------------------------------------

/** `column=[not.]op.value` from a query parameter. */
export function parseFilter(column: string, expression: string): Filter {
  return parseOperation(unquote(column), expression, false);
}

/**
 * @param quotedValues inside logic trees values may be double-quoted so that
 *   they can hold `,` and parentheses; at top level the value is literal.
 */
function parseOperation(column: string, expression: string, quotedValues: boolean): Filter {
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? null : rest.slice(dot + 1);
  if (value === null) {
    throw parseError(`filter (${expression})`, 'Expected an operator and a value, e.g. eq.value');
  }
  if (COMPARE_OPS.has(op)) {
    let literal = quotedValues ? unquote(value) : value;
    if (op === 'like' || op === 'ilike') literal = literal.replaceAll('*', '%');
    return { kind: 'compare', column, op: op as CompareOp, value: literal, negate };
  }
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) {
      throw parseError(`filter (${expression})`, 'in expects a list: in.(a,b)');
    }
    const inner = value.slice(1, -1);
    const values = inner.trim() === '' ? [] : splitTopLevel(inner, 'filter').map((item) => unquote(item));
    return { kind: 'in', column, values, negate };
  }
  if (op === 'is') {
    const lowered = value.toLowerCase();
    if (!IS_VALUES.has(lowered)) {
      throw parseError(`filter (${expression})`, 'is expects null, true, false or unknown');
    }
    return { kind: 'is', column, value: lowered as IsValue, negate };
  }
  throw parseError(
    `filter (${expression})`,
    `unknown operator "${op}"; the local backend supports eq, neq, gt, gte, lt, lte, like, ilike, in, is, isdistinct and not.`,
  );
}

function parseLogic(op: 'and' | 'or', negate: boolean, text: string, depth: number): Filter {
  if (depth >= MAX_LOGIC_DEPTH) throw parseError(`logic tree (${op})`, 'The logic tree is nested too deeply');
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`logic tree (${text})`, `${op} expects a parenthesised list: ${op}=(a.eq.1,b.eq.2)`);
  }
  const inner = text.slice(1, -1);
  const children = splitTopLevel(inner, 'logic tree').map((raw) => {
    const item = raw.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) {
      return parseLogic(nested[2] as 'and' | 'or', nested[1] !== undefined, nested[3] ?? '', depth + 1);
    }
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`logic tree (${text})`, `"${item}" is not column.operator.value`);
    return parseOperation(unquote(item.slice(0, dot)), item.slice(dot + 1), true);
  });
  if (children.length === 0) throw parseError(`logic tree (${text})`, 'Empty logic tree');
  return { kind: 'logic', op, children, negate };
}

// --- lexical helpers -------------------------------------------------------------

/** Splits on commas outside double quotes and parentheses. */
export function splitTopLevel(text: string, what: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted) {
      current += char;
      if (char === '\\' && i + 1 < text.length) {
        current += text[i + 1] ?? '';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      }
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) throw parseError(`${what} (${text})`, 'Unbalanced parentheses');
    } else if (char === ',' && depth === 0) {
      items.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (quoted || depth !== 0) throw parseError(`${what} (${text})`, 'Unbalanced quotes or parentheses');
  if (current !== '' || items.length > 0) items.push(current);
  return items;
}

/** `"a \"b\""` → `a "b"`; anything else is returned as is. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/gs, '$1');
  }
  return text;
}

// --- headers -----------------------------------------------------------------------

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  strict: boolean;
  maxAffected: number | null;
}

/** `Prefer` may repeat and is comma-joined by postgrest-js. */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: false,
    resolution: null,
    missingDefault: false,
    strict: false,
    maxAffected: null,
  };
  const unknown: string[] = [];
  for (const raw of (header ?? '').split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const [key = '', value = ''] = item.split('=').map((part) => part.trim());
    if (key === 'return' && (value === 'representation' || value === 'minimal' || value === 'headers-only')) {
      prefs.return = value;
    } else if (key === 'count' && ['exact', 'planned', 'estimated'].includes(value)) {
      // Planned and estimated counts are exact here: the tables are tiny.
      prefs.count = true;
    } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefs.resolution = value;
    } else if (key === 'missing' && (value === 'default' || value === 'null')) {
      prefs.missingDefault = value === 'default';
    } else if (key === 'handling' && (value === 'strict' || value === 'lenient')) {
      prefs.strict = value === 'strict';
    } else if (key === 'max-affected' && /^\d{1,9}$/.test(value)) {
      prefs.maxAffected = Number(value);
    } else if (key === 'tx' || key === 'timezone' || key === 'params') {
      // Accepted and ignored, as hosted Supabase does (tx override disabled).
    } else {
      unknown.push(item);
    }
  }
  if (prefs.strict && unknown.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      `Invalid preferences given with handling=strict`,
      `Invalid preferences: ${unknown.join(', ')}`,
    );
  }
  return prefs;
}

export interface Representation {
  singular: boolean;
  stripNulls: boolean;
}

/** Which JSON shape the client accepts; anything else is a 406. */
export function parseAccept(header: string | undefined): Representation {
  if (header === undefined || header.trim() === '') return { singular: false, stripNulls: false };
  for (const raw of header.split(',')) {
    const [typeRaw = '', ...paramsRaw] = raw.split(';');
    const type = typeRaw.trim().toLowerCase();
    const stripNulls = paramsRaw.some((param) => param.trim().toLowerCase() === 'nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { singular: true, stripNulls };
    }
    if (['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*'].includes(type)) {
      return { singular: false, stripNulls };
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`);
}
