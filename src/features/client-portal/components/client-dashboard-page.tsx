import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { DocumentIcon } from '@/components/icons/document';
import { UsersIcon } from '@/components/icons/users';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useAccountPageMessages } from '@/i18n/account-page-messages';
import { conversationQueries } from '@/lib/conversations/api';
import { useSession } from '@/lib/session/session-context';
import { clientPortalQueries, type ClientAccount } from '../api/documents';
import { usePortalMessages } from '../use-portal-messages';
import { PortalPage } from '@/components/portal-page';
import { DocumentList, DocumentListSkeleton } from './document-list';
import { ManagerContact } from './manager-contact';
import { AnalyticsCard, OrdersCard } from '../orders/dashboard-cards';
import { useOrderMessages } from '../orders/use-order-messages';

/** How many documents the dashboard lists; the Documents page has them all. */
export const DASHBOARD_DOCUMENTS = 5;

/**
 * /client/dashboard and /fr/client/dashboard, behind the client guard. Shows
 * only what is real (docs/decisions/112-client-dashboard-shows-only-real-content.md):
 * the company, its orders and their figures, the latest documents and the
 * account manager, whom the client
 * writes to on /client/messages (the count of unread replies links there too).
 */
export default function ClientDashboardPage() {
  const { t, locale } = useI18n();
  const portal = usePortalMessages();
  const orderText = useOrderMessages();
  const { user, signOut, signOutFailed } = useSession();
  const text = useAccountPageMessages().dashboard;
  const account = useQuery({ ...clientPortalQueries.account(user?.id ?? ''), enabled: Boolean(user?.id) });
  const documents = useQuery(clientPortalQueries.documents());

  return (
    <PortalPage route="clientDashboard" title={text.metaTitle} description={text.metaDescription}>
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-semibold text-ink md:text-4xl">{text.heading}</h1>
          <p className="mt-2 break-all text-lg text-ink-muted">{text.welcome(user?.email ?? '')}</p>
          {account.data?.company ? (
            <p className="mt-1 font-semibold text-ink">{portal.dashboard.company(account.data.company.legalName)}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={routePath('clientOrders', locale)} className={buttonVariants({ variant: 'ghost' })}>
            {orderText.nav.orders}
          </Link>
          <Link to={routePath('clientCatalogue', locale)} className={buttonVariants({ variant: 'ghost' })}>
            {portal.catalogue.heading}
          </Link>
          <Link to={routePath('accountStatus', locale)} className={buttonVariants({ variant: 'ghost' })}>
            {text.account}
          </Link>
          {/* The guard shows "Signing out…" meanwhile, then the sign-in page in the person's language. */}
          <Button variant="secondary" onClick={() => void signOut()}>
            {text.signOut}
          </Button>
        </div>
      </div>
      {signOutFailed ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          {t.auth.session.signOutFailed}
        </p>
      ) : null}
      {account.isSuccess && !account.data.company ? (
        <p className="mt-4 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-ink">
          {portal.dashboard.settingUp}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="grid min-w-0 gap-6">
          {account.data?.company ? (
            <>
              <OrdersCard />
              <AnalyticsCard />
            </>
          ) : null}
          <Card className="min-w-0">
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <CardTitle as="h2" className="flex items-center gap-2 text-xl">
                  <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <DocumentIcon />
                  </span>
                  {portal.dashboard.documentsTitle}
                </CardTitle>
                <Link
                  to={routePath('clientDocuments', locale)}
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {portal.dashboard.allDocuments}
                  <ArrowRightIcon size={16} />
                </Link>
              </div>
            </CardHeader>
            <CardContent aria-busy={documents.isPending}>
              {documents.isPending ? (
                <>
                  <p className="sr-only" role="status">
                    {portal.documents.loading}
                  </p>
                  <DocumentListSkeleton rows={3} />
                </>
              ) : documents.isError ? (
                <p
                  role="alert"
                  className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
                >
                  {portal.documents.loadFailed}
                </p>
              ) : documents.data.length === 0 ? (
                <p className="text-ink-muted">{portal.documents.empty}</p>
              ) : (
                <DocumentList documents={documents.data.slice(0, DASHBOARD_DOCUMENTS)} compact />
              )}
            </CardContent>
          </Card>
        </div>

        <ManagerCard account={account.data} pending={account.isPending && Boolean(user?.id)} failed={account.isError} />
      </div>
    </PortalPage>
  );
}

function ManagerCard({
  account,
  pending,
  failed,
}: {
  account: ClientAccount | undefined;
  pending: boolean;
  failed: boolean;
}) {
  const { locale } = useI18n();
  const text = usePortalMessages().dashboard;
  const manager = account?.manager ?? null;
  const unread = useQuery({ ...conversationQueries.clientUnreadCount(), enabled: Boolean(account?.company) });
  const unreadCount = unread.data ?? 0;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <UsersIcon />
          </span>
          {text.managerTitle}
        </CardTitle>
      </CardHeader>
      <CardContent aria-busy={pending}>
        {unreadCount > 0 ? (
          <Link
            to={routePath('clientMessages', locale)}
            data-testid="unread-replies"
            className="mb-4 flex items-center justify-between gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            <span>{text.unreadReplies(unreadCount)}</span>
            <span
              aria-hidden="true"
              className="flex h-7 min-w-7 items-center justify-center rounded-full bg-brand-700 px-2 text-sm text-white"
            >
              {unreadCount}
            </span>
          </Link>
        ) : null}
        {pending ? (
          <>
            <p className="sr-only" role="status">
              {text.managerLoading}
            </p>
            <div aria-hidden="true" className="space-y-2">
              <span className="block h-5 w-1/2 animate-pulse rounded bg-sand-200" />
              <span className="block h-4 w-3/4 animate-pulse rounded bg-sand-100" />
            </div>
          </>
        ) : failed ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {text.accountFailed}
          </p>
        ) : manager ? (
          <div className="space-y-3">
            <ManagerContact manager={manager} />
            <Button asChild className="h-auto w-full py-2 text-center">
              <Link to={routePath('clientMessages', locale)}>{text.contactManager}</Link>
            </Button>
          </div>
        ) : (
          <p className="text-ink-muted">{text.noManager}</p>
        )}
      </CardContent>
    </Card>
  );
}
