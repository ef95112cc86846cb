import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubspotSubmissionError } from '@/integrations/hubspot/submit-form';
import { DataApiError } from '@/lib/supabase/errors';
import { formsMessages } from '../use-forms-messages';
import { consentTexts, CONSENT_VERSION } from '../consent';
import {
  contactFields,
  contactProperties,
  fieldRejections,
  LeadFieldsRejectedError,
  LeadRateLimitedError,
  sendLead,
  showsFormError,
  type LeadDependencies,
  type LeadSubmission,
} from './submit-lead';

const consent = consentTexts(formsMessages.en, 'en');
const values = {
  firstName: 'Maria',
  lastName: 'Papadopoulou',
  email: 'maria@example.com',
  phone: '',
  message: 'Olive oil, please.',
  marketingConsent: true,
  referralCode: '',
};

function lead(overrides: Partial<LeadSubmission> = {}): LeadSubmission {
  return {
    form: 'contact',
    formId: 'contact-form-id',
    properties: contactProperties,
    fields: contactFields(values),
    locale: 'en',
    consent,
    marketingConsent: true,
    honeypot: '',
    fillMs: 20_000,
    formToken: 'v1.1800000000000.token',
    ...overrides,
  };
}

function deps(overrides: Partial<LeadDependencies> = {}) {
  return {
    store: vi.fn<LeadDependencies['store']>(
      overrides.store ?? (() => Promise.resolve({ id: 'lead-1', token: 'tok', spam: false })),
    ),
    record: vi.fn<LeadDependencies['record']>(overrides.record ?? (() => Promise.resolve(true))),
    send: vi.fn<LeadDependencies['send']>(overrides.send ?? (() => Promise.resolve())),
  };
}

const rejected = (errors: Array<{ errorType: string; field?: string }>) =>
  new HubspotSubmissionError(
    'status',
    'The forms service answered 400.',
    400,
    errors.map((e) => ({ ...e, message: '' })),
  );

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  document.title = 'Home';
});

afterEach(() => {
  window.localStorage.clear();
});

describe('sendLead', () => {
  it('stores first, then sends with the consent, then records the outcome', async () => {
    const d = deps();
    await expect(sendLead(lead(), d)).resolves.toBe('sent');
    expect(d.store).toHaveBeenCalledWith({
      form: 'contact',
      language: 'en',
      fields: contactFields(values),
      pageUri: window.location.href,
      pageName: 'Home',
      hutk: undefined,
      marketingConsent: true,
      consentVersion: CONSENT_VERSION,
      honeypot: '',
      formToken: 'v1.1800000000000.token',
    });
    expect(d.send).toHaveBeenCalledWith('contact-form-id', {
      fields: contactFields(values),
      context: { pageUri: window.location.href, pageName: 'Home' },
      legalConsentOptions: {
        consent: {
          consentToProcess: true,
          text: consent.processing,
          communications: [{ value: true, subscriptionTypeId: 1, text: consent.communication }],
        },
      },
    });
    expect(d.record).toHaveBeenCalledWith(
      { id: 'lead-1', token: 'tok', spam: false },
      { status: 'sent', failure: null, httpStatus: 200, errorTypes: [] },
    );
    expect(d.store.mock.invocationCallOrder[0]).toBeLessThan(d.send.mock.invocationCallOrder[0] ?? 0);
    expect(d.send.mock.invocationCallOrder[0]).toBeLessThan(d.record.mock.invocationCallOrder[0] ?? 0);
  });

  it('tells the visitor it was received when HubSpot fails but the lead is stored', async () => {
    const d = deps({ send: vi.fn(() => Promise.reject(new HubspotSubmissionError('timeout', 'late'))) });
    await expect(sendLead(lead(), d)).resolves.toBe('received');
    expect(d.record).toHaveBeenCalledWith(expect.anything(), {
      status: 'failed',
      failure: 'timeout',
      httpStatus: null,
      errorTypes: [],
    });
  });

  it('sends to HubSpot when the store fails, and succeeds if HubSpot takes it', async () => {
    const d = deps({ store: vi.fn(() => Promise.reject(new Error('database down'))) });
    await expect(sendLead(lead(), d)).resolves.toBe('sent');
    expect(d.send).toHaveBeenCalledOnce();
    expect(d.record).not.toHaveBeenCalled();
  });

  it.each([
    ['the network failed', new TypeError('Failed to fetch')],
    ['it timed out', new DOMException('The operation timed out.', 'TimeoutError')],
    ['the database answered 503', new DataApiError({ message: 'upstream' }, 503)],
    ['the database answered 500', new DataApiError({ message: 'boom', code: 'XX000' }, 500)],
  ])('falls back to HubSpot when the store failed because %s', async (_label, failure) => {
    const d = deps({ store: vi.fn(() => Promise.reject(failure)) });
    await expect(sendLead(lead(), d)).resolves.toBe('sent');
    expect(d.send).toHaveBeenCalledOnce();
  });

  it('never sends to HubSpot a lead the per-client limit refused (PT429): the visitor is told about the limit', async () => {
    const limit = new DataApiError(
      { code: 'PT429', message: 'Too many submissions. Please wait a few minutes and try again.' },
      429,
    );
    const d = deps({ store: vi.fn(() => Promise.reject(limit)) });
    const error = await sendLead(lead(), d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadRateLimitedError);
    expect(showsFormError(error)).toBe(true);
    expect(d.send).not.toHaveBeenCalled();
    expect(d.record).not.toHaveBeenCalled();
  });

  it('never sends to HubSpot a lead the database refused as wrong (4xx)', async () => {
    const refused = new DataApiError(
      { code: '22023', message: 'page_uri must be an https: address of this site.' },
      400,
    );
    const d = deps({ store: vi.fn(() => Promise.reject(refused)) });
    await expect(sendLead(lead(), d)).rejects.toBe(refused);
    expect(d.send).not.toHaveBeenCalled();
  });

  it('fails with HubSpot’s error only when both fail', async () => {
    const failure = new HubspotSubmissionError('status', '500', 500);
    const d = deps({
      store: vi.fn(() => Promise.reject(new Error('down'))),
      send: vi.fn(() => Promise.reject(failure)),
    });
    await expect(sendLead(lead(), d)).rejects.toBe(failure);
  });

  it('never sends spam to HubSpot, and says nothing different', async () => {
    const d = deps({ store: vi.fn(() => Promise.resolve({ id: 'lead-2', token: null, spam: true })) });
    await expect(sendLead(lead(), d)).resolves.toBe('spam');
    expect(d.send).not.toHaveBeenCalled();
    expect(d.record).not.toHaveBeenCalled();
  });

  it.each([
    ['a filled honeypot', { honeypot: 'x' }],
    ['a form sent too fast', { fillMs: 800 }],
  ])('decides spam itself when the store fails: %s', async (_label, overrides) => {
    const d = deps({ store: vi.fn(() => Promise.reject(new Error('down'))) });
    await expect(sendLead(lead(overrides), d)).resolves.toBe('spam');
    expect(d.send).not.toHaveBeenCalled();
  });

  it('points at the field when HubSpot refuses a value the visitor can fix, even though the lead is stored', async () => {
    const d = deps({ send: vi.fn(() => Promise.reject(rejected([{ errorType: 'INVALID_EMAIL', field: 'email' }]))) });
    const error = (await sendLead(lead(), d).catch((e: unknown) => e)) as LeadFieldsRejectedError;
    expect(error).toBeInstanceOf(LeadFieldsRejectedError);
    expect(error.fields).toEqual([{ field: 'email', message: 'emailRejected' }]);
    expect(d.record).toHaveBeenCalledWith(expect.anything(), {
      status: 'rejected',
      failure: 'rejected',
      httpStatus: 400,
      errorTypes: ['INVALID_EMAIL'],
    });
  });

  it('treats a form-definition mismatch as staff’s to fix: received', async () => {
    const d = deps({
      send: vi.fn(() => Promise.reject(rejected([{ errorType: 'FIELD_NOT_IN_FORM_DEFINITION', field: 'message' }]))),
    });
    await expect(sendLead(lead(), d)).resolves.toBe('received');
  });

  it('sends the tracking token only after cookies were accepted, and stores it with the lead', async () => {
    document.cookie = 'hubspotutk=abc123; path=/';
    try {
      const declined = deps();
      window.localStorage.setItem('cookie-consent', 'declined');
      await sendLead(lead(), declined);
      expect(declined.send.mock.calls[0]?.[1].context).not.toHaveProperty('hutk');
      expect(declined.store.mock.calls[0]?.[0].hutk).toBeUndefined();

      const accepted = deps();
      window.localStorage.setItem('cookie-consent', 'accepted');
      await sendLead(lead(), accepted);
      expect(accepted.send.mock.calls[0]?.[1].context.hutk).toBe('abc123');
      expect(accepted.store.mock.calls[0]?.[0].hutk).toBe('abc123');
    } finally {
      document.cookie = 'hubspotutk=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});

describe('fieldRejections', () => {
  it('maps each fixable error to the form field and its message, once per field', () => {
    expect(
      fieldRejections(
        rejected([
          { errorType: 'BLOCKED_EMAIL', field: 'email' },
          { errorType: 'INVALID_EMAIL', field: 'email' },
          { errorType: 'REQUIRED_FIELD', field: 'phone' },
          { errorType: 'REQUIRED_FIELD', field: 'favourite_colour' },
          { errorType: 'FIELD_NOT_IN_FORM_DEFINITION', field: 'message' },
          { errorType: 'INVALID_METADATA' },
        ]),
        contactProperties,
      ),
    ).toEqual([
      { field: 'email', message: 'emailBlocked' },
      { field: 'phone', message: 'phoneRequired' },
    ]);
  });

  it('finds nothing in errors that are not HubSpot refusals', () => {
    expect(fieldRejections(new Error('x'), contactProperties)).toEqual([]);
    expect(fieldRejections(new HubspotSubmissionError('status', '500', 500), contactProperties)).toEqual([]);
  });
});
