import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useFlag } from '@/lib/flags/use-flags';

/** Where the answer is stored, its two values, and how long after load the banner appears. */
export const CONSENT_STORAGE_KEY = 'cookie-consent';
export const COOKIE_BANNER_DELAY_MS = 1000;
export type Consent = 'accepted' | 'declined';

function readConsent(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, strict settings): treat as unanswered.
    return null;
  }
}

function storeConsent(value: Consent): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, value);
  } catch {
    // The answer still hides the banner for this visit.
  }
}

/**
 * One second after load, visitors who have not answered are asked to
 * accept or decline; the answer is stored and the banner never returns.
 * Hidden entirely while `cookie_consent` is off (docs/decisions/003-every-flag-has-a-visible-effect.md).
 */
export function CookieBanner() {
  const { t, locale } = useI18n();
  const enabled = useFlag('cookie_consent');
  const [visible, setVisible] = useState(false);
  const headingId = useId();
  const text = t.site.cookie;

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => {
      if (readConsent() === null) setVisible(true);
    }, COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled]);

  if (!enabled || !visible) return null;

  const answer = (value: Consent) => {
    storeConsent(value);
    setVisible(false);
  };

  return (
    <section
      aria-labelledby={headingId}
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-xl border border-sand-200 bg-white p-5 shadow-[0_8px_40px_rgba(11,37,64,0.25)] sm:inset-x-6 sm:bottom-6 sm:p-6"
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:gap-6">
        <div className="flex-1">
          <h2 id={headingId} className="font-serif text-lg font-bold text-brand-900">
            {text.heading}
          </h2>
          {/* Two short paragraphs rather than one long one: the banner appears
              a second after load and must not become the page's largest
              contentful paint (it did on the sign-in pages). */}
          <p className="mt-1 text-sm leading-relaxed text-ink-muted">{text.body}</p>
          <p className="mt-1 text-sm">
            <Link
              to={routePath('privacy', locale)}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {text.policy}
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          <Button variant="secondary" size="sm" className="flex-1 md:flex-none" onClick={() => answer('declined')}>
            {text.decline}
          </Button>
          <Button size="sm" className="flex-1 md:flex-none" onClick={() => answer('accepted')}>
            {text.accept}
          </Button>
        </div>
      </div>
    </section>
  );
}
