import { describe, expect, it } from 'vitest';
import { defaultFlags } from '../../../src/lib/flags/defaults.ts';
import { readLiveFlags } from './live-flags.ts';

describe('readLiveFlags', () => {
  it('reads the flags through the Data API with the anon key', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return Response.json([
        { name: 'teams', enabled: true },
        { name: 'founder', enabled: false },
      ]);
    }) as unknown as typeof fetch;
    const live = await readLiveFlags({ supabaseUrl: 'https://ref.supabase.co/', anonKey: 'anon-key', fetchImpl });
    expect(live).toEqual({ source: 'database', flags: { ...defaultFlags, teams: true, founder: false } });
    expect(calls[0]?.url).toBe('https://ref.supabase.co/rest/v1/feature_flags?select=name,enabled');
    expect(calls[0]?.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });
  });

  it('falls back to the defaults, with a warning naming the database, when it cannot be reached', async () => {
    // Port 9 (discard) on the loopback: nothing listens there.
    const live = await readLiveFlags({ supabaseUrl: 'http://127.0.0.1:9', anonKey: 'anon-key', timeoutMs: 2_000 });
    expect(live.source).toBe('defaults');
    expect(live.flags).toEqual(defaultFlags);
    expect(live.source === 'defaults' && live.warning).toMatch(
      /could not be read from http:\/\/127\.0\.0\.1:9 .*DEFAULT flags/,
    );
  });

  it('falls back on an error status or an empty answer, and on a timeout', async () => {
    const status = (async () => new Response('nope', { status: 503 })) as unknown as typeof fetch;
    expect((await readLiveFlags({ supabaseUrl: 'http://db', anonKey: 'k', fetchImpl: status })).source).toBe(
      'defaults',
    );
    const empty = (async () => Response.json([])) as unknown as typeof fetch;
    expect((await readLiveFlags({ supabaseUrl: 'http://db', anonKey: 'k', fetchImpl: empty })).source).toBe('defaults');
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as unknown as typeof fetch;
    const timedOut = await readLiveFlags({ supabaseUrl: 'http://db', anonKey: 'k', fetchImpl: hanging, timeoutMs: 50 });
    expect(timedOut.source).toBe('defaults');
  });
});
