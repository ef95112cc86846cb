/**
 * The local Supabase-compatible backend: one HTTP server answering
 *   /auth/v1/*   GoTrue-compatible auth (auth/handler.ts)
 *   /rest/v1/*   PostgREST-compatible Data API (rest/handler.ts)
 *   /storage/v1/* Storage API (storage/handler.ts), files in storage/files.ts
 *   /functions/v1/<name>  Edge Functions of supabase/functions (functions.ts)
 *   /health      liveness for scripts
 * over an embedded PGlite database (db.ts), and mounting the stand-ins for
 * the outside services (stand-ins/, see its README):
 *   /hubspot/*   HubSpot's Forms API
 *   /captcha/*   Cloudflare Turnstile: widget script and siteverify
 *   /email-api/* the email API (Resend) the functions send through, into the inbox
 *   /identity-providers/*  Microsoft's and Google's sign-in pages
 * and the inbox (Mailpit) on its own port. This file is the composition root:
 * Auth, Data API and Storage never import a stand-in; they get one through
 * an interface of theirs (AuthContext's mailer, verifyCaptcha,
 * identityProviders). The Supabase gateway's part (the client-address
 * header, apikey check, CORS) is done here, before dispatch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AuthContext } from './auth/context.ts';
import { handleAuth, isOpenAuthRoute } from './auth/handler.ts';
import { AuthRateLimiter, UNLIMITED } from './auth/rate-limit.ts';
import { CONFIG_FILE, loadAuthConfig, loadStorageConfig, type AuthConfig, type StorageConfig } from './config.ts';
import { acquireLock } from './data-dir-lock.ts';
import { openDatabase, REPO_ROOT, type LocalDatabase } from './db.ts';
import {
  corsHeaders,
  headerValue,
  setGatewayClientAddress,
  jsonResponse,
  parseRequest,
  preflightHeaders,
  type LocalRequest,
  type LocalResponse,
} from './http.ts';
import { loadFunctionStaticFiles, type FunctionStaticFiles } from './function-files.ts';
import { handleFunctions } from './functions.ts';
import { CaptchaStandIn } from '../../stand-ins/captcha/turnstile.ts';
import { handleHubspot } from '../../stand-ins/hubspot/hubspot.ts';
import { verifyJwt } from './jwt.ts';
import { Inbox, localSiteOrigins, startInboxServer, type InboxServer } from '../../stand-ins/inbox/inbox.ts';
import { createMailer } from './mail/mailer.ts';
import { EmailApiStandIn } from '../../stand-ins/email-api/email-api.ts';
import { IdentityProviderStandIn } from '../../stand-ins/identity-providers/identity-providers.ts';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, localBackendPort } from './keys.ts';
import { startOutboxRunner, type OutboxRunner } from './outbox-runner.ts';
import { SchemaCache } from './rest/catalog.ts';
import { handleRest } from './rest/handler.ts';
import { FileStore, storageDirFor } from './storage/files.ts';
import { handleStorage } from './storage/handler.ts';
import { seedBuckets } from './storage/seed-buckets.ts';

export interface LocalBackendOptions {
  /** 0 = a random free port; default LOCAL_SUPABASE_PORT or 54321. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** null or undefined: in memory; else a persisted PGlite directory. */
  dataDir?: string | null;
  /**
   * Where Storage keeps object files. Default: `<dataDir>-storage` for a
   * persisted database (`.local/db-storage`), a temporary directory removed
   * at stop for an in-memory one.
   */
  storageDir?: string | null;
  /** Overrides of supabase/config.toml's `[storage]` settings (tests). */
  storage?: Partial<StorageConfig>;
  /** Access-token lifetime in seconds; default LOCAL_JWT_EXPIRY or 3600. */
  jwtExpiry?: number;
  /** Default SIMPLE_ADMIN_PASSWORD or DEFAULT_SIMPLE_ADMIN_PASSWORD. */
  simpleAdminPassword?: string;
  /** No request log lines (nor boot progress). */
  quiet?: boolean;
  /**
   * Seconds a rotated refresh token still answers with the session's current
   * token (GoTrue's refresh_token_reuse_interval; config.toml says 10).
   */
  refreshTokenReuseInterval?: number;
  /**
   * The local inbox's HTTP port (0 = a random free port). Default: no inbox
   * server; mails are still kept, in `inbox` (tests read them there).
   * `npm start`, `npm run dev` and `npm run backend` pass LOCAL_MAIL_PORT.
   */
  mailPort?: number | null;
  /** Overrides of supabase/config.toml's auth settings (tests). */
  auth?: Partial<AuthConfig>;
  /**
   * Tests only: no auth rate limits, and a TOTP code may be used again, for
   * suites that sign up and sign in (as the seeded admin, with the current
   * code) many times a minute from one address. Unset, config.toml's
   * `[auth.rate_limit]` apply and a used code is refused.
   */
  relaxedAuthLimits?: boolean;
  /**
   * Tests only: how many page views one client may record a minute (the
   * migration's 60 otherwise), for a browser suite whose every page comes from
   * 127.0.0.1; tests/backend/page-views.test.ts holds the real limit.
   */
  pageViewsPerMinute?: number;
  /**
   * Origins whose pages may read the local inbox's API (CORS). Default: the
   * local sites, `localSiteOrigins()`.
   */
  inboxOrigins?: string[];
  /**
   * Tests only: the name of a request header whose value stands for the
   * caller's network address, so one process can act as several clients.
   * Unset (always, outside tests: no environment variable sets it), the
   * address is the socket's, as Cloudflare does on hosted Supabase.
   */
  testClientAddressHeader?: string;
  /**
   * Who delivers the mail outbox (outbox-runner.ts): `webhook` calls
   * deliver-outbox after each outbox insert (default true), `intervalMs`
   * calls it on a timer for the retries (default LOCAL_OUTBOX_INTERVAL_MS or
   * 30000; null: never). Tests that drive deliveries themselves turn both off.
   */
  outbox?: { webhook?: boolean; intervalMs?: number | null };
  /**
   * How often deliver-leads runs (outbox-runner.ts), sending the leads whose
   * browser never reported and retrying failed ones: default
   * LOCAL_LEAD_DELIVERY_INTERVAL_MS or 30000; null: never (tests that run it
   * themselves).
   */
  leadDelivery?: { intervalMs?: number | null };
  /**
   * The site's own address: auth's site_url (where a missing or refused
   * redirect_to leads, `{{ .SiteURL }}` in auth mails; it replaces config.toml's
   * `env(SUPABASE_AUTH_SITE_URL)`) and the functions' SITE_URL (links in portal
   * mails). Unset: auth keeps config.toml's value (or http://localhost:4173)
   * and the functions get SITE_URL or http://localhost:4173. `auth.siteUrl`
   * and `functionsEnv.SITE_URL` still override each part.
   */
  siteUrl?: string;
  /** Extra or overriding environment variables of the functions (tests). */
  functionsEnv?: Record<string, string>;
  /**
   * Tests only: the files each function may read, in place of config.toml's
   * `[functions.<name>] static_files`.
   */
  functionStaticFiles?: FunctionStaticFiles;
}

export interface LocalBackend {
  url: string;
  port: number;
  /** The Mailpit-compatible inbox, or null when started with mailPort: null. */
  mailUrl: string | null;
  /**
   * Calls `callback` after each committed NOTIFY on `channel`, as a LISTEN
   * on the database would (the local publisher wakes on site_publishes);
   * answers a function that stops listening.
   */
  listen(channel: string, callback: () => void): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

/** For tests and tooling: the backend plus a superuser handle on its database and the inbox. */
export interface LocalBackendWithDatabase extends LocalBackend {
  db: LocalDatabase;
  inbox: Inbox;
  /** Storage's object files. */
  files: FileStore;
  /** The email API stand-in (its mode, the requests it received). */
  emailApi: EmailApiStandIn;
  /** The CAPTCHA provider's stand-in (its mode, the checks it answered). */
  captcha: CaptchaStandIn;
}

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const { url, port, mailUrl, stop, listen } = await launchLocalBackend(options);
  return { url, port, mailUrl, stop, listen };
}

export async function launchLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackendWithDatabase> {
  const host = options.host ?? '127.0.0.1';
  const jwtExpiry = options.jwtExpiry ?? positiveInt(process.env.LOCAL_JWT_EXPIRY, 'LOCAL_JWT_EXPIRY') ?? 3600;
  if (!Number.isInteger(jwtExpiry) || jwtExpiry <= 0)
    throw new Error(`jwtExpiry must be a positive integer, got ${jwtExpiry}`);
  const simpleAdminPassword =
    options.simpleAdminPassword ?? (process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD);
  const quiet = options.quiet ?? false;
  const testClientAddressHeader = options.testClientAddressHeader?.toLowerCase();
  const log = (line: string) => console.log(`[local-supabase] ${line}`);
  // Unexpected failures go to stderr even when quiet: tests fail on them.
  const logError = (line: string) => console.error(`[local-supabase] ${line}`);
  // `quiet` silences request lines and boot progress; developer notices
  // (password-reset links, received leads) are always printed.
  const notice = log;
  const bootLog = quiet ? () => undefined : log;
  const dataDir = options.dataDir ?? null;

  const releaseLock = dataDir ? acquireLock(dataDir) : () => undefined;
  // A database created now has no object rows: any files left are stale.
  const newCluster = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const storageDir = options.storageDir ?? (dataDir ? storageDirFor(dataDir) : null);
  let db: LocalDatabase;
  let files: FileStore;
  try {
    files = await FileStore.open(storageDir, { empty: newCluster });
  } catch (error) {
    releaseLock();
    throw error;
  }
  try {
    db = await openDatabase({ dataDir, simpleAdminPassword, log: bootLog });
  } catch (error) {
    await files.close();
    releaseLock();
    throw error;
  }
  if (newCluster) {
    // As `supabase seed buckets`: the seed's document rows need their files.
    try {
      const seeded = await seedBuckets(db, files, readFileSync(CONFIG_FILE, 'utf8'), join(REPO_ROOT, 'supabase'));
      if (seeded.length > 0) bootLog(`uploaded ${seeded.length} seed file(s) to Storage`);
    } catch (error) {
      await db.close();
      await files.close();
      releaseLock();
      throw error;
    }
  }
  if (options.pageViewsPerMinute !== undefined) {
    await db.query('update private.page_view_settings set per_minute = $1', [options.pageViewsPerMinute]);
  }
  const storageConfig: StorageConfig = { ...loadStorageConfig(), ...options.storage };

  const authConfig: AuthConfig = {
    ...loadAuthConfig(),
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...options.auth,
    ...(options.relaxedAuthLimits ? { rateLimit: UNLIMITED } : {}),
  };
  const inbox = new Inbox();
  const server = createServer();
  let inboxServer: InboxServer | null = null;
  try {
    await listen(server, options.port ?? localBackendPort(), host);
    const mailPort = options.mailPort ?? null;
    if (mailPort !== null) {
      inboxServer = await startInboxServer(inbox, mailPort, host, options.inboxOrigins ?? localSiteOrigins());
    }
  } catch (error) {
    await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    await db.close();
    await files.close();
    releaseLock();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${publicHost}:${port}`;

  const captcha = new CaptchaStandIn();
  const identityProviders = new IdentityProviderStandIn(`${url}/identity-providers`, [`${url}/auth/v1/callback`]);
  const authContext: AuthContext = {
    db,
    notice,
    logError,
    publicUrl: url,
    jwtExpiry,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? 10,
    config: authConfig,
    mailer: createMailer(authConfig, inbox),
    limits: new AuthRateLimiter(authConfig.rateLimit),
    refuseReusedTotp: !options.relaxedAuthLimits,
    verifyCaptcha: async (secret, token) => captcha.siteverify(secret, token),
    identityProviders,
  };
  const schema = new SchemaCache(db);
  // Its key is made now and known only to this backend's functions, as a
  // hosted project keeps RESEND_API_KEY in its secrets.
  const emailApi = new EmailApiStandIn(inbox);
  const functionStaticFiles = options.functionStaticFiles ?? loadFunctionStaticFiles();
  const functionsEnv: Record<string, string> = {
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SITE_URL: options.siteUrl ?? (process.env.SITE_URL || 'http://localhost:4173'),
    EMAIL_API_URL: `${url}/email-api`,
    RESEND_API_KEY: emailApi.apiKey,
    EMAIL_FROM: 'Olea Mediterranean (local) <no-reply@example.com>',
    // deliver-leads posts to the HubSpot stand-in, with the ids local builds use (scripts/build-env.ts).
    HUBSPOT_FORMS_API: `${url}/hubspot/forms`,
    HUBSPOT_PORTAL_ID: 'local-portal',
    HUBSPOT_CONTACT_FORM_ID: 'local-contact-form',
    HUBSPOT_B2B_FORM_ID: 'local-b2b-form',
    HUBSPOT_SUBSCRIPTION_TYPE_ID: '1',
    ...options.functionsEnv,
  };
  const dispatch = async (req: LocalRequest): Promise<LocalResponse> => {
    const [service, version] = req.segments;
    // Functions answer their own preflight, as on hosted Supabase.
    if (service === 'functions' && version === 'v1') {
      return handleFunctions(req, { env: functionsEnv, staticFiles: functionStaticFiles, logError });
    }
    if (req.method === 'OPTIONS') return { status: 204, headers: preflightHeaders(headerValue(req.headers, 'origin')) };
    if (service === 'health' && req.segments.length === 1) return jsonResponse(200, { status: 'ok' });
    if (service === 'auth' && version === 'v1') {
      if (!isOpenAuthRoute(req)) {
        const denied = await checkApiKey(req);
        if ('response' in denied) return denied.response;
      }
      return handleAuth(req, authContext);
    }
    if (service === 'rest' && version === 'v1') {
      const key = await checkApiKey(req);
      if ('response' in key) return key.response;
      return handleRest(req, { db, schema, logError }, key.claims);
    }
    // Like the Storage server, the caller is whoever the Authorization JWT
    // says; no apikey is needed (a signed URL opens in a plain browser tab).
    if (service === 'storage' && version === 'v1') {
      return handleStorage(req, { db, files, fileSizeLimit: storageConfig.fileSizeLimit, logError });
    }
    if (service === 'hubspot') return handleHubspot(req, { db, notice, logError, checkServiceKey });
    if (service === 'email-api') return emailApi.handle(req);
    if (service === 'captcha') return captcha.handle(req);
    if (service === 'identity-providers') return identityProviders.handle(req);
    // What the Supabase gateway (Kong) answers for anything else.
    return jsonResponse(404, { message: 'no Route matched with those values' });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const parsed = setGatewayClientAddress(parseRequest(req), req.socket.remoteAddress, testClientAddressHeader);
    dispatch(parsed)
      .catch((error: unknown) => {
        logError(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return jsonResponse(500, { message: 'Internal error in the local backend' });
      })
      .then((response) => {
        send(res, parsed, response);
        // The local publisher polls every second (scripts/lib/publish/local-publisher.ts): its requests are not logged.
        if (!quiet && req.headers['x-local-unlogged'] === undefined) {
          const ms = Math.round(performance.now() - started);
          log(`${parsed.method} ${parsed.pathname} ${response.status} ${ms}ms`);
        }
      })
      .catch((error: unknown) => logError(`failed to send a response: ${String(error)}`));
  });

  let outboxRunner: OutboxRunner | null = null;
  let leadRunner: OutboxRunner | null = null;
  try {
    leadRunner = await startOutboxRunner({
      db,
      url,
      functionName: 'deliver-leads',
      webhook: false,
      intervalMs:
        options.leadDelivery?.intervalMs === undefined
          ? (positiveInt(process.env.LOCAL_LEAD_DELIVERY_INTERVAL_MS, 'LOCAL_LEAD_DELIVERY_INTERVAL_MS') ?? 30_000)
          : options.leadDelivery.intervalMs,
      logError,
    });
    outboxRunner = await startOutboxRunner({
      db,
      url,
      webhook: options.outbox?.webhook ?? true,
      intervalMs:
        options.outbox?.intervalMs === undefined
          ? (positiveInt(process.env.LOCAL_OUTBOX_INTERVAL_MS, 'LOCAL_OUTBOX_INTERVAL_MS') ?? 30_000)
          : options.outbox.intervalMs,
      logError,
    });
  } catch (error) {
    await leadRunner?.stop();
    await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    await inboxServer?.close();
    await db.close();
    await files.close();
    releaseLock();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await outboxRunner?.stop();
      await leadRunner?.stop();
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      await inboxServer?.close();
      await db.close();
      await files.close();
      releaseLock();
    })());

  return {
    url,
    port,
    mailUrl: inboxServer?.url ?? null,
    listen: (channel, callback) => db.listen(channel, () => callback()),
    stop,
    db,
    inbox,
    files,
    emailApi,
    captcha,
  };
}

function positiveInt(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolveListen, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is already in use (set LOCAL_SUPABASE_PORT to use another).`)
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolveListen();
    });
  });
}

/**
 * The local helpers' check (the HubSpot stand-in's control endpoints): the
 * service-role key as `apikey`, as tools and test suites hold it. null: allowed.
 */
async function checkServiceKey(req: LocalRequest): Promise<LocalResponse | null> {
  const key = await checkApiKey(req);
  if ('response' in key) return key.response;
  if (key.claims.role !== 'service_role') {
    return jsonResponse(403, { message: 'This local helper needs the service_role key' });
  }
  return null;
}

/**
 * The gateway's key check: an `apikey` header (or query parameter) holding a
 * JWT signed by our secret for the anon or service_role role.
 */
async function checkApiKey(
  req: LocalRequest,
): Promise<{ claims: Record<string, unknown> } | { response: LocalResponse }> {
  const key = headerValue(req.headers, 'apikey') ?? req.query.get('apikey') ?? undefined;
  if (!key) {
    return {
      response: jsonResponse(401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      }),
    };
  }
  const verified = await verifyJwt(key);
  if (!verified.ok || (verified.claims.role !== 'anon' && verified.claims.role !== 'service_role')) {
    return {
      response: jsonResponse(401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      }),
    };
  }
  return { claims: verified.claims };
}

function send(res: ServerResponse, req: LocalRequest, response: LocalResponse): void {
  // Functions set their own CORS headers; the hosted gateway adds none to theirs.
  const headers: Record<string, string> = {
    ...(req.segments[0] === 'functions' ? {} : corsHeaders(headerValue(req.headers, 'origin'))),
    ...response.headers,
  };
  const body = req.method === 'HEAD' || response.status === 204 || response.status === 304 ? undefined : response.body;
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  try {
    res.writeHead(response.status, headers);
  } catch (error) {
    // A header value Node refuses (never expected): answer rather than hang.
    res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'Internal error in the local backend' }));
    throw error;
  }
  res.end(body);
}
