/**
 * The local functions runtime hands a function only the files config.toml's
 * `static_files` declares for it, as a hosted deploy bundles only those
 * (docs/decisions/187-local-secrets-site-address-and-function-files.md): with
 * deliver-outbox's templates left out, its mail is not sent and is retried,
 * with the error a deployed function would meet. tests/node/function-static-files.test.ts
 * holds every function's declarations against what its code reads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { ok, startTestBackend, type TestBackend } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({
    outbox: { webhook: false, intervalMs: null },
    // As if config.toml had no static_files for the function.
    functionStaticFiles: { 'deliver-outbox': [] },
  });
});

afterAll(async () => {
  await backend?.stop();
});

it('a function whose templates are not declared cannot read them: nothing is sent and the mail waits', async () => {
  const subject = `Undeclared ${randomUUID().slice(0, 8)}`;
  const client = await backend.signIn('client');
  const conversation = ok(await client.rpc('start_conversation', { subject, body: 'Hello' }), 'start');

  const response = await fetch(`${backend.url}/functions/v1/deliver-outbox`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    body: '{}',
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ claimed: 1, sent: 0, retried: 1, failed: 0 });
  expect(backend.inbox.list().filter((message) => message.Subject.includes(subject))).toEqual([]);
  expect(backend.emailApi.requests).toBe(0);

  const [row] = await backend.db.query<{ sent_at: string | null; last_error: string | null }>(
    `select sent_at, last_error from private.email_outbox where payload ->> 'conversation_id' = $1`,
    [conversation],
  );
  expect(row?.sent_at).toBeNull();
  expect(row?.last_error).toMatch(
    /^render: No such file or directory \(os error 2\): readfile '.*\/templates\/new_client_message\.en\.html'$/,
  );
});
