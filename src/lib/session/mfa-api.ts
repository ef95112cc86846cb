/**
 * Two-step verification through supabase-js (docs/decisions/072-staff-second-factor.md).
 * Each call turns `{ error }` into a thrown error; supabase-js emits the new
 * session (aal2 after a verified code) to the session store by itself.
 */
import { loadSupabase } from '@/lib/supabase/load-client';

export type EnrolledTotp = { id: string; qrCode: string; secret: string; uri: string };

export class MfaError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}

function fail(error: { message: string; code?: string | undefined }): never {
  throw new MfaError(error.message, error.code);
}

/** Challenge `factorId` and answer with `code`; the session becomes aal2. */
export async function verifyTotpCode(factorId: string, code: string): Promise<void> {
  const supabase = await loadSupabase();
  const challenge = await supabase.auth.mfa.challenge({ factorId });
  if (challenge.error) fail(challenge.error);
  const verified = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code });
  if (verified.error) fail(verified.error);
}

export async function enrollTotp(friendlyName: string, issuer: string): Promise<EnrolledTotp> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer });
  if (error) fail(error);
  return { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/** Removes a factor, then refreshes the session so its level and factor list follow. */
export async function unenrollFactor(factorId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) fail(error);
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) fail(refreshed.error);
}

/** The account's factors as GoTrue lists them (unverified ones too). */
export async function listFactors(): Promise<
  Array<{ id: string; friendlyName: string; status: string; type: string; createdAt: string }>
> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.getUser();
  if (error) fail(error);
  return (data.user.factors ?? []).map((factor) => ({
    id: factor.id,
    friendlyName: factor.friendly_name ?? '',
    status: factor.status,
    type: factor.factor_type,
    createdAt: factor.created_at,
  }));
}
