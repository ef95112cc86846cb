/**
 * The publishes waiting in `site_publishes` (supabase/migrations/20261123080000_site_publishes.sql),
 * marked by whoever publishes (docs/decisions/041-publishing-on-flag-change.md):
 * - the local publisher, with the local backend's service-role key (local only);
 * - a production build, with the anon key and a publish token (SITE_PUBLISH_TOKEN,
 *   a build-only secret) through two functions that do nothing else.
 * API roles cannot write the table directly.
 */

export type PublishLog = {
  /**
   * Marks every open publish (pending, or left publishing by an earlier run)
   * as publishing and returns their ids. Call it BEFORE reading the flags:
   * every change it claims is then in the flags that are published.
   */
  claimOpen(): Promise<number[]>;
  /**
   * The same, with the content changes the claimed publishes carry
   * (`site_publishes.content`, docs/decisions/166-publishing-content-changes.md);
   * only the service-role log reads them (the build republishes everything).
   */
  claimOpenWithContent?(): Promise<{ ids: number[]; content: unknown[] }>;
  finish(ids: readonly number[], status: 'published' | 'failed', error?: string): Promise<void>;
};

export function publishLog({
  supabaseUrl,
  serviceKey,
  fetchImpl = fetch,
}: {
  supabaseUrl: string;
  serviceKey: string;
  fetchImpl?: typeof fetch;
}): PublishLog {
  const base = `${supabaseUrl.replace(/\/$/, '')}/rest/v1/site_publishes`;
  const patch = async (
    filter: string,
    body: Record<string, unknown>,
    select = 'id',
  ): Promise<{ id: number; content?: unknown }[]> => {
    const response = await fetchImpl(`${base}?${filter}&select=${select}`, {
      method: 'PATCH',
      headers: {
        apikey: serviceKey,
        Authorization: `Bearer ${serviceKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`site_publishes: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; content?: unknown }[];
  };
  const claim = () =>
    patch(
      'status=in.(pending,publishing)',
      { status: 'publishing', started_at: new Date().toISOString(), error: null },
      'id,content',
    );
  return {
    async claimOpen() {
      return (await claim()).map((row) => row.id);
    },
    async claimOpenWithContent() {
      const rows = await claim();
      return {
        ids: rows.map((row) => row.id),
        content: rows.flatMap((row) => (Array.isArray(row.content) ? (row.content as unknown[]) : [])),
      };
    },
    async finish(ids, status, error) {
      if (ids.length === 0) return;
      await patch(`id=in.(${ids.map((id) => Number(id)).join(',')})`, {
        status,
        error: status === 'failed' ? (error ?? 'failed').slice(0, 2000) : null,
        finished_at: new Date().toISOString(),
      });
    },
  };
}

/** The build's log: the claim_site_publishes / finish_site_publishes functions, with the token. */
export function tokenPublishLog({
  supabaseUrl,
  anonKey,
  token,
  fetchImpl = fetch,
}: {
  supabaseUrl: string;
  anonKey: string;
  token: string;
  fetchImpl?: typeof fetch;
}): PublishLog {
  const call = async (name: string, body: Record<string, unknown>): Promise<unknown> => {
    const response = await fetchImpl(`${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    async claimOpen() {
      const ids = (await call('claim_site_publishes', { token })) as (number | Record<string, number>)[];
      // setof bigint comes back as bare numbers (PostgREST) or one-column rows.
      return ids.map((id) => (typeof id === 'number' ? id : Number(Object.values(id)[0])));
    },
    async finish(ids, status, error) {
      if (ids.length === 0) return;
      await call('finish_site_publishes', {
        token,
        ids,
        succeeded: status === 'published',
        ...(status === 'failed' ? { failure: (error ?? 'failed').slice(0, 2000) } : {}),
      });
    },
  };
}

/**
 * The build's log, when the static host gives the build SITE_PUBLISH_TOKEN
 * (never a VITE_ variable, so never in the browser). Without it the build
 * publishes without marking anything.
 */
export function publishLogFromEnv(
  supabaseUrl: string,
  anonKey: string,
  env: NodeJS.ProcessEnv = process.env,
): PublishLog | null {
  const token = env.SITE_PUBLISH_TOKEN;
  return token ? tokenPublishLog({ supabaseUrl, anonKey, token }) : null;
}
