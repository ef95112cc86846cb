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

/** Auth refused the CAPTCHA token (docs/decisions/185-captcha-before-auth-mails.md). */
export function isCaptchaRefusal(result: AuthOutcome): boolean {
  return !result.ok && result.code === 'captcha_failed';
}

export function outcome(
  error: { message: string; code?: string | undefined; status?: number | undefined } | null,
): AuthOutcome {
  if (!error) return { ok: true };
  return { ok: false, code: error.code ?? '', status: error.status, message: error.message };
}

/** An absolute link to a page of this site, for e-mailed links. */
export function siteLink(path: string): string {
  return new URL(path, window.location.origin).href;
}

/**
 * A password the browser makes and forgets at once: the request form creates
 * the account with it, so nobody knows the account's password until the owner
 * chooses one from the link mailed to the address. 32 random characters, and
 * one of each kind the password policy (and so GoTrue) asks for.
 */
export function unguessablePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const random = btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, '');
  return `${random}aA1!`;
}

export type AccountRequest = {
  email: string;
  locale: Locale;
  /** The confirmation page in the person's language. */
  confirmPath: string;
  /** The CAPTCHA's token, when the backend asks for one. */
  captchaToken?: string | undefined;
};

/**
 * Creates the account of a request (docs/decisions/125-accounts-set-up-from-the-inbox.md).
 * Confirmation is on, so nobody is signed in yet. The password is random and
 * forgotten at once, and the metadata holds only the language of the mails:
 * the owner of the address chooses the password and sends the request's
 * details from the page the mailed link opens, so someone who signs up first
 * with another person's address chooses neither.
 */
export async function requestAccount(request: AccountRequest): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signUp({
    email: request.email,
    password: unguessablePassword(),
    options: {
      emailRedirectTo: siteLink(request.confirmPath),
      data: { locale: request.locale },
      captchaToken: request.captchaToken,
    },
  });
  return outcome(error);
}

/** What the requester typed in the request form, offered again on the confirmation page. */
export type RequestDetails = {
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  phone: string;
  /** One of the request form's company sizes, or ''. */
  companySize: string;
  /** One of the request form's industries, or ''. */
  industry: string;
};

const DRAFT_KEY = 'olea.access-request-draft';

/**
 * Keeps the form's details in this browser, so the confirmation page opened
 * here shows them for review. Nothing reaches the server before the owner of
 * the address sends them from that page.
 */
export function saveRequestDraft(details: RequestDetails): void {
  try {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(details));
  } catch {
    // Storage off or full: the confirmation page starts with empty fields.
  }
}

/** The details typed in this browser's request form, if any (the token does not say whose link it is). */
export function loadRequestDraft(): RequestDetails | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Record<string, unknown>;
    const text = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
    return {
      firstName: text('firstName'),
      lastName: text('lastName'),
      company: text('company'),
      jobTitle: text('jobTitle'),
      phone: text('phone'),
      companySize: text('companySize'),
      industry: text('industry'),
    };
  } catch {
    return null;
  }
}

export function clearRequestDraft(): void {
  try {
    window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Sends the request's details as the signed-in owner. The database accepts
 * them only from a session opened by a mailed link, never from a password
 * sign-in, and only while staff have not decided.
 */
export async function submitAccessRequest(details: RequestDetails, locale: Locale): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('submit_access_request', {
    first_name: details.firstName,
    last_name: details.lastName,
    company: details.company,
    job_title: details.jobTitle,
    phone: details.phone,
    company_size: details.companySize,
    industry: details.industry,
    locale,
  });
  return error ? { ok: false, code: error.code, status: undefined, message: error.message } : { ok: true };
}

export type EmailLinkType = 'signup' | 'recovery' | 'email_change' | 'invite';

/** Verifies a mailed token hash; on success supabase-js holds the new session. */
export async function verifyEmailLink(tokenHash: string, type: EmailLinkType): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  return outcome(error);
}

export async function resendConfirmation(
  email: string,
  confirmPath: string,
  captchaToken?: string,
): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: siteLink(confirmPath), captchaToken },
  });
  return outcome(error);
}

export async function requestPasswordReset(
  email: string,
  resetPath: string,
  captchaToken?: string,
): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: siteLink(resetPath), captchaToken });
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
 * (docs/decisions/125-accounts-set-up-from-the-inbox.md): a note that the
 * password comes from the mailed link, and an account created beside the
 * lead. The form keeps the lead's own submission; each part runs until it has
 * succeeded, so a retry repeats only the failed one.
 */
export type AccountStep = {
  /** What the form shows about the account (a note), inside the form. */
  fields: ReactNode;
  /** Checks the account's own fields before anything is sent. */
  check: () => boolean;
  /** Creates the account from the form's values; resolves to whether it succeeded. */
  create: (values: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    companyName: string;
    jobTitle: string;
    companySize: string;
    industry: string;
  }) => Promise<boolean>;
  created: boolean;
  /** The account part's outcome, shown with the form's own messages (which already announce a failed lead). */
  message: (leadFailed: boolean) => ReactNode;
};
