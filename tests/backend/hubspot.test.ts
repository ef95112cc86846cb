/**
 * The HubSpot Forms API stand-in (DECISIONS D9, issue 5): validates like
 * HubSpot, records every valid lead, answers like HubSpot, allows CORS.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

let backend: TestBackend;
const SUBMIT = '/hubspot/forms/submissions/v3/integration/submit/local-portal/local-contact-form';

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  // Leads are printed for the developer; keep the test output clean.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await fetch(`${backend.url}/hubspot/forms/__submissions`, { method: 'DELETE' });
  return () => vi.mocked(console.log).mockRestore();
});

const post = (body: unknown, path = SUBMIT) =>
  fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:4173' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const contact = {
  fields: [
    { name: 'firstname', value: 'Ada' },
    { name: 'lastname', value: 'Lovelace' },
    { name: 'email', value: 'ada@example.com' },
    { name: 'phone', value: '' },
    { name: 'message', value: 'Olive oil, please.' },
  ],
  context: { pageUri: 'http://localhost:4173/#contact', pageName: 'Home', hutk: 'abc123' },
};

async function submissions(query = ''): Promise<Array<Record<string, unknown>>> {
  return (await (await fetch(`${backend.url}/hubspot/forms/__submissions${query}`)).json()) as Array<
    Record<string, unknown>
  >;
}

describe('HubSpot stand-in', () => {
  it('records a valid submission and answers with an inline message, CORS allowed', async () => {
    const response = await post(contact);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
    expect(await response.json()).toEqual({ inlineMessage: 'Thanks for submitting the form.' });
    expect(vi.mocked(console.log).mock.calls.flat().join('\n')).toContain('firstname="Ada"');

    const [stored, ...rest] = await submissions();
    expect(rest).toEqual([]);
    expect(stored).toMatchObject({
      portal_id: 'local-portal',
      form_id: 'local-contact-form',
      fields: contact.fields,
      context: contact.context,
      received_at: expect.any(String),
    });
  });

  it('lists submissions newest first, optionally for one form', async () => {
    await post({ fields: [{ name: 'email', value: 'first@example.com' }] });
    await post(
      { fields: [{ objectTypeId: '0-1', name: 'email', value: 'second@example.com' }] },
      '/hubspot/forms/submissions/v3/integration/submit/local-portal/local-b2b-form',
    );
    const all = await submissions();
    expect(all.map((row) => (row.fields as Array<{ value: string }>)[0]?.value)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    expect(await submissions('?formId=local-b2b-form')).toHaveLength(1);
  });

  it.each([
    ['invalid JSON', '{"fields":', 'INVALID_JSON'],
    ['a JSON array', '[]', 'INVALID_JSON'],
    ['no fields', {}, 'REQUIRED_FIELD'],
    ['empty fields', { fields: [] }, 'REQUIRED_FIELD'],
    ['a field without a name', { fields: [{ value: 'x' }] }, 'REQUIRED_FIELD'],
    ['a non-string value', { fields: [{ name: 'age', value: 42 }] }, 'INVALID_METADATA'],
    ['an invalid e-mail', { fields: [{ name: 'email', value: 'not-an-email' }] }, 'INVALID_EMAIL'],
    [
      'more than 1000 fields',
      { fields: Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, value: 'x' })) },
      'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED',
    ],
    ['a context that is not an object', { fields: contact.fields, context: 'home' }, 'INVALID_METADATA'],
    ['a non-string pageUri', { fields: contact.fields, context: { pageUri: 1 } }, 'INVALID_PAGE_URI'],
    ['a NUL character', '{"fields":[{"name":"message","value":"a\\u0000b"}]}', 'INVALID_JSON'],
    [
      'a context nested thousands deep',
      `{"fields":[{"name":"a","value":"b"}],"context":{"x":${'['.repeat(3000)}${']'.repeat(3000)}}}`,
      'INVALID_JSON',
    ],
  ])('refuses %s with HubSpot’s 400 body and records nothing', async (_label, body, errorType) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      status: string;
      message: string;
      correlationId: string;
      errors: Array<{ errorType: string }>;
    };
    expect(json).toMatchObject({
      status: 'error',
      message: 'The request is not valid',
      correlationId: expect.any(String),
    });
    expect(json.errors.map((error) => error.errorType)).toContain(errorType);
    expect(await submissions()).toEqual([]);
  });

  it('answers 404 for other paths and methods, and 413 for huge bodies', async () => {
    expect((await fetch(`${backend.url}${SUBMIT}`)).status).toBe(404);
    expect((await post(contact, '/hubspot/forms/submissions/v3/integration/submit/local-portal')).status).toBe(404);
    expect((await post(contact, '/hubspot/forms/submissions/v3/integration/submit/bad%20portal/form')).status).toBe(
      404,
    );
    expect((await post({ fields: [{ name: 'message', value: 'x'.repeat(1_100_000) }] })).status).toBe(413);
    expect(await submissions()).toEqual([]);
  });

  it('serves a harmless embed script', async () => {
    const response = await fetch(`${backend.url}/hubspot/js/embed.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const script = await response.text();
    expect(script).toContain('window.__hubspotStandIn = true');
    expect(script).not.toMatch(/fetch|XMLHttpRequest|document\.cookie/);
  });

  it('does not expose the recorded leads through the Data API', async () => {
    await post(contact);
    const viaRest = await backend
      .serviceClient()
      .from('hubspot_submissions' as never)
      .select('*');
    expect(viaRest.error?.code).toBe('PGRST205');
  });
});
