import type { ReactNode } from 'react';
import { PageMeta } from '@/components/page-meta';
import { paths, type AdminSection } from '@/config/paths';

/** A portal page's head (staff only: English, not indexed) and heading row. */
export function AdminPage({
  section,
  title,
  description,
  actions,
  children,
}: {
  section: AdminSection;
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageMeta
        title={`${title} | Admin Portal`}
        description={description}
        locale="en"
        path={paths.adminPortal(section)}
        noindex
        alternates={false}
      />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink md:text-3xl">{title}</h1>
          <p className="mt-1 text-ink-muted">{description}</p>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
