import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { CAPTCHA_REFUSED, EmailRequestForm } from './email-request-form';

/**
 * "Forgot your password?" on both sign-in pages
 * (docs/decisions/071-password-reset-by-email.md). The answer is the same
 * whether or not the address has an account, and also when the per-address
 * mail limit refuses, so the form never tells which addresses are registered.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t, locale } = useI18n();
  const text = t.auth.forgot;

  const send = async (address: string, captchaToken: string | undefined) => {
    // The account calls load when the form is sent, not with the sign-in page.
    const { isCaptchaRefusal, requestPasswordReset } = await import('@/lib/session/account-api');
    const result = await requestPasswordReset(address, routePath('resetPassword', locale), captchaToken);
    // A refused CAPTCHA says nothing about the address: the form asks again.
    if (isCaptchaRefusal(result)) return CAPTCHA_REFUSED;
    if (!result.ok && result.status !== 429 && result.status !== undefined && result.status >= 500) {
      console.error('Password reset request failed:', result.message);
    }
    return text.sent;
  };

  return (
    <div data-testid="forgot-password" className="space-y-4">
      <h2 className="text-xl font-semibold text-ink">{text.heading}</h2>
      <EmailRequestForm texts={text} send={send} label={text.heading} />
      <button type="button" onClick={onBack} className="font-semibold text-brand-700 underline">
        {text.back}
      </button>
    </div>
  );
}
