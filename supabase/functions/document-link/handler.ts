/**
 * The `document-link` Edge Function (docs/decisions/184-document-links-made-by-the-server.md):
 * the only way a client gets at a document's file. For a signed-in caller it
 * records one download with `request_document_download`, run as the caller
 * (so the database decides whether the caller may read that document, exactly
 * as for its other reads), then signs a link to that version's file with the
 * service role, valid 60 seconds. One call, one recorded download, one link.
 *
 * Clients cannot read the `documents` bucket themselves any more: a link they
 * signed could last as long as they liked (Storage accepts any expiry), keep
 * working after their access is revoked and never be logged again.
 *
 * Dependency-free on purpose, like deliver-outbox: it runs on Supabase's Deno
 * runtime and, through a small `Deno` shim, in the local backend under Node
 * (supabase/local/functions.ts).
 *
 * Request: POST, `Authorization: Bearer <the user's access token>`, JSON
 * `{ "document_id": "<uuid>", "file_name"?: "name-to-save-as.pdf" }`.
 *
 * A document linked to a product
 * (docs/decisions/193-product-documents-for-visitors-and-clients.md):
 * `{ "product_id": "<uuid>", "document_id": "<uuid>", "file_name"?: … }`,
 * recorded with `request_product_document` instead. This one also works
 * without a session (no token, or the project's anon key as the token, as
 * supabase-js sends for a visitor): the call is then made as anon, so only a
 * public document of a published product is given. A clients-only one needs
 * a client's (or staff's) session, checked like any other.
 *
 * Answers: 200 `{ url, expires_in }`; 400 a bad body; 401 no valid session
 * (or, without one, a request that is not for a product's document); 404 no
 * such document, or one the caller may not read (the database does not tell
 * them apart); 405 another method; 502 a backend step failed.
 *
 * Environment (injected by Supabase): SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY.
 */
import { corsHeaders, deno, json as jsonAnswer, preflight, safeEqual, UUID } from '../_shared/http.ts';

export interface DocumentLinkOptions {
  /** Environment lookup; default Deno.env.get. */
  env?: (name: string) => string | undefined;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
}

/** How long a link works, in seconds. */
export const LINK_SECONDS = 60;
const BUCKET = 'documents';
/** The name the browser saves the file under: plain ASCII, so no header can be bent by it. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_BODY = 4096;

const CORS_HEADERS = corsHeaders();
// A link is for one download: never kept by a cache.
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

interface LinkRequest {
  documentId: string;
  /** The product the document is linked to, for a product's document; else null. */
  productId: string | null;
  fileName: string | null;
}

/**
 * The request's body, or a StepError: 400 for a bad body; 401 for a visitor
 * (no session) whose request is not for a product's document, as before any
 * product document could be asked for without a session.
 */
async function readBody(req: Request, visitor: boolean): Promise<LinkRequest> {
  const text = await req.text();
  const signIn = () => new StepError(401, 'unauthorized', 'Sign in to download documents.');
  if (text.length > MAX_BODY) throw visitor ? signIn() : new StepError(400, 'bad_request', 'The body is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw visitor ? signIn() : new StepError(400, 'bad_request', 'The body must be JSON.');
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  const { document_id: documentId, product_id: productId, file_name: fileName } = fields;
  if (visitor && (productId === undefined || productId === null)) throw signIn();
  if (productId !== undefined && productId !== null && (typeof productId !== 'string' || !UUID.test(productId)))
    throw new StepError(400, 'bad_request', 'product_id must be a product id.');
  if (typeof documentId !== 'string' || !UUID.test(documentId))
    throw new StepError(400, 'bad_request', 'document_id must be a document id.');
  if (fileName !== undefined && fileName !== null && (typeof fileName !== 'string' || !FILE_NAME.test(fileName)))
    throw new StepError(400, 'bad_request', 'file_name must be letters, digits, dots, hyphens or underscores.');
  return {
    documentId,
    productId: typeof productId === 'string' ? productId : null,
    fileName: typeof fileName === 'string' ? fileName : null,
  };
}

/**
 * A caller without a session: no token, the anon key (legacy or publishable),
 * or any JWT claiming the anon role. Nothing is taken on trust from it: the
 * function then calls the database with its own anon key.
 */
function isVisitor(token: string, anonKey: string): boolean {
  if (!token || safeEqual(token, anonKey) || token.startsWith('sb_publishable_')) return true;
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { role?: unknown };
    return claims?.role === 'anon';
  } catch {
    return false;
  }
}

export function createHandler(options: DocumentLinkOptions = {}): (req: Request) => Promise<Response> {
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
    const visitor = isVisitor(token, anonKey);
    try {
      if (!visitor) {
        // Who is asking: Auth checks the token's signature and expiry and that its
        // session still exists (signed out means refused), whatever key signs it.
        const user = await doFetch(`${supabaseUrl}/auth/v1/user`, {
          headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
        });
        const who = (await user.json().catch(() => null)) as { id?: unknown } | null;
        if (user.status >= 500) throw new StepError(502, 'auth_failed', `Auth answered ${user.status}.`);
        if (!user.ok || typeof who?.id !== 'string')
          throw new StepError(401, 'unauthorized', 'Sign in to download documents.');
      }

      const { documentId, productId, fileName } = await readBody(req, visitor);

      // The download, recorded as the caller (a visitor as anon): the database
      // refuses what the caller may not read (revoked, another company's, a
      // clients-only or unpublished product's document, no file) with 404.
      const [rpc, args] = productId
        ? ['request_product_document', { p_product_id: productId, p_document_id: documentId }]
        : ['request_document_download', { document_id: documentId }];
      const recorded = await doFetch(`${supabaseUrl}/rest/v1/rpc/${rpc}`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${visitor ? anonKey : token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(args),
      });
      const rows = (await recorded.json().catch(() => null)) as unknown;
      if (recorded.status === 404) throw new StepError(404, 'not_found', 'No such document.');
      if (recorded.status === 401 || recorded.status === 403)
        throw new StepError(401, 'unauthorized', 'Sign in to download documents.');
      if (!recorded.ok)
        throw new StepError(502, 'record_failed', `The download could not be recorded (${recorded.status}).`);
      const row = (Array.isArray(rows) ? rows[0] : null) as { bucket?: unknown; storage_path?: unknown } | null;
      const path = typeof row?.storage_path === 'string' ? row.storage_path : '';
      if (!path || row?.bucket !== BUCKET) throw new StepError(502, 'record_failed', 'The download named no file.');

      // The link, for exactly the version just recorded, signed by the service role.
      const objectPath = path.split('/').map(encodeURIComponent).join('/');
      const signed = await doFetch(`${supabaseUrl}/storage/v1/object/sign/${BUCKET}/${objectPath}`, {
        method: 'POST',
        headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ expiresIn: LINK_SECONDS }),
      });
      const link = (await signed.json().catch(() => null)) as { signedURL?: unknown } | null;
      if (!signed.ok || typeof link?.signedURL !== 'string' || !link.signedURL.startsWith('/'))
        throw new StepError(502, 'sign_failed', `The link could not be made (${signed.status}).`);
      const url = new URL(`${supabaseUrl}/storage/v1${link.signedURL}`);
      if (fileName) url.searchParams.set('download', fileName);
      return json(200, { url: url.toString(), expires_in: LINK_SECONDS });
    } catch (error) {
      if (error instanceof StepError) return json(error.status, { error: error.code, message: error.message });
      // A backend that could not be reached: the caller learns no internal address.
      console.error(`document-link: ${String((error as Error).message ?? error)}`);
      return json(502, { error: 'failed', message: 'The link could not be made.' });
    } finally {
      // An unread body (refused before it was needed) is released.
      if (!req.bodyUsed) await req.body?.cancel().catch(() => undefined);
    }
  };
}

export const handler = createHandler();
