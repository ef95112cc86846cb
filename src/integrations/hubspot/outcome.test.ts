import { afterEach, describe, expect, it, vi } from 'vitest';
import { hubspotOutcome } from './outcome';
import { HubspotSubmissionError, parseHubspotErrors, submitHubspotForm } from './submit-form';

vi.mock('./load-script', () => ({ loadScriptOnce: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const hubspot400 = {
  status: 'error',
  message: 'The request is not valid',
  correlationId: '3e9a1c1e-0000-4000-8000-000000000000',
  errors: [
    { message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' },
    {
      message: "Error in 'fields.company_size'. Field is not in the form definition",
      errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
    },
    { message: 'Something without a field', errorType: 'INVALID_METADATA' },
  ],
};

describe('parseHubspotErrors', () => {
  it('reads errorType, message and the field HubSpot names', () => {
    expect(parseHubspotErrors(hubspot400)).toEqual([
      { errorType: 'INVALID_EMAIL', message: "Error in 'fields.email'. Invalid email address", field: 'email' },
      {
        errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
        message: "Error in 'fields.company_size'. Field is not in the form definition",
        field: 'company_size',
      },
      { errorType: 'INVALID_METADATA', message: 'Something without a field' },
    ]);
  });

  it.each([null, 'text', { errors: 'no' }, { errors: [null, 1, { message: 'no type' }] }, {}])(
    'tolerates %j',
    (body) => {
      expect(parseHubspotErrors(body)).toEqual([]);
    },
  );
});

describe('submitHubspotForm on a refusal', () => {
  const submission = { fields: [{ name: 'email', value: 'x@y.co' }], context: { pageUri: 'http://l/', pageName: 'p' } };

  it('keeps HubSpot’s errors on a 400', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(hubspot400), { status: 400 }))),
    );
    const error = (await submitHubspotForm('f', submission).catch((e: unknown) => e)) as HubspotSubmissionError;
    expect(error).toBeInstanceOf(HubspotSubmissionError);
    expect(error.status).toBe(400);
    expect(error.errors.map((e) => e.errorType)).toEqual([
      'INVALID_EMAIL',
      'FIELD_NOT_IN_FORM_DEFINITION',
      'INVALID_METADATA',
    ]);
  });

  it('does not read the body of a server error', async () => {
    const response = new Response('{"errors":[{"errorType":"X"}]}', { status: 503 });
    const json = vi.spyOn(response, 'json');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(response)),
    );
    const error = (await submitHubspotForm('f', submission).catch((e: unknown) => e)) as HubspotSubmissionError;
    expect(error.errors).toEqual([]);
    expect(json).not.toHaveBeenCalled();
  });
});

describe('hubspotOutcome', () => {
  it('sent', () => {
    expect(hubspotOutcome(null)).toEqual({ status: 'sent', failure: null, httpStatus: 200, errorTypes: [] });
  });

  it('rejected: a 400 with errors, each type once', () => {
    const error = new HubspotSubmissionError('status', '400', 400, [
      { errorType: 'REQUIRED_FIELD', message: '', field: 'phone' },
      { errorType: 'REQUIRED_FIELD', message: '', field: 'website' },
    ]);
    expect(hubspotOutcome(error)).toEqual({
      status: 'rejected',
      failure: 'rejected',
      httpStatus: 400,
      errorTypes: ['REQUIRED_FIELD'],
    });
  });

  it.each([
    [new HubspotSubmissionError('status', '500', 500), { failure: 'status', httpStatus: 500 }],
    [new HubspotSubmissionError('status', '400', 400), { failure: 'status', httpStatus: 400 }],
    [new HubspotSubmissionError('timeout', 'late'), { failure: 'timeout', httpStatus: null }],
    [new HubspotSubmissionError('script', 'blocked'), { failure: 'script', httpStatus: null }],
    [new TypeError('Failed to fetch'), { failure: 'network', httpStatus: null }],
  ])('failed: %s', (error, expected) => {
    expect(hubspotOutcome(error)).toEqual({ status: 'failed', errorTypes: [], ...expected });
  });
});
