import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { BarChartIcon } from '@/components/icons/bar-chart';
import { InboxIcon } from '@/components/icons/inbox';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { routePath } from '@/config/paths';
import { formatDateTime } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { localeTags, type Locale } from '@/i18n/locales';
import { formatMoney } from './checkout-rules';
import { categoryNamesQuery, orderQueries, type OrderAnalytics } from './orders-api';
import { StatusBadge } from './status-badge';
import { useOrderMessages } from './use-order-messages';

const cardIcon = 'flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700';

/** The dashboard's Orders card: open orders with their status, the last order, and a new order. */
export function OrdersCard() {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const summary = useQuery(orderQueries.summary());
  const tag = localeTags[locale];
  const t = text.dashboard;
  return (
    <Card className="min-w-0" data-testid="orders-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2" className="flex items-center gap-2 text-xl">
            <span className={cardIcon}>
              <InboxIcon />
            </span>
            {t.ordersTitle}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={routePath('clientOrders', locale)}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {t.allOrders}
              <ArrowRightIcon size={16} />
            </Link>
            <Link
              to={routePath('clientNewOrder', locale)}
              className={buttonVariants({ size: 'sm', className: 'min-h-11' })}
            >
              {t.newOrder}
            </Link>
          </div>
        </div>
      </CardHeader>
      <CardContent aria-busy={summary.isPending}>
        {summary.isPending ? (
          <p role="status" className="text-ink-muted">
            {t.loading}
          </p>
        ) : summary.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {t.failed}
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="min-w-0">
              <h3 className="font-semibold text-ink">{t.open}</h3>
              {summary.data.open.length === 0 ? (
                <p className="mt-1 text-ink-muted">{t.noOpen}</p>
              ) : (
                <ul className="mt-1 space-y-2" data-testid="open-orders">
                  {summary.data.open.map((order) => (
                    <li key={order.id} className="flex flex-wrap items-center gap-2">
                      <Link
                        to={routePath('clientOrder', locale, { number: order.number })}
                        className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                      >
                        {order.number}
                      </Link>
                      <StatusBadge status={order.status} />
                      <span className="text-sm text-ink-muted">{formatMoney(order.subtotal, order.currency, tag)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="min-w-0">
              <h3 className="font-semibold text-ink">{t.last}</h3>
              {summary.data.last ? (
                <p className="mt-1 flex flex-wrap items-center gap-2" data-testid="last-order">
                  <Link
                    to={routePath('clientOrder', locale, { number: summary.data.last.number })}
                    className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {summary.data.last.number}
                  </Link>
                  <StatusBadge status={summary.data.last.status} />
                  <span className="text-sm text-ink-muted">
                    {formatDateTime(summary.data.last.submittedAt, locale)} ·{' '}
                    {formatMoney(summary.data.last.subtotal, summary.data.last.currency, tag)}
                  </span>
                </p>
              ) : (
                <p className="mt-1 text-ink-muted">{t.none}</p>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** "2026-03" as "Mar 2026" / "mars 2026". */
function monthLabel(month: string, locale: Locale): string {
  const [year, value] = month.split('-').map(Number);
  if (!year || !value) return month;
  return new Intl.DateTimeFormat(localeTags[locale], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, value - 1, 1)),
  );
}

/**
 * The dashboard's Analytics card: cases and spend per month over twelve
 * months, by category, and the top products, as tables a screen reader
 * reads; the bars beside the figures are drawn with plain boxes and hidden
 * from assistive technology (the numbers are in the cells).
 */
export function AnalyticsCard() {
  const text = useOrderMessages().dashboard;
  const analytics = useQuery(orderQueries.analytics());
  const data = analytics.data;
  const empty = data !== undefined && data.months.every((month) => month.cases === 0) && data.topProducts.length === 0;
  return (
    <Card className="min-w-0" data-testid="analytics-card">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <span className={cardIcon}>
            <BarChartIcon />
          </span>
          {text.analyticsTitle}
        </CardTitle>
        <p className="text-sm text-ink-muted">{text.analyticsIntro}</p>
      </CardHeader>
      <CardContent aria-busy={analytics.isPending}>
        {analytics.isPending ? (
          <p role="status" className="text-ink-muted">
            {text.analyticsLoading}
          </p>
        ) : analytics.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {text.analyticsFailed}
          </p>
        ) : empty ? (
          <p className="text-ink-muted">{text.analyticsEmpty}</p>
        ) : (
          <AnalyticsTables data={analytics.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Bar({ share }: { share: number }) {
  return (
    <span aria-hidden="true" className="block h-2 w-full min-w-12 rounded bg-sand-100">
      <span
        className="block h-2 rounded bg-brand-600"
        style={{ width: `${Math.max(0, Math.min(100, share * 100))}%` }}
      />
    </span>
  );
}

function AnalyticsTables({ data }: { data: OrderAnalytics }) {
  const { locale } = useI18n();
  const text = useOrderMessages().dashboard;
  const categories = useQuery(categoryNamesQuery());
  const tag = localeTags[locale];
  const money = (amount: number) => formatMoney(amount, data.currency, tag);
  const maxSpend = Math.max(...data.months.map((month) => month.spend), 0) || 1;
  const totalCases = data.months.reduce((sum, month) => sum + month.cases, 0);
  const totalSpend = data.months.reduce((sum, month) => sum + month.spend, 0);
  const maxCategory = Math.max(...data.categories.map((row) => row.spend), 0) || 1;
  const th = 'py-1.5 pr-3 font-semibold';
  const num = 'whitespace-nowrap py-1.5 pr-3 text-right tabular-nums';
  return (
    <div className="grid gap-6">
      <p className="font-semibold text-ink" data-testid="analytics-totals">
        {text.totals(totalCases, money(totalSpend))}
      </p>
      <ScrollRegion label={text.perMonth}>
        <table className="w-full text-left text-sm" data-testid="analytics-months">
          <caption className="mb-1 text-left font-semibold text-ink">{text.perMonth}</caption>
          <thead>
            <tr className="border-b border-sand-200 text-ink-muted">
              <th scope="col" className={th}>
                {text.month}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {text.cases}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {text.spend}
              </th>
              <th scope="col" className="w-1/3 py-1.5">
                <span className="sr-only">{text.spend}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((month) => (
              <tr key={month.month} className="border-b border-sand-100">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-3 font-normal text-ink">
                  {monthLabel(month.month, locale)}
                </th>
                <td className={num}>{month.cases}</td>
                <td className={num}>{money(month.spend)}</td>
                <td className="py-1.5">
                  <Bar share={month.spend / maxSpend} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="grid gap-6 md:grid-cols-2">
        <ScrollRegion label={text.byCategory}>
          <table className="w-full text-left text-sm" data-testid="analytics-categories">
            <caption className="mb-1 text-left font-semibold text-ink">{text.byCategory}</caption>
            <thead>
              <tr className="border-b border-sand-200 text-ink-muted">
                <th scope="col" className={th}>
                  {text.category}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {text.cases}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {text.spend}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.categories.map((row) => (
                <tr key={row.categorySlug} className="border-b border-sand-100">
                  <th scope="row" className="py-1.5 pr-3 font-normal text-ink">
                    {categories.data?.get(row.categorySlug)?.[locale] ?? row.categorySlug}
                    <Bar share={row.spend / maxCategory} />
                  </th>
                  <td className={num}>{row.cases}</td>
                  <td className={num}>{money(row.spend)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{text.topProducts}</h3>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm" data-testid="analytics-top-products">
            {data.topProducts.map((row) => (
              <li key={row.productId} className="break-words text-ink">
                {row.name[locale]}{' '}
                <span className="text-ink-muted">
                  · {row.cases} {text.cases.toLowerCase()} · {money(row.spend)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}
