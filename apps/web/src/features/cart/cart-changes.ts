import type { CartCompareBody, CartCompareLine, CartLine } from '@storefront/contract/cart';
import { formatMoney } from '../../lib/money';

/** What the page shows now, in the shape cart/compare takes. */
export function snapshotCart(lines: CartLine[]): CartCompareBody {
  return {
    items: lines.map(({ productID, quantity, price }) => ({ productID, quantity, price })),
  };
}

/** One sentence per changed line, for the notice above the cart. */
export function describeCartChange(line: CartCompareLine): string {
  const name = line.name ?? 'A product';
  const parts = line.changes.map((change) => {
    switch (change) {
      case 'price_changed':
        return line.oldPrice !== null && line.newPrice !== null
          ? `price changed from ${formatMoney(line.oldPrice)} to ${formatMoney(line.newPrice)}`
          : 'price changed';
      case 'quantity_changed':
        return `quantity is now ${line.newQuantity ?? 0}`;
      case 'stock_low':
        return `only ${line.stock ?? 0} left in stock`;
      case 'unavailable':
        return 'is no longer available';
      case 'removed':
        return 'was removed from your cart';
      case 'added':
        return 'was added to your cart';
    }
  });
  return `${name}: ${parts.join(', ')}.`;
}
