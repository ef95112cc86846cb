/**
 * The `deliver-leads` Edge Function
 * (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md):
 * sends to HubSpot's Forms API the stored leads whose visitor's browser never
 * reported HubSpot's answer (tab closed, network gone) or whose delivery
 * failed, and records each attempt.
 *
 * Two callers:
 *   - the schedule (pg_cron in production, the local backend's timer), with
 *     the service-role key: claims up to 20 due leads at a time (a lease each,
 *     so two runs never hold one lead), sends each, records the outcome with
 *     its claim, which schedules the next attempt after a failure; a body
 *     `{ "lead_id": … }` limits the run to that lead (if it is due);
 *   - a staff member's browser, with their session, `{ "lead_id": … }`: the
 *     database checks they are staff at aal2 and makes the lead due on their
 *     behalf (request_lead_resend); the function then claims that one lead
 *     and sends it now, and answers what became of it.
 *
 * The request HubSpot receives is the one the public form sends
 * (src/integrations/hubspot/lead-submission.ts): fields, page context (page
 * address and title, the tracking token when the visitor accepted cookies),
 * and the legal consent with the texts the visitor saw. tests/backend hold
 * the two together.
 *
 * Dependency-free: it runs on Supabase's Deno runtime and, through a small
 * `Deno` shim, in the local backend under Node (supabase/local/functions.ts).
 *
 * Environment: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY
 * (injected by Supabase), HUBSPOT_PORTAL_ID, HUBSPOT_CONTACT_FORM_ID,
 * HUBSPOT_B2B_FORM_ID, and optionally HUBSPOT_SUBSCRIPTION_TYPE_ID and
 * HUBSPOT_FORMS_API (default https://api.hsforms.com).
 */
import { corsHeaders, deno, json as jsonAnswer, preflight, safeEqual, UUID } from '../_shared/http.ts';

export interface DeliverLeadsOptions {
  /** Environment lookup; default Deno.env.get. */
  env?: (name: string) => string | undefined;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
}

/** A claimed lead, as claim_lead_deliveries returns it. */
export interface ClaimedLead {
  id: string;
  form: string;
  fields: unknown;
  page_uri: string;
  page_name: string;
  hutk: string | null;
  marketing_consent: boolean;
  consent_text: string;
  processing_text: string;
  claim_token: string;
  attempt: number;
}

export interface HubspotConfig {
  formsApi: string;
  portalId: string;
  contactFormId: string;
  b2bFormId: string;
  subscriptionTypeId: number | null;
}

export type Outcome = {
  status: 'sent' | 'failed' | 'rejected';
  failure: 'network' | 'timeout' | 'status' | 'rejected' | null;
  httpStatus: number | null;
  errorTypes: string[];
};

export interface RunSummary {
  claimed: number;
  sent: number;
  rejected: number;
  retried: number;
  gaveUp: number;
  stale: number;
}

const BATCH_SIZE = 20;
/** At most this many batches per run, so one run stays short; the next run takes the rest. */
const MAX_BATCHES = 5;
/** Longer than a send (15 s) and its record, so a live run never loses its claim. */
const LEASE_SECONDS = 120;
const SEND_TIMEOUT_MS = 15_000;
const CORS_HEADERS = corsHeaders();
const json = (status: number, value: unknown) => jsonAnswer(status, value, CORS_HEADERS);

/** The lead's `{name, value}` fields, dropping anything else the column might hold. */
function leadFields(fields: unknown): Array<{ name: string; value: string }> {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, value } = entry as Record<string, unknown>;
    return typeof name === 'string' && typeof value === 'string' ? [{ name, value }] : [];
  });
}

/** The Forms API body for a stored lead: what the visitor's browser sent. */
export function hubspotBody(lead: ClaimedLead, subscriptionTypeId: number | null): Record<string, unknown> {
  return {
    fields: leadFields(lead.fields),
    context: { pageUri: lead.page_uri, pageName: lead.page_name, ...(lead.hutk ? { hutk: lead.hutk } : {}) },
    legalConsentOptions: {
      consent: {
        consentToProcess: true,
        text: lead.processing_text,
        communications:
          subscriptionTypeId === null
            ? []
            : [{ value: lead.marketing_consent, subscriptionTypeId, text: lead.consent_text }],
      },
    },
  };
}

export function submitUrl(config: HubspotConfig, form: string): string {
  const formId = form === 'contact' ? config.contactFormId : config.b2bFormId;
  return `${config.formsApi}/submissions/v3/integration/submit/${encodeURIComponent(config.portalId)}/${encodeURIComponent(formId)}`;
}

/** HubSpot's errors[].errorType values, once each, tolerating any body. */
function errorTypes(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const types = errors.flatMap((entry: unknown) => {
    const type = (entry as { errorType?: unknown } | null)?.errorType;
    return typeof type === 'string' && type ? [type.slice(0, 64)] : [];
  });
  return [...new Set(types)].slice(0, 20);
}

/** Sends one lead; the outcome in the shape the leads table records (as the browser's, src/integrations/hubspot/outcome.ts). */
export async function sendLead(
  lead: ClaimedLead,
  config: HubspotConfig,
  doFetch: typeof fetch,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await doFetch(submitUrl(config, lead.form), {
      method: 'POST',
      signal: controller.signal,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(hubspotBody(lead, config.subscriptionTypeId)),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { status: 'sent', failure: null, httpStatus: response.status, errorTypes: [] };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const types = response.status >= 400 && response.status < 500 ? errorTypes(body) : [];
    if (response.status === 400 && types.length > 0) {
      return { status: 'rejected', failure: 'rejected', httpStatus: 400, errorTypes: types };
    }
    return { status: 'failed', failure: 'status', httpStatus: response.status, errorTypes: types };
  } catch {
    return {
      status: 'failed',
      failure: controller.signal.aborted ? 'timeout' : 'network',
      httpStatus: null,
      errorTypes: [],
    };
  } finally {
    clearTimeout(timer);
  }
}

export function createHandler(options: DeliverLeadsOptions = {}): (req: Request) => Promise<Response> {
  const env = options.env ?? ((name: string) => deno()?.env.get(name));
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight(CORS_HEADERS);
    if (req.method !== 'POST') return json(405, { error: 'method not allowed' });
    const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
    const anonKey = env('SUPABASE_ANON_KEY') ?? '';
    const supabaseUrl = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
    if (bearer === '') return json(401, { error: 'unauthorized' });
    const asService = serviceKey !== '' && safeEqual(bearer, serviceKey);

    const subscription = (env('HUBSPOT_SUBSCRIPTION_TYPE_ID') ?? '').trim();
    const config: HubspotConfig = {
      formsApi: (env('HUBSPOT_FORMS_API') || 'https://api.hsforms.com').replace(/\/+$/, ''),
      portalId: env('HUBSPOT_PORTAL_ID') ?? '',
      contactFormId: env('HUBSPOT_CONTACT_FORM_ID') ?? '',
      b2bFormId: env('HUBSPOT_B2B_FORM_ID') ?? '',
      subscriptionTypeId: /^[1-9]\d{0,15}$/.test(subscription) ? Number(subscription) : null,
    };
    const missing = Object.entries({
      SUPABASE_URL: supabaseUrl,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey,
      HUBSPOT_PORTAL_ID: config.portalId,
      HUBSPOT_CONTACT_FORM_ID: config.contactFormId,
      HUBSPOT_B2B_FORM_ID: config.b2bFormId,
    })
      .filter(([, value]) => value === '')
      .map(([name]) => name);
    if (missing.length > 0) return json(500, { error: `missing configuration: ${missing.join(', ')}` });

    const rpc = async <T>(name: string, args: Record<string, unknown>, token = serviceKey): Promise<T> => {
      const response = await doFetch(`${supabaseUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          apikey: token === serviceKey ? serviceKey : anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(args),
      });
      const body = await response.text();
      if (!response.ok)
        throw Object.assign(new Error(`${name} answered ${response.status}`), { status: response.status, body });
      return JSON.parse(body) as T;
    };

    const deliver = async (lead: ClaimedLead): Promise<string> => {
      const outcome = await sendLead(lead, config, doFetch);
      return rpc<string>('record_lead_delivery', {
        lead_id: lead.id,
        claim_token: lead.claim_token,
        status: outcome.status,
        failure: outcome.failure,
        http_status: outcome.httpStatus,
        error_types: outcome.errorTypes,
      });
    };

    if (!asService) {
      // A staff member's resend: their session asks the database, which decides.
      let leadId: unknown;
      try {
        leadId = ((await req.json()) as { lead_id?: unknown } | null)?.lead_id;
      } catch {
        leadId = undefined;
      }
      if (typeof leadId !== 'string' || !UUID.test(leadId)) return json(400, { error: 'lead_id is required' });
      let requested: string;
      try {
        requested = await rpc<string>('request_lead_resend', { lead_id: leadId }, bearer);
      } catch (error) {
        const status = (error as { status?: number }).status ?? 502;
        // The database refused the caller (no session, not staff, no second factor).
        if (status === 401 || status === 403) return json(403, { error: 'forbidden' });
        return json(502, { error: String((error as Error).message) });
      }
      if (requested !== 'queued') return json(409, { result: requested });
      try {
        const [lead] = await rpc<ClaimedLead[]>('claim_lead_deliveries', {
          max_rows: 1,
          lease_seconds: LEASE_SECONDS,
          only_lead: leadId,
        });
        // Another run took it first; it sends it on the staff member's behalf.
        if (!lead) return json(200, { result: 'busy' });
        return json(200, { result: await deliver(lead) });
      } catch (error) {
        return json(502, { error: String((error as Error).message) });
      }
    }

    // The schedule sends no body; a tool may name one due lead to send only it.
    let only: string | null = null;
    try {
      const named = ((await req.json()) as { lead_id?: unknown } | null)?.lead_id;
      if (typeof named === 'string' && UUID.test(named)) only = named;
    } catch {
      only = null;
    }
    const summary: RunSummary = { claimed: 0, sent: 0, rejected: 0, retried: 0, gaveUp: 0, stale: 0 };
    try {
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const leads = await rpc<ClaimedLead[]>('claim_lead_deliveries', {
          max_rows: BATCH_SIZE,
          lease_seconds: LEASE_SECONDS,
          only_lead: only,
        });
        summary.claimed += leads.length;
        for (const lead of leads) {
          const result = await deliver(lead);
          if (result === 'sent') summary.sent += 1;
          else if (result === 'rejected') summary.rejected += 1;
          else if (result === 'retry') summary.retried += 1;
          else if (result === 'gave_up') summary.gaveUp += 1;
          else summary.stale += 1;
        }
        if (leads.length < BATCH_SIZE) break;
      }
    } catch (error) {
      return json(502, { error: String((error as Error).message), ...summary });
    }
    return json(200, summary);
  };
}

export const handler = createHandler();
