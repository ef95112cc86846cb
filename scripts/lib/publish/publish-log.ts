/**
 * The publishes waiting in `site_publishes` (supabase/migrations/20261123080000_site_publishes.sql),
 * marked by whoever publishes: the local publisher, or a production build
 * given a service-role key (docs/decisions/041-publishing-on-flag-change.md).
 * API roles cannot write the table; only the service role can.
 */

export type PublishStatus = 'pending' | 'publishing' | 'published' | 'failed';

export type PublishLog = {
  /**
   * Marks every open publish (pending, or left publishing by an earlier run)
   * as publishing and returns their ids. Call it BEFORE reading the flags:
   * every change it claims is then in the flags that are published.
   */
  claimOpen(): Promise<number[]>;
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
  const patch = async (filter: string, body: Record<string, unknown>): Promise<{ id: number }[]> => {
    const response = await fetchImpl(`${base}?${filter}&select=id`, {
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
    return (await response.json()) as { id: number }[];
  };
  return {
    async claimOpen() {
      const rows = await patch('status=in.(pending,publishing)', { status: 'publishing', started_at: new Date().toISOString(), error: null });
      return rows.map((row) => row.id);
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

/**
 * The build's log, when it is given `SUPABASE_SERVICE_ROLE_KEY` (a build-only
 * secret of the static host; never a VITE_ variable, so never in the
 * browser). Without it the build publishes without marking anything.
 */
export function publishLogFromEnv(supabaseUrl: string, env: NodeJS.ProcessEnv = process.env): PublishLog | null {
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY;
  return serviceKey ? publishLog({ supabaseUrl, serviceKey }) : null;
}
