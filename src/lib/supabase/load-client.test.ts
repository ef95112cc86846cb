import { describe, expect, it, vi } from 'vitest';

const fakeClient = vi.hoisted(() => ({ auth: {} }));
vi.mock('./client', () => ({ supabase: fakeClient }));

describe('load-client', () => {
  it('tells those waiting for the client once anything loads it, and cancelled waits hear nothing', async () => {
    const { loadSupabase, preloadSupabase, whenSupabaseLoaded } = await import('./load-client');
    const waiting = vi.fn();
    const cancelled = vi.fn();
    whenSupabaseLoaded(waiting);
    whenSupabaseLoaded(cancelled)();
    expect(waiting).not.toHaveBeenCalled();

    preloadSupabase();
    await expect(loadSupabase()).resolves.toBe(fakeClient);
    expect(waiting).toHaveBeenCalledWith(fakeClient);
    expect(waiting).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();

    // Waiting after the client has arrived: told at once (on the next microtask).
    const late = vi.fn();
    whenSupabaseLoaded(late);
    await loadSupabase();
    expect(late).toHaveBeenCalledWith(fakeClient);
  });
});
