import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { formatMoney, quantityProblem, type QuantityProblem } from './checkout-rules';
import { orderRefusal, type OrderRefusal } from './order-errors';
import { acceptCartPrices, orderQueries, setCartItem, type CartLine, type Currency } from './orders-api';
import { refusalText } from './refusal-text';
import { useOrderMessages } from './use-order-messages';

/** The cart's lines: quantity, price per case, line total; a changed price and an unavailable product said on the line. */
export function CartLines({ lines, currency }: { lines: CartLine[]; currency: Currency }) {
  const text = useOrderMessages();
  return (
    <ul className="divide-y divide-sand-200 rounded-lg border border-sand-200 bg-white" aria-label={text.cart.product}>
      {lines.map((line) => (
        <CartLineItem key={line.productId} line={line} currency={currency} />
      ))}
    </ul>
  );
}

function CartLineItem({ line, currency }: { line: CartLine; currency: Currency }) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const queryClient = useQueryClient();
  const ids = { input: useId(), error: useId() };
  const tag = localeTags[locale];
  const name = line.name[locale];
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? String(line.quantity);
  const [problem, setProblem] = useState<QuantityProblem>(null);
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null);
  const save = useMutation({
    mutationFn: (quantity: number) => setCartItem(line.productId, quantity),
    onMutate: () => setRefusal(null),
    onSuccess: async () => {
      setTyped(null);
      await queryClient.invalidateQueries({ queryKey: orderQueries.cart().queryKey });
    },
    onError: (error) => setRefusal(orderRefusal(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = quantityProblem(value, line.minCases, true);
    setProblem(found);
    if (!found) save.mutate(Number(value.trim()));
  };
  const error =
    problem === 'below_minimum'
      ? text.quantity.below_minimum(line.minCases)
      : problem
        ? text.quantity[problem]
        : refusal
          ? refusalText(refusal, text, locale)
          : null;
  const unavailable = !line.available || line.casePrice === null;
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" data-testid="cart-line">
      <div className="min-w-0">
        <h3 className="break-words font-semibold text-ink">{name}</h3>
        <p className="text-sm text-ink-muted">{line.sku}</p>
        {unavailable ? (
          <p className="mt-1 text-sm">
            <Badge variant="danger">{text.cart.unavailable}</Badge>{' '}
            <span className="text-ink-muted">
              {text.cart.unavailableReasons[line.unavailableReason ?? ''] ?? text.refusals.product_unavailable}
            </span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-ink">
            {text.price.perCase(formatMoney(line.casePrice ?? 0, currency, tag))}
            {line.priceChanged && line.priceSeen !== null ? (
              <span className="ml-2 font-semibold text-danger" data-testid="price-changed">
                {text.cart.was(formatMoney(line.priceSeen, currency, tag))}
              </span>
            ) : null}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1 sm:items-end">
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div>
            <Label htmlFor={ids.input}>{text.cart.quantity}</Label>
            <Input
              id={ids.input}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="w-24"
              value={value}
              aria-label={text.add.quantity(name)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(null);
              }}
            />
          </div>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            className="min-h-11"
            disabled={save.isPending}
            aria-label={text.add.updateOf(name)}
          >
            {text.add.update}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="min-h-11"
            disabled={save.isPending}
            aria-label={text.cart.removeOf(name)}
            onClick={() => save.mutate(0)}
          >
            {text.cart.remove}
          </Button>
        </form>
        {line.lineTotal !== null ? (
          <p className="font-semibold text-ink" data-testid="line-total">
            <span className="sr-only">{text.cart.lineTotal} </span>
            {formatMoney(line.lineTotal, currency, tag)}
          </p>
        ) : null}
        {error ? (
          <p id={ids.error} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Prices that changed since their products entered the cart, shown before the client confirms; accepting takes today's. */
export function ChangedPrices({ lines, currency }: { lines: CartLine[]; currency: Currency }) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const queryClient = useQueryClient();
  const tag = localeTags[locale];
  const accept = useMutation({
    mutationFn: acceptCartPrices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueries.cart().queryKey }),
  });
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="changed-prices-title"
      className="rounded-lg border border-danger/30 bg-danger-bg p-4"
      data-testid="changed-prices"
    >
      <h2 id="changed-prices-title" className="font-semibold text-danger">
        {text.cart.changedTitle}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
        {lines.map((line) => (
          <li key={line.productId}>
            {text.cart.changedLine(
              line.name[locale],
              formatMoney(line.priceSeen ?? 0, currency, tag),
              formatMoney(line.casePrice ?? 0, currency, tag),
            )}
          </li>
        ))}
      </ul>
      <Button className="mt-3" onClick={() => accept.mutate()} disabled={accept.isPending}>
        {accept.isPending ? text.cart.accepting : text.cart.acceptPrices}
      </Button>
      {accept.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {refusalText(orderRefusal(accept.error), text, locale)}
        </p>
      ) : null}
    </section>
  );
}
