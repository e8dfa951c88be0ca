// No zod here: checkout in the browser says what this says before the order is placed, and the order's mails after.
import type { OrderStatus } from './order.js';

/** Whether the customer accepts a similar product for a line; null for orders placed before it was asked. */
export type SubstituteChoice = { allowSubstitute: boolean | null };

/** The cart page's word on it, beside a box per line. */
export const CART_SUBSTITUTES_NOTE =
  'If an item has run out when we pack your order, we may send a similar one at the same price or less where you allow a substitute; where you do not, it is refunded.';

/** Placed and not yet packed and sent: what happens to an item that has run out can still happen. */
export function isStillToBePacked(status: OrderStatus): boolean {
  return status === 'pending_payment' || status === 'paid' || status === 'picking';
}

/**
 * What happens to the items of an order that have run out when it is packed, as the customer chose per line: a
 * similar product at the same price or less where they allowed one, a refund where they did not. Null when no line
 * says (an order placed before the question was asked).
 */
export function substitutionNote(lines: SubstituteChoice[]): string | null {
  const chosen = lines.filter((l) => l.allowSubstitute !== null);
  if (chosen.length === 0) return null;
  const allowed = chosen.filter((l) => l.allowSubstitute).length;
  if (allowed === 0)
    return 'You asked for no substitutes: an item that has run out when we pack your order is refunded.';
  const similar =
    'If an item has run out when we pack your order, we may send a similar one at the same price or less';
  return allowed === chosen.length
    ? `${similar}.`
    : `${similar}, except those marked "no substitute": they are refunded.`;
}
