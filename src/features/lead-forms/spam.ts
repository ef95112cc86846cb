/**
 * Spam checks that need no third-party CAPTCHA (docs/decisions/081-lead-spam-without-captcha.md):
 * a field people never see (`referralCode` in ./schema.ts), and a minimum time between the form becoming
 * usable and its submission. The database decides with the same rules
 * (private.lead_settings.min_fill_ms), measuring the time itself from the form
 * token it issued (docs/decisions/122-lead-checks-the-server-makes.md); this
 * copy, on the browser's clock, decides only when the database could not be
 * reached.
 */

/** A person needs longer than this to fill either form; a script does not. */
export const MIN_FILL_MS = 3000;

export type SpamReason = 'honeypot' | 'too_fast';

export function spamReason(honeypot: string, fillMs: number): SpamReason | null {
  if (honeypot !== '') return 'honeypot';
  if (fillMs < MIN_FILL_MS) return 'too_fast';
  return null;
}
