/**
 * HubSpot Forms API v3 submission (docs/decisions/009, lead forms keep every
 * lead): load the provider's script, then POST the fields as JSON with the
 * page context and the legal consent. Any failure (script, network, non-2xx,
 * no answer within 15 s) rejects with HubspotSubmissionError, carrying
 * HubSpot's `errors[]` when it explained a refusal, so the form can keep what
 * was typed and point at the field to fix.
 */
import { env } from '@/config/env';
import type { LegalConsentOptions } from './legal-consent';
import { loadScriptOnce } from './load-script';

/** Where the cookie banner keeps the visitor's answer (accepted or declined). */
const CONSENT_KEY = 'cookie-consent';

export const HUBSPOT_TIMEOUT_MS = 15_000;

export type HubspotField = { name: string; value: string };

export type HubspotContext = { pageUri: string; pageName: string; hutk?: string };

export type HubspotSubmission = {
  fields: HubspotField[];
  context: HubspotContext;
  legalConsentOptions?: LegalConsentOptions;
};

export type HubspotSubmissionFailure = 'script' | 'network' | 'status' | 'timeout';

/** One entry of HubSpot's `errors[]`; `field` is the property named in "Error in 'fields.x'". */
export type HubspotError = { errorType: string; message: string; field?: string };

export class HubspotSubmissionError extends Error {
  readonly reason: HubspotSubmissionFailure;
  readonly status: number | undefined;
  readonly errors: readonly HubspotError[];

  constructor(reason: HubspotSubmissionFailure, message: string, status?: number, errors: HubspotError[] = []) {
    super(message);
    this.name = 'HubspotSubmissionError';
    this.reason = reason;
    this.status = status;
    this.errors = errors;
  }
}

/** The visitor's HubSpot tracking token (the `hubspotutk` cookie), when the tracking code set one. */
export function readHutk(cookie: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [rawName, ...rest] = part.split('=');
    if (rawName?.trim() === 'hubspotutk') {
      const value = rest.join('=').trim();
      return value ? decodeURIComponent(value) : undefined;
    }
  }
  return undefined;
}

/**
 * The tracking token links a submission to the visitor's browsing history, so
 * it is sent only when the visitor accepted cookies in the banner; declined,
 * unanswered or unreadable all mean no.
 */
export function trackingAllowed(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function pageContext(): HubspotContext {
  const hutk = trackingAllowed(localStorageOrUndefined()) ? readHutk(document.cookie) : undefined;
  return { pageUri: window.location.href, pageName: document.title, ...(hutk ? { hutk } : {}) };
}

export function submissionUrl(formId: string): string {
  const { formsApi, portalId } = env.hubspot;
  return `${formsApi}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formId)}`;
}

const FIELD_IN_MESSAGE = /^Error in 'fields\.([^']+)'/;

/** HubSpot's error body (`{status, message, errors: [{message, errorType}]}`), tolerating anything else. */
export function parseHubspotErrors(body: unknown): HubspotError[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { errorType, message } = entry as { errorType?: unknown; message?: unknown };
    if (typeof errorType !== 'string' || !errorType) return [];
    const text = typeof message === 'string' ? message : '';
    const field = FIELD_IN_MESSAGE.exec(text)?.[1];
    return [{ errorType: errorType.slice(0, 64), message: text.slice(0, 500), ...(field ? { field } : {}) }];
  });
}

async function readErrors(response: Response): Promise<HubspotError[]> {
  try {
    return parseHubspotErrors(await response.json());
  } catch {
    return [];
  }
}

export async function submitHubspotForm(
  formId: string,
  submission: HubspotSubmission,
  options: { loadScript?: boolean } = {},
): Promise<void> {
  const controller = new AbortController();
  // One deadline for the whole submission: a script that never loads counts too.
  const timer = setTimeout(() => controller.abort(), HUBSPOT_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () =>
      reject(new HubspotSubmissionError('timeout', `No answer within ${HUBSPOT_TIMEOUT_MS / 1000} s.`)),
    );
  });
  try {
    if (options.loadScript ?? true) {
      try {
        await Promise.race([loadScriptOnce(env.hubspot.scriptUrl), timedOut]);
      } catch (error) {
        if (error instanceof HubspotSubmissionError) throw error;
        throw new HubspotSubmissionError('script', error instanceof Error ? error.message : 'Script failed to load.');
      }
    }
    let response: Response;
    try {
      response = await Promise.race([
        fetch(submissionUrl(formId), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(submission),
          signal: controller.signal,
        }),
        timedOut,
      ]);
    } catch (error) {
      if (error instanceof HubspotSubmissionError) throw error;
      throw new HubspotSubmissionError('network', error instanceof Error ? error.message : 'Network error.');
    }
    if (!response.ok) {
      const errors = response.status >= 400 && response.status < 500 ? await readErrors(response) : [];
      throw new HubspotSubmissionError(
        'status',
        `The forms service answered ${response.status}.`,
        response.status,
        errors,
      );
    }
  } finally {
    clearTimeout(timer);
  }
}
