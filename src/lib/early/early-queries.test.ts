import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardEarly, EARLY_MAX_AGE_MS, startEarly, takeEarly } from './early-queries';

const KEY = ['client-portal', 'documents'] as const;
const NOW = 1_000_000;

afterEach(() => discardEarly());

describe('takeEarly', () => {
  it('hands the request started ahead to the same account, once', async () => {
    const early = vi.fn(() => Promise.resolve(['early']));
    startEarly('user-a', KEY, early, NOW);
    const fresh = vi.fn(() => Promise.resolve(['fresh']));
    await expect(takeEarly(KEY, fresh, NOW + 10, 'user-a')).resolves.toEqual(['early']);
    expect(fresh).not.toHaveBeenCalled();
    // Claimed: the next read fetches.
    await expect(takeEarly(KEY, fresh, NOW + 20, 'user-a')).resolves.toEqual(['fresh']);
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('never gives one account what was asked for another', async () => {
    startEarly('user-a', KEY, () => Promise.resolve(['a’s documents']), NOW);
    await expect(takeEarly(KEY, () => Promise.resolve(['b’s documents']), NOW, 'user-b')).resolves.toEqual([
      'b’s documents',
    ]);
    await expect(takeEarly(KEY, () => Promise.resolve(['nobody']), NOW, null)).resolves.toEqual(['nobody']);
  });

  it('fetches afresh when the request ahead failed or is too old', async () => {
    startEarly('user-a', KEY, () => Promise.reject(new Error('401')), NOW);
    await expect(takeEarly(KEY, () => Promise.resolve(['fresh']), NOW, 'user-a')).resolves.toEqual(['fresh']);
    startEarly('user-a', KEY, () => Promise.resolve(['old']), NOW);
    await expect(takeEarly(KEY, () => Promise.resolve(['fresh']), NOW + EARLY_MAX_AGE_MS, 'user-a')).resolves.toEqual([
      'fresh',
    ]);
  });

  it('does not start a second request for a key already pending for the same account', () => {
    const first = vi.fn(() => Promise.resolve(1));
    const second = vi.fn(() => Promise.resolve(2));
    startEarly('user-a', KEY, first, NOW);
    startEarly('user-a', KEY, second, NOW + 1);
    expect(second).not.toHaveBeenCalled();
  });

  it('forgets every pending request when discarded (sign-out, another account)', async () => {
    startEarly('user-a', KEY, () => Promise.resolve(['early']), NOW);
    discardEarly();
    await expect(takeEarly(KEY, () => Promise.resolve(['fresh']), NOW, 'user-a')).resolves.toEqual(['fresh']);
  });
});
