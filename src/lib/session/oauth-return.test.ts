import { describe, expect, it } from 'vitest';
import { providerProblem } from './oauth-return';

describe('providerProblem', () => {
  it('reads Cancel at the provider (access_denied without a code) as cancelled', () => {
    expect(providerProblem('access_denied', null)).toBe('cancelled');
  });

  it('reads an expired, replayed or forged return as expired', () => {
    for (const code of ['flow_state_not_found', 'flow_state_expired', 'bad_oauth_state', 'bad_code_verifier']) {
      expect(providerProblem('invalid_request', code)).toBe('expired');
    }
  });

  it('names an address or identity that belongs to another account, linking switched off and an unverified address', () => {
    expect(providerProblem('invalid_request', 'email_exists')).toBe('emailInUse');
    expect(providerProblem('invalid_request', 'identity_already_exists')).toBe('alreadyConnected');
    expect(providerProblem('not_found', 'manual_linking_disabled')).toBe('linkingOff');
    expect(
      providerProblem(
        'access_denied',
        'provider_email_needs_verification',
        'Unverified email with google. A confirmation email has been sent to your google email',
      ),
    ).toBe('verifyEmail');
    expect(providerProblem('server_error', 'single_identity_not_deletable')).toBe('lastMethod');
  });

  it("says a mail went only when GoTrue sent one: an unverified address that is another account's gets none", () => {
    expect(
      providerProblem(
        'access_denied',
        'provider_email_needs_verification',
        'Unverified email with google. Verify the email with google in order to sign in',
      ),
    ).toBe('emailInUse');
    expect(providerProblem('access_denied', 'provider_email_needs_verification')).toBe('emailInUse');
  });

  it('reads a GoTrue 403 (access_denied with a code) or anything unknown as a refusal, not a cancel', () => {
    expect(providerProblem('access_denied', 'signup_disabled')).toBe('refused');
    expect(providerProblem('server_error', null)).toBe('refused');
  });
});
