/**
 * Reads the flags as the site does (the anon key, through the Data API) for
 * the prerenderer; when the database cannot be read, the defaults, with a
 * warning that says so (docs/decisions/016-published-html-follows-live-flags.md).
 */
import { defaultFlags, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { flagMapFrom } from './plan.ts';

export type LiveFlags =
  { flags: FlagMap; source: 'database' } | { flags: FlagMap; source: 'defaults'; warning: string };

/** As long as the site waits for the flags (docs/decisions/004-public-site-never-blank.md). */
export const LIVE_FLAGS_TIMEOUT_MS = 5_000;

export async function readLiveFlags({
  supabaseUrl,
  anonKey,
  timeoutMs = LIVE_FLAGS_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  supabaseUrl: string;
  anonKey: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): Promise<LiveFlags> {
  const url = `${supabaseUrl.replace(/\/$/, '')}/rest/v1/feature_flags?select=name,enabled`;
  try {
    const response = await fetchImpl(url, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const rows: unknown = await response.json();
    if (!Array.isArray(rows) || rows.length === 0) throw new Error('no flag in the answer');
    return { flags: flagMapFrom(rows as { name: string; enabled: boolean }[]), source: 'database' };
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? `${error.message}: ${error.cause.message}`
          : error.message
        : String(error);
    return {
      flags: { ...defaultFlags },
      source: 'defaults',
      warning:
        `⚠ The feature flags could not be read from ${supabaseUrl} (${reason}): the pages are prerendered with the DEFAULT flags, ` +
        'which may not be what staff chose. Publish again once the database answers.',
    };
  }
}
