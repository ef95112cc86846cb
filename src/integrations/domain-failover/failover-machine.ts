/**
 * Domain failover rules (docs/decisions/007-domain-failover.md) as pure
 * functions: which domain we are on, what a health check result means there,
 * and where to go.
 */

export type DomainRole = 'primary' | 'backup';

export type FailoverConfig = { primaryDomain: string; backupDomain: string };

export const CHECK_INTERVAL_MS = 30_000;
export const CHECK_TIMEOUT_MS = 5_000;
export const RETURN_DELAY_MS = 1_000;
/** Hysteresis: one blip on the primary must not send everyone to the backup. */
export const FAILURES_BEFORE_FAILOVER = 3;
export const LOG_LIMIT = 50;
export const LOG_KEY = 'domain-failover-log';

export type FailoverState = { consecutiveFailures: number };

export const initialState: FailoverState = { consecutiveFailures: 0 };

export type FailoverDecision = {
  state: FailoverState;
  /** Where to send the visitor, or null to stay and check again later. */
  redirectTo: DomainRole | null;
};

/** Both domains configured, the page served from one of them, and the flag on. */
export function roleFor(config: FailoverConfig, hostname: string): DomainRole | null {
  const primary = config.primaryDomain.trim().toLowerCase();
  const backup = config.backupDomain.trim().toLowerCase();
  if (!primary || !backup || primary === backup) return null;
  const host = hostname.toLowerCase();
  if (host === primary) return 'primary';
  if (host === backup) return 'backup';
  return null;
}

export function isFailoverActive(config: FailoverConfig, hostname: string, flagOn: boolean): boolean {
  return flagOn && roleFor(config, hostname) !== null;
}

/** The next state after one health check of the primary, seen from `role`. */
export function afterCheck(state: FailoverState, role: DomainRole, healthy: boolean): FailoverDecision {
  if (healthy) {
    return { state: initialState, redirectTo: role === 'backup' ? 'primary' : null };
  }
  const consecutiveFailures = state.consecutiveFailures + 1;
  const redirectTo = role === 'primary' && consecutiveFailures >= FAILURES_BEFORE_FAILOVER ? 'backup' : null;
  return { state: { consecutiveFailures }, redirectTo };
}

/** The same page on the other domain: path, query and hash kept. */
export function redirectUrl(domain: string, location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `https://${domain}${location.pathname}${location.search}${location.hash}`;
}

export type FailoverLogEntry = {
  at: string;
  host: string;
  event: 'check' | 'redirect';
  healthy?: boolean;
  consecutiveFailures?: number;
  detail?: string;
  to?: string;
};

/** Appends to the session log, keeping the newest LOG_LIMIT entries. */
export function appendLog(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, entry: FailoverLogEntry): void {
  if (!storage) return;
  try {
    let entries: FailoverLogEntry[] = [];
    const raw = storage.getItem(LOG_KEY);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) entries = parsed as FailoverLogEntry[];
    }
    entries.push(entry);
    storage.setItem(LOG_KEY, JSON.stringify(entries.slice(-LOG_LIMIT)));
  } catch {
    // A full or blocked storage must not stop the monitor.
  }
}

export function readLog(storage: Pick<Storage, 'getItem'>): FailoverLogEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LOG_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as FailoverLogEntry[]) : [];
  } catch {
    return [];
  }
}
