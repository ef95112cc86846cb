/**
 * The published news items and blog posts, read at build and publish time the
 * way the flags are (live-flags.ts): through the Data API with the anon key, so
 * row-level security shows exactly what a visitor may see
 * (docs/decisions/165-published-content-on-the-site.md).
 *
 * Unlike the flags there is no default to fall back on: a build pointed at a
 * hosted backend whose content cannot be read stops rather than ship an empty
 * blog. A build pointed at a local backend that is not running (`npm run
 * build` alone, the CI build and budget stages) boots an in-memory local
 * database from the migrations for the few seconds it takes to read the
 * content they publish.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { SiteContent } from '../../../src/lib/content/build-page-content.ts';
import { fetchPublishedCatalogue } from '../../../src/lib/catalogue/published.ts';
import { fetchPublishedContent, fetchSlugRedirects } from '../../../src/lib/content/published.ts';
import type { Database } from '../../../src/lib/supabase/database.types.ts';
import { LOCAL_ANON_KEY } from '../../../supabase/local/keys.ts';
import { isLocalUrl } from '../../build-env.ts';

export const LIVE_CONTENT_TIMEOUT_MS = 10_000;

/** Reads every published item and its redirects, and the published catalogue; throws when the backend does not answer. */
export async function readLiveContent({
  supabaseUrl,
  anonKey,
  timeoutMs = LIVE_CONTENT_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  supabaseUrl: string;
  anonKey: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): Promise<SiteContent> {
  const client = createClient<Database>(supabaseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Never opened; supabase-js only needs a WebSocket class to exist on Node 20.
    realtime: { transport: WebSocket as never },
    global: { fetch: (input, init) => fetchImpl(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }) },
  });
  const [items, catalogue] = await Promise.all([fetchPublishedContent(client), fetchPublishedCatalogue(client)]);
  const redirects = await fetchSlugRedirects(client, items);
  return { items, redirects, catalogue };
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

export type BuildContent = { content: SiteContent; source: 'database' | 'migrations'; ms: number };

/**
 * The content a build publishes: the backend's; for a local backend that does
 * not answer, that of a fresh in-memory database built from the migrations
 * (what `npm start` would serve on a new checkout). A hosted backend that does
 * not answer stops the build.
 */
export async function readBuildContent({
  supabaseUrl,
  anonKey,
  read = readLiveContent,
  bootLocal = readFromMigrations,
}: {
  supabaseUrl: string;
  anonKey: string;
  read?: typeof readLiveContent;
  bootLocal?: () => Promise<SiteContent>;
}): Promise<BuildContent> {
  const started = Date.now();
  try {
    const content = await read({ supabaseUrl, anonKey });
    return { content, source: 'database', ms: Date.now() - started };
  } catch (error) {
    if (!isLocalUrl(supabaseUrl)) {
      throw new Error(
        `The published news, blog posts and catalogue could not be read from ${supabaseUrl} (${reasonOf(error)}): ` +
          'refusing to publish a site without them. Build again once the database answers.',
        { cause: error },
      );
    }
    const content = await bootLocal();
    return { content, source: 'migrations', ms: Date.now() - started };
  }
}

/** Boots the local backend in memory (migrations, then seed), reads the content, stops it. */
export async function readFromMigrations(): Promise<SiteContent> {
  const { startLocalBackend } = await import('../../../supabase/local/server.ts');
  const backend = await startLocalBackend({ port: 0, dataDir: null, quiet: true });
  try {
    return await readLiveContent({ supabaseUrl: backend.url, anonKey: LOCAL_ANON_KEY });
  } finally {
    await backend.stop();
  }
}
