/**
 * The server around the services: CORS, the gateway's routes, request log
 * lines, and persistence (a data directory keeps data across restarts,
 * applies only new migrations, seeds once, takes the configured simple-admin
 * password on every boot, and is not opened twice at once).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT, SHARED_BUFFERS } from '../../supabase/local/db.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { launchLocalBackend, startLocalBackend } from '../../supabase/local/server.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

describe('CORS', () => {
  it('answers a preflight from a local origin with the headers supabase-js sends', async () => {
    const response = await fetch(`${backend.url}/rest/v1/feature_flags`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer, x-client-info',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    for (const header of [
      'apikey',
      'authorization',
      'x-client-info',
      'content-type',
      'x-supabase-api-version',
      'x-retry-count',
      'prefer',
      'accept-profile',
      'content-profile',
      'range',
    ]) {
      expect(allowed).toContain(header);
    }
  });

  it('reflects local origins on every response, errors included, and exposes the headers clients read', async () => {
    const ok = await backend.fetch('/rest/v1/feature_flags?select=name', {
      headers: { Origin: 'http://127.0.0.1:4173', Prefer: 'count=exact' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
    const error = await backend.fetch('/auth/v1/user', { apikey: null, headers: { Origin: 'http://localhost:4173' } });
    expect(error.status).toBe(401);
    expect(error.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
  });

  it('does not allow other origins', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://localhost:4173.evil.example',
    ]) {
      const response = await backend.fetch('/rest/v1/feature_flags', { headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('routes', () => {
  it('GET /health answers for scripts, without an apikey', async () => {
    const response = await fetch(`${backend.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('anything else is the gateway’s 404', async () => {
    for (const path of ['/', '/realtime/v1/websocket', '/rest/v2/feature_flags']) {
      const response = await fetch(`${backend.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
    }
  });

  it('a function that does not exist is the functions runtime’s 404', async () => {
    for (const path of ['/functions/v1/x', '/functions/v1/..%2Fdeliver-outbox', '/functions/v1/']) {
      const response = await fetch(`${backend.url}${path}`, { method: 'POST' });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });
});

describe('request log', () => {
  it('prints one line per request (method, path, status, ms) unless quiet', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const loud = await startLocalBackend({ port: 0, quiet: false });
    try {
      await fetch(`${loud.url}/rest/v1/feature_flags?select=name&apikey=none`);
      const lines = log.mock.calls.map((call) => String(call[0]));
      expect(lines.some((line) => /GET \/rest\/v1\/feature_flags 401 \d+ms$/.test(line))).toBe(true);
      // The query string (which may carry keys) is not logged.
      expect(lines.join('\n')).not.toContain('apikey=none');
    } finally {
      await loud.stop();
      log.mockRestore();
    }
  });
});

describe('persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-supabase-'));
  const dataDir = join(dir, 'db');

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const unlock = (url: string, password: string) =>
    fetch(`${url}/rest/v1/rpc/simple_admin_unlock`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    }).then((response) => response.json());

  it('keeps data across restarts, migrates and seeds once, and takes the configured password on every boot', async () => {
    const first = await launchLocalBackend({
      port: 0,
      dataDir,
      quiet: true,
      simpleAdminPassword: 'First#Password-123',
    });
    try {
      const patch = await fetch(`${first.url}/rest/v1/feature_flags?name=eq.teams`, {
        method: 'PATCH',
        headers: { apikey: LOCAL_SERVICE_ROLE_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
      expect(patch.status).toBe(204);
      // If the seed ran again on restart, this account would come back.
      await first.db.query(`delete from auth.users where email = 'member@example.com'`);
      expect(await unlock(first.url, 'First#Password-123')).toBe(true);
      // A second process on the same directory is refused while this one runs.
      await expect(startLocalBackend({ port: 0, dataDir, quiet: true })).rejects.toThrow(/in use by process/);
    } finally {
      await first.stop();
    }

    const second = await launchLocalBackend({
      port: 0,
      dataDir,
      quiet: true,
      simpleAdminPassword: 'Second#Password-456',
    });
    try {
      const teams = await fetch(`${second.url}/rest/v1/feature_flags?select=enabled&name=eq.teams`, {
        headers: { apikey: LOCAL_ANON_KEY },
      });
      expect(await teams.json()).toEqual([{ enabled: true }]);
      const users = await second.db.query<{ email: string }>('select email from auth.users order by email');
      expect(users.map((user) => user.email)).toEqual([
        'admin@example.com',
        'client@example.com',
        'editor@example.com',
        'manager@example.com',
      ]);
      const migrations = await second.db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      );
      const files = readdirSync(join(REPO_ROOT, 'supabase/migrations')).filter((file) => file.endsWith('.sql'));
      expect(migrations).toHaveLength(files.length);
      expect(await unlock(second.url, 'Second#Password-456')).toBe(true);
      expect(await unlock(second.url, 'First#Password-123')).toBe(false);
      // A restarted database keeps the small buffer pool a new one starts with (db.ts).
      expect(await second.db.query('show shared_buffers')).toEqual([{ shared_buffers: SHARED_BUFFERS }]);
    } finally {
      await second.stop();
    }
  });

  it('a new database starts with the small buffer pool that keeps its boot short', async () => {
    const backend = await launchLocalBackend({ port: 0, dataDir: null, quiet: true });
    try {
      expect(await backend.db.query('show shared_buffers')).toEqual([{ shared_buffers: SHARED_BUFFERS }]);
      expect(SHARED_BUFFERS).not.toBe('128MB');
    } finally {
      await backend.stop();
    }
  });
});
