import { CatalogueBrowser } from '../catalogue/client-catalogue-page';
import { CartSummary } from './cart-summary';
import { OrdersNav } from './orders-nav';
import { useOrderMessages } from './use-order-messages';

/** /client/orders/new and /fr/client/orders/new: the catalogue at the client's prices, the cart beside it. */
export default function NewOrderPage() {
  const text = useOrderMessages().newOrder;
  return (
    <CatalogueBrowser
      route="clientNewOrder"
      title={text.metaTitle}
      description={text.metaDescription}
      heading={text.heading}
      intro={text.intro}
      nav={<OrdersNav />}
      aside={<CartSummary />}
    />
  );
}
