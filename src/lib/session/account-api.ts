/**
 * The self-service account calls (docs/decisions/070-accounts-run-themselves.md,
 * 071-password-reset-by-email.md) through supabase-js: sign-up from the
 * request form, confirming and resending the confirmation link, password
 * reset, and the signed-in account's own request.
 */
import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/locales';
import { loadSupabase } from '@/lib/supabase/load-client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';

export type AuthFailure = { ok: false; code: string; status: number | undefined; message: string };
export type AuthOutcome = { ok: true } | AuthFailure;

function outcome(
  error: { message: string; code?: string | undefined; status?: number | undefined } | null,
): AuthOutcome {
  if (!error) return { ok: true };
  return { ok: false, code: error.code ?? '', status: error.status, message: error.message };
}

/** An absolute link to a page of this site, for e-mailed links. */
export function siteLink(path: string): string {
  return new URL(path, window.location.origin).href;
}

export type AccountRequest = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  locale: Locale;
  /** The confirmation page in the person's language. */
  confirmPath: string;
};

/**
 * Signs the person up. Confirmation is on, so nobody is signed in yet; the
 * metadata (names, company, job title, locale) becomes the access request.
 */
export async function requestAccount(request: AccountRequest): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signUp({
    email: request.email,
    password: request.password,
    options: {
      emailRedirectTo: siteLink(request.confirmPath),
      data: {
        first_name: request.firstName,
        last_name: request.lastName,
        company: request.company,
        job_title: request.jobTitle,
        locale: request.locale,
      },
    },
  });
  return outcome(error);
}

export type EmailLinkType = 'signup' | 'recovery' | 'email_change';

/** Verifies a mailed token hash; on success supabase-js holds the new session. */
export async function verifyEmailLink(tokenHash: string, type: EmailLinkType): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  return outcome(error);
}

export async function resendConfirmation(email: string, confirmPath: string): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: siteLink(confirmPath) },
  });
  return outcome(error);
}

export async function requestPasswordReset(email: string, resetPath: string): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: siteLink(resetPath) });
  return outcome(error);
}

export async function setNewPassword(password: string): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  return outcome(error);
}

export type OwnRequest = Pick<Tables<'access_requests'>, 'status' | 'decision_note'>;

/** The signed-in account's own access request (RLS shows no other), or null. */
export async function loadOwnRequest(userId: string): Promise<OwnRequest | null> {
  const supabase = await loadSupabase();
  return unwrap<OwnRequest | null>(
    await supabase.from('access_requests').select('status,decision_note').eq('user_id', userId).maybeSingle(),
  );
}

/**
 * What the client sign-in page adds to the B2B request form in request mode
 * (docs/decisions/070-accounts-run-themselves.md): a password field, and an
 * account created beside the lead. The form keeps the lead's own submission;
 * each part runs until it has succeeded, so a retry repeats only the failed one.
 */
export type AccountStep = {
  /** The password field and its checklist, shown inside the form. */
  fields: ReactNode;
  /** Checks the account's own fields (the password policy) before anything is sent. */
  check: () => boolean;
  /** Creates the account from the form's values; resolves to whether it succeeded. */
  create: (values: {
    firstName: string;
    lastName: string;
    email: string;
    companyName: string;
    jobTitle: string;
  }) => Promise<boolean>;
  created: boolean;
  /** The account part's outcome, shown with the form's own messages (which already announce a failed lead). */
  message: (leadFailed: boolean) => ReactNode;
};
