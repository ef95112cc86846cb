import { useI18n } from '@/i18n/i18n';

const bar = 'rounded-md bg-ink/10';

/**
 * Stands in for a page while flags or its code load: a page header and a few
 * lines of text, so the footer stays below the fold and nothing jumps.
 */
export function PageSkeleton() {
  const { t } = useI18n();
  return (
    <div role="status" aria-busy="true" aria-label={t.common.loadingPage} className="min-h-screen animate-pulse">
      <div className="bg-sand-50">
        <div className="mx-auto max-w-content space-y-4 px-4 pb-14 pt-12 sm:px-6">
          <div className={`${bar} h-3 w-40`} />
          <div className={`${bar} h-10 w-full max-w-lg`} />
          <div className={`${bar} h-5 w-full max-w-2xl`} />
        </div>
      </div>
      <div className="mx-auto max-w-content space-y-4 px-4 py-14 sm:px-6">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className={`${bar} h-4 ${i % 3 === 2 ? 'w-2/3' : 'w-full'}`} />
        ))}
      </div>
      <span className="sr-only">{t.common.loading}</span>
    </div>
  );
}
