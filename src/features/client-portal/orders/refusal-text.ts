import { formatDate } from '@/i18n/format';
import { localeTags, type Locale } from '@/i18n/locales';
import type { OrderMessages } from '@/i18n/messages/en/orders';
import { formatMoney } from './checkout-rules';
import type { OrderRefusal } from './order-errors';

/** A refusal of the database as one sentence in the page's language, with its figures. */
export function refusalText(refusal: OrderRefusal, text: OrderMessages, locale: Locale): string {
  switch (refusal.kind) {
    case 'below_minimum':
      return text.refusals.below_minimum(
        refusal.minimum !== null && refusal.currency
          ? formatMoney(refusal.minimum, refusal.currency, localeTags[locale])
          : null,
      );
    case 'product_unavailable':
      // Adding to the cart names the product's reason; sending names none (several lines may be concerned).
      if (refusal.reason === 'not_on_price_list') return text.refusals.not_on_list;
      if (refusal.reason) return text.refusals.not_orderable;
      return text.refusals.product_unavailable;
    case 'date_too_early':
      return text.refusals.date_too_early(refusal.earliest ? formatDate(refusal.earliest, locale) : null);
    default:
      return text.refusals[refusal.kind];
  }
}
