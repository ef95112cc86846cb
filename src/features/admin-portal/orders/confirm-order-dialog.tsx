import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label, Select, Textarea } from '@/components/ui/field';
import { parseCases, planConfirmation } from './order-changes';
import { isoDay } from './order-filters';
import { day } from './order-labels';
import { confirmOrder, orderQueries, type OrderDetail } from './orders-api';

type Row = { product_id: string; name: string; text: string; added: boolean };

/**
 * Confirming an order, optionally with changes: quantities (0 removes a line),
 * products added from the company's price list, another delivery date, and
 * a message for the client. The changes are listed before they are sent;
 * the database prices them and records exactly what changed for the client.
 */
export function ConfirmOrderDialog({
  detail,
  onClose,
  onConfirm,
}: {
  detail: OrderDetail;
  onClose: () => void;
  onConfirm: (send: () => Promise<void>) => Promise<boolean>;
}) {
  const id = useId();
  const { order } = detail;
  // A line whose product left the catalogue cannot be sent back: it stays only while no line changes.
  const lines = detail.lines.flatMap((line) => (line.product_id ? [{ ...line, product_id: line.product_id }] : []));
  const orphans = detail.lines.filter((line) => !line.product_id);
  const addable = useQuery(orderQueries.addable(order.company_id));
  const [rows, setRows] = useState<Row[]>(() =>
    lines.map((line) => ({
      product_id: line.product_id,
      name: line.name_en,
      text: String(line.quantity_cases),
      added: false,
    })),
  );
  const [adding, setAdding] = useState('');
  const [date, setDate] = useState(order.requested_date);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const quantities = rows.map((row) => parseCases(row.text));
  const badRow = quantities.findIndex((q) => q === null);
  const plan = planConfirmation(
    lines.map((line) => ({ product_id: line.product_id, name: line.name_en, quantity_cases: line.quantity_cases })),
    rows.map((row, i) => ({ product_id: row.product_id, name: row.name, quantity_cases: quantities[i] ?? 0 })),
  );
  const dateMoved = date !== order.requested_date;
  const choices = (addable.data ?? []).filter((p) => !rows.some((row) => row.product_id === p.product_id));

  const submit = () => {
    if (badRow >= 0) {
      setProblem(`Enter whole cases for ${rows[badRow]?.name ?? 'every line'} (0 removes the line).`);
      return;
    }
    if (plan.lines && plan.lines.length === 0) {
      setProblem('An order keeps at least one line: cancel it instead.');
      return;
    }
    if (dateMoved && !isoDay(date)) {
      setProblem('Enter the delivery date as a day.');
      return;
    }
    setProblem(null);
    setPending(true);
    void onConfirm(() =>
      confirmOrder(order, {
        lines: plan.lines,
        requestedDate: dateMoved ? date : null,
        message: message.trim() || null,
      }),
    ).then((ok) => {
      setPending(false);
      if (ok) onClose();
    });
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent closeLabel="Close" className="max-w-2xl">
        <DialogTitle>Confirm order {order.number}</DialogTitle>
        <DialogDescription>
          Change quantities, lines or the delivery date if needed: the client sees exactly what changed.
        </DialogDescription>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold text-ink">Cases per line</legend>
            {rows.map((row, i) => (
              <div key={row.product_id} className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1">
                  <Label htmlFor={`${id}-q-${i}`}>{row.name}</Label>
                  <Input
                    id={`${id}-q-${i}`}
                    inputMode="numeric"
                    className="max-w-32"
                    value={row.text}
                    aria-invalid={quantities[i] === null ? true : undefined}
                    onChange={(event) =>
                      setRows((current) => current.map((r, j) => (j === i ? { ...r, text: event.target.value } : r)))
                    }
                  />
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setRows((current) =>
                      row.added
                        ? current.filter((_, j) => j !== i)
                        : current.map((r, j) => (j === i ? { ...r, text: '0' } : r)),
                    )
                  }
                >
                  Remove<span className="sr-only"> {row.name}</span>
                </Button>
              </div>
            ))}
          </fieldset>
          {orphans.length > 0 ? (
            <p className="text-sm text-ink-muted">
              No longer in the catalogue: {orphans.map((line) => line.name_en).join(', ')}. Kept as ordered unless
              another line changes, which removes it.
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <Label htmlFor={`${id}-add`}>Add a product from the company’s price list</Label>
              <Select id={`${id}-add`} value={adding} onChange={(event) => setAdding(event.target.value)}>
                <option value="">
                  {addable.isPending
                    ? 'Loading products…'
                    : choices.length
                      ? 'Choose a product'
                      : 'No other product on its list'}
                </option>
                {choices.map((p) => (
                  <option key={p.product_id} value={p.product_id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              variant="secondary"
              disabled={!adding}
              onClick={() => {
                const product = choices.find((p) => p.product_id === adding);
                if (!product) return;
                setRows((current) => [
                  ...current,
                  { product_id: product.product_id, name: product.name, text: '1', added: true },
                ]);
                setAdding('');
              }}
            >
              Add line
            </Button>
          </div>
          <div>
            <Label htmlFor={`${id}-date`}>Delivery date</Label>
            <Input
              id={`${id}-date`}
              type="date"
              className="max-w-48"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-message`}>Message to the client (optional)</Label>
            <Textarea
              id={`${id}-message`}
              rows={2}
              maxLength={1000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className="rounded-md bg-sand-50 p-3 text-sm" aria-live="polite" data-testid="confirm-summary">
            {plan.changes.length === 0 && !dateMoved ? (
              <p>Confirmed as ordered.</p>
            ) : (
              <ul className="list-disc pl-5">
                {plan.changes.map((change) => (
                  <li key={change.product_id}>
                    {change.from === 0
                      ? `Add ${change.name}: ${change.to} cases`
                      : change.to === 0
                        ? `Remove ${change.name} (${change.from} cases)`
                        : `${change.name}: ${change.from} → ${change.to} cases`}
                  </li>
                ))}
                {dateMoved ? (
                  <li>
                    Delivery date: {day(order.requested_date)} → {day(date)}
                  </li>
                ) : null}
              </ul>
            )}
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {plan.changes.length || dateMoved ? 'Confirm with these changes' : 'Confirm order'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
