import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { DocumentsManager } from '@/features/admin-portal/documents/components/documents-manager';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { ConfirmOrderDialog } from './confirm-order-dialog';
import { actionRefusal, explainRefusal, ORDER_CHANGED_MESSAGE } from './order-errors';
import type { OrderStatus } from './order-filters';
import { day, eventLabel, money, STATUS_LABEL, STATUS_VARIANT, when } from './order-labels';
import {
  addOrderNote,
  cancelOrder,
  deliverOrder,
  orderQueries,
  shipOrder,
  type Order,
  type OrderDetail as Detail,
  type OrderEvent,
} from './orders-api';

type Address = {
  label?: string;
  line1?: string;
  line2?: string | null;
  city?: string;
  region?: string;
  postal_code?: string;
  country?: string;
};

function addressLines(value: unknown): string[] {
  const a = (value && typeof value === 'object' ? value : {}) as Address;
  return [a.label, a.line1, a.line2, [a.city, a.region, a.postal_code].filter(Boolean).join(' '), a.country].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
}

/**
 * One order on the desk (docs/decisions/203-order-desk-concurrency.md): its
 * lines, timeline, internal notes and documents, and the actions its status
 * allows. Each action sends the version shown; when someone else acted first
 * the page says so and reloads the order.
 */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const detail = useQuery(orderQueries.one(orderId));
  const data = detail.data;
  const title = data ? `Order ${data.order.number}` : 'Order';

  return (
    <AdminPage
      section="orders"
      title={title}
      description={
        data ? `${data.companyName ?? 'A company'} · submitted ${when(data.order.submitted_at)}` : 'A client order.'
      }
    >
      <p className="mb-4">
        <Link to={paths.adminPortal('orders')} className="font-semibold text-brand-700 underline">
          ← All orders
        </Link>
      </p>
      {detail.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the order…
        </p>
      ) : null}
      {detail.error ? (
        <div role="alert" className="rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          <p>The order could not be loaded: {detail.error.message}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {detail.isSuccess && !data ? (
        <p className="text-ink-muted">There is no such order, or it is not yours to manage.</p>
      ) : null}
      {data ? <OrderBody detail={data} /> : null}
    </AdminPage>
  );
}

function OrderBody({ detail }: { detail: Detail }) {
  const { order, lines, events, companyName } = detail;
  const status = order.status as OrderStatus;
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'confirm' | 'ship' | 'cancel' | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: orderQueries.all() });

  /** Runs an action; a refusal is explained on the page (and a stale order reloaded), success toasted. */
  const act = async (done: string, verb: string, work: () => Promise<void>): Promise<boolean> => {
    setRefusal(null);
    try {
      await work();
      toast({ title: done, variant: 'success' });
      await reload();
      return true;
    } catch (error) {
      setRefusal(explainRefusal(error, verb));
      if (actionRefusal(error) !== 'other') {
        setDialog(null);
        await reload();
      }
      return false;
    }
  };

  const deliver = useMutation({
    mutationFn: () => act(`Order ${order.number} marked delivered.`, 'marked delivered', () => deliverOrder(order)),
  });

  return (
    <div className="grid gap-6">
      <div aria-live="assertive">
        {refusal ? (
          <div
            role="alert"
            className="rounded-md border border-danger/30 bg-danger-bg p-3 text-danger"
            data-testid="order-refusal"
          >
            <p>{refusal}</p>
            {refusal === ORDER_CHANGED_MESSAGE ? (
              <p className="mt-1 text-sm">The order below has been reloaded as it is now.</p>
            ) : null}
          </div>
        ) : null}
      </div>

      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant={STATUS_VARIANT[status]} data-testid="order-status">
            {STATUS_LABEL[status]}
          </Badge>
          <span className="text-sm text-ink-muted">Version {order.version}</span>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {status === 'submitted' ? <Button onClick={() => setDialog('confirm')}>Confirm order</Button> : null}
          {status === 'confirmed' ? <Button onClick={() => setDialog('ship')}>Mark shipped</Button> : null}
          {status === 'shipped' ? (
            <Button disabled={deliver.isPending} onClick={() => deliver.mutate()}>
              Mark delivered
            </Button>
          ) : null}
          {status === 'submitted' || status === 'confirmed' ? (
            <Button variant="secondary" onClick={() => setDialog('cancel')}>
              Cancel order
            </Button>
          ) : null}
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact term="Company">
            <Link to={`${paths.adminPortal('companies')}/${order.company_id}`} className="text-brand-700 underline">
              {companyName ?? 'A company'}
            </Link>
          </Fact>
          <Fact term="PO number">{order.po_number ?? '—'}</Fact>
          <Fact term="Requested delivery">{day(order.requested_date)}</Fact>
          <Fact term="Deliver to">
            {addressLines(order.address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Fact>
          <Fact term="Client’s language">{order.language === 'fr' ? 'French' : 'English'}</Fact>
          <Fact term="Client’s notes">{order.notes ?? '—'}</Fact>
          {order.carrier || order.tracking_number ? (
            <Fact term="Shipment">
              {order.carrier ?? '—'} · <span data-testid="order-tracking">{order.tracking_number ?? '—'}</span>
            </Fact>
          ) : null}
          {order.cancel_reason ? <Fact term="Cancellation reason">{order.cancel_reason}</Fact> : null}
        </dl>
      </Card>

      <Card className="overflow-hidden">
        <h2 className="px-4 pt-4 text-xl font-semibold text-ink sm:px-6">Lines</h2>
        <table className="mt-3 w-full table-fixed text-left text-sm">
          <caption className="sr-only">Lines of order {order.number}</caption>
          <thead className="bg-sand-50 text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2 sm:px-6">
                Product
              </th>
              <th scope="col" className="w-16 px-3 py-2 text-right">
                Cases
              </th>
              <th scope="col" className="hidden w-32 px-3 py-2 text-right sm:table-cell">
                Case price
              </th>
              <th scope="col" className="w-32 px-3 py-2 text-right sm:w-36 sm:px-6">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-t border-sand-200 align-top" data-testid="order-line">
                <td className="break-words px-3 py-2 sm:px-6">
                  <span className="block font-medium text-ink">{line.name_en}</span>
                  <span className="block text-xs text-ink-muted">{line.sku}</span>
                </td>
                <td className="px-3 py-2 text-right" data-testid="order-line-cases">
                  {line.quantity_cases}
                </td>
                <td className="hidden px-3 py-2 text-right sm:table-cell">{money(line.case_price, order.currency)}</td>
                <td className="break-words px-3 py-2 text-right sm:px-6">{money(line.line_total, order.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-sand-300 font-semibold">
              <th scope="row" colSpan={2} className="px-3 py-2 text-left sm:px-6">
                Subtotal (taxes on the invoice)
              </th>
              <td className="hidden sm:table-cell" />
              <td className="break-words px-3 py-2 text-right sm:px-6" data-testid="order-subtotal">
                {money(order.subtotal, order.currency)}
              </td>
            </tr>
          </tfoot>
        </table>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Timeline events={events} />
        <NotesCard orderId={order.id} />
      </div>

      <Card className="p-4 sm:p-6">
        <h2 className="mb-1 text-xl font-semibold text-ink">Invoice and packing slip</h2>
        <p className="mb-3 text-sm text-ink-muted">
          Stored in the document centre as invoices of {companyName ?? 'this company'}, visible to its clients with this
          order.
        </p>
        <DocumentsManager order={{ id: order.id, companyId: order.company_id, number: order.number }} />
      </Card>

      {dialog === 'confirm' ? (
        <ConfirmOrderDialog
          detail={detail}
          onClose={() => setDialog(null)}
          onConfirm={(change) => act(`Order ${order.number} confirmed.`, 'confirmed', () => change())}
        />
      ) : null}
      <ShipDialog
        open={dialog === 'ship'}
        onClose={() => setDialog(null)}
        onShip={(carrier, tracking) =>
          act(`Order ${order.number} marked shipped.`, 'shipped', () => shipOrder(order, carrier, tracking))
        }
      />
      <CancelDialog
        open={dialog === 'cancel'}
        order={order}
        onClose={() => setDialog(null)}
        onCancel={(reason) => act(`Order ${order.number} cancelled.`, 'cancelled', () => cancelOrder(order, reason))}
      />
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0 break-words">
      <dt className="font-medium text-ink-muted">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

type Change = { name_en?: string; from_quantity?: number; to_quantity?: number };

function changeLines(detail: unknown): string[] {
  const d = (detail && typeof detail === 'object' ? detail : {}) as {
    changes?: Change[];
    requested_date?: { from?: string; to?: string };
    carrier?: string;
    tracking_number?: string;
    reason?: string;
    message?: string;
  };
  const out = (Array.isArray(d.changes) ? d.changes : []).map((c) =>
    c.from_quantity === 0
      ? `Added ${c.name_en ?? 'a product'}: ${c.to_quantity ?? 0} cases`
      : c.to_quantity === 0
        ? `Removed ${c.name_en ?? 'a product'} (was ${c.from_quantity ?? 0} cases)`
        : `${c.name_en ?? 'A product'}: ${c.from_quantity ?? '?'} → ${c.to_quantity ?? '?'} cases`,
  );
  if (d.requested_date?.to)
    out.push(`Delivery date moved: ${day(d.requested_date.from)} → ${day(d.requested_date.to)}`);
  if (d.carrier || d.tracking_number) out.push(`${d.carrier ?? ''} ${d.tracking_number ?? ''}`.trim());
  if (d.reason) out.push(`Reason: ${d.reason}`);
  if (d.message) out.push(`Message to the client: ${d.message}`);
  return out;
}

function Timeline({ events }: { events: OrderEvent[] }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Timeline</h2>
      <ol className="mt-3 space-y-3 text-sm" aria-label="Timeline">
        {events.map((event) => (
          <li key={event.id} className="break-words border-l-2 border-brand-200 pl-3">
            <span className="font-medium text-ink">{eventLabel(event.kind, event.actor_kind)}</span>{' '}
            <span className="text-ink-muted">{when(event.created_at)}</span>
            {changeLines(event.detail).map((line) => (
              <span key={line} className="block text-ink-muted">
                {line}
              </span>
            ))}
          </li>
        ))}
        {events.length === 0 ? <li className="text-ink-muted">Nothing yet.</li> : null}
      </ol>
    </Card>
  );
}

function NotesCard({ orderId }: { orderId: string }) {
  const id = useId();
  const notes = useQuery(orderQueries.notes(orderId));
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addOrderNote(orderId, body.trim()),
    onSuccess: async () => {
      setBody('');
      await queryClient.invalidateQueries({ queryKey: orderQueries.notes(orderId).queryKey });
    },
    onError: (error) => setProblem(`The note could not be saved: ${error.message}`),
  });
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Internal notes</h2>
      <p className="text-sm text-ink-muted">Seen by staff only, never by the client.</p>
      {notes.error ? <p className="mt-2 text-danger">The notes could not be loaded.</p> : null}
      <ul className="mt-3 space-y-2 text-sm" aria-label="Internal notes">
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className="whitespace-pre-wrap break-words rounded-md bg-sand-50 p-2">
            <span className="block text-xs text-ink-muted">{when(note.created_at)}</span>
            {note.body}
          </li>
        ))}
        {notes.data?.length === 0 ? <li className="text-ink-muted">No notes yet.</li> : null}
      </ul>
      <form
        className="mt-3 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          if (!body.trim()) {
            setProblem('Write the note first.');
            return;
          }
          add.mutate();
        }}
      >
        <Label htmlFor={`${id}-note`}>Add a note</Label>
        <Textarea
          id={`${id}-note`}
          rows={3}
          maxLength={4000}
          value={body}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-note-error` : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        {problem ? (
          <p id={`${id}-note-error`} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" disabled={add.isPending} className="justify-self-start">
          Add note
        </Button>
      </form>
    </Card>
  );
}

function ShipDialog({
  open,
  onClose,
  onShip,
}: {
  open: boolean;
  onClose: () => void;
  onShip: (carrier: string, tracking: string) => Promise<boolean>;
}) {
  const id = useId();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent closeLabel="Close">
        <DialogTitle>Mark shipped</DialogTitle>
        <DialogDescription>The client gets a mail with the carrier and the tracking number.</DialogDescription>
        <form
          className="mt-4 grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!carrier.trim() || !tracking.trim()) {
              setProblem('Enter the carrier and the tracking number.');
              return;
            }
            setProblem(null);
            setPending(true);
            void onShip(carrier.trim(), tracking.trim()).then((ok) => {
              setPending(false);
              if (ok) onClose();
            });
          }}
        >
          <div>
            <Label htmlFor={`${id}-carrier`}>Carrier</Label>
            <Input id={`${id}-carrier`} maxLength={100} value={carrier} onChange={(e) => setCarrier(e.target.value)} />
          </div>
          <div>
            <Label htmlFor={`${id}-tracking`}>Tracking number</Label>
            <Input
              id={`${id}-tracking`}
              maxLength={100}
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
            />
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              Mark shipped
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Keep as is
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({
  open,
  order,
  onClose,
  onCancel,
}: {
  open: boolean;
  order: Order;
  onClose: () => void;
  onCancel: (reason: string) => Promise<boolean>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent closeLabel="Close">
        <DialogTitle>Cancel order {order.number}</DialogTitle>
        <DialogDescription>The client gets a mail with the reason.</DialogDescription>
        <form
          className="mt-4 grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setProblem('Give the reason the client will read.');
              return;
            }
            setProblem(null);
            setPending(true);
            void onCancel(reason.trim()).then((ok) => {
              setPending(false);
              if (ok) onClose();
            });
          }}
        >
          <div>
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={1000}
              value={reason}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-reason-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {problem ? (
            <p id={`${id}-reason-error`} role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              Cancel the order
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Keep the order
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
