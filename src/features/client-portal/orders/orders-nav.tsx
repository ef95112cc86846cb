import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { cn } from '@/components/ui/cn';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { orderQueries } from './orders-api';
import { useOrderMessages } from './use-order-messages';

const link = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-md px-3 font-semibold underline-offset-4 hover:underline',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-brand-700',
  );

/** The ordering pages' own links: back to the dashboard, the history, a new order and the cart with its count. */
export function OrdersNav() {
  const { locale } = useI18n();
  const text = useOrderMessages();
  const cart = useQuery(orderQueries.cart());
  const lines = cart.data?.length ?? 0;
  return (
    <nav aria-label={text.nav.orders} className="-mx-3 flex flex-wrap items-center gap-x-1 gap-y-1 print:hidden">
      <NavLink to={routePath('clientDashboard', locale)} className={link} end>
        {text.nav.backToDashboard}
      </NavLink>
      <NavLink to={routePath('clientOrders', locale)} className={link} end>
        {text.nav.orders}
      </NavLink>
      <NavLink to={routePath('clientNewOrder', locale)} className={link} end>
        {text.nav.newOrder}
      </NavLink>
      <NavLink to={routePath('clientCart', locale)} className={link} end data-testid="cart-link">
        {text.nav.cart(lines)}
      </NavLink>
    </nav>
  );
}
