/**
 * Stands in for HubSpot's unauthenticated Forms API v3 submit endpoint
 * (docs/decisions/009-lead-forms-keep-every-lead.md), plus a harmless embed
 * script. Builds without HubSpot variables post here, and the deliver-leads
 * function posts here locally (its HUBSPOT_FORMS_API), so every lead typed in
 * development is kept. The local backend mounts it at /hubspot
 * (supabase/local/server.ts); it keeps submissions in the local database
 * (`local_stub.hubspot_submissions`). Any portal and form id is accepted; the
 * local builds use `local-portal`, `local-contact-form`, `local-b2b-form`.
 *
 *   POST /hubspot/forms/submissions/v3/integration/submit/{portalId}/{formId}
 *   GET  /hubspot/forms/__submissions   local-only helper for tests (newest first)
 *   DELETE /hubspot/forms/__submissions local-only: forget every submission
 *   DELETE /hubspot/forms/__lead-throttle local-only: forget the per-client
 *        count of stored leads (e2e browsers all share one address)
 *   GET  /hubspot/forms/__lead-form-token?age_ms=N local-only: a form token
 *        as lead_form_token() would have issued it N ms ago, so a browser
 *        test can let a person's worth of time pass without waiting for it
 *   PUT  /hubspot/forms/__answer {"answer": <answer> | null} local-only:
 *        answer every submission so (e.g. "server-error") until told null,
 *        so a test can make HubSpot fail and recover for the server's retries
 *   GET  /hubspot/js/embed.js
 *
 * The `__` control endpoints read leads or lift the lead limit, so they need
 * the service-role key as `apikey` (401 without a key, 403 with the anon
 * key), as a tool or test suite holds it; a web page does not.
 *
 * It answers HubSpot's errors on request, so the forms' handling of them can be
 * tested: an `X-Stand-In-Answer` header, or an email address at
 * `<answer>.hubspot-stand-in.test` (what a browser test can type), where
 * <answer> is one of STAND_IN_ANSWERS.
 */
import { randomUUID } from 'node:crypto';
import { isDatabaseError, TEXT_PARAMS, type LocalDatabase } from '../../supabase/local/db.ts';
import {
  headerValue,
  jsonProblem,
  jsonResponse,
  PayloadTooLargeError,
  type LocalRequest,
  type LocalResponse,
} from '../../supabase/local/http.ts';

export interface HubspotContext {
  db: LocalDatabase;
  notice: (line: string) => void;
  logError: (line: string) => void;
  /** The control endpoints' key check: null when the request holds the service-role key, else the refusal. */
  checkServiceKey: (req: LocalRequest) => Promise<LocalResponse | null>;
}

/** HubSpot's documented limit on submitted values. */
const MAX_FIELDS = 1000;
const MAX_VALUE_LENGTH = 65_536;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMBED_SCRIPT = `/* Local stand-in for the HubSpot forms script: loads, does nothing else. */
window.__hubspotStandIn = true;
window.hbspt = window.hbspt || { forms: { create: function () {} } };
`;

interface FieldError {
  message: string;
  errorType: string;
}

/** The email domain whose first label picks a simulated answer. */
export const STAND_IN_EMAIL_DOMAIN = 'hubspot-stand-in.test';

/** Simulated answers: HubSpot's 400 with one error type, or a server failure. */
export const STAND_IN_ANSWERS = {
  'invalid-email': { status: 400, errorType: 'INVALID_EMAIL', field: 'email', message: 'Invalid email address' },
  'blocked-email': {
    status: 400,
    errorType: 'BLOCKED_EMAIL',
    field: 'email',
    message: 'This form does not accept email addresses from this domain',
  },
  'required-field': {
    status: 400,
    errorType: 'REQUIRED_FIELD',
    field: 'phone',
    message: "Required field 'phone' is missing",
  },
  'field-not-in-form-definition': {
    status: 400,
    errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
    field: 'message',
    message: "Field 'message' is not in the form definition",
  },
  'server-error': { status: 500 },
  'rate-limited': { status: 429 },
} as const satisfies Record<string, { status: number; errorType?: string; field?: string; message?: string }>;

export type StandInAnswer = keyof typeof STAND_IN_ANSWERS;

const isStandInAnswer = (value: string | undefined): value is StandInAnswer =>
  value !== undefined && Object.hasOwn(STAND_IN_ANSWERS, value);

/** The answer each backend (by its database) gives every submission for now, set through __answer. */
const answerForAll = new WeakMap<LocalDatabase, StandInAnswer>();

export async function handleHubspot(req: LocalRequest, ctx: HubspotContext): Promise<LocalResponse> {
  const path = req.segments.slice(1);
  if (req.suspiciousPath) return notFound();
  try {
    if (path.join('/') === 'js/embed.js' && (req.method === 'GET' || req.method === 'HEAD')) {
      return {
        status: 200,
        headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
        body: EMBED_SCRIPT,
      };
    }
    if (path.join('/') === 'forms/__lead-throttle') {
      if (req.method !== 'DELETE') return notFound();
      const denied = await ctx.checkServiceKey(req);
      if (denied) return denied;
      await ctx.db.transaction((tx) => tx.query('delete from private.lead_submission_log'));
      return { status: 204 };
    }
    if (path.join('/') === 'forms/__answer') {
      if (req.method !== 'PUT') return notFound();
      const denied = await ctx.checkServiceKey(req);
      if (denied) return denied;
      let answer: unknown;
      try {
        answer = (JSON.parse((await req.readBody()).toString('utf8')) as { answer?: unknown }).answer;
      } catch {
        answer = undefined;
      }
      if (answer === null) answerForAll.delete(ctx.db);
      else if (typeof answer === 'string' && isStandInAnswer(answer)) answerForAll.set(ctx.db, answer);
      else return invalid([{ message: 'answer must be a stand-in answer or null', errorType: 'INVALID_JSON' }]);
      return jsonResponse(200, { answer: answerForAll.get(ctx.db) ?? null });
    }
    if (path.join('/') === 'forms/__lead-form-token') {
      if (req.method !== 'GET') return notFound();
      const denied = await ctx.checkServiceKey(req);
      if (denied) return denied;
      const age = Number(req.query.get('age_ms') ?? '0');
      if (!Number.isInteger(age) || age < 0 || age > 86_400_000) return notFound();
      const { rows } = await ctx.db.transaction((tx) =>
        tx.query<{ token: string }>(
          `select private.lead_form_token_at(now() - make_interval(secs => $1::double precision / 1000)) as token`,
          [String(age)],
          { serializers: TEXT_PARAMS },
        ),
      );
      return jsonResponse(200, { token: rows[0]?.token });
    }
    if (path.join('/') === 'forms/__submissions') {
      if (req.method !== 'GET' && req.method !== 'DELETE') return notFound();
      const denied = await ctx.checkServiceKey(req);
      if (denied) return denied;
      if (req.method === 'GET') return await listSubmissions(req, ctx);
      if (req.method === 'DELETE') {
        await ctx.db.transaction((tx) => tx.query('delete from local_stub.hubspot_submissions'));
        return { status: 204 };
      }
      return notFound();
    }
    const [forms, submissions, v3, integration, submit, portalId, formId, ...extra] = path;
    if (
      forms === 'forms' &&
      submissions === 'submissions' &&
      v3 === 'v3' &&
      integration === 'integration' &&
      submit === 'submit' &&
      portalId !== undefined &&
      formId !== undefined &&
      extra.length === 0
    ) {
      if (req.method !== 'POST') return notFound();
      if (!ID.test(portalId) || !ID.test(formId)) return notFound();
      return await submitForm(req, ctx, portalId, formId);
    }
    return notFound();
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      return invalid([{ message: error.message, errorType: 'INPUT_TOO_LARGE' }], 413);
    }
    if (isDatabaseError(error) && /^2[12]/.test(error.code)) {
      return invalid([{ message: error.message, errorType: 'INVALID_METADATA' }]);
    }
    ctx.logError(
      `hubspot: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return jsonResponse(500, { status: 'error', message: 'Internal error', correlationId: randomUUID() });
  }
}

function notFound(): LocalResponse {
  return jsonResponse(404, { status: 'error', message: 'Resource not found', correlationId: randomUUID() });
}

function invalid(errors: FieldError[], status = 400): LocalResponse {
  return jsonResponse(status, {
    status: 'error',
    message: 'The request is not valid',
    correlationId: randomUUID(),
    errors,
  });
}

async function submitForm(
  req: LocalRequest,
  ctx: HubspotContext,
  portalId: string,
  formId: string,
): Promise<LocalResponse> {
  const raw = (await req.readBody()).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return invalid([{ message: 'Invalid input JSON: the body must be a JSON object', errorType: 'INVALID_JSON' }]);
  }
  const problem = jsonProblem(body);
  if (problem) return invalid([{ message: `Invalid input JSON: ${problem}`, errorType: 'INVALID_JSON' }]);
  const errors = validateSubmission(body);
  if (errors.length > 0) return invalid(errors);
  const submission = body as {
    fields: { name: string; value: string }[];
    context?: Record<string, unknown>;
    legalConsentOptions?: Record<string, unknown>;
  };

  const simulated = simulatedAnswer(req, submission.fields, answerForAll.get(ctx.db));
  if (simulated) return simulated;

  await ctx.db.transaction((tx) =>
    tx.query(
      `insert into local_stub.hubspot_submissions (portal_id, form_id, fields, context, legal_consent_options)
       values ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb)`,
      [
        portalId,
        formId,
        JSON.stringify(submission.fields),
        submission.context ? JSON.stringify(submission.context) : null,
        submission.legalConsentOptions ? JSON.stringify(submission.legalConsentOptions) : null,
      ],
      { serializers: TEXT_PARAMS },
    ),
  );
  const summary = submission.fields.map((field) => `${field.name}=${JSON.stringify(field.value)}`).join(', ');
  ctx.notice(`hubspot: form ${formId} (portal ${portalId}) received: ${summary}`);
  return jsonResponse(200, { inlineMessage: 'Thanks for submitting the form.' });
}

/** The answer a test asked for, by header or by the email address's domain. */
function simulatedAnswer(
  req: LocalRequest,
  fields: { name: string; value: string }[],
  forAll: StandInAnswer | undefined,
): LocalResponse | null {
  const header = headerValue(req.headers, 'x-stand-in-answer')?.trim().toLowerCase();
  const email = fields.find((field) => field.name === 'email')?.value.toLowerCase() ?? '';
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const fromEmail = domain.endsWith(`.${STAND_IN_EMAIL_DOMAIN}`)
    ? domain.slice(0, -STAND_IN_EMAIL_DOMAIN.length - 1)
    : undefined;
  const key = isStandInAnswer(header) ? header : isStandInAnswer(fromEmail) ? fromEmail : (forAll ?? null);
  if (!key) return null;
  const answer: { status: number; errorType?: string; field?: string; message?: string } = STAND_IN_ANSWERS[key];
  if (answer.errorType && answer.field && answer.message) {
    return invalid([{ message: `Error in 'fields.${answer.field}'. ${answer.message}`, errorType: answer.errorType }]);
  }
  return jsonResponse(answer.status, {
    status: 'error',
    message: answer.status === 429 ? 'You have reached your secondly limit.' : 'Internal error',
    correlationId: randomUUID(),
  });
}

/** The checks HubSpot makes on the shape of a submission (not on a form definition). */
export function validateSubmission(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ message: 'Invalid input JSON: the body must be a JSON object', errorType: 'INVALID_JSON' }];
  }
  const { fields, context, legalConsentOptions } = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (!Array.isArray(fields) || fields.length === 0) {
    errors.push({ message: "Error in 'fields'. At least one field is required", errorType: 'REQUIRED_FIELD' });
  } else if (fields.length > MAX_FIELDS) {
    errors.push({
      message: `Error in 'fields'. At most ${MAX_FIELDS} fields may be submitted`,
      errorType: 'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED',
    });
  } else {
    fields.forEach((field: unknown, index) => {
      if (typeof field !== 'object' || field === null || Array.isArray(field)) {
        errors.push({ message: `Error in 'fields[${index}]'. Expected an object`, errorType: 'INVALID_METADATA' });
        return;
      }
      const { name, value, objectTypeId } = field as Record<string, unknown>;
      if (typeof name !== 'string' || name === '') {
        errors.push({
          message: `Error in 'fields[${index}].name'. Required field 'name' is missing`,
          errorType: 'REQUIRED_FIELD',
        });
        return;
      }
      if (typeof value !== 'string') {
        errors.push({
          message: `Error in 'fields.${name}'. The value must be a string`,
          errorType: 'INVALID_METADATA',
        });
        return;
      }
      if (objectTypeId !== undefined && typeof objectTypeId !== 'string') {
        errors.push({
          message: `Error in 'fields.${name}'. objectTypeId must be a string`,
          errorType: 'INVALID_METADATA',
        });
      }
      if (value.length > MAX_VALUE_LENGTH) {
        errors.push({ message: `Error in 'fields.${name}'. The value is too long`, errorType: 'INPUT_TOO_LARGE' });
      }
      if (name === 'email' && !EMAIL.test(value)) {
        errors.push({ message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' });
      }
    });
  }
  if (context !== undefined) {
    if (typeof context !== 'object' || context === null || Array.isArray(context)) {
      errors.push({ message: "Error in 'context'. Expected an object", errorType: 'INVALID_METADATA' });
    } else {
      const ctx = context as Record<string, unknown>;
      const typeErrors: Record<string, string> = {
        pageUri: 'INVALID_PAGE_URI',
        pageName: 'INVALID_METADATA',
        hutk: 'INVALID_HUTK',
      };
      for (const [key, errorType] of Object.entries(typeErrors)) {
        if (ctx[key] !== undefined && typeof ctx[key] !== 'string') {
          errors.push({ message: `Error in 'context.${key}'. Expected a string`, errorType });
        }
      }
    }
  }
  if (legalConsentOptions !== undefined) errors.push(...validateLegalConsent(legalConsentOptions));
  return errors;
}

const consentError = (path: string, expected: string): FieldError => ({
  message: `Error in 'legalConsentOptions${path}'. Expected ${expected}`,
  errorType: 'INVALID_METADATA',
});

/**
 * HubSpot's two shapes: explicit consent {consent: {consentToProcess, text,
 * communications: [{value, subscriptionTypeId, text}]}} or
 * {legitimateInterest: {value, subscriptionTypeId, legalBasis, text}}.
 */
export function validateLegalConsent(options: unknown): FieldError[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(options)) return [consentError('', 'an object')];
  const keys = Object.keys(options);
  if (keys.length !== 1 || (keys[0] !== 'consent' && keys[0] !== 'legitimateInterest')) {
    return [consentError('', 'exactly one of consent or legitimateInterest')];
  }
  const errors: FieldError[] = [];
  if (isObject(options.consent)) {
    const { consentToProcess, text, communications } = options.consent;
    if (typeof consentToProcess !== 'boolean') errors.push(consentError('.consent.consentToProcess', 'a boolean'));
    if (typeof text !== 'string' || text === '') errors.push(consentError('.consent.text', 'a non-empty string'));
    if (communications !== undefined) {
      if (!Array.isArray(communications)) errors.push(consentError('.consent.communications', 'an array'));
      else {
        communications.forEach((item: unknown, index) => {
          const at = `.consent.communications[${index}]`;
          if (!isObject(item)) return void errors.push(consentError(at, 'an object'));
          if (typeof item.value !== 'boolean') errors.push(consentError(`${at}.value`, 'a boolean'));
          if (!Number.isInteger(item.subscriptionTypeId)) {
            errors.push(consentError(`${at}.subscriptionTypeId`, 'an integer'));
          }
          if (typeof item.text !== 'string' || item.text === '')
            errors.push(consentError(`${at}.text`, 'a non-empty string'));
        });
      }
    }
  } else if (isObject(options.legitimateInterest)) {
    const { value, subscriptionTypeId, legalBasis, text } = options.legitimateInterest;
    if (typeof value !== 'boolean') errors.push(consentError('.legitimateInterest.value', 'a boolean'));
    if (!Number.isInteger(subscriptionTypeId)) {
      errors.push(consentError('.legitimateInterest.subscriptionTypeId', 'an integer'));
    }
    if (legalBasis !== 'LEAD' && legalBasis !== 'CUSTOMER') {
      errors.push(consentError('.legitimateInterest.legalBasis', 'LEAD or CUSTOMER'));
    }
    if (typeof text !== 'string' || text === '')
      errors.push(consentError('.legitimateInterest.text', 'a non-empty string'));
  } else {
    errors.push(consentError(`.${keys[0] ?? ''}`, 'an object'));
  }
  return errors;
}

async function listSubmissions(req: LocalRequest, ctx: HubspotContext): Promise<LocalResponse> {
  const formId = req.query.get('formId');
  const { rows } = await ctx.db.transaction((tx) =>
    tx.query<{ body: string }>(
      `select coalesce(json_agg(s order by s.id desc), '[]'::json)::text as body
       from (select id, portal_id, form_id, fields, context, legal_consent_options, received_at
             from local_stub.hubspot_submissions where $1::text is null or form_id = $1::text) s`,
      [formId],
      { serializers: TEXT_PARAMS },
    ),
  );
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: rows[0]?.body ?? '[]',
  };
}
