import { Route, Routes } from 'react-router';
import { OrderDetailPage } from './order-detail';
import { OrderQueue } from './order-queue';

/** The order desk (docs/decisions/203-order-desk-concurrency.md): the queue, and each order at `orders/:orderId`. */
export function OrdersPage() {
  return (
    <Routes>
      <Route index element={<OrderQueue />} />
      <Route path=":orderId" element={<OrderDetailPage />} />
    </Routes>
  );
}
