import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { cartTotals, formatMoney } from './checkout-rules';
import { orderQueries } from './orders-api';
import { useOrderMessages } from './use-order-messages';

/** The cart beside the catalogue on the new-order page: its lines, subtotal and the way to send it. */
export function CartSummary() {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const cart = useQuery(orderQueries.cart());
  const prices = useQuery(orderQueries.prices());
  const lines = cart.data ?? [];
  const currency = prices.data?.[0]?.currency ?? 'CAD';
  const totals = cartTotals(lines, undefined);
  return (
    <section
      aria-labelledby="cart-summary-title"
      aria-busy={cart.isPending}
      className="rounded-lg border border-sand-200 bg-white p-4"
      data-testid="cart-summary"
    >
      <h2 id="cart-summary-title" className="text-lg font-semibold text-ink">
        {text.newOrder.cartTitle}
      </h2>
      {cart.isPending ? (
        <p className="mt-2 text-ink-muted">{text.cart.loading}</p>
      ) : cart.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {text.cart.failed}
        </p>
      ) : lines.length === 0 ? (
        <p className="mt-2 text-ink-muted">{text.newOrder.emptyCart}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-sand-200 text-sm">
            {lines.map((line) => (
              <li key={line.productId} className="flex justify-between gap-3 py-2">
                <span className="min-w-0 break-words text-ink">{line.name[locale]}</span>
                <span className="shrink-0 text-ink-muted">{text.cart.totalCases(line.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between gap-3 border-t border-sand-200 pt-3 font-semibold text-ink">
            <span>{text.cart.subtotal}</span>
            <span>{formatMoney(totals.subtotal, currency, localeTags[locale])}</span>
          </p>
          <p className="mt-1 text-sm text-ink-muted">{text.cart.taxes}</p>
          <Link to={routePath('clientCart', locale)} className={buttonVariants({ className: 'mt-4 w-full' })}>
            {text.newOrder.viewCart}
          </Link>
        </>
      )}
    </section>
  );
}
