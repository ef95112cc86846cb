import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '@/components/breadcrumbs';

/** The band at the top of each insights page: breadcrumbs, the page's one h1 and its introduction. */
export function PageHeader({
  crumbs,
  title,
  intro,
  children,
}: {
  crumbs: Crumb[];
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-sand-50">
      <div className="mx-auto max-w-content px-4 pb-14 pt-10 sm:px-6 md:pt-14">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="mt-6 max-w-4xl font-serif text-4xl font-bold leading-tight text-brand-900 sm:text-5xl">
          {title}
        </h1>
        {intro ? <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">{intro}</p> : null}
        {children}
      </div>
    </header>
  );
}
