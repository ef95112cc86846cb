/**
 * Stands in for the identity providers Auth signs people in with: Microsoft
 * (Entra ID, GoTrue's `azure`) and Google. Nothing leaves the machine: the
 * provider's sign-in page is a plain form (no script) where one types the
 * identity, and its code exchange (token endpoint and ID token) is answered
 * in process with the claims GoTrue would have read from the ID token. The
 * local backend mounts it at /identity-providers (supabase/local/server.ts)
 * and hands `authorizeUrl` and `exchangeCode` to its Auth.
 *
 *   GET  /identity-providers/{azure|google}/authorize?redirect_uri=…&state=…
 *        the sign-in page: e-mail, name; Microsoft's oid, tid,
 *        preferred_username and whether the tenant vouches for the address's
 *        domain (`xms_edov` true, false or not sent); Google's sub, picture
 *        and whether the e-mail is verified.
 *   POST /identity-providers/{azure|google}/authorize
 *        Continue: back to redirect_uri with `?code=…&state=…` (the code works
 *        once, for five minutes); Cancel: with `?error=access_denied`.
 *
 * Like a real provider it sends the browser back only to the registered
 * redirect URI (the backend's own /auth/v1/callback); any other is refused
 * with 400 `invalid_request`, so the page cannot hand a code elsewhere.
 * No client id, secret or test account is needed: any identity typed is
 * accepted. To make a sign-in fail, press Cancel (the provider's
 * `access_denied`), or type an unverified address.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { jsonResponse, type LocalRequest, type LocalResponse } from '../../supabase/local/http.ts';

export const IDENTITY_PROVIDERS = ['azure', 'google'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

/** What the provider's ID token says about the person, as GoTrue's provider code reads it. */
export interface IdentityClaims {
  providerId: string;
  email: string;
  emailVerified: boolean;
  identityData: Record<string, unknown>;
}

/** How long a code may wait to be exchanged. */
const CODE_SECONDS = 300;
const DEFAULT_TENANT = '00000000-0000-4000-8000-0000000000aa';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const PROVIDER_NAMES: Record<IdentityProviderName, string> = { azure: 'Microsoft', google: 'Google' };

const htmlEscape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * GoTrue's AzureIDTokenClaims.IsEmailVerified: an address with no xms_edov
 * claim counts as verified, otherwise the claim decides ("1" or true). The
 * database refuses to store an identity verified only by the claim's
 * absence (docs/decisions/182-provider-identities-and-verified-addresses.md).
 */
function azureEmailVerified(email: string, xmsEdov: string | undefined): boolean {
  if (email === '') return false;
  if (xmsEdov === undefined) return true;
  return xmsEdov === 'true' || xmsEdov === '1';
}

function providerOf(raw: string | undefined): IdentityProviderName | null {
  return (IDENTITY_PROVIDERS as readonly string[]).includes(raw ?? '') ? (raw as IdentityProviderName) : null;
}

const invalidRequest = (description: string): LocalResponse =>
  jsonResponse(400, { error: 'invalid_request', error_description: description });

export class IdentityProviderStandIn {
  private readonly codes = new Map<
    string,
    { provider: IdentityProviderName; redirectUri: string; claims: IdentityClaims; createdAt: number }
  >();

  /**
   * @param baseUrl where it is mounted (`<backend>/identity-providers`)
   * @param redirectUris the registered redirect URIs (the backend's Auth callback)
   */
  constructor(
    private readonly baseUrl: string,
    private readonly redirectUris: readonly string[],
  ) {}

  /** The provider's authorize URL, where Auth sends the browser. */
  authorizeUrl(provider: IdentityProviderName, params: { state: string; redirectUri: string }): string {
    const url = new URL(`${this.baseUrl}/${provider}/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', params.redirectUri);
    url.searchParams.set('state', params.state);
    return url.href;
  }

  /** The token endpoint's part: a code (once, for the redirect URI it was made for) → the ID token's claims. */
  async exchangeCode(
    provider: IdentityProviderName,
    code: string,
    redirectUri: string,
  ): Promise<IdentityClaims | null> {
    this.forgetExpired();
    const grant = this.codes.get(code);
    if (!grant) return null;
    this.codes.delete(code);
    return grant.provider === provider && grant.redirectUri === redirectUri ? grant.claims : null;
  }

  async handle(req: LocalRequest): Promise<LocalResponse> {
    const [, rawProvider, action, ...rest] = req.segments;
    const provider = providerOf(rawProvider);
    if (req.suspiciousPath || !provider || action !== 'authorize' || rest.length > 0) {
      return jsonResponse(404, { error: 'not_found' });
    }
    if (req.method === 'GET') return this.page(req, provider);
    if (req.method === 'POST') return this.answer(req, provider);
    return jsonResponse(405, { error: 'method_not_allowed' });
  }

  private registered(redirectUri: string): boolean {
    return this.redirectUris.includes(redirectUri);
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [code, grant] of this.codes) if (now - grant.createdAt > CODE_SECONDS * 1000) this.codes.delete(code);
  }

  /** The sign-in page: a plain form standing in for Microsoft's or Google's. */
  private page(req: LocalRequest, provider: IdentityProviderName): LocalResponse {
    const redirectUri = req.query.get('redirect_uri') ?? '';
    if (!this.registered(redirectUri)) return invalidRequest('redirect_uri is not registered for this application');
    const state = req.query.get('state') ?? '';
    const name = PROVIDER_NAMES[provider];
    const field = (label: string, key: string, value: string) =>
      `<p><label>${label} <input name="${key}" value="${htmlEscape(value)}"></label></p>`;
    const idFields =
      provider === 'azure'
        ? field('Object id (oid)', 'oid', randomUUID()) +
          field('Tenant id (tid)', 'tid', DEFAULT_TENANT) +
          field('Preferred username', 'preferred_username', 'test.user@example.com')
        : field('Subject (sub)', 'sub', String(Date.now())) + field('Picture URL', 'picture', '');
    // Microsoft's id token has no email_verified: the tenant vouches for the
    // address's domain with the optional claim xms_edov, or sends nothing.
    const verifiedField =
      provider === 'azure'
        ? `<p><label>The tenant owns the e-mail's domain (xms_edov) <select name="xms_edov">
<option value="true" selected>true</option><option value="false">false</option><option value="">not sent</option>
</select></label></p>`
        : '<p><label><input type="checkbox" name="email_verified" value="true" checked> The provider says the e-mail is verified</label></p>';
    const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local ${name} sign-in (stand-in)</title></head>
<body>
<h1>Sign in with ${name} (local stand-in)</h1>
<p>This page replaces ${name} on the local backend. Nothing leaves this machine.</p>
<form method="post" action="${htmlEscape(`${this.baseUrl}/${provider}/authorize`)}">
<input type="hidden" name="redirect_uri" value="${htmlEscape(redirectUri)}">
<input type="hidden" name="state" value="${htmlEscape(state)}">
${field('E-mail', 'email', 'test.user@example.com')}
${field('Name', 'name', 'Test User')}
${idFields}
${verifiedField}
<p><button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button></p>
</form>
</body></html>`;
    return { status: 200, headers: PAGE_HEADERS, body };
  }

  /** The form's answer: back to the redirect URI with a code, or with access_denied on Cancel. */
  private async answer(req: LocalRequest, provider: IdentityProviderName): Promise<LocalResponse> {
    const form = new URLSearchParams((await req.readBody()).toString('utf8'));
    const redirectUri = form.get('redirect_uri') ?? '';
    if (!this.registered(redirectUri)) return invalidRequest('redirect_uri is not registered for this application');
    const state = form.get('state') ?? '';
    const back = new URL(redirectUri);
    if (form.get('action') === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user cancelled the sign-in');
      back.searchParams.set('state', state);
      return { status: 302, headers: { Location: back.href } };
    }
    const claims = provider === 'azure' ? microsoftClaims(form) : googleClaims(form);
    this.forgetExpired();
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { provider, redirectUri, claims, createdAt: Date.now() });
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    return { status: 302, headers: { Location: back.href } };
  }
}

const textOf = (form: URLSearchParams) => (key: string) => (form.get(key) ?? '').trim();

/** Microsoft's ID token as GoTrue's azure provider reads it: sub, and the tenant and oid (and xms_edov when sent) as custom claims. */
function microsoftClaims(form: URLSearchParams): IdentityClaims {
  const text = textOf(form);
  const email = text('email').toLowerCase();
  const oid = text('oid') || randomUUID();
  const tid = text('tid') || DEFAULT_TENANT;
  const sub = text('sub') || oid;
  const edov = form.get('xms_edov');
  const edovSent = edov !== null && edov !== '';
  const emailVerified = azureEmailVerified(email, edovSent ? edov : undefined);
  return {
    providerId: sub,
    email,
    emailVerified,
    identityData: {
      iss: `https://login.microsoftonline.com/${tid}/v2.0`,
      sub,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      name: text('name'),
      full_name: text('name'),
      preferred_username: text('preferred_username') || email,
      provider_id: sub,
      custom_claims: { tid, oid, ...(edovSent ? { xms_edov: edov === 'true' || edov === '1' } : {}) },
    },
  };
}

/** Google's ID token: sub, email and email_verified, name and picture. */
function googleClaims(form: URLSearchParams): IdentityClaims {
  const text = textOf(form);
  const email = text('email').toLowerCase();
  const emailVerified = form.get('email_verified') === 'true';
  const sub = text('sub') || randomBytes(10).toString('hex');
  const picture = text('picture');
  return {
    providerId: sub,
    email,
    emailVerified,
    identityData: {
      iss: 'https://accounts.google.com',
      sub,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      name: text('name'),
      full_name: text('name'),
      ...(picture ? { picture, avatar_url: picture } : {}),
      provider_id: sub,
    },
  };
}
