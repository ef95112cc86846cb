/**
 * The HubSpot Forms API stand-in (docs/decisions/009, lead forms keep every
 * lead): validates like HubSpot, records every valid lead with its consent,
 * answers like HubSpot (including its errors, when a test asks), allows CORS.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

let backend: TestBackend;
/** The control endpoints (`__submissions`, `__lead-throttle`) need the service-role key. */
const CONTROL = { apikey: LOCAL_SERVICE_ROLE_KEY };
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
  await fetch(`${backend.url}/hubspot/forms/__submissions`, { method: 'DELETE', headers: CONTROL });
  return () => vi.mocked(console.log).mockRestore();
});

const post = (body: unknown, path = SUBMIT, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:4173', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const consent = {
  consent: {
    consentToProcess: true,
    text: 'We store and process what you send us to answer you.',
    communications: [{ value: true, subscriptionTypeId: 12345, text: 'Yes, email me news and offers.' }],
  },
};

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
  return (await (
    await fetch(`${backend.url}/hubspot/forms/__submissions${query}`, { headers: CONTROL })
  ).json()) as Array<Record<string, unknown>>;
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
    ['consent options that are not an object', { fields: contact.fields, legalConsentOptions: [] }, 'INVALID_METADATA'],
    [
      'consent without consentToProcess',
      { fields: contact.fields, legalConsentOptions: { consent: { text: 'x' } } },
      'INVALID_METADATA',
    ],
    [
      'a subscription type id given as a string',
      {
        fields: contact.fields,
        legalConsentOptions: {
          consent: { ...consent.consent, communications: [{ value: true, subscriptionTypeId: '12345', text: 'x' }] },
        },
      },
      'INVALID_METADATA',
    ],
    [
      'both consent and legitimate interest',
      { fields: contact.fields, legalConsentOptions: { ...consent, legitimateInterest: {} } },
      'INVALID_METADATA',
    ],
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

  it('records the legal consent options with the lead', async () => {
    expect((await post({ ...contact, legalConsentOptions: consent })).status).toBe(200);
    const [stored] = await submissions();
    expect(stored).toMatchObject({ fields: contact.fields, legal_consent_options: consent });
  });

  it.each([
    ['invalid-email', 'INVALID_EMAIL', 'email'],
    ['blocked-email', 'BLOCKED_EMAIL', 'email'],
    ['required-field', 'REQUIRED_FIELD', 'phone'],
    ['field-not-in-form-definition', 'FIELD_NOT_IN_FORM_DEFINITION', 'message'],
  ])(
    'answers HubSpot’s %s error when asked by header or by email domain, recording nothing',
    async (answer, errorType, field) => {
      const byHeader = await post(contact, SUBMIT, { 'X-Stand-In-Answer': answer });
      const fields = contact.fields.map((f) =>
        f.name === 'email' ? { ...f, value: `ada@${answer}.hubspot-stand-in.test` } : f,
      );
      const byEmail = await post({ ...contact, fields });
      for (const response of [byHeader, byEmail]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          status: 'error',
          message: 'The request is not valid',
          correlationId: expect.any(String),
          errors: [{ errorType, message: expect.stringMatching(new RegExp(`^Error in 'fields\\.${field}'\\. `)) }],
        });
      }
      expect(await submissions()).toEqual([]);
    },
  );

  it.each([
    ['server-error', 500],
    ['rate-limited', 429],
  ])('answers %s with HTTP %i when asked', async (answer, status) => {
    expect((await post(contact, SUBMIT, { 'X-Stand-In-Answer': answer })).status).toBe(status);
    const fields = contact.fields.map((f) =>
      f.name === 'email' ? { ...f, value: `ada@${answer}.hubspot-stand-in.test` } : f,
    );
    expect((await post({ ...contact, fields })).status).toBe(status);
    expect(await submissions()).toEqual([]);
  });

  it('an ordinary domain or an unknown answer is just a lead', async () => {
    const fields = contact.fields.map((f) =>
      f.name === 'email' ? { ...f, value: 'ada@nothing.hubspot-stand-in.test' } : f,
    );
    expect((await post({ ...contact, fields }, SUBMIT, { 'X-Stand-In-Answer': 'nothing' })).status).toBe(200);
    expect(await submissions()).toHaveLength(1);
  });

  it('forgets the per-client lead count on request (local helper for browser suites)', async () => {
    await backend.db.query(`insert into private.lead_submission_log (client_key) values ('127.0.0.1')`);
    const response = await fetch(`${backend.url}/hubspot/forms/__lead-throttle`, {
      method: 'DELETE',
      headers: CONTROL,
    });
    expect(response.status).toBe(204);
    expect(await backend.db.query('select 1 from private.lead_submission_log')).toEqual([]);
    expect((await fetch(`${backend.url}/hubspot/forms/__lead-throttle`)).status).toBe(404);
  });

  it('lets only the service-role key use the control endpoints: no key 401, the anon key 403', async () => {
    await backend.db.query(`insert into private.lead_submission_log (client_key) values ('198.51.100.7')`);
    expect(await post(contact)).toHaveProperty('status', 200);
    const calls: Array<[string, string]> = [
      ['DELETE', '/hubspot/forms/__lead-throttle'],
      ['GET', '/hubspot/forms/__submissions'],
      ['DELETE', '/hubspot/forms/__submissions'],
      ['GET', '/hubspot/forms/__lead-form-token?age_ms=5000'],
    ];
    for (const [method, path] of calls) {
      const bare = await fetch(`${backend.url}${path}`, { method });
      expect(bare.status, `${method} ${path} without a key`).toBe(401);
      const anon = await fetch(`${backend.url}${path}`, { method, headers: { apikey: LOCAL_ANON_KEY } });
      expect(anon.status, `${method} ${path} with the anon key`).toBe(403);
      expect(await anon.text()).not.toContain('Lovelace');
    }
    // Nothing was forgotten.
    expect(
      await backend.db.query(`select 1 from private.lead_submission_log where client_key = '198.51.100.7'`),
    ).toHaveLength(1);
    expect(await submissions()).toHaveLength(1);
  });

  it('hands out a form token issued a given time ago (local helper for browser suites)', async () => {
    const aged = (await (
      await fetch(`${backend.url}/hubspot/forms/__lead-form-token?age_ms=5000`, { headers: CONTROL })
    ).json()) as {
      token: string;
    };
    const [row] = await backend.db.query<{ age: number }>(`select private.lead_form_token_age_ms($1)::int as age`, [
      aged.token,
    ]);
    expect(row?.age).toBeGreaterThanOrEqual(5000);
    expect((await fetch(`${backend.url}/hubspot/forms/__lead-form-token?age_ms=-1`, { headers: CONTROL })).status).toBe(
      404,
    );
    expect(
      (await fetch(`${backend.url}/hubspot/forms/__lead-form-token`, { method: 'POST', headers: CONTROL })).status,
    ).toBe(404);
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
