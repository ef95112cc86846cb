import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PortalPage } from '@/components/portal-page';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/field';
import { routePath } from '@/config/paths';
import { formatDate, formatDateTime } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { SearchField } from '../components/search-field';
import { formatMoney } from './checkout-rules';
import { HISTORY_PAGE, ORDER_STATUSES, orderQueries, type OrderStatus } from './orders-api';
import { OrdersNav } from './orders-nav';
import { StatusBadge } from './status-badge';
import { useOrderMessages } from './use-order-messages';

/** /client/orders and /fr/client/orders: the company's orders, newest first, searched by number or PO, filtered by status. */
export default function OrdersPage() {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const [params, setParams] = useSearchParams();
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const ids = { status: useId(), search: useId(), heading: useId() };
  const status = params.get('status');
  const filters = {
    query: params.get('q') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
  };
  const list = useQuery({ ...orderQueries.list(filters, limit), placeholderData: keepPreviousData });
  const setParam = (name: string, value: string) => {
    setLimit(HISTORY_PAGE);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'q' },
    );
  };
  const filtering = filters.query !== '' || filters.status !== null;
  const orders = list.data?.orders ?? [];

  return (
    <PortalPage route="clientOrders" title={text.history.metaTitle} description={text.history.metaDescription}>
      <OrdersNav />
      <h1 id={ids.heading} className="mt-2 font-serif text-3xl font-semibold text-ink md:text-4xl">
        {text.history.heading}
      </h1>
      <p className="mt-2 text-lg text-ink-muted">{text.history.intro}</p>

      <div role="search" aria-label={text.history.filters} className="mt-6">
        <form
          className="grid gap-4 rounded-lg border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_auto] lg:items-end"
          onSubmit={(event) => event.preventDefault()}
        >
          <SearchField
            id={ids.search}
            label={text.history.search}
            placeholder={text.history.searchPlaceholder}
            value={filters.query}
            onChange={(value) => setParam('q', value)}
          />
          <div>
            <Label htmlFor={ids.status}>{text.history.status}</Label>
            <Select
              id={ids.status}
              value={filters.status ?? ''}
              onChange={(event) => setParam('status', event.target.value)}
            >
              <option value="">{text.history.allStatuses}</option>
              {ORDER_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {text.statuses[option]}
                </option>
              ))}
            </Select>
          </div>
          {filtering ? (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              {text.history.clearFilters}
            </Button>
          ) : null}
        </form>
      </div>

      <section aria-labelledby={ids.heading} aria-busy={list.isPending || list.isFetching} className="mt-6">
        {list.isPending ? (
          <p role="status" className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">
            {text.history.loading}
          </p>
        ) : list.isError ? (
          <div
            role="alert"
            className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
          >
            <p>{text.history.failed}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              {text.history.retry}
            </Button>
          </div>
        ) : orders.length === 0 ? (
          <p className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">
            {filtering ? text.history.noMatch : text.history.empty}
          </p>
        ) : (
          <>
            <p className="sr-only" role="status">
              {text.history.shown(orders.length)}
            </p>
            <ul className="divide-y divide-sand-200 rounded-lg border border-sand-200 bg-white">
              {orders.map((order) => (
                <li key={order.id} className="p-4" data-testid="order-row">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      to={routePath('clientOrder', locale, { number: order.number })}
                      className="text-lg font-semibold text-brand-700 underline-offset-4 hover:underline"
                    >
                      {order.number}
                    </Link>
                    <StatusBadge status={order.status} />
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                    <div className="min-w-0">
                      <dt className="text-ink-muted">{text.history.columns.date}</dt>
                      <dd className="text-ink">{formatDateTime(order.submittedAt, locale)}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="text-ink-muted">{text.history.columns.delivery}</dt>
                      <dd className="text-ink">{formatDate(order.requestedDate, locale)}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="text-ink-muted">{text.history.columns.po}</dt>
                      <dd className="break-words text-ink">{order.poNumber ?? '—'}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="text-ink-muted">{text.history.columns.total}</dt>
                      <dd className="font-semibold text-ink">
                        {formatMoney(order.subtotal, order.currency, localeTags[locale])}
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
            {list.data?.more ? (
              <Button variant="secondary" className="mt-4" onClick={() => setLimit((before) => before + HISTORY_PAGE)}>
                {text.history.more}
              </Button>
            ) : null}
          </>
        )}
      </section>
    </PortalPage>
  );
}
