/**
 * A stand-in for the Data API in component tests: `@/lib/supabase/client`
 * (supabase-js query chains, RPCs, Storage's `createSignedUrl` and `functions.invoke`) and `@/lib/supabase/rest` (the public
 * reads) both record each call in `fakeSupabase.state` and answer it with
 * the test's `respond`. A query's `order` and `limit` are applied to a list
 * answer as the Data API would, so a test of "the latest N" sees N rows
 * whatever the answer holds. In a test file:
 *
 *   vi.mock('@/lib/supabase/client', async () => (await import('<this file>')).fakeClientModule());
 *   vi.mock('@/lib/supabase/rest', async () => (await import('<this file>')).fakeRestModule());
 *   beforeEach(() => { fakeSupabase.state = createFakeSupabaseState(); fakeSupabase.state.respond = ... });
 */
import { DataApiError } from '@/lib/supabase/errors';

export type FakeCall = {
  table: string | null;
  rpc: string | null;
  args: unknown;
  /**
   * `storage`: a Storage call (`table` is the bucket, `rpc` the method, `args` its arguments); `storage.remove`: a
   * removal (`values` the names); `function`: an Edge Function call (`rpc` its name, `args` its body).
   */
  method: 'select' | 'update' | 'insert' | 'delete' | 'rpc' | 'storage' | 'storage.remove' | 'function';
  values: unknown;
  filters: [string, unknown][];
  single: boolean;
  /** `.order(column, { ascending })` calls, in order (the first sorts first). */
  orders?: [string, boolean][];
  /** `.limit(n)`, if any. */
  limit?: number;
};

export type FakeResponse = {
  data: unknown;
  error: { message: string; code?: string } | null;
  status?: number;
  /** The total a `count: 'exact'` select answers. */
  count?: number | null;
};

export type FakeSupabaseState = {
  calls: FakeCall[];
  respond: (call: FakeCall) => FakeResponse | Promise<FakeResponse>;
};

export function createFakeSupabaseState(): FakeSupabaseState {
  return { calls: [], respond: () => ({ data: null, error: null }) };
}

/** A list answer sorted by the query's `order` calls and cut at its `limit`, as PostgREST returns it. */
function orderedAndLimited(call: FakeCall, data: unknown): unknown {
  if (!Array.isArray(data)) return data;
  const orders = call.orders ?? [];
  const rows = [...(data as Record<string, unknown>[])].sort((a, b) => {
    for (const [column, ascending] of orders) {
      const [x, y] = [a[column], b[column]] as [string | number, string | number];
      if (x === y) continue;
      return (x < y ? -1 : 1) * (ascending ? 1 : -1);
    }
    return 0;
  });
  return call.limit === undefined ? rows : rows.slice(0, call.limit);
}

export function fakeSupabaseClient(state: FakeSupabaseState) {
  function builder(call: FakeCall) {
    const chain = {
      select: () => {
        if (call.method !== 'update' && call.method !== 'insert') call.method = 'select';
        return chain;
      },
      update: (values: unknown) => {
        call.method = 'update';
        call.values = values;
        return chain;
      },
      insert: (values: unknown) => {
        call.method = 'insert';
        call.values = values;
        return chain;
      },
      delete: () => {
        call.method = 'delete';
        return chain;
      },
      eq: (column: string, value: unknown) => {
        call.filters.push([column, value]);
        return chain;
      },
      in: (column: string, values: unknown[]) => {
        call.filters.push([`${column}.in`, values]);
        return chain;
      },
      // PostgREST's `or=(...)` as written: the test reads the filter text.
      or: (filters: string) => {
        call.filters.push(['or', filters]);
        return chain;
      },
      order: (column: string, options?: { ascending?: boolean }) => {
        call.orders = [...(call.orders ?? []), [column, options?.ascending ?? true]];
        return chain;
      },
      limit: (count: number) => {
        call.limit = count;
        return chain;
      },
      range: (from: number, to: number) => {
        call.filters.push(['range', [from, to]]);
        return chain;
      },
      single: () => {
        call.single = true;
        return chain;
      },
      maybeSingle: () => chain,
      then<T>(resolve: (value: FakeResponse) => T, reject?: (reason: unknown) => T) {
        state.calls.push(call);
        return Promise.resolve()
          .then(() => state.respond(call))
          .then((r) => ({ status: r.error ? 400 : 200, ...r, data: orderedAndLimited(call, r.data) }))
          .then(resolve, reject);
      },
    };
    return chain;
  }
  const base = { table: null, rpc: null, args: undefined, values: undefined, filters: [], single: false };
  /** Storage's bucket methods answer `{ data, error }` like supabase-js's storage client (it never throws). */
  const storageCall = async (call: FakeCall) => {
    state.calls.push(call);
    const r = await state.respond(call);
    return { data: r.error ? null : r.data, error: r.error };
  };
  return {
    from: (table: string) => builder({ ...base, filters: [], table, method: 'select' }),
    rpc: (name: string, args: unknown) => builder({ ...base, filters: [], rpc: name, args, method: 'rpc' }),
    // Storage calls are recorded and answered like the other calls (table = the bucket).
    storage: {
      from: (bucket: string) => ({
        createSignedUrl: (path: string, expiresIn: number, options?: unknown) =>
          storageCall({
            ...base,
            filters: [],
            table: bucket,
            rpc: 'createSignedUrl',
            args: [path, expiresIn, options],
            method: 'storage',
          }),
        remove: async (names: string[]) => {
          const call: FakeCall = { ...base, filters: [], table: bucket, method: 'storage.remove', values: names };
          state.calls.push(call);
          return state.respond(call);
        },
      }),
    },
    // `functions.invoke` answers like supabase-js's: an answer with an error becomes a
    // `FunctionsHttpError` whose `context` holds the status, status 0 a `FunctionsFetchError`.
    functions: {
      invoke: async (name: string, options?: { body?: unknown }) => {
        const call: FakeCall = { ...base, filters: [], rpc: name, args: options?.body, method: 'function' };
        state.calls.push(call);
        const r = await state.respond(call);
        if (!r.error) return { data: r.data, error: null };
        const status = r.status ?? 500;
        const error =
          status === 0
            ? { name: 'FunctionsFetchError', message: 'Failed to send a request to the Edge Function' }
            : {
                name: 'FunctionsHttpError',
                message: 'Edge Function returned a non-2xx status code',
                context: { status },
              };
        return { data: null, error };
      },
    },
    auth: { getSession: async () => ({ data: { session: null }, error: null }) },
  };
}

/** The state the mocked modules answer from; each test replaces it in beforeEach. */
export const fakeSupabase: { state: FakeSupabaseState } = { state: createFakeSupabaseState() };

export function fakeClientModule() {
  return {
    supabase: new Proxy(
      {},
      { get: (_t, key) => (fakeSupabaseClient(fakeSupabase.state) as Record<string | symbol, unknown>)[key] },
    ),
  };
}

/**
 * restSelect as the real one behaves: an answer with an error throws a
 * DataApiError; status 0 (no answer at all) throws fetch's TypeError.
 */
export function fakeRestModule() {
  return {
    restSelect: async (table: string, query: string) => {
      const call: FakeCall = {
        table,
        rpc: null,
        args: query,
        method: 'select',
        values: undefined,
        filters: [],
        single: false,
      };
      fakeSupabase.state.calls.push(call);
      const response = await fakeSupabase.state.respond(call);
      if (response.error) {
        if (response.status === 0) throw new TypeError('Failed to fetch');
        throw new DataApiError(response.error, response.status ?? 400);
      }
      return response.data;
    },
    restInsert: async () => {},
  };
}
