import { Badge } from '@/components/ui/badge';
import type { OrderStatus } from './orders-api';
import { useOrderMessages } from './use-order-messages';

const VARIANT = {
  submitted: 'brand',
  confirmed: 'brand',
  shipped: 'success',
  delivered: 'success',
  cancelled: 'neutral',
} as const satisfies Record<OrderStatus, 'brand' | 'success' | 'neutral'>;

/** An order's status in the page's language. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const text = useOrderMessages();
  return (
    <Badge variant={VARIANT[status]} data-testid="order-status">
      {text.statuses[status]}
    </Badge>
  );
}
