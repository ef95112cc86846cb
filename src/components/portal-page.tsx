import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from './page-meta';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';

/** The frame of a client portal page: its (noindex) meta, the background and the content column. */
export function PortalPage({
  route,
  title,
  description,
  path,
  children,
}: {
  route:
    | 'clientDashboard'
    | 'clientDocuments'
    | 'clientCatalogue'
    | 'clientMessages'
    | 'accountStatus'
    | 'clientOrders'
    | 'clientNewOrder'
    | 'clientCart';
  title: string;
  description: string;
  /** The page's own address, when its route has parameters (an order's page under `clientOrders`). */
  path?: string;
  children: ReactNode;
}) {
  const { locale } = useI18n();
  return (
    <div className="bg-sand-50 py-10 md:py-14">
      <PageMeta
        title={`${title} | ${site.name}`}
        description={description}
        locale={locale}
        path={path ?? routePath(route, locale)}
        noindex
      />
      <div className="mx-auto max-w-content px-4 sm:px-6">{children}</div>
    </div>
  );
}

/** The way back to the dashboard from a portal page, in the page's language. */
export function BackToDashboard({ label }: { label: string }) {
  const { locale } = useI18n();
  return (
    <Link
      to={routePath('clientDashboard', locale)}
      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      {label}
    </Link>
  );
}
