import type { OrderStatus, OrderTotals } from '@storefront/contract/order';

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  picking: 'Being picked',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const orderStatusColors: Record<OrderStatus, string> = {
  pending_payment: 'gold',
  paid: 'blue',
  picking: 'geekblue',
  packed: 'purple',
  out_for_delivery: 'cyan',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'default',
};

/** The order of the tabs and of the timeline; cancelled stands apart. */
export const orderStatusOrder: OrderStatus[] = [
  'pending_payment',
  'paid',
  'picking',
  'packed',
  'out_for_delivery',
  'shipped',
  'delivered',
  'cancelled',
];

export { formatDateTime as formatOrderDate, formatDay as formatOrderDay } from '../../lib/date-time';

/** What a cancel gives back, as the confirmation says it: a provider's part goes back through it, credit as credit. */
export function cancelOutcome(status: OrderStatus, totals: OrderTotals): string {
  const paid = status !== 'pending_payment';
  const parts = [
    paid && totals.amountDue > 0 ? 'what you paid goes back the way you paid it' : null,
    totals.creditUsed > 0 ? 'the store credit you used comes back as credit' : null,
  ].filter(Boolean);
  return parts.length === 0
    ? 'Items go back on the shelf.'
    : `Items go back on the shelf, and ${parts.join(', and ')}.`;
}
