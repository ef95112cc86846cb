import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { routePath } from '@/config/paths';
import { formatDate } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import {
  checkoutKey,
  checkoutProblems,
  forgetCheckoutKey,
  NOTES_MAX,
  PO_MAX,
  type CartTotals,
  type CheckoutProblems,
  type CheckoutValues,
  type DateProblem,
} from './checkout-rules';
import { orderRefusal, type OrderRefusal } from './order-errors';
import { orderQueries, poNumberInUse, submitOrder, type Currency } from './orders-api';
import { ProposeAddress } from './propose-address';
import { refusalText } from './refusal-text';
import { useOrderMessages } from './use-order-messages';

const FORM_STORAGE = 'client-orders.checkout-form';

function savedValues(): Partial<CheckoutValues> {
  try {
    return (JSON.parse(window.sessionStorage.getItem(FORM_STORAGE) ?? '{}') as Partial<CheckoutValues>) ?? {};
  } catch {
    return {};
  }
}

/**
 * Checkout: the delivery address (a confirmed one of the company, or a
 * proposal for staff to confirm), the requested date, an optional PO number
 * (a number the company already used is flagged before sending) and notes.
 * Sending carries the checkout's idempotency key, so a double click, a retry
 * or a reload makes one order. What was typed stays in the tab's session
 * storage until the order is made, so a refusal or a reload loses nothing.
 */
export function CheckoutForm({
  signature,
  totals,
  currency,
}: {
  signature: string;
  totals: CartTotals;
  currency: Currency;
}) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = useQuery(orderQueries.addresses());
  const earliest = useQuery(orderQueries.earliestDate());
  const holidays = useQuery(orderQueries.holidays());
  const ids = { address: useId(), date: useId(), po: useId(), notes: useId(), refusal: useId() };
  const [values, setValues] = useState<CheckoutValues>(() => ({
    addressId: '',
    requestedDate: '',
    poNumber: '',
    notes: '',
    ...savedValues(),
  }));
  const [problems, setProblems] = useState<CheckoutProblems>({});
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null);
  const [poWarned, setPoWarned] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    try {
      window.sessionStorage.setItem(FORM_STORAGE, JSON.stringify(values));
    } catch {
      // Not kept across a reload, still kept on the page.
    }
  }, [values]);

  const confirmed = addresses.data?.filter((address) => address.status === 'confirmed') ?? [];
  // One confirmed address: chosen for the client.
  const addressId = values.addressId || (confirmed.length === 1 ? (confirmed[0]?.id ?? '') : '');
  const requestedDate = values.requestedDate || earliest.data || '';
  const current: CheckoutValues = { ...values, addressId, requestedDate };
  const set = (name: keyof CheckoutValues, value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    setProblems((before) => ({ ...before, [name]: undefined }));
    setRefusal(null);
  };

  const poCheck = useMutation({ mutationFn: poNumberInUse });
  const send = useMutation({
    mutationFn: () =>
      submitOrder({
        idempotencyKey: checkoutKey(signature),
        addressId: current.addressId,
        requestedDate: current.requestedDate,
        poNumber: current.poNumber,
        notes: current.notes,
        language: locale,
      }),
    onSuccess: async (order) => {
      forgetCheckoutKey();
      try {
        window.sessionStorage.removeItem(FORM_STORAGE);
      } catch {
        // Nothing kept.
      }
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      void navigate(routePath('clientOrder', locale, { number: order.number }), { state: { sent: order.number } });
    },
    onError: async (error) => {
      const found = orderRefusal(error);
      setRefusal(found);
      refusalRef.current?.focus();
      if (found.kind === 'prices_changed' || found.kind === 'product_unavailable' || found.kind === 'below_minimum') {
        await queryClient.invalidateQueries({ queryKey: orderQueries.cart().queryKey });
      }
      if (found.kind === 'date_too_early') await earliest.refetch();
    },
  });

  // A second click while the first is still checking or sending is ignored (the key would make it the same order anyway).
  const busy = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    // Once an order is made the page leaves for it: no further send from this form.
    busy.current = await attempt().catch(() => false);
  };

  /** Checks, then sends; true once the order is made. */
  const attempt = async (): Promise<boolean> => {
    const found = checkoutProblems(current, earliest.data ?? null, holidays.data ?? []);
    setProblems(found);
    const cartRefusal: OrderRefusal | null =
      totals.blocked.length > 0
        ? { kind: 'product_unavailable', reason: null }
        : totals.changed.length > 0
          ? { kind: 'prices_changed' }
          : totals.shortOfMinimum !== null
            ? { kind: 'below_minimum', minimum: totals.shortOfMinimum, currency }
            : null;
    setRefusal(cartRefusal);
    if (Object.values(found).some(Boolean)) {
      const first = (['addressId', 'requestedDate', 'poNumber', 'notes'] as const).find((name) => found[name]);
      const target = { addressId: ids.address, requestedDate: ids.date, poNumber: ids.po, notes: ids.notes };
      if (first) document.getElementById(target[first])?.focus();
      return false;
    }
    if (cartRefusal) {
      refusalRef.current?.focus();
      return false;
    }
    const po = current.poNumber.trim();
    if (po && po !== poWarned) {
      try {
        if (await poCheck.mutateAsync(po)) {
          setPoWarned(po);
          document.getElementById(ids.po)?.focus();
          return false;
        }
      } catch {
        // The check is a courtesy: the order goes without it.
      }
    }
    return send.mutateAsync().then(
      () => true,
      () => false,
    );
  };

  const dateText = (problem: DateProblem): string => {
    const messages = text.checkout.problems.date;
    switch (problem.kind) {
      case 'too_early':
        return messages.too_early(formatDate(problem.earliest, locale));
      case 'holiday':
        return messages.holiday(problem.name);
      default:
        return messages[problem.kind];
    }
  };
  const poWarning = poWarned && poWarned === current.poNumber.trim() ? text.checkout.poInUse(poWarned) : null;
  const chosen = addresses.data?.find((address) => address.id === addressId);

  return (
    <section aria-labelledby="checkout-title" className="rounded-lg border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id="checkout-title" className="font-serif text-2xl font-semibold text-ink">
        {text.checkout.title}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-5">
        <Field
          id={ids.address}
          label={text.checkout.address}
          error={problems.addressId ? text.checkout.problems.addressId : undefined}
          hint={addresses.isSuccess && confirmed.length === 0 ? text.checkout.noAddress : undefined}
        >
          {(aria) => (
            <Select {...aria} value={addressId} onChange={(event) => set('addressId', event.target.value)}>
              <option value="">{text.checkout.chooseAddress}</option>
              {addresses.data?.map((address) => (
                <option key={address.id} value={address.id} disabled={address.status !== 'confirmed'}>
                  {`${address.label}: ${address.line1}, ${address.city}`}
                  {address.status === 'confirmed' ? '' : ` (${text.checkout.proposed})`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {chosen ? (
          <address className="-mt-3 text-sm not-italic text-ink-muted" data-testid="chosen-address">
            {[
              chosen.line1,
              chosen.line2,
              `${chosen.city}, ${chosen.region} ${chosen.postalCode}`,
              text.checkout.countries[chosen.country],
            ]
              .filter(Boolean)
              .join(' · ')}
          </address>
        ) : null}
        <ProposeAddress />

        <Field
          id={ids.date}
          label={text.checkout.date}
          error={problems.requestedDate ? dateText(problems.requestedDate) : undefined}
          hint={
            earliest.data
              ? text.checkout.dateHint(formatDate(earliest.data, locale))
              : earliest.isPending
                ? text.checkout.dateLoading
                : undefined
          }
        >
          {(aria) => (
            <Input
              {...aria}
              type="date"
              className="max-w-xs"
              min={earliest.data}
              value={requestedDate}
              onChange={(event) => set('requestedDate', event.target.value)}
            />
          )}
        </Field>

        <Field
          id={ids.po}
          label={text.checkout.po}
          error={problems.poNumber ? text.checkout.problems.poTooLong : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              className="max-w-xs"
              maxLength={PO_MAX + 10}
              autoComplete="off"
              value={values.poNumber}
              onChange={(event) => set('poNumber', event.target.value)}
              onBlur={() => {
                const po = values.poNumber.trim();
                if (po && po !== poWarned) poCheck.mutate(po, { onSuccess: (used) => setPoWarned(used ? po : null) });
              }}
            />
          )}
        </Field>
        {poWarning ? (
          <p
            role="status"
            className="-mt-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-ink"
            data-testid="po-warning"
          >
            {poWarning}
          </p>
        ) : null}

        <Field
          id={ids.notes}
          label={text.checkout.notes}
          hint={text.checkout.notesHint}
          error={problems.notes ? text.checkout.problems.notesTooLong : undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              maxLength={NOTES_MAX + 100}
              value={values.notes}
              onChange={(event) => set('notes', event.target.value)}
            />
          )}
        </Field>

        <div ref={refusalRef} tabIndex={-1} id={ids.refusal} className="focus:outline-none">
          {refusal ? (
            <p
              role="alert"
              className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
            >
              {refusalText(refusal, text, locale)}
            </p>
          ) : null}
        </div>
        <div>
          {/* Not disabled while the PO number is checked: a press on Send blurs the field, which starts
              that check, and a button disabled between press and release would lose the press. The
              submit waits for its own check, and `busy` ignores a second press. */}
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? text.checkout.sending : text.checkout.send}
          </Button>
        </div>
      </form>
    </section>
  );
}
