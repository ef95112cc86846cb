/**
 * What a Forms API call came to, in the shape the `leads` table records:
 * sent; rejected (HubSpot's 400 explaining what it refused); or failed (the
 * script, the network, the deadline, or any other HTTP error).
 */
import { HubspotSubmissionError } from './submit-form';

export type HubspotOutcome = {
  status: 'sent' | 'failed' | 'rejected';
  failure: 'script' | 'network' | 'timeout' | 'status' | 'rejected' | null;
  httpStatus: number | null;
  errorTypes: string[];
};

/** `error` is what submitHubspotForm threw, or null when it resolved. */
export function hubspotOutcome(error: unknown): HubspotOutcome {
  if (error === null || error === undefined) return { status: 'sent', failure: null, httpStatus: 200, errorTypes: [] };
  if (!(error instanceof HubspotSubmissionError)) {
    return { status: 'failed', failure: 'network', httpStatus: null, errorTypes: [] };
  }
  const errorTypes = [...new Set(error.errors.map((e) => e.errorType))].slice(0, 20);
  if (error.reason === 'status' && error.status === 400 && errorTypes.length > 0) {
    return { status: 'rejected', failure: 'rejected', httpStatus: 400, errorTypes };
  }
  return { status: 'failed', failure: error.reason, httpStatus: error.status ?? null, errorTypes };
}
