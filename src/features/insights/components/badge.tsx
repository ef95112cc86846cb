import type { ReactNode } from 'react';

/** A small label such as a category or a tag. */
export function Badge({ children, tone = 'olive' }: { children: ReactNode; tone?: 'olive' | 'brand' }) {
  return (
    <span
      className={
        tone === 'olive'
          ? 'inline-flex items-center rounded-full bg-olive-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-olive-800 ring-1 ring-olive-100'
          : 'inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800 ring-1 ring-brand-100'
      }
    >
      {children}
    </span>
  );
}
