import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PortalPage } from '@/components/portal-page';
import { Button, buttonVariants } from '@/components/ui/button';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { CartLines, ChangedPrices } from './cart-lines';
import { CheckoutForm } from './checkout-form';
import { cartSignature, cartTotals, formatMoney } from './checkout-rules';
import { orderQueries } from './orders-api';
import { OrdersNav } from './orders-nav';
import { useOrderMessages } from './use-order-messages';

/**
 * /client/orders/cart and /fr/client/orders/cart: the cart as the database
 * prices it today, what changed since, the minimum order value, and checkout.
 */
export default function CartPage() {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const cart = useQuery(orderQueries.cart());
  const prices = useQuery(orderQueries.prices());
  const settings = useQuery(orderQueries.settings());
  const tag = localeTags[locale];
  const lines = cart.data ?? [];
  const currency = prices.data?.[0]?.currency ?? 'CAD';
  const totals = cartTotals(lines, settings.data?.[currency]);

  return (
    <PortalPage route="clientCart" title={text.cart.metaTitle} description={text.cart.metaDescription}>
      <OrdersNav />
      <h1 className="mt-2 font-serif text-3xl font-semibold text-ink md:text-4xl">{text.cart.heading}</h1>
      <div className="mt-6 grid gap-6" aria-busy={cart.isPending}>
        {cart.isPending ? (
          <p role="status" className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">
            {text.cart.loading}
          </p>
        ) : cart.isError ? (
          <div
            role="alert"
            className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
          >
            <p>{text.cart.failed}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void cart.refetch()}>
              {text.cart.retry}
            </Button>
          </div>
        ) : lines.length === 0 ? (
          <div className="rounded-lg border border-sand-200 bg-white p-6">
            <p className="text-ink-muted">{text.cart.empty}</p>
            <Link to={routePath('clientNewOrder', locale)} className={buttonVariants({ className: 'mt-4' })}>
              {text.cart.browse}
            </Link>
          </div>
        ) : (
          <>
            <ChangedPrices lines={totals.changed} currency={currency} />
            <CartLines lines={lines} currency={currency} />
            <section
              aria-label={text.cart.subtotal}
              className="rounded-lg border border-sand-200 bg-white p-4"
              data-testid="cart-totals"
            >
              <p className="flex flex-wrap justify-between gap-3 text-lg font-semibold text-ink">
                <span>
                  {text.cart.subtotal} · {text.cart.totalCases(totals.cases)}
                </span>
                <span data-testid="cart-subtotal">{formatMoney(totals.subtotal, currency, tag)}</span>
              </p>
              <p className="mt-1 text-ink-muted">{text.cart.taxes}</p>
              {totals.blocked.length > 0 ? (
                <p className="mt-3 font-medium text-danger">{text.cart.unavailableHelp}</p>
              ) : null}
              {totals.shortOfMinimum !== null ? (
                <p
                  className="mt-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-ink"
                  data-testid="below-minimum"
                >
                  {text.cart.belowMinimum(
                    formatMoney(totals.shortOfMinimum, currency, tag),
                    formatMoney(totals.shortOfMinimum - totals.subtotal, currency, tag),
                  )}
                </p>
              ) : null}
            </section>
            <CheckoutForm signature={cartSignature(lines)} totals={totals} currency={currency} />
          </>
        )}
      </div>
    </PortalPage>
  );
}
