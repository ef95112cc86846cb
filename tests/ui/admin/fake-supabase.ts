/**
 * A stand-in for `@/lib/supabase/client` in component tests: records each
 * query builder chain or RPC and answers it with the test's `respond`.
 * Use with vi.mock('@/lib/supabase/client', ...) and a vi.hoisted state.
 */
export type FakeCall = {
  table: string | null;
  rpc: string | null;
  args: unknown;
  method: 'select' | 'update' | 'rpc';
  values: unknown;
  filters: [string, unknown][];
  single: boolean;
};

export type FakeResponse = { data: unknown; error: { message: string; code?: string } | null; status?: number };

export type FakeSupabaseState = {
  calls: FakeCall[];
  respond: (call: FakeCall) => FakeResponse | Promise<FakeResponse>;
};

export function createFakeSupabaseState(): FakeSupabaseState {
  return { calls: [], respond: () => ({ data: null, error: null }) };
}

export function fakeSupabaseClient(state: FakeSupabaseState) {
  function builder(call: FakeCall) {
    const chain = {
      select: () => {
        if (call.method !== 'update') call.method = 'select';
        return chain;
      },
      update: (values: unknown) => {
        call.method = 'update';
        call.values = values;
        return chain;
      },
      eq: (column: string, value: unknown) => {
        call.filters.push([column, value]);
        return chain;
      },
      order: () => chain,
      limit: () => chain,
      single: () => {
        call.single = true;
        return chain;
      },
      maybeSingle: () => chain,
      then<T>(resolve: (value: FakeResponse) => T, reject?: (reason: unknown) => T) {
        state.calls.push(call);
        return Promise.resolve()
          .then(() => state.respond(call))
          .then((r) => ({ status: r.error ? 400 : 200, ...r }))
          .then(resolve, reject);
      },
    };
    return chain;
  }
  const base = { table: null, rpc: null, args: undefined, values: undefined, filters: [], single: false };
  return {
    from: (table: string) => builder({ ...base, filters: [], table, method: 'select' }),
    rpc: (name: string, args: unknown) => builder({ ...base, filters: [], rpc: name, args, method: 'rpc' }),
  };
}
