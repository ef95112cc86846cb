import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { formatMoney, quantityProblem, type QuantityProblem } from './checkout-rules';
import { orderRefusal, type OrderRefusal } from './order-errors';
import { orderQueries, setCartItem, type ClientPrice } from './orders-api';
import { refusalText } from './refusal-text';
import { useOrderMessages } from './use-order-messages';

export type OrderableProduct = {
  id: string;
  name: string;
  minOrderCases: number;
  orderableOnline: boolean;
  /** The sentence saying why it is not ordered online, when it is not. */
  notOrderableText: string | null;
};

/**
 * A product's price on the client's list and the control that puts whole
 * cases of it in the cart; "Ask your account manager" when the product is
 * not on the list; why it is not ordered online (wine) when it is not.
 * `price` undefined: the prices are still loading or failed (the page says so once).
 */
export function ProductOrdering({
  product,
  price,
  inCart,
}: {
  product: OrderableProduct;
  price: ClientPrice | null | undefined;
  inCart: number;
}) {
  const { locale } = useI18n();
  const text = useOrderMessages();
  if (!product.orderableOnline) {
    return (
      <div className="text-sm" data-testid="product-ordering">
        <p className="text-ink-muted">{product.notOrderableText ?? text.add.notOrderable}</p>
      </div>
    );
  }
  if (price === undefined) return null;
  if (price === null) {
    return (
      <p className="text-sm font-semibold text-ink" data-testid="product-ordering">
        {text.price.askManager}
      </p>
    );
  }
  return (
    <div className="min-w-0" data-testid="product-ordering">
      <p className="text-lg font-semibold text-ink" data-testid="case-price">
        {text.price.perCase(formatMoney(price.casePrice, price.currency, localeTags[locale]))}
      </p>
      <AddToOrder product={product} inCart={inCart} />
    </div>
  );
}

function AddToOrder({ product, inCart }: { product: OrderableProduct; inCart: number }) {
  const text = useOrderMessages();
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  const ids = { input: useId(), hint: useId(), error: useId() };
  // Untouched (null), the field shows what the cart holds, as the cart loads or changes.
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? String(inCart || product.minOrderCases);
  const [problem, setProblem] = useState<QuantityProblem>(null);
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (quantity: number) => setCartItem(product.id, quantity),
    onMutate: () => {
      setRefusal(null);
      setDone(null);
    },
    onSuccess: async (_, quantity) => {
      setDone(quantity);
      setTyped(null);
      await queryClient.invalidateQueries({ queryKey: orderQueries.cart().queryKey });
    },
    onError: (error) => setRefusal(orderRefusal(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = quantityProblem(value, product.minOrderCases, inCart > 0);
    setProblem(found);
    if (!found) save.mutate(Number(value.trim()));
  };
  const error =
    problem === 'below_minimum'
      ? text.quantity.below_minimum(product.minOrderCases)
      : problem
        ? text.quantity[problem]
        : refusal
          ? refusalText(refusal, text, locale)
          : null;
  return (
    <form noValidate onSubmit={submit} className="mt-2">
      <Label htmlFor={ids.input}>{text.add.quantityLabel}</Label>
      <div className="flex flex-wrap items-start gap-2">
        <Input
          id={ids.input}
          type="number"
          inputMode="numeric"
          min={inCart > 0 ? 0 : product.minOrderCases}
          step={1}
          className="w-24"
          value={value}
          aria-label={text.add.quantity(product.name)}
          aria-invalid={Boolean(error)}
          aria-describedby={[ids.hint, error ? ids.error : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
        />
        <Button
          type="submit"
          size="sm"
          className="min-h-11"
          disabled={save.isPending}
          aria-label={inCart > 0 ? text.add.updateOf(product.name) : text.add.addTo(product.name)}
        >
          {save.isPending ? text.add.adding : inCart > 0 ? text.add.update : text.add.add}
        </Button>
      </div>
      <p id={ids.hint} className="mt-1 text-sm text-ink-muted">
        {text.add.minimum(product.minOrderCases)}
        {inCart > 0 ? ` · ${text.add.inCart(inCart)}` : null}
      </p>
      {error ? (
        <p id={ids.error} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : done !== null && !save.isPending ? (
        <p role="status" className="mt-1 text-sm font-medium text-success">
          {done === 0 ? text.cart.updated : text.add.added(product.name, done)}
        </p>
      ) : null}
    </form>
  );
}
