import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterCheck,
  appendLog,
  initialState,
  isFailoverActive,
  LOG_KEY,
  readLog,
  redirectUrl,
  roleFor,
  type FailoverLogEntry,
} from '@/integrations/domain-failover/failover-machine';
import { startFailoverMonitor, type FailoverDeps } from '@/integrations/domain-failover/failover-monitor';

const config = { primaryDomain: 'www.olea.example', backupDomain: 'backup.olea.example' };

describe('failover rules', () => {
  it('is active only with both domains set, on one of them, with the flag on', () => {
    expect(isFailoverActive(config, 'www.olea.example', true)).toBe(true);
    expect(isFailoverActive(config, 'BACKUP.olea.example', true)).toBe(true);
    expect(isFailoverActive(config, 'www.olea.example', false)).toBe(false);
    expect(isFailoverActive(config, 'localhost', true)).toBe(false);
    expect(isFailoverActive({ ...config, backupDomain: '' }, 'www.olea.example', true)).toBe(false);
    expect(isFailoverActive({ ...config, primaryDomain: '' }, 'backup.olea.example', true)).toBe(false);
    expect(roleFor({ primaryDomain: 'a.example', backupDomain: 'a.example' }, 'a.example')).toBeNull();
  });

  it('on the primary, stays through one or two failures and leaves on the third in a row', () => {
    let state = initialState;
    for (const expected of [null, null]) {
      const decision = afterCheck(state, 'primary', false);
      expect(decision.redirectTo).toBe(expected);
      state = decision.state;
    }
    expect(afterCheck(state, 'primary', false).redirectTo).toBe('backup');
  });

  it('on the primary, a healthy check resets the count (one blip never fails over)', () => {
    let state = afterCheck(initialState, 'primary', false).state;
    state = afterCheck(state, 'primary', false).state;
    const healthy = afterCheck(state, 'primary', true);
    expect(healthy).toEqual({ state: initialState, redirectTo: null });
    state = afterCheck(healthy.state, 'primary', false).state;
    expect(afterCheck(state, 'primary', false).redirectTo).toBeNull();
  });

  it('on the backup, returns on the first healthy check and never goes further on failures', () => {
    expect(afterCheck(initialState, 'backup', true).redirectTo).toBe('primary');
    let state = initialState;
    for (let i = 0; i < 5; i += 1) {
      const decision = afterCheck(state, 'backup', false);
      expect(decision.redirectTo).toBeNull();
      state = decision.state;
    }
  });

  it('keeps path, query and hash in the redirect', () => {
    expect(
      redirectUrl('backup.olea.example', { pathname: '/fr/insights/blog', search: '?a=1&b=2', hash: '#top' }),
    ).toBe('https://backup.olea.example/fr/insights/blog?a=1&b=2#top');
  });

  it('keeps only the newest 50 log entries in session storage', () => {
    for (let i = 0; i < 60; i += 1)
      appendLog(sessionStorage, { at: String(i), host: 'h', event: 'check', healthy: true });
    const log = readLog(sessionStorage);
    expect(log).toHaveLength(50);
    expect(log[0]?.at).toBe('10');
    expect(log[49]?.at).toBe('59');
  });

  it('recovers from a corrupt log and from a storage that refuses writes', () => {
    sessionStorage.setItem(LOG_KEY, '{not json');
    expect(readLog(sessionStorage)).toEqual([]);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => appendLog(refusing, { at: 'x', host: 'h', event: 'check' })).not.toThrow();
  });
});

/** A world of fake timers, fetch and location for the monitor. */
function world(hostname: string, answers: (() => Promise<Response>)[]) {
  vi.useFakeTimers();
  const calls: string[] = [];
  let next = 0;
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(input));
    const answer = answers[Math.min(next, answers.length - 1)] ?? healthy;
    next += 1;
    // Like the browser: an abort rejects a pending request.
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      answer().then(resolve, reject);
    });
  });
  const replace = vi.fn();
  const deps: FailoverDeps = {
    config,
    location: { hostname, pathname: '/fr/teams', search: '?ref=mail', hash: '#lead', replace },
    fetch: fetchMock as unknown as typeof fetch,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    storage: sessionStorage,
  };
  return { deps, fetchMock, replace, calls };
}

const healthy = () => Promise.resolve(new Response('{"status":"ok"}', { status: 200 }));
const unhealthy = () => Promise.resolve(new Response('down', { status: 503 }));
const networkError = () => Promise.reject(new TypeError('Failed to fetch'));
const never = () => new Promise<Response>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('failover monitor', () => {
  it('checks the primary’s /health.json at once and every 30 s while healthy, never redirecting', async () => {
    const { deps, fetchMock, replace, calls } = world('www.olea.example', [healthy]);
    const stop = startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls[0]).toMatch(/^https:\/\/www\.olea\.example\/health\.json\?t=\d+$/);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(replace).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('rides out one blip on the primary', async () => {
    const { deps, fetchMock, replace } = world('www.olea.example', [
      healthy,
      unhealthy,
      healthy,
      unhealthy,
      unhealthy,
      healthy,
    ]);
    const stop = startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(5 * 30_000);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(replace).not.toHaveBeenCalled();
    stop();
  });

  it('moves to the backup, keeping path, query and hash, after three unhealthy checks in a row (error, status, timeout)', async () => {
    const { deps, fetchMock, replace } = world('www.olea.example', [networkError, unhealthy, never]);
    startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(replace).not.toHaveBeenCalled();
    // The third check never answers: the 5 s timeout makes it a failure.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(replace).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(replace).toHaveBeenCalledExactlyOnceWith('https://backup.olea.example/fr/teams?ref=mail#lead');
    expect(fetchMock.mock.calls[2]?.[1]?.signal?.aborted).toBe(true);
    // Stopped after redirecting.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('counts a 2xx answer that is not the health document as unhealthy', async () => {
    const html = () => Promise.resolve(new Response('<!doctype html><p>Parked domain</p>', { status: 200 }));
    const { deps, replace } = world('www.olea.example', [html]);
    startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('returns from the backup 1 s after the primary is healthy again', async () => {
    const { deps, fetchMock, replace } = world('backup.olea.example', [unhealthy, networkError, healthy]);
    startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(replace).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(replace).toHaveBeenCalledExactlyOnceWith('https://www.olea.example/fr/teams?ref=mail#lead');
  });

  it('does nothing off the configured domains', async () => {
    const { deps, fetchMock } = world('localhost', [healthy]);
    startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stopping cancels a pending return and the next check', async () => {
    const { deps, replace } = world('backup.olea.example', [healthy]);
    const stop = startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(500);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(replace).not.toHaveBeenCalled();
  });

  it('logs each check and the redirect in session storage, capped at 50', async () => {
    const { deps } = world('www.olea.example', [healthy]);
    const stop = startFailoverMonitor(deps);
    await vi.advanceTimersByTimeAsync(60 * 30_000);
    stop();
    const log = JSON.parse(sessionStorage.getItem(LOG_KEY) ?? '[]') as FailoverLogEntry[];
    expect(log).toHaveLength(50);
    expect(log.at(-1)).toMatchObject({
      host: 'www.olea.example',
      event: 'check',
      healthy: true,
      consecutiveFailures: 0,
    });

    sessionStorage.clear();
    const down = world('www.olea.example', [unhealthy]);
    startFailoverMonitor(down.deps);
    await vi.advanceTimersByTimeAsync(60_000);
    const entries = readLog(sessionStorage);
    expect(entries.map((e) => e.event)).toEqual(['check', 'check', 'check', 'redirect']);
    expect(entries[2]).toMatchObject({ healthy: false, consecutiveFailures: 3, detail: 'HTTP 503' });
    expect(entries[3]).toMatchObject({ to: 'https://backup.olea.example/fr/teams?ref=mail#lead' });
  });
});
