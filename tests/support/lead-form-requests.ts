import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

export type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Answer = () => Promise<Response>;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

/** How the database answers `submit_lead`. */
export const storeAnswers = {
  stored: () =>
    Promise.resolve(json({ id: '6f1c2b8e-0000-4000-8000-000000000001', token: 'a'.repeat(48), spam: false })),
  spam: () => Promise.resolve(json({ id: '6f1c2b8e-0000-4000-8000-000000000002', token: null, spam: true })),
  down: () => Promise.reject(new TypeError('Failed to fetch')),
  /** The per-client limit's refusal (PostgREST's answer to SQLSTATE PT429). */
  limited: () =>
    Promise.resolve(
      json(
        {
          code: 'PT429',
          message: 'Too many submissions. Please wait a few minutes and try again.',
          details: null,
          hint: 'Wait a few minutes before sending again.',
        },
        429,
      ),
    ),
  /** The database judged the request wrong (e.g. a page address that is not the site's). */
  refused: () =>
    Promise.resolve(json({ code: '22023', message: 'page_uri must be an https: address of this site.' }, 400)),
  /** The database is there but failing. */
  failing: () => Promise.resolve(json({ message: 'upstream' }, 503)),
} satisfies Record<string, Answer>;

/** What lead_form_token() answers in these tests. */
export const FORM_TOKEN = `v1.1800000000000.${'f'.repeat(64)}`;

/**
 * Replaces fetch and routes by URL: the form token (`lead_form_token`), the
 * lead store (`submit_lead`), the outcome record (`record_lead_outcome`) and
 * HubSpot. The returned mock sees only HubSpot calls (each answered with
 * `hubspot()`: a Response, a rejection, or a promise that never settles);
 * `.token`, `.store`, `.record` and `.all` see the rest.
 */
export function mockFetch(
  hubspot: Answer = () => Promise.resolve(ok()),
  options: { store?: Answer; token?: Answer } = {},
) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => hubspot());
  const store = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => (options.store ?? storeAnswers.stored)());
  const record = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(json(true)));
  const token = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    (options.token ?? (() => Promise.resolve(json(FORM_TOKEN))))(),
  );
  const all = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/rest/v1/rpc/lead_form_token')) return token(input, init);
    if (url.includes('/rest/v1/rpc/submit_lead')) return store(input, init);
    if (url.includes('/rest/v1/rpc/record_lead_outcome')) return record(input, init);
    return fetchMock(input, init);
  });
  vi.stubGlobal('fetch', all);
  return Object.assign(fetchMock, { token, store, record, all });
}

/** Every request but the form token's: what "sends nothing" means (the token only says when the visitor arrived). */
export function sentRequests(fetchMock: { all: { mock: { calls: Array<[RequestInfo | URL, RequestInit?]> } } }) {
  return fetchMock.all.mock.calls.filter(([input]) => !String(input).includes('/rest/v1/rpc/lead_form_token'));
}

export function ok(): Response {
  return json({ inlineMessage: 'Thanks for submitting the form.' });
}

export function serverError(): Response {
  return json({ status: 'error' }, 500);
}

/** HubSpot's 400 naming one field. */
export function hubspotRefusal(errorType: string, field: string): Response {
  return json(
    {
      status: 'error',
      message: 'The request is not valid',
      correlationId: '0f0e0d0c-0000-4000-8000-000000000000',
      errors: [{ message: `Error in 'fields.${field}'. Refused`, errorType }],
    },
    400,
  );
}

/** The body of one call a fetch mock was given (by default its first). */
export function sentBody(fetchMock: { mock: { calls: Array<[RequestInfo | URL, RequestInit?]> } }, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

export function setCookie(value: string) {
  document.cookie = value;
}

export function clearHubspotCookie() {
  document.cookie = 'hubspotutk=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

/**
 * Renders as if the form had appeared a minute ago, so a test's quick typing
 * is not taken for a bot's (the forms time how long they were usable).
 */
export function renderedAMinuteAgo<T>(render: () => T): T {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60_000 });
  try {
    return render();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * The hooks every lead-form test file needs: the HubSpot script loader
 * (mocked by the file) answers at once, the page has its title, failures the
 * forms log as warnings by design stay out of the output, and nothing a test
 * stubbed or faked (timers, fetch, the HubSpot cookie) outlives it.
 */
export function resetBetweenLeadFormTests(loadScript: Mock, pageTitle: string) {
  beforeEach(() => {
    loadScript.mockReset();
    loadScript.mockResolvedValue(undefined);
    document.title = pageTitle;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearHubspotCookie();
  });
}

/**
 * Enters each value into its field as a visitor pasting or autofilling it
 * would (for a select, chooses it); an empty value leaves the field empty.
 * One input event per field, not one per character: these tests are about
 * what the form does with its values, and typing every character of a whole
 * form took a busy machine seconds per test. Tests about keystrokes type.
 */
export async function fillFields<Name extends string>(
  user: UserEvent,
  fields: Record<Name, HTMLElement>,
  values: Record<Name, string>,
) {
  for (const [name, value] of Object.entries(values) as [Name, string][]) {
    const field = fields[name];
    if (field instanceof HTMLSelectElement) {
      await user.selectOptions(field, value);
    } else {
      await user.clear(field);
      if (value) {
        await user.click(field);
        await user.paste(value);
      }
    }
  }
}
