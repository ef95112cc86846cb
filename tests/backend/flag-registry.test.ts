/**
 * The staff screens' flag registry and the flags the migrations seed are one
 * set: the same names, the same defaults and the same descriptions. Read
 * through supabase-js as a visitor (anyone may read the flags).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagRegistry } from '../../src/lib/flags/registry.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

describe('the flag registry and the migrated flags', () => {
  it('hold the same flags, at the same defaults, with the same descriptions', async () => {
    const { data, error } = await backend
      .client()
      .from('feature_flags')
      .select('name,enabled,description')
      .order('name');
    expect(error).toBeNull();
    const registry = flagRegistry
      .map((meta) => ({ name: meta.name, enabled: meta.default, description: meta.description }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(data).toEqual(registry);
  });
});
