import { useI18n } from '@/i18n/i18n';

/**
 * Shown instead of a protected screen until the session and role are known,
 * so nothing protected flashes, and while the person signs out.
 */
export function SessionPending({ signingOut = false }: { signingOut?: boolean }) {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[60vh] items-center justify-center p-6">
      <span className="flex items-center gap-3 text-ink-muted">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
        />
        {signingOut ? t.auth.session.signingOut : t.auth.session.checking}
      </span>
    </div>
  );
}
