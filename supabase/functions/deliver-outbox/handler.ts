/**
 * The `deliver-outbox` Edge Function (docs/decisions/115-mail-outbox-and-delivery.md):
 * claims the due rows of the mail outbox, renders each mail from
 * supabase/templates/<template>.<language>.{html,txt}, sends it through the
 * email API (Resend's `POST /emails`) and records the outcome, which
 * schedules the next attempt after a failure.
 *
 * Dependency-free on purpose: it runs on Supabase's Deno runtime and, through
 * a small `Deno` shim, in the local backend under Node (supabase/local/functions.ts).
 * Only the service-role key (Authorization: Bearer) or the webhook secret
 * (x-webhook-secret) may run it; anything else gets 401.
 *
 * Environment: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (injected by Supabase),
 * RESEND_API_KEY, EMAIL_FROM, SITE_URL, and optionally EMAIL_API_URL
 * (default https://api.resend.com) and OUTBOX_WEBHOOK_SECRET.
 */
import { corsHeaders, deno, json as jsonAnswer, preflight, safeEqual, type DenoEnv } from '../_shared/http.ts';

export type Template =
  'new_client_message' | 'client_reply' | 'order_received' | 'order_confirmed' | 'order_shipped' | 'order_cancelled';
export type Language = 'en' | 'fr';

interface DenoLike extends DenoEnv {
  readTextFile(path: string | URL): Promise<string>;
}

export interface DeliverOptions {
  /** Environment lookup; default Deno.env.get. */
  env?: (name: string) => string | undefined;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
  /**
   * The clock the outbox is read with. Unset (production), the database's
   * now() decides what is due; tests pass a clock to replay a retry schedule.
   */
  now?: () => Date;
  /** A template file's text by name (e.g. client_reply.fr.html); default: read beside the auth templates. */
  readTemplate?: (name: string) => Promise<string>;
}

export interface OutboxRow {
  id: string;
  to_address: string;
  template: Template;
  language: Language;
  payload: Record<string, unknown>;
  attempts: number;
  claim_token: string;
}

export interface RunSummary {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  stale: number;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const BATCH_SIZE = 20;
/** At most this many batches per run, so one run stays short; the next run takes the rest. */
const MAX_BATCHES = 10;
const LEASE_SECONDS = 300;
const SEND_TIMEOUT_MS = 15_000;
const TEMPLATES: readonly Template[] = [
  'new_client_message',
  'client_reply',
  'order_received',
  'order_confirmed',
  'order_shipped',
  'order_cancelled',
];
const FIELDS = [
  'company_name',
  'subject',
  'author_name',
  'link',
  'order_number',
  'total',
  'requested_date',
  'changes',
  'message',
  'carrier',
  'tracking_number',
  'reason',
] as const;
/** Most values are a name or a number; an order's changes and staff's message may run longer. */
const LONG_FIELDS: ReadonlySet<string> = new Set(['changes', 'message']);

const CORS_HEADERS = corsHeaders(['x-webhook-secret']);
const json = (status: number, value: unknown) => jsonAnswer(status, value, CORS_HEADERS);

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function fill(source: string, values: Record<string, string>, escape: (value: string) => string): string {
  return source.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? escape(values[name] ?? '') : whole,
  );
}

/** A row that can never be rendered (as opposed to a template that could not be read now). */
export class PayloadError extends Error {}

/** The payload's values as the templates use them: plain strings, the link made absolute. */
export function mailValues(payload: Record<string, unknown>, siteUrl: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const raw = payload[field];
    // One line each: a value never adds lines to a header or the text mail.
    values[field] = (typeof raw === 'string' ? raw : '')
      .replace(/[\r\n\t]+/g, ' ')
      .slice(0, LONG_FIELDS.has(field) ? 2000 : 500);
  }
  const path = values.link ?? '';
  if (!path.startsWith('/') || path.startsWith('//'))
    throw new PayloadError('The payload link is not a path of the site.');
  values.link = siteUrl.replace(/\/+$/, '') + path;
  return values;
}

/** Renders one mail: subject from the HTML's <title>, every value escaped in the HTML. */
export async function renderMail(
  template: Template,
  language: Language,
  payload: Record<string, unknown>,
  siteUrl: string,
  readTemplate: (name: string) => Promise<string>,
): Promise<RenderedMail> {
  if (!TEMPLATES.includes(template)) throw new PayloadError(`Unknown template ${String(template)}.`);
  const lang: Language = language === 'fr' ? 'fr' : 'en';
  const values = mailValues(payload, siteUrl);
  const [htmlSource, textSource] = await Promise.all([
    readTemplate(`${template}.${lang}.html`),
    readTemplate(`${template}.${lang}.txt`),
  ]);
  const title = /<title>([\s\S]*?)<\/title>/i.exec(htmlSource)?.[1];
  if (!title) throw new Error(`${template}.${lang}.html has no <title> (the subject).`);
  return {
    subject: fill(title, values, (value) => value)
      .replace(/\s+/g, ' ')
      .trim(),
    html: fill(htmlSource, values, escapeHtml),
    text: fill(textSource, values, (value) => value),
  };
}

function defaultReadTemplate(name: string): Promise<string> {
  const runtime = deno<DenoLike>();
  if (!runtime) throw new Error('No Deno runtime to read templates with.');
  if (!/^[a-z_]+\.(en|fr)\.(html|txt)$/.test(name)) throw new Error(`Not a template name: ${name}`);
  return runtime.readTextFile(new URL(`../../templates/${name}`, import.meta.url));
}

type Outcome = { succeeded: true } | { succeeded: false; error: string; permanent: boolean };

export function createHandler(options: DeliverOptions = {}): (req: Request) => Promise<Response> {
  const env = options.env ?? ((name: string) => deno()?.env.get(name));
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const readTemplate = options.readTemplate ?? defaultReadTemplate;

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight(CORS_HEADERS);
    const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
    const webhookSecret = env('OUTBOX_WEBHOOK_SECRET') ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
    const secret = req.headers.get('x-webhook-secret') ?? '';
    const allowed =
      (serviceKey !== '' && bearer !== '' && safeEqual(bearer, serviceKey)) ||
      (webhookSecret !== '' && secret !== '' && safeEqual(secret, webhookSecret));
    if (!allowed) return json(401, { error: 'unauthorized' });
    if (req.method !== 'POST') return json(405, { error: 'method not allowed' });
    // The body (a webhook's record, or nothing) is not used: the outbox says what is due.
    await req.body?.cancel();

    const supabaseUrl = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
    const siteUrl = env('SITE_URL') ?? '';
    const apiKey = env('RESEND_API_KEY') ?? '';
    const from = env('EMAIL_FROM') ?? '';
    const apiUrl = (env('EMAIL_API_URL') || 'https://api.resend.com').replace(/\/+$/, '');
    const missing = Object.entries({
      SUPABASE_URL: supabaseUrl,
      SITE_URL: siteUrl,
      RESEND_API_KEY: apiKey,
      EMAIL_FROM: from,
    })
      .filter(([, value]) => value === '')
      .map(([name]) => name);
    if (missing.length > 0) return json(500, { error: `missing configuration: ${missing.join(', ')}` });

    const rpc = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
      const response = await doFetch(`${supabaseUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${body.slice(0, 300)}`);
      return JSON.parse(body) as T;
    };
    const asOf = () => (options.now ? { as_of: options.now().toISOString() } : {});

    const send = async (row: OutboxRow): Promise<Outcome> => {
      let mail: RenderedMail;
      try {
        mail = await renderMail(row.template, row.language, row.payload, siteUrl, readTemplate);
      } catch (error) {
        // A bad row fails at once; a template that could not be read (a
        // deployment without its static files) is retried until fixed.
        const message = `render: ${String((error as Error).message ?? error)}`;
        return { succeeded: false, error: message, permanent: error instanceof PayloadError };
      }
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
      try {
        const response = await doFetch(`${apiUrl}/emails`, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            Authorization: `Bearer ${apiKey}`,
            'Content-Type': 'application/json',
            // The provider sends a mail once per key, even if a run dies after
            // sending and another run sends the row again.
            'Idempotency-Key': `outbox-${row.id}`,
          },
          body: JSON.stringify({ from, to: [row.to_address], subject: mail.subject, html: mail.html, text: mail.text }),
        });
        if (response.ok) {
          await response.body?.cancel();
          return { succeeded: true };
        }
        const detail = (await response.text()).slice(0, 300);
        // A mail the provider refuses as invalid will not become valid: give up at once.
        const permanent = response.status === 400 || response.status === 422;
        return { succeeded: false, error: `HTTP ${response.status}: ${detail}`, permanent };
      } catch (error) {
        const message = controller.signal.aborted ? 'timeout' : String((error as Error).message ?? error);
        return { succeeded: false, error: `network: ${message}`, permanent: false };
      } finally {
        clearTimeout(timer);
      }
    };

    const summary: RunSummary = { claimed: 0, sent: 0, retried: 0, failed: 0, stale: 0 };
    try {
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const rows = await rpc<OutboxRow[]>('claim_email_outbox', {
          max_rows: BATCH_SIZE,
          lease_seconds: LEASE_SECONDS,
          ...asOf(),
        });
        summary.claimed += rows.length;
        for (const row of rows) {
          const outcome = await send(row);
          const recorded = await rpc<string>('record_email_outcome', {
            outbox_id: row.id,
            claim_token: row.claim_token,
            succeeded: outcome.succeeded,
            error: outcome.succeeded ? null : outcome.error,
            permanent: outcome.succeeded ? false : outcome.permanent,
            ...asOf(),
          });
          if (recorded === 'sent') summary.sent += 1;
          else if (recorded === 'retry') summary.retried += 1;
          else if (recorded === 'failed') summary.failed += 1;
          else summary.stale += 1;
        }
        if (rows.length < BATCH_SIZE) break;
      }
    } catch (error) {
      return json(502, { error: String((error as Error).message ?? error), ...summary });
    }
    return json(200, summary);
  };
}

export const handler = createHandler();
