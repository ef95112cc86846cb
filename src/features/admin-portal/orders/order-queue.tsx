import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label, Select } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { datedFileName, downloadCsv } from '@/features/admin-portal/shared/csv';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { ordersCsv } from './order-csv';
import {
  isOrderFiltered,
  NO_ORDER_FILTERS,
  ORDER_STATUSES,
  orderFiltersSearch,
  parseOrderFilters,
  type OrderFilters,
  type OrderStatus,
} from './order-filters';
import { day, money, STATUS_LABEL, STATUS_VARIANT, when } from './order-labels';
import { exportOrders, orderQueries, ORDERS_PER_PAGE } from './orders-api';

const queueHref = (filters: OrderFilters) => {
  const search = orderFiltersSearch(filters).toString();
  return `${paths.adminPortal('orders')}${search ? `?${search}` : ''}`;
};

/** The first and last day of the current month, local time, as YYYY-MM-DD. */
function thisMonth(now = new Date()): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  const last = new Date(y, m, 0).getDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

/**
 * The order desk's queue (docs/decisions/203-order-desk-concurrency.md): one
 * tab per status with its count, filters (company, submission days) and a
 * search on number, PO or company, all in the URL; newest first, paged; and
 * the CSV export of orders and lines for a date range.
 */
export function OrderQueue() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = parseOrderFilters(params);
  const queue = useQuery(orderQueries.queue(filters));
  const companies = useQuery(orderQueries.companies());
  const [range, setRange] = useState(thisMonth);

  const exportCsv = useMutation({
    mutationFn: async () => {
      if (!range.from || !range.to || range.from > range.to)
        throw new Error('Choose a start day on or before the end day.');
      const rows = await exportOrders(range.from, range.to);
      const name = datedFileName('orders');
      downloadCsv(ordersCsv(rows), name);
      return { lines: rows.length, name };
    },
  });

  const setFilter = (change: Partial<OrderFilters>) =>
    setParams(orderFiltersSearch({ ...filters, ...change, page: 1 }), { replace: true });

  const page = queue.data;
  const orders = page?.orders ?? [];
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  const first = (filters.page - 1) * ORDERS_PER_PAGE + 1;
  const allCount = page ? ORDER_STATUSES.reduce((sum, status) => sum + (page.counts[status] ?? 0), 0) : null;
  const tabs: { status: OrderStatus | null; label: string; count: number | null }[] = [
    { status: null, label: 'All', count: allCount },
    ...ORDER_STATUSES.map((status) => ({ status, label: STATUS_LABEL[status], count: page?.counts[status] ?? null })),
  ];

  return (
    <AdminPage
      section="orders"
      title="Orders"
      description="The order desk: confirm, ship and deliver client orders. Newest first."
    >
      <nav aria-label="Orders by status" className="mb-4 overflow-x-auto">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => {
            const current = filters.status === tab.status;
            return (
              <li key={tab.label}>
                <Link
                  to={queueHref({ ...filters, status: tab.status, page: 1 })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
                    current ? 'border-brand-700 bg-brand-700 text-white' : 'border-sand-300 bg-white text-brand-800'
                  }`}
                >
                  {tab.label}
                  {tab.count !== null ? <span aria-label={`${tab.count} orders`}>({tab.count})</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <form
        role="search"
        aria-label="Filter orders"
        className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <div>
          <Label htmlFor={`${id}-q`}>Search number, PO or company</Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={filters.search}
            maxLength={200}
            onChange={(event) => setFilter({ search: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-company`}>Company</Label>
          <Select
            id={`${id}-company`}
            value={filters.company ?? ''}
            onChange={(event) => setFilter({ company: event.target.value || null })}
          >
            <option value="">Every company</option>
            {(companies.data ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.legal_name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-from`}>Submitted from</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => setFilter({ from: event.target.value || null })}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-to`}>Submitted until</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => setFilter({ to: event.target.value || null })}
          />
        </div>
      </form>
      {isOrderFiltered(filters) ? (
        <Button
          variant="ghost"
          size="sm"
          className="mb-4"
          onClick={() => setParams(orderFiltersSearch({ ...NO_ORDER_FILTERS, status: filters.status }))}
        >
          Clear filters
        </Button>
      ) : null}

      {queue.error ? (
        <div role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          <p>The orders could not be loaded: {queue.error.message}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      <p role="status" className="mb-2 text-sm text-ink-muted">
        {queue.isPending
          ? 'Loading orders…'
          : page && total > 0
            ? `Showing ${Math.min(first, total)}–${Math.min(first + orders.length - 1, total)} of ${total} ${total === 1 ? 'order' : 'orders'}, ${ORDERS_PER_PAGE} a page${queue.isFetching ? ' (updating…)' : ''}.`
            : ''}
      </p>

      {page && orders.length === 0 ? (
        <Card className="p-6 text-center">
          <p className="font-semibold text-ink">
            {isOrderFiltered(filters) || filters.status
              ? 'No orders match these filters.'
              : filters.page > 1
                ? 'This page is past the last order.'
                : 'No orders yet.'}
          </p>
          <p className="mt-1 text-sm text-ink-muted">Orders appear here as soon as a client sends one.</p>
        </Card>
      ) : null}

      {orders.length > 0 ? (
        <Card className="overflow-hidden">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="bg-sand-50 text-ink-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                  Company
                </th>
                <th scope="col" className="hidden w-44 px-3 py-2 xl:table-cell">
                  Submitted
                </th>
                <th scope="col" className="hidden w-32 px-3 py-2 lg:table-cell">
                  Delivery
                </th>
                <th scope="col" className="w-28 px-3 py-2">
                  Status
                </th>
                <th scope="col" className="w-32 px-3 py-2 text-right sm:w-40">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t border-sand-200 align-top" data-testid="order-row">
                  <td className="break-words px-3 py-2">
                    <Link
                      to={`${paths.adminPortal('orders')}/${order.id}`}
                      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {order.number}
                    </Link>
                    {order.po_number ? <span className="block text-ink-muted">PO {order.po_number}</span> : null}
                    <span className="block text-ink-muted lg:hidden">{order.company_name ?? '—'}</span>
                    <span className="block text-xs text-ink-muted xl:hidden">{when(order.submitted_at)}</span>
                    <span className="block text-xs text-ink-muted lg:hidden">Delivery {day(order.requested_date)}</span>
                  </td>
                  <td className="hidden break-words px-3 py-2 lg:table-cell">{order.company_name ?? '—'}</td>
                  <td className="hidden px-3 py-2 xl:table-cell">{when(order.submitted_at)}</td>
                  <td className="hidden px-3 py-2 lg:table-cell">{day(order.requested_date)}</td>
                  <td className="px-3 py-2">
                    <Badge variant={STATUS_VARIANT[order.status]}>{STATUS_LABEL[order.status]}</Badge>
                  </td>
                  <td className="break-words px-3 py-2 text-right">
                    {money(order.subtotal, order.currency)}
                    <span className="block text-xs text-ink-muted">
                      {order.line_count} {order.line_count === 1 ? 'line' : 'lines'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}

      {page && pages > 1 ? (
        <nav aria-label="Pages of orders" className="mt-4 flex flex-wrap items-center justify-between gap-2">
          {filters.page > 1 ? (
            <Link
              className="font-semibold text-brand-700 underline"
              to={queueHref({ ...filters, page: Math.min(filters.page - 1, pages) })}
            >
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-ink-muted">
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages ? (
            <Link
              className="font-semibold text-brand-700 underline"
              to={queueHref({ ...filters, page: filters.page + 1 })}
            >
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      <Card className="mt-8 p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-ink">Export for accounting</h2>
        <p className="mt-1 text-sm text-ink-muted">
          One row per order line, with its order&rsquo;s columns, for the orders submitted between these days.
        </p>
        <form
          className="mt-3 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            exportCsv.mutate();
          }}
        >
          <div>
            <Label htmlFor={`${id}-export-from`}>From</Label>
            <Input
              id={`${id}-export-from`}
              type="date"
              required
              value={range.from}
              onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-export-to`}>To</Label>
            <Input
              id={`${id}-export-to`}
              type="date"
              required
              value={range.to}
              onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={exportCsv.isPending}>
            {exportCsv.isPending ? 'Preparing CSV…' : 'Export CSV'}
          </Button>
        </form>
        <div aria-live="polite">
          {exportCsv.isSuccess ? (
            <p role="status" className="mt-3 text-brand-700">
              Exported {exportCsv.data.lines} order {exportCsv.data.lines === 1 ? 'line' : 'lines'} to{' '}
              {exportCsv.data.name}.
            </p>
          ) : null}
        </div>
        {exportCsv.error ? (
          <p role="alert" className="mt-3 text-danger">
            The CSV could not be exported: {exportCsv.error.message}
          </p>
        ) : null}
      </Card>
    </AdminPage>
  );
}
