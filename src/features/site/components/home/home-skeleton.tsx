import { useI18n } from '@/i18n/i18n';

const bar = 'rounded-md bg-ink/10';

/**
 * Stands in for the home page while the flags load: the hero block has the
 * hero's height, so when the sections arrive nothing on the first screen moves.
 */
export function HomeSkeleton() {
  const { t } = useI18n();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t.common.loadingPage}
      data-testid="home-skeleton"
      className="animate-pulse"
    >
      <div className="bg-sand-50">
        <div className="mx-auto flex min-h-[calc(100svh-4rem)] max-w-content flex-col justify-center gap-6 px-4 py-16 sm:px-6 md:min-h-[min(calc(100svh-7rem),46rem)]">
          <div className={`${bar} h-4 w-72 max-w-full`} />
          <div className={`${bar} h-14 w-48`} />
          <div className={`${bar} h-14 w-full max-w-2xl`} />
          <div className={`${bar} h-14 w-4/5 max-w-xl`} />
          <div className={`${bar} mt-2 h-5 w-full max-w-xl`} />
          <div className={`${bar} h-5 w-11/12 max-w-lg`} />
          <div className="mt-4 flex gap-3">
            <div className={`${bar} h-12 w-52`} />
            <div className={`${bar} h-12 w-44`} />
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-content px-4 py-20 sm:px-6 md:py-28">
        <div className={`${bar} mx-auto h-4 w-40`} />
        <div className={`${bar} mx-auto mt-4 h-10 w-full max-w-xl`} />
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className={`${bar} h-80`} />
          ))}
        </div>
      </div>
      <span className="sr-only">{t.common.loading}</span>
    </div>
  );
}
