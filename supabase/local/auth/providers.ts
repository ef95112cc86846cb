/**
 * The identity providers as GoTrue's provider clients see them
 * (AUTH `internal/api/provider`): where `/authorize` sends the browser, and
 * the code exchange at the provider's token endpoint reduced to what its ID
 * token says. Hosted, these are Microsoft and Google; locally the
 * composition root (../server.ts) passes the stand-in of
 * stand-ins/identity-providers, so nothing here knows which one answers.
 */
import type { OAuthProvider } from '../config.ts';

/** What the provider says about the person: GoTrue's provider.UserProvidedData reduced to one e-mail. */
export interface ProviderClaims {
  providerId: string;
  email: string;
  emailVerified: boolean;
  identityData: Record<string, unknown>;
}

export interface IdentityProviders {
  /** The provider's authorize URL for this sign-in (`state` comes back to `redirectUri` with the code). */
  authorizeUrl(provider: OAuthProvider, params: { state: string; redirectUri: string }): string;
  /** The token endpoint: the code (for the redirect URI it was given to) → the claims, or null when refused. */
  exchangeCode(provider: OAuthProvider, code: string, redirectUri: string): Promise<ProviderClaims | null>;
}
