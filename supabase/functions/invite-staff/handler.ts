/**
 * The `invite-staff` Edge Function (docs/decisions/211-managing-staff.md): an
 * admin invites a new team member by e-mail with a staff role.
 *
 * 1. The caller must be an admin at aal2: `can_manage_staff`, asked of the
 *    database as the caller (nothing is mailed otherwise).
 * 2. Supabase Auth's invite (`POST /auth/v1/invite`, what
 *    `auth.admin.inviteUserByEmail` calls), with the service role: a new
 *    account without a password, and the `invite` mail (English) whose link
 *    confirms the address and signs in; the invitee then chooses a password
 *    and enrols an authenticator app.
 * 3. The role: `set_staff_role`, run as the caller, so the database checks the
 *    caller again and records the change with the caller as its author.
 *
 * Dependency-free, like document-link: it runs on Deno and, through a small
 * `Deno` shim, in the local backend under Node (supabase/local/functions.ts).
 *
 * Request: POST, `Authorization: Bearer <the admin's access token>`, JSON
 * `{ "email": "…", "role": "admin" | "account_manager" | "editor",
 *    "redirect_to"?: "<the app's invite page>" }`.
 *
 * Answers: 200 `{ user_id, email, role }`; 400 a bad body; 401 no valid
 * session; 403 not an admin at aal2; 405 another method; 409 the address
 * already has a confirmed account (give it a role from the team list); 502 a
 * backend step failed.
 *
 * Environment (injected by Supabase): SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY.
 */
import { corsHeaders, deno, json as jsonAnswer, preflight } from '../_shared/http.ts';

export interface InviteStaffOptions {
  /** Environment lookup; default Deno.env.get. */
  env?: (name: string) => string | undefined;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
}

const STAFF_ROLES = ['admin', 'account_manager', 'editor'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_BODY = 4096;

const CORS_HEADERS = corsHeaders();
const json = (status: number, value: unknown) =>
  jsonAnswer(status, value, CORS_HEADERS, { 'Cache-Control': 'no-store' });

class StepError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface InviteRequest {
  email: string;
  role: (typeof STAFF_ROLES)[number];
  redirectTo: string | null;
}

async function readBody(req: Request): Promise<InviteRequest> {
  const text = await req.text();
  if (text.length > MAX_BODY) throw new StepError(400, 'bad_request', 'The body is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new StepError(400, 'bad_request', 'The body must be JSON.');
  }
  const { email, role, redirect_to: redirectTo } = (body ?? {}) as Record<string, unknown>;
  if (typeof email !== 'string' || email.trim().length > 255 || !EMAIL.test(email.trim()))
    throw new StepError(400, 'bad_request', 'email must be an email address.');
  if (typeof role !== 'string' || !(STAFF_ROLES as readonly string[]).includes(role))
    throw new StepError(400, 'bad_request', 'role must be admin, account_manager or editor.');
  if (redirectTo !== undefined && redirectTo !== null && typeof redirectTo !== 'string')
    throw new StepError(400, 'bad_request', 'redirect_to must be a URL.');
  return {
    email: email.trim().toLowerCase(),
    role: role as InviteRequest['role'],
    redirectTo: typeof redirectTo === 'string' ? redirectTo : null,
  };
}

export function createHandler(options: InviteStaffOptions = {}): (req: Request) => Promise<Response> {
  const env = options.env ?? ((name: string) => deno()?.env.get(name));
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight(CORS_HEADERS);
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' });

    const supabaseUrl = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
    const anonKey = env('SUPABASE_ANON_KEY') ?? '';
    const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
    if (!supabaseUrl || !anonKey || !serviceKey)
      return json(500, { error: 'misconfigured', message: 'The function is missing its Supabase settings.' });

    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const asCaller = { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    try {
      if (!token || token === anonKey) throw new StepError(401, 'unauthorized', 'Sign in as an admin.');
      const { email, role, redirectTo } = await readBody(req);

      const allowed = await doFetch(`${supabaseUrl}/rest/v1/rpc/can_manage_staff`, {
        method: 'POST',
        headers: asCaller,
        body: '{}',
      });
      const verdict = (await allowed.json().catch(() => null)) as unknown;
      if (allowed.status === 401) throw new StepError(401, 'unauthorized', 'Sign in as an admin.');
      if (!allowed.ok) throw new StepError(502, 'check_failed', `The caller could not be checked (${allowed.status}).`);
      if (verdict !== true)
        throw new StepError(403, 'forbidden', 'Only an admin who passed their second factor invites staff.');

      const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
      const invited = await doFetch(`${supabaseUrl}/auth/v1/invite${query}`, {
        method: 'POST',
        headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, data: { staff_role: role } }),
      });
      const user = (await invited.json().catch(() => null)) as { id?: unknown; error_code?: unknown } | null;
      if (invited.status === 422 && user?.error_code === 'email_exists')
        throw new StepError(
          409,
          'account_exists',
          'This address already has an account: give it a role from the team list.',
        );
      if (!invited.ok || typeof user?.id !== 'string')
        throw new StepError(502, 'invite_failed', `The invitation could not be sent (${invited.status}).`);

      const granted = await doFetch(`${supabaseUrl}/rest/v1/rpc/set_staff_role`, {
        method: 'POST',
        headers: asCaller,
        body: JSON.stringify({ target: user.id, role }),
      });
      if (!granted.ok) {
        await granted.body?.cancel().catch(() => undefined);
        throw new StepError(502, 'role_failed', `The role could not be given (${granted.status}).`);
      }
      await granted.body?.cancel().catch(() => undefined);
      return json(200, { user_id: user.id, email, role });
    } catch (error) {
      if (error instanceof StepError) return json(error.status, { error: error.code, message: error.message });
      console.error(`invite-staff: ${String((error as Error).message ?? error)}`);
      return json(502, { error: 'failed', message: 'The invitation could not be sent.' });
    } finally {
      if (!req.bodyUsed) await req.body?.cancel().catch(() => undefined);
    }
  };
}

export const handler = createHandler();
