import type { ShippingQuote } from '@storefront/contract/shipping';
import { formatMoney } from '../../lib/money';

type MinimumTerms = Pick<ShippingQuote, 'minimumOrder' | 'amountToMinimum'> & {
  destination: Pick<ShippingQuote['destination'], 'postcode'>;
};

/**
 * "Add $12.40 more to reach the $30.00 minimum for delivery to 2000.": what keeps the order from checkout while the
 * items come to less than the zone's minimum; null once they reach it (or the zone has none).
 */
export function describeMinimumGap(quote: MinimumTerms | null): string | null {
  if (!quote || quote.amountToMinimum <= 0) return null;
  return `Add ${formatMoney(quote.amountToMinimum)} more to reach the ${formatMoney(quote.minimumOrder)} minimum for delivery to ${quote.destination.postcode}.`;
}

/** "Minimum order $30.00": said beside the prices wherever a zone has one. */
export function describeMinimumOrder(quote: Pick<ShippingQuote, 'minimumOrder'>): string | null {
  return quote.minimumOrder > 0 ? `Minimum order ${formatMoney(quote.minimumOrder)}` : null;
}
