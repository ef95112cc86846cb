/**
 * HubSpot Forms API submission (spec 7.3, DECISIONS D9): load the provider's
 * script, then POST the fields as JSON with the page context. Any failure
 * (script, network, non-2xx, no answer within 15 s) rejects with
 * HubspotSubmissionError so the form can keep what was typed.
 */
import { env } from '@/config/env';
import { loadScriptOnce } from './load-script';

export const HUBSPOT_TIMEOUT_MS = 15_000;

export type HubspotField = { name: string; value: string };

export type HubspotContext = { pageUri: string; pageName: string; hutk?: string };

export type HubspotSubmissionFailure = 'script' | 'network' | 'status' | 'timeout';

export class HubspotSubmissionError extends Error {
  readonly reason: HubspotSubmissionFailure;
  readonly status: number | undefined;

  constructor(reason: HubspotSubmissionFailure, message: string, status?: number) {
    super(message);
    this.name = 'HubspotSubmissionError';
    this.reason = reason;
    this.status = status;
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

export function pageContext(): HubspotContext {
  const hutk = readHutk(document.cookie);
  return { pageUri: window.location.href, pageName: document.title, ...(hutk ? { hutk } : {}) };
}

export function submissionUrl(formId: string): string {
  const { formsApi, portalId } = env.hubspot;
  return `${formsApi}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formId)}`;
}

export async function submitHubspotForm(formId: string, fields: HubspotField[]): Promise<void> {
  const controller = new AbortController();
  // One deadline for the whole submission: a script that never loads counts too.
  const timer = setTimeout(() => controller.abort(), HUBSPOT_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () =>
      reject(new HubspotSubmissionError('timeout', `No answer within ${HUBSPOT_TIMEOUT_MS / 1000} s.`)),
    );
  });
  try {
    try {
      await Promise.race([loadScriptOnce(env.hubspot.scriptUrl), timedOut]);
    } catch (error) {
      if (error instanceof HubspotSubmissionError) throw error;
      throw new HubspotSubmissionError('script', error instanceof Error ? error.message : 'Script failed to load.');
    }
    let response: Response;
    try {
      response = await Promise.race([
        fetch(submissionUrl(formId), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ fields, context: pageContext() }),
          signal: controller.signal,
        }),
        timedOut,
      ]);
    } catch (error) {
      if (error instanceof HubspotSubmissionError) throw error;
      throw new HubspotSubmissionError('network', error instanceof Error ? error.message : 'Network error.');
    }
    if (!response.ok) {
      throw new HubspotSubmissionError('status', `The forms service answered ${response.status}.`, response.status);
    }
  } finally {
    clearTimeout(timer);
  }
}
