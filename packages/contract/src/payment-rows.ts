// No zod here: an order's page and its mails name the part of its total that store credit did not pay alike.
import type { OrderStatus } from './order.js';

/**
 * What became of the part of an order's total store credit did not pay, as the order stands: paid, still to pay, or
 * (cancelled unpaid) not paid.
 */
export function restOfTotalLabel(order: {
  status: OrderStatus;
  isPaid: boolean;
}): 'Paid' | 'To pay' | 'Not paid' {
  if (order.isPaid) return 'Paid';
  return order.status === 'pending_payment' ? 'To pay' : 'Not paid';
}
