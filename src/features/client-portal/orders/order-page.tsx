import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PortalPage } from '@/components/portal-page';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/field';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { formatDate, formatDateTime } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { DocumentList } from '../components/document-list';
import { formatMoney } from './checkout-rules';
import { orderRefusal } from './order-errors';
import {
  cancelOrder,
  orderAgain,
  orderQueries,
  type Order,
  type OrderAgainResult,
  type OrderEvent,
} from './orders-api';
import { OrdersNav } from './orders-nav';
import { refusalText } from './refusal-text';
import { StatusBadge } from './status-badge';
import { useOrderMessages } from './use-order-messages';

/**
 * Printing shows the confirmation alone: everything else on the page (the
 * site's header and footer, the chat, the buttons) is hidden
 * (docs/decisions/202-printable-order-confirmation.md).
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0 !important; }
  [data-print-hidden] { display: none !important; }
  [data-print-only] { display: block !important; }
  @page { margin: 16mm; }
}`;

/** /client/orders/:number and its French twin: the order, its lines, its timeline and its documents. */
export default function OrderPage() {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const { number = '' } = useParams();
  const location = useLocation();
  const sent = (location.state as { sent?: string } | null)?.sent === number;
  const order = useQuery(orderQueries.order(number));
  const path = routePath('clientOrder', locale, { number });

  return (
    <PortalPage
      route="clientOrders"
      path={path}
      title={text.order.metaTitle(number)}
      description={text.order.metaDescription}
    >
      <style>{PRINT_CSS}</style>
      <div data-print-hidden>
        <OrdersNav />
      </div>
      {sent ? (
        <p
          role="status"
          data-print-hidden
          className="mt-4 rounded-md border border-success/30 bg-success-bg px-4 py-3 font-medium text-success"
        >
          {text.checkout.sent(number)}
        </p>
      ) : null}
      {order.isPending ? (
        <p role="status" className="mt-6 rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">
          {text.order.loading}
        </p>
      ) : order.isError ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          <h1 className="sr-only">{text.order.heading(number)}</h1>
          <p>{text.order.failed}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void order.refetch()}>
            {text.history.retry}
          </Button>
        </div>
      ) : order.data === null ? (
        <div className="mt-6 rounded-lg border border-sand-200 bg-white p-6">
          <h1 className="font-serif text-3xl font-semibold text-ink">{text.order.heading(number)}</h1>
          <p className="mt-2 text-ink-muted">{text.order.notFound}</p>
          <Link
            to={routePath('clientOrders', locale)}
            className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}
          >
            {text.nav.backToOrders}
          </Link>
        </div>
      ) : (
        <OrderView order={order.data} />
      )}
    </PortalPage>
  );
}

function OrderView({ order }: { order: Order }) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const tag = localeTags[locale];
  const t = text.order;
  const address = order.address;
  const facts: Array<[string, string]> = [
    [t.sentOn, formatDateTime(order.submittedAt, locale)],
    [t.requestedDate, formatDate(order.requestedDate, locale)],
    [t.po, order.poNumber ?? t.noPo],
  ];
  if (order.carrier && order.trackingNumber) {
    facts.push([t.carrier, order.carrier], [t.tracking, order.trackingNumber]);
  }
  return (
    <article data-print-area className="mt-4" data-testid="order">
      <p data-print-only className="hidden text-sm text-ink-muted">
        {site.name} · {t.printTitle}
      </p>
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-semibold text-ink md:text-4xl">{t.heading(order.number)}</h1>
          <p className="mt-2 flex items-center gap-2">
            <span className="text-ink-muted">{t.status}</span> <StatusBadge status={order.status} />
          </p>
        </div>
        <div className="flex flex-wrap gap-3" data-print-hidden>
          <Button variant="secondary" onClick={() => window.print()}>
            {t.print}
          </Button>
          <OrderAgainButton order={order} />
          {order.status === 'submitted' ? <CancelOrder order={order} /> : null}
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="order-lines" className="rounded-lg border border-sand-200 bg-white p-4">
            <h2 id="order-lines" className="text-xl font-semibold text-ink">
              {t.lines}
            </h2>
            <ScrollRegion label={t.lines} className="mt-3">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-sand-200 text-ink-muted">
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t.product}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      {t.quantity}
                    </th>
                    {/* On a phone the price per case sits under the quantity, so the product's name keeps its width. */}
                    <th
                      scope="col"
                      className="hidden py-2 pr-3 text-right font-semibold sm:table-cell print:table-cell"
                    >
                      {t.casePrice}
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      {t.lineTotal}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr
                      key={`${line.sku}-${line.productId ?? ''}`}
                      className="border-b border-sand-100 align-top"
                      data-testid="order-line"
                    >
                      <td className="py-2 pr-3">
                        <span className="block font-medium text-ink">{line.name[locale]}</span>
                        <span className="text-ink-muted">
                          {t.sku} {line.sku}
                        </span>
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {line.quantity}
                        <span className="block whitespace-nowrap text-ink-muted sm:hidden print:hidden">
                          × {formatMoney(line.casePrice, order.currency, tag)}
                        </span>
                      </td>
                      <td className="hidden whitespace-nowrap py-2 pr-3 text-right tabular-nums sm:table-cell print:table-cell">
                        {formatMoney(line.casePrice, order.currency, tag)}
                      </td>
                      <td className="whitespace-nowrap py-2 text-right tabular-nums">
                        {formatMoney(line.lineTotal, order.currency, tag)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-semibold text-ink">
                      {t.subtotal}
                    </th>
                    <td aria-hidden="true" className="hidden sm:table-cell print:table-cell" />
                    <td
                      className="whitespace-nowrap py-2 text-right font-semibold tabular-nums"
                      data-testid="order-subtotal"
                    >
                      {formatMoney(order.subtotal, order.currency, tag)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </ScrollRegion>
            <p className="mt-2 text-sm text-ink-muted">{t.taxes}</p>
          </section>

          <section aria-labelledby="order-timeline" className="rounded-lg border border-sand-200 bg-white p-4">
            <h2 id="order-timeline" className="text-xl font-semibold text-ink">
              {t.timeline}
            </h2>
            <ol className="mt-3 space-y-4">
              {order.events.map((event) => (
                <TimelineEntry key={event.id} event={event} />
              ))}
            </ol>
          </section>
        </div>

        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="order-facts" className="rounded-lg border border-sand-200 bg-white p-4">
            <h2 id="order-facts" className="sr-only">
              {t.heading(order.number)}
            </h2>
            <dl className="grid gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt className="font-semibold text-ink">{label}</dt>
                  <dd className="break-words text-ink-muted">{value}</dd>
                </div>
              ))}
              {address ? (
                <div>
                  <dt className="font-semibold text-ink">{t.address}</dt>
                  <dd className="text-ink-muted">
                    <address className="not-italic">
                      {address.label}
                      <br />
                      {address.line1}
                      {address.line2 ? (
                        <>
                          <br />
                          {address.line2}
                        </>
                      ) : null}
                      <br />
                      {`${address.city}, ${address.region} ${address.postal_code}`}
                      <br />
                      {text.checkout.countries[address.country === 'US' ? 'US' : 'CA']}
                    </address>
                  </dd>
                </div>
              ) : null}
              {order.notes ? (
                <div>
                  <dt className="font-semibold text-ink">{t.notes}</dt>
                  <dd className="whitespace-pre-line break-words text-ink-muted">{order.notes}</dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section
            aria-labelledby="order-documents"
            className="rounded-lg border border-sand-200 bg-white p-4"
            data-print-hidden
          >
            <h2 id="order-documents" className="text-xl font-semibold text-ink">
              {t.documents}
            </h2>
            {order.documents.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">{t.noDocuments}</p>
            ) : (
              <div className="mt-2">
                <DocumentList documents={order.documents} compact />
              </div>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

function TimelineEntry({ event }: { event: OrderEvent }) {
  const { locale } = useI18n();
  const t = useOrderMessages().order;
  return (
    <li className="border-l-2 border-brand-200 pl-3" data-testid="order-event">
      <p className="font-semibold text-ink">
        {t.events[event.kind]}{' '}
        <span className="font-normal text-ink-muted">
          {event.actor === 'staff' ? t.byStaff : t.byYou} · {formatDateTime(event.at, locale)}
        </span>
      </p>
      {event.changes.length > 0 || event.dateMoved ? (
        <div className="mt-1">
          <p className="text-sm font-semibold text-ink">{t.changesTitle}</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-ink" data-testid="order-changes">
            {event.changes.map((change) => (
              <li key={change.productId}>{t.changeLine(change.name[locale], change.from, change.to)}</li>
            ))}
            {event.dateMoved ? (
              <li>{t.dateMoved(formatDate(event.dateMoved.from, locale), formatDate(event.dateMoved.to, locale))}</li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {event.carrier && event.trackingNumber ? (
        <p className="mt-1 text-sm text-ink">{t.shippedWith(event.carrier, event.trackingNumber)}</p>
      ) : null}
      {event.message ? (
        <p className="mt-1 whitespace-pre-line text-sm text-ink">{t.staffMessage(event.message)}</p>
      ) : null}
      {event.reason ? <p className="mt-1 text-sm text-ink">{t.reason(event.reason)}</p> : null}
    </li>
  );
}

function OrderAgainButton({ order }: { order: Order }) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<OrderAgainResult[] | null>(null);
  const again = useMutation({
    mutationFn: () => orderAgain(order.id),
    onMutate: () => setResult(null),
    onSuccess: async (rows) => {
      setResult(rows);
      await queryClient.invalidateQueries({ queryKey: orderQueries.cart().queryKey });
    },
  });
  const names = new Map(order.lines.map((line) => [line.productId ?? '', line.name[locale]]));
  const added = result?.filter((row) => row.added) ?? [];
  const skipped = result?.filter((row) => !row.added) ?? [];
  return (
    <div className="min-w-0">
      <Button onClick={() => again.mutate()} disabled={again.isPending}>
        {again.isPending ? text.order.orderingAgain : text.order.orderAgain}
      </Button>
      {result ? (
        <div role="status" className="mt-2 max-w-sm text-sm" data-testid="order-again-result">
          <p className="font-medium text-ink">{text.order.againAdded(added.length)}</p>
          {skipped.length > 0 ? (
            <>
              <p className="mt-1 text-ink">{text.order.againSkipped}</p>
              <ul className="list-disc pl-5 text-ink-muted">
                {skipped.map((row) => (
                  <li key={row.productId}>
                    {names.get(row.productId) ?? row.productId}:{' '}
                    {text.order.againReasons[row.reason ?? ''] ?? text.order.againReasons.unavailable}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {added.length > 0 ? (
            <Link
              to={routePath('clientCart', locale)}
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {text.order.goToCart}
            </Link>
          ) : null}
        </div>
      ) : again.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {refusalText(orderRefusal(again.error), text, locale)}
        </p>
      ) : null}
    </div>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const t = text.order;
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id, reason),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t.cancel}
      </Button>
      <DialogContent closeLabel={t.cancelKeep}>
        <DialogTitle>{t.cancelTitle}</DialogTitle>
        <DialogDescription>{t.cancelIntro}</DialogDescription>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate();
          }}
        >
          <Field id={reasonId} label={t.cancelReason}>
            {(aria) => (
              <Textarea {...aria} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          {cancel.isError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {refusalText(orderRefusal(cancel.error), text, locale)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              {cancel.isPending ? t.cancelling : t.cancelConfirm}
            </Button>
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                {t.cancelKeep}
              </Button>
            </DialogClose>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
