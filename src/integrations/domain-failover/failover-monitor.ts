/**
 * Runs the failover rules against the real world. Everything it touches
 * (fetch, timers, location, storage, clock) is passed in, so tests drive it
 * with fakes.
 */
import {
  afterCheck,
  appendLog,
  CHECK_INTERVAL_MS,
  CHECK_TIMEOUT_MS,
  initialState,
  redirectUrl,
  RETURN_DELAY_MS,
  roleFor,
  type FailoverConfig,
  type FailoverState,
} from './failover-machine';

export type FailoverDeps = {
  config: FailoverConfig;
  location: Pick<Location, 'hostname' | 'pathname' | 'search' | 'hash' | 'replace'>;
  fetch: typeof fetch;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => Date;
};

type CheckResult = { healthy: boolean; detail: string };

/** Healthy means a 2xx answer within the timeout whose body says `{"status":"ok"}`. */
async function checkPrimary(deps: FailoverDeps): Promise<CheckResult> {
  const controller = new AbortController();
  const timer = deps.setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
  try {
    // The query defeats caches that ignore no-store; a cached "ok" would hide an outage.
    const url = `https://${deps.config.primaryDomain}/health.json?t=${(deps.now?.() ?? new Date()).getTime()}`;
    const response = await deps.fetch(url, { cache: 'no-store', signal: controller.signal });
    if (!response.ok) return { healthy: false, detail: `HTTP ${response.status}` };
    const body: unknown = await response.json();
    const ok = typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
    return ok ? { healthy: true, detail: 'ok' } : { healthy: false, detail: 'unexpected body' };
  } catch (error) {
    if (controller.signal.aborted) return { healthy: false, detail: `timeout after ${CHECK_TIMEOUT_MS} ms` };
    return { healthy: false, detail: error instanceof Error ? error.message : 'network error' };
  } finally {
    deps.clearTimeout(timer);
  }
}

/** Starts checking; returns a function that stops it. Does nothing off the configured domains. */
export function startFailoverMonitor(deps: FailoverDeps): () => void {
  const role = roleFor(deps.config, deps.location.hostname);
  if (!role) return () => {};
  const now = deps.now ?? (() => new Date());
  let state: FailoverState = initialState;
  let stopped = false;
  let pending: unknown;

  const schedule = (callback: () => void, ms: number) => {
    if (stopped) return;
    pending = deps.setTimeout(callback, ms);
  };

  const redirect = (domain: string) => {
    if (stopped) return;
    const to = redirectUrl(domain, deps.location);
    appendLog(deps.storage, { at: now().toISOString(), host: deps.location.hostname, event: 'redirect', to });
    stopped = true;
    deps.location.replace(to);
  };

  const run = async () => {
    const result = await checkPrimary(deps);
    if (stopped) return;
    const decision = afterCheck(state, role, result.healthy);
    state = decision.state;
    appendLog(deps.storage, {
      at: now().toISOString(),
      host: deps.location.hostname,
      event: 'check',
      healthy: result.healthy,
      consecutiveFailures: state.consecutiveFailures,
      detail: result.detail,
    });
    if (decision.redirectTo === 'backup') redirect(deps.config.backupDomain);
    else if (decision.redirectTo === 'primary') schedule(() => redirect(deps.config.primaryDomain), RETURN_DELAY_MS);
    else schedule(() => void run(), CHECK_INTERVAL_MS);
  };

  void run();
  return () => {
    stopped = true;
    if (pending !== undefined) deps.clearTimeout(pending);
  };
}

/** The monitor wired to this browser window (kept here, not in the eager bundle). */
export function startBrowserFailoverMonitor(config: FailoverConfig): () => void {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return startFailoverMonitor({
    config,
    location: window.location,
    fetch: (input, init) => window.fetch(input, init),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    storage,
  });
}
