import { vi } from 'vitest';

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

/** Replaces fetch; each call answers with `answer()` (a Response, a rejection, or a promise that never settles). */
export function mockFetch(answer: () => Promise<Response> = () => Promise.resolve(ok())) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function ok(): Response {
  return new Response(JSON.stringify({ inlineMessage: 'Thanks for submitting the form.' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function serverError(): Response {
  return new Response(JSON.stringify({ status: 'error' }), { status: 500 });
}

/** The one request body fetch was given. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

export function setCookie(value: string) {
  document.cookie = value;
}

export function clearHubspotCookie() {
  document.cookie = 'hubspotutk=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}
