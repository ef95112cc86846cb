import { useI18n } from '@/i18n/i18n';

/** Reserves a full screen while flags or a page's code load, so nothing jumps. */
export function PageSkeleton() {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" aria-label={t.common.loadingPage} className="min-h-screen animate-pulse bg-sand-50">
      <span className="sr-only">{t.common.loading}</span>
    </div>
  );
}
