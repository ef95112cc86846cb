import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import type { HomeSectionName } from '@/lib/flags/defaults';

/**
 * A home-page section: an anchor target (focusable so keyboard users land in
 * it), labelled by its heading. Its id is the name its flag's declaration
 * gives it (src/lib/flags/defaults.ts). The page's scroll-padding (set by the
 * navigation bar to its own height) keeps it clear of the sticky bar.
 */
export function Section({ id, className, children }: { id: HomeSectionName; className?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className={cn('scroll-mt-2 py-20 focus:outline-none md:py-28', className)}
    >
      <div className="mx-auto max-w-content px-4 sm:px-6">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  tone = 'light',
  align = 'center',
}: {
  id: HomeSectionName;
  eyebrow: string;
  title: string;
  intro?: string;
  tone?: 'light' | 'dark';
  align?: 'center' | 'start';
}) {
  const dark = tone === 'dark';
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={cn('text-sm font-semibold uppercase tracking-[0.18em]', dark ? 'text-olive-100' : 'text-olive-700')}
      >
        {eyebrow}
      </p>
      <h2
        id={`${id}-heading`}
        className={cn(
          'mt-3 font-serif text-3xl font-bold leading-tight sm:text-4xl',
          dark ? 'text-white' : 'text-brand-900',
        )}
      >
        {title}
      </h2>
      {intro ? (
        <p className={cn('mt-4 text-lg leading-relaxed', dark ? 'text-brand-100' : 'text-ink-muted')}>{intro}</p>
      ) : null}
    </div>
  );
}
